import Foundation
import Greetings

// `PluginSample`: this target's own strings in the environment's language (LANGUAGE, LC_ALL,
// LC_MESSAGES, LANG). `PluginSample LANGUAGE`: the library's strings in that language, through
// the generated symbols and, for a plain key, through Foundation. `PluginSample --languages`:
// the library bundle's languages.
let arguments = CommandLine.arguments.dropFirst()
guard let tag = arguments.first else {
  print(String.Localizable.appTitle)
  print(String.Localizable.greeting("World"))
  exit(0)
}
if tag == "--languages" {
  print(Greetings.languages.joined(separator: " "))
  exit(0)
}
let locale = Locale(identifier: tag)
print(String.Greetings.welcome(locale: locale))
print(Greetings.welcomeThroughFoundation(language: tag))
for count in [0, 1, 2, 3, 5, 11, 21, 100, 101] {
  print(String.Greetings.unreadMessages(count, locale: locale))
}
print(String.Greetings.filesInFolders(files: 21, folders: 2, locale: locale))
print(String.Greetings.deviceHello(locale: locale))
print(String.Greetings.inboxTitle(locale: locale))
print(String.Greetings.unreadShort(5, locale: locale))
