import Foundation

/// The Info.plist keys Xcode's build extracts into a target's `InfoPlist.xcstrings`, each with
/// the comment Xcode writes for it: the key's name in Xcode's property list editor. One row per
/// key: the key, then its name (the rest of the line). The table is data (`lhc-extract(1)` says
/// where it comes from), read once into ``InfoPlistKeyNames/names``.
///
/// Sources: the 16 `InfoPlist.xcstrings` files Xcode synced in the corpus of real apps (every
/// key and comment there is a row here), and Apple's documentation of the information property
/// list keys (their "Name" detail is the editor's name, the comment Xcode writes). A key Apple
/// documents without a name, or a string key not known to be localizable, has no row: lhc does
/// not extract it (it does not know Xcode's comment, nor that Xcode extracts it).
///
/// Besides these top-level keys, Xcode extracts the texts of nested keys as keys of their own
/// (no comment, no value): ``InfoPlistKeyNames/nestedTexts``.
enum InfoPlistKeyNames {
  static let table = """
    CFBundleDisplayName                          Bundle display name
    CFBundleName                                 Bundle name
    CFBundleSpokenName                           Accessibility Bundle Name
    CFBundleGetInfoString                        Get Info string
    NSHumanReadableCopyright                     Copyright (human-readable)
    NFCReaderUsageDescription                    Privacy - NFC Scan Usage Description
    NSAppDataUsageDescription                    Privacy - Other Application Data Usage Description
    NSAppleEventsUsageDescription                Privacy - AppleEvents Sending Usage Description
    NSAppleMusicUsageDescription                 Privacy - Media Library Usage Description
    NSBluetoothAlwaysUsageDescription            Privacy - Bluetooth Always Usage Description
    NSBluetoothPeripheralUsageDescription        Privacy - Bluetooth Peripheral Usage Description
    NSCalendarsFullAccessUsageDescription        Privacy - Calendars Full Access Usage Description
    NSCalendarsUsageDescription                  Privacy - Calendars Usage Description
    NSCalendarsWriteOnlyAccessUsageDescription   Privacy - Calendars Write Only Usage Description
    NSCameraUsageDescription                     Privacy - Camera Usage Description
    NSContactsUsageDescription                   Privacy - Contacts Usage Description
    NSDesktopFolderUsageDescription              Privacy - Desktop Folder Usage Description
    NSDocumentsFolderUsageDescription            Privacy - Documents Folder Usage Description
    NSDownloadsFolderUsageDescription            Privacy - Downloads Folder Usage Description
    NSFaceIDUsageDescription                     Privacy - Face ID Usage Description
    NSFallDetectionUsageDescription              Fall Detection Usage Description
    NSFileProviderDomainUsageDescription         Privacy - Access to a File Provider Domain Usage Description
    NSHealthClinicalHealthRecordsShareUsageDescription Privacy - Health Records Usage Description
    NSHealthShareUsageDescription                Privacy - Health Share Usage Description
    NSHealthUpdateUsageDescription               Privacy - Health Update Usage Description
    NSHomeKitUsageDescription                    Privacy - HomeKit Usage Description
    NSIdentityUsageDescription                   Privacy - Identity Usage Description
    NSLocalNetworkUsageDescription               Privacy - Local Network Usage Description
    NSLocationAlwaysAndWhenInUseUsageDescription Privacy - Location Always and When In Use Usage Description
    NSLocationAlwaysUsageDescription             Privacy - Location Always Usage Description
    NSLocationUsageDescription                   Privacy - Location Usage Description
    NSLocationWhenInUseUsageDescription          Privacy - Location When In Use Usage Description
    NSMicrophoneUsageDescription                 Privacy - Microphone Usage Description
    NSMotionUsageDescription                     Privacy - Motion Usage Description
    NSNearbyInteractionAllowOnceUsageDescription Privacy - Nearby Interaction Allow Once Usage Description
    NSNearbyInteractionUsageDescription          Privacy - Nearby Interaction Usage Description
    NSNetworkVolumesUsageDescription             Privacy - Network Volumes Usage Description
    NSPhotoLibraryAddUsageDescription            Privacy - Photo Library Additions Usage Description
    NSPhotoLibraryUsageDescription               Privacy - Photo Library Usage Description
    NSRemindersFullAccessUsageDescription        Privacy - Reminders Full Access Usage Description
    NSRemindersUsageDescription                  Privacy - Reminders Usage Description
    NSRemovableVolumesUsageDescription           Privacy - Removable Volumes Usage Description
    NSSiriUsageDescription                       Privacy - Siri Usage Description
    NSSpeechRecognitionUsageDescription          Privacy - Speech Recognition Usage Description
    NSSystemAdministrationUsageDescription       Privacy - System Administration Usage Description
    NSUserTrackingUsageDescription               Privacy - Tracking Usage Description
    NSVideoSubscriberAccountUsageDescription     Privacy - Video Subscriber Account Usage Description
    """

  /// Key → Xcode's comment.
  static let names: [String: String] = {
    var result: [String: String] = [:]
    for line in table.split(separator: "\n") {
      let columns = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
      guard columns.count == 2 else { continue }
      result[String(columns[0])] = columns[1].trimmingCharacters(in: .whitespaces)
    }
    return result
  }()

  /// Arrays of dictionaries whose listed string values Xcode extracts as keys (the text is the
  /// key; no comment, no value): the corpus's catalogs hold every `UTTypeDescription` of the
  /// declared types and the alternative names Siri knows the app by, and none of the document
  /// types' `CFBundleTypeName`, the services' menu titles or `NSUserActivityTypes`.
  static let nestedTexts: [(array: String, keys: [String])] = [
    ("UTExportedTypeDeclarations", ["UTTypeDescription"]),
    ("UTImportedTypeDeclarations", ["UTTypeDescription"]),
    ("INAlternativeAppNames", ["INAlternativeAppName", "INAlternativeAppNamePronunciationHint"]),
  ]
}
