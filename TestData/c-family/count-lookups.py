#!/usr/bin/env python3
"""The corpus oracle of CFamilySourceTests (CorpusTests): for each C-family file given, how many
calls of the localization macros it makes in code that can be active, found without lhc's lexer.

Phase 2 (line continuations) by a regular expression, phase 3 (comments) by GCC's own
preprocessor in its `-fpreprocessed -dD -E` mode: comments removed, directives kept, no macro
expanded, no header read. That mode skips phase 2 ("suppresses ... escaped newline splicing",
GCC's manual), so continuations are removed first: a `//` comment ending in `\\` then swallows
its next line as the compiler's does. On the comment-free lines that remain: the lines of
`#if 0` groups and the groups after an `#if 1` group are dropped, as are the lines of the
directives whose rest is no code (`#import`, `#include`, `#pragma`, `#error`, ...); string and
character literals are blanked; and every `NAME (` of the macro names is counted. Files are read
as C (`.mm` as C++): GCC's comment removal then differs from the C++ reading only on digit
separators (`1'000`), which no C or Objective-C file of the corpus uses.

Prints a JSON object: path -> count (or "ERROR: ..." when gcc failed).
"""

import json
import re
import subprocess
import sys

NAMES = (
    "NSLocalizedString", "NSLocalizedStringFromTable", "NSLocalizedStringFromTableInBundle",
    "NSLocalizedStringWithDefaultValue", "CFCopyLocalizedString",
    "CFCopyLocalizedStringFromTable", "CFCopyLocalizedStringFromTableInBundle",
    "CFCopyLocalizedStringWithDefaultValue",
)
CALL = re.compile(r"\b(" + "|".join(NAMES) + r")\s*\(")
LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'')
CONTINUATION = re.compile(rb"\\[ \t]*(?:\r\n|\r|\n)")
DIRECTIVE = re.compile(r"^\s*#\s*([A-Za-z_]\w*)?(.*)$")
LEXED = {"define", "undef", "if", "ifdef", "ifndef", "elif", "elifdef", "elifndef"}


def count(path):
    data = CONTINUATION.sub(b"", open(path, "rb").read())
    language = "c++" if path.endswith((".mm", ".cc", ".cpp", ".hpp")) else "c"
    result = subprocess.run(
        ["gcc", "-fpreprocessed", "-dD", "-E", "-P", "-w", "-x", language, "-"],
        input=data, capture_output=True)
    if result.returncode != 0:
        return "ERROR: " + result.stderr.decode("utf-8", "replace")[:200]
    text = result.stdout.decode("utf-8", "replace")
    total = 0
    # Open conditionals: [parent excluded, a group certainly taken]; excluded: this line is.
    groups = []
    excluded = False
    for line in text.splitlines():
        directive = DIRECTIVE.match(line)
        if directive:
            name, rest = directive.group(1) or "", directive.group(2).strip()
            if name in ("if", "ifdef", "ifndef"):
                groups.append([excluded, False])
                value = rest if name == "if" else None
                if not excluded:
                    excluded = value == "0"
                groups[-1][1] = value == "1"
            elif name in ("elif", "elifdef", "elifndef") and groups:
                parent, taken = groups[-1]
                value = rest if name == "elif" else None
                excluded = parent or taken or value == "0"
                groups[-1][1] = taken or value == "1"
            elif name == "else" and groups:
                parent, taken = groups[-1]
                excluded = parent or taken
                groups[-1][1] = True
            elif name == "endif" and groups:
                excluded = groups.pop()[0]
            if name not in LEXED or excluded:
                continue
        if excluded:
            continue
        total += len(CALL.findall(LITERAL.sub('""', line)))
    return total


def main():
    print(json.dumps({path: count(path) for path in sys.argv[1:]}))


if __name__ == "__main__":
    main()
