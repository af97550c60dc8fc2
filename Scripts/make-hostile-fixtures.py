#!/usr/bin/env python3
"""Writes the checked-in fixtures of TestData/hostile/ (see TestData/hostile/README.md).

Zips are not checked in: Tests/LHCEndToEndTests/HostileInputTests.swift builds them with
zipfile at test time. Run from the package root; the output is the same on every run.
"""
import json
import os
import shutil

ROOT = os.path.join("TestData", "hostile")


def write(path, data):
    path = os.path.join(ROOT, path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8"))


def catalog(entry='"Hello" : {\n      "localizations" : {\n        "fr" : {\n          "stringUnit" : { "state" : "translated", "value" : "Bonjour" }\n        }\n      }\n    }', top=""):
    return '{\n  "sourceLanguage" : "en",\n' + top + '  "strings" : {\n    ' + entry + '\n  },\n  "version" : "1.0"\n}\n'


def unit(inner):
    return '"Hello" : {\n      "localizations" : {\n        "fr" : ' + inner + "\n      }\n    }"


# Catalogs: one must-fail file per field of the format with a value of the wrong type.
wrong_types = {
    "sourceLanguage": '{\n  "sourceLanguage" : 42,\n  "strings" : {}\n}\n',
    "version": '{\n  "sourceLanguage" : "en",\n  "strings" : {},\n  "version" : 1.0\n}\n',
    "strings": '{\n  "sourceLanguage" : "en",\n  "strings" : ["Hello"]\n}\n',
    "entry": catalog('"Hello" : "Bonjour"'),
    "comment": catalog('"Hello" : {\n      "comment" : 7\n    }'),
    "extractionState": catalog('"Hello" : {\n      "extractionState" : false\n    }'),
    "shouldTranslate": catalog('"Hello" : {\n      "shouldTranslate" : "false"\n    }'),
    "localizations": catalog('"Hello" : {\n      "localizations" : "fr"\n    }'),
    "localization": catalog(unit('"Bonjour"')),
    "stringUnit": catalog(unit('{\n          "stringUnit" : "Bonjour"\n        }')),
    "state": catalog(unit('{\n          "stringUnit" : { "state" : 1, "value" : "Bonjour" }\n        }')),
    "value": catalog(unit('{\n          "stringUnit" : { "state" : "translated", "value" : 12 }\n        }')),
    "variations": catalog(unit('{\n          "variations" : []\n        }')),
    "plural": catalog(unit('{\n          "variations" : { "plural" : "one" }\n        }')),
    "pluralCase": catalog(unit('{\n          "variations" : { "plural" : { "one" : null } }\n        }')),
    "substitutions": catalog(unit('{\n          "substitutions" : 3\n        }')),
    "argNum": catalog(unit('{\n          "substitutions" : { "n" : { "argNum" : "1" } }\n        }')),
    "formatSpecifier": catalog(unit('{\n          "substitutions" : { "n" : { "formatSpecifier" : 64 } }\n        }')),
}
for field, text in wrong_types.items():
    write("catalogs/!WrongType-" + field + ".xcstrings", text)

# Truncated JSON: a good catalog cut in the middle of a string, and after a member.
good = catalog()
write("catalogs/!Truncated.xcstrings", good[: good.index("Bonjour") + 3])
write("catalogs/!TruncatedAfterMember.xcstrings", good[: good.index('"version"')])
# Invalid UTF-8 in a key and in a value.
write("catalogs/!InvalidUTF8Key.xcstrings", catalog().encode().replace(b'"Hello"', b'"Hel\xc0\xafo"'))
write("catalogs/!InvalidUTF8Value.xcstrings", catalog().encode().replace(b"Bonjour", b"Bon\xffjour"))
# Deep nesting inside an entry (past the 128-level limit) and outside the known fields.
deep = "{\n          " + '"variations" : { "plural" : { "one" : {' * 50 + " }" * 150 + "\n        }"
write("catalogs/!DeepNestingInEntry.xcstrings", catalog(unit(deep)))
write("catalogs/!DeepArrays.xcstrings", '{\n  "sourceLanguage" : "en",\n  "strings" : {},\n  "x" : ' + "[" * 10000 + "]" * 10000 + "\n}\n")
# Duplicate keys: a warning (an error under --warnings-as-errors); the last value wins.
write(
    "catalogs/DuplicateKeys.xcstrings",
    catalog(
        '"Hello" : {\n      "localizations" : {\n        "fr" : { "stringUnit" : { "state" : "translated", "value" : "Salut" } }\n      }\n    },\n    '
        + '"Hello" : {\n      "localizations" : {\n        "fr" : { "stringUnit" : { "state" : "translated", "value" : "Bonjour" } }\n      }\n    }'
    ),
)

# XML and .strings files in a release folder: one folder per case, each a <lang>.lproj tree.
def lproj(case, name, data):
    write("releases/" + case + "/de.lproj/" + name, data)


lproj("ExternalEntity", "Localizable.stringsdict",
      '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist [\n  <!ENTITY secret SYSTEM "file:///etc/passwd">\n]>\n<plist version="1.0">\n<dict>\n\t<key>files</key>\n\t<string>&secret;</string>\n</dict>\n</plist>\n')
laughs = '<?xml version="1.0"?>\n<!DOCTYPE plist [\n  <!ENTITY l0 "ha">\n'
for level in range(1, 13):
    laughs += '  <!ENTITY l%d "%s">\n' % (level, ("&l%d;" % (level - 1)) * 10)
laughs += ']>\n<plist version="1.0">\n<dict>\n\t<key>files</key>\n\t<string>&l12;</string>\n</dict>\n</plist>\n'
lproj("BillionLaughs", "Localizable.stringsdict", laughs)
lproj("DeepNesting", "Localizable.stringsdict",
      '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n\t<key>files</key>\n'
      + "<array>" * 3000 + "</array>" * 3000 + "\n</dict>\n</plist>\n")
lproj("InvalidUTF8", "Localizable.stringsdict",
      b'<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n\t<key>files</key>\n\t<string>Dat\xc3\x28ei</string>\n</dict>\n</plist>\n')
lproj("ArrayRoot", "Localizable.stringsdict",
      '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<array>\n\t<string>files</string>\n</array>\n</plist>\n')
lproj("StringRoot", "Localizable.strings",
      '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<string>greeting</string>\n</plist>\n')
lproj("NonStringValue", "Localizable.strings", '"greeting" = "Hallo";\n"files" = ("Datei", "Dateien");\n')
lproj("NonStringValueXML", "Localizable.strings",
      '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n\t<key>greeting</key>\n\t<integer>42</integer>\n</dict>\n</plist>\n')
lproj("InvalidUTF8Strings", "Localizable.strings", b'"greeting" = "Hal\xfflo";\n')
lproj("TruncatedStrings", "Localizable.strings", '"greeting" = "Hallo";\n"files" = "Dat')
