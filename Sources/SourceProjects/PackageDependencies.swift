import Foundation
import LHCBase

/// The Swift package dependencies whose declarations extraction reads for their types only
/// (nothing is extracted from them, and their catalogs are never synced): the checkouts SwiftPM
/// and Xcode leave beside a project, and folders named with `--dependencies`; and the packages a
/// `Package.resolved` pins whose checkout is not there.
public struct PackageDependencies: Sendable, Equatable {
  /// The Swift files of the checkouts (absolute, sorted), their tests and manifests left out.
  public var swiftFiles: [String] = []
  /// The checkout folders read (absolute, sorted).
  public var checkouts: [String] = []
  /// The packages `Package.resolved` pins that have no checkout (their identities, sorted).
  public var missing: [String] = []

  /// The folders a checkout lives in, relative to a project's or a package's folder: what
  /// `swift package resolve` writes, and what
  /// `xcodebuild -clonedSourcePackagesDirPath SourcePackages` writes.
  public static let checkoutFolders = [".build/checkouts", "SourcePackages/checkouts"]

  /// The dependencies of the projects in `roots` (the folders of the Xcode projects and package
  /// manifests found), with the folders `given` (each a folder of checkouts or one package).
  public static func find(roots: [String], given: [String]) -> PackageDependencies {
    var packageFolders: [String] = []
    var resolvedFiles: [String] = []
    for root in Set(roots).sorted() {
      for folder in checkoutFolders {
        packageFolders += subfolders(of: root + "/" + folder)
      }
      resolvedFiles.append(root + "/Package.resolved")
      for entry in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] {
        if entry.hasSuffix(".xcodeproj") {
          resolvedFiles.append(
            "\(root)/\(entry)/project.xcworkspace/xcshareddata/swiftpm/Package.resolved")
        } else if entry.hasSuffix(".xcworkspace") {
          resolvedFiles.append("\(root)/\(entry)/xcshareddata/swiftpm/Package.resolved")
        }
      }
    }
    for folder in given {
      // A folder of checkouts, or one package (its manifest at the top).
      let isPackage = FileManager.default.fileExists(atPath: folder + "/Package.swift")
      packageFolders += isPackage ? [folder] : subfolders(of: folder)
    }
    var result = PackageDependencies()
    result.checkouts = Array(Set(packageFolders)).sorted()
    // A tree of their own: the scan's does not descend into `.build` or `SourcePackages`.
    let tree = FileTree()
    result.swiftFiles = result.checkouts.flatMap { checkout in
      tree.files(under: checkout).filter { file in
        file.hasSuffix(".swift") && !Paths.fileName(of: file).hasPrefix("Package")
          && !Paths.relative(file, to: checkout).split(separator: "/").contains {
            $0 == "Tests" || $0 == "Examples"
          }
      }
    }.sorted()
    let present = Set(result.checkouts.map { Paths.fileName(of: $0).lowercased() })
    var missing = Set<String>()
    for file in resolvedFiles {
      for pin in pins(file) where !pin.names.contains(where: present.contains) {
        missing.insert(pin.identity)
      }
    }
    result.missing = missing.sorted()
    return result
  }

  /// The folders in `folder` (absolute, sorted); none when it is not there.
  private static func subfolders(of folder: String) -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return entries.filter { !$0.hasPrefix(".") }.sorted().map { folder + "/" + $0 }.filter {
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }
  }

  /// The pins of a `Package.resolved` (versions 1 to 3): each package's identity and the names
  /// its checkout folder may have (lowercased: the identity, the repository's name). None when
  /// the file is not there or cannot be read.
  static func pins(_ path: String) -> [(identity: String, names: Set<String>)] {
    guard let data = FileManager.default.contents(atPath: path),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return [] }
    let pins =
      (object["pins"] ?? (object["object"] as? [String: Any])?["pins"]) as? [[String: Any]] ?? []
    return pins.compactMap { pin in
      // Local packages are read as the app's own; registry and remote ones are checked out.
      if let kind = pin["kind"] as? String, kind != "remoteSourceControl", kind != "registry" {
        return nil
      }
      let location = (pin["location"] ?? pin["repositoryURL"]) as? String ?? ""
      var repository = Paths.fileName(of: location)
      if repository.hasSuffix(".git") { repository.removeLast(4) }
      guard let identity = (pin["identity"] ?? pin["package"]) as? String ?? repository.nilIfEmpty
      else { return nil }
      return (identity, Set([identity.lowercased(), repository.lowercased()]))
    }
  }
}

extension String {
  fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
