#!/usr/bin/env python3
"""Generate Sources/PluralRules/PluralRules+Generated.swift from CLDR's plurals.xml.

Data source: CLDR's own `common/supplemental/plurals.xml`, as shipped by Debian's
`unicode-cldr-core` package (CLDR 41 on bookworm), rather than ICU. CLDR is where plural rules are
defined; ICU's `plurals.txt` is a derived copy that Debian ships only compiled into libicudata's
binary resource bundle. ICU's C API (`uplrules_*`) selects a category but does not hand out the
rules or their sample numbers as data, and it follows whichever libicu the machine has (ICU 72 =
CLDR 42 on bookworm, another on the next machine), so a checked-in table could not be regenerated
reproducibly from it. The CLDR XML is plain text that Python's standard library reads, its DTD names
the CLDR version, and every rule carries CLDR's own `@integer` / `@decimal` sample numbers, which
the Swift tests replay as conformance data. Only cardinal rules (`<plurals type="cardinal">`) are
read; ordinals live in `ordinals.xml`. A newer CLDR checkout works too:
`make cldr CLDR_PLURALS=/path/to/cldr/common/supplemental/plurals.xml`.

Usage:
  generate-plural-rules.py --input /usr/share/unicode/cldr/common/supplemental/plurals.xml \
      --output Sources/PluralRules/PluralRules+Generated.swift [--cldr-version 41]

The output is deterministic (no timestamps or absolute paths; locales sorted) and is written only
when its bytes change. A rule condition the grammar below does not cover stops the generator with
an error rather than producing a wrong table.

Condition grammar (TR35 "Language Plural Rules", the subset CLDR uses):
  condition  = and ('or' and)*
  and        = relation ('and' relation)*
  relation   = operand (('%' | 'mod') value)? ('=' | '!=') range (',' range)*
  operand    = n | i | v | w | f | t | c | e          (c is a synonym of e)
  range      = value ('..' value)?
"""

import argparse
import os
import re
import sys
import xml.etree.ElementTree as ET

CATEGORIES = ["zero", "one", "two", "few", "many", "other"]
OPERANDS = {"n", "i", "v", "w", "f", "t", "c", "e"}
GENERATOR = "Scripts/generate-plural-rules.py"
SOURCE = "common/supplemental/plurals.xml"


class RuleError(Exception):
    """A rule the generator cannot translate."""


def tokenize(text):
    """Splits a condition into operands, keywords, numbers and operators."""
    tokens = re.findall(r"\.\.|!=|[=%,]|[a-z]+|\d+|\S", text)
    return tokens


def parse_condition(text):
    """Parses a rule condition into a list (or) of lists (and) of relation tuples."""
    tokens = tokenize(text)
    position = 0

    def peek():
        return tokens[position] if position < len(tokens) else None

    def take(expected=None):
        nonlocal position
        token = peek()
        if token is None or (expected is not None and token != expected):
            raise RuleError(f"expected {expected or 'a token'} at {position} in {text!r}")
        position += 1
        return token

    def number():
        token = take()
        if not token.isdigit():
            raise RuleError(f"expected a number, found {token!r} in {text!r}")
        return int(token)

    def relation():
        operand = take()
        if operand not in OPERANDS:
            raise RuleError(f"unknown operand {operand!r} in {text!r}")
        if operand == "c":
            operand = "e"
        modulus = None
        if peek() in ("%", "mod"):
            take()
            modulus = number()
        operator = take()
        if operator not in ("=", "!="):
            raise RuleError(f"unsupported operator {operator!r} in {text!r}")
        ranges = []
        while True:
            lower = number()
            upper = lower
            if peek() == "..":
                take()
                upper = number()
            if upper < lower:
                raise RuleError(f"empty range {lower}..{upper} in {text!r}")
            ranges.append((lower, upper))
            if peek() != ",":
                break
            take()
        return (operand, modulus, operator == "!=", ranges)

    alternatives = []
    if not tokens:
        return alternatives
    while True:
        conjunction = [relation()]
        while peek() == "and":
            take()
            conjunction.append(relation())
        alternatives.append(conjunction)
        if peek() is None:
            break
        take("or")
    return alternatives


def split_rule(text):
    """Splits rule text into (condition, integer samples, decimal samples)."""
    text = " ".join((text or "").split())
    condition, _, samples = text.partition("@")
    samples = "@" + samples if samples else ""
    integer = decimal = ""
    for part in re.findall(r"@(integer|decimal)\s+([^@]*)", samples):
        if part[0] == "integer":
            integer = part[1].strip()
        else:
            decimal = part[1].strip()
    return condition.strip(), integer, decimal


def cldr_version_from_dtd(input_path):
    """The `cldrVersion` fixed in the DTD that plurals.xml names, or None."""
    with open(input_path, encoding="utf-8") as handle:
        head = handle.read(4096)
    match = re.search(r'<!DOCTYPE\s+\w+\s+SYSTEM\s+"([^"]+)"', head)
    if not match:
        return None
    dtd = os.path.join(os.path.dirname(input_path), match.group(1))
    try:
        with open(dtd, encoding="utf-8") as handle:
            found = re.search(r'ATTLIST\s+version\s+cldrVersion\s+CDATA\s+#FIXED\s+"([^"]+)"', handle.read())
    except OSError:
        return None
    return found.group(1) if found else None


def swift_string(text):
    """A Swift string literal for `text`."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def swift_condition(alternatives):
    """A Swift `PluralCondition` expression."""
    if not alternatives:
        return ".always"
    ors = []
    for conjunction in alternatives:
        ands = []
        for operand, modulus, negated, ranges in conjunction:
            spans = ", ".join(f"PluralRange({lower}, {upper})" for lower, upper in ranges)
            mod = "" if modulus is None else f"mod: {modulus}, "
            operator = ".notEqual" if negated else ".equal"
            ands.append(f"PluralRelation(.{operand}, {mod}{operator}, [{spans}])")
        ors.append("[" + ", ".join(ands) + "]")
    return "PluralCondition([" + ", ".join(ors) + "])"


def generate(input_path, cldr_version):
    """The Swift source for the cardinal rules in `input_path`."""
    root = ET.parse(input_path).getroot()
    sets = []
    for plurals in root.iter("plurals"):
        if plurals.get("type", "cardinal") != "cardinal":
            continue
        for rules in plurals.iter("pluralRules"):
            locales = sorted(rules.get("locales", "").split())
            parsed = []
            for rule in rules.iter("pluralRule"):
                category = rule.get("count")
                if category not in CATEGORIES:
                    raise RuleError(f"unknown category {category!r} for {locales}")
                condition, integer, decimal = split_rule(rule.text)
                parsed.append((category, condition, parse_condition(condition), integer, decimal))
            categories = [entry[0] for entry in parsed]
            if categories != sorted(categories, key=CATEGORIES.index) or categories[-1:] != ["other"]:
                raise RuleError(f"categories out of order or without other for {locales}: {categories}")
            if parsed[-1][2]:
                raise RuleError(f"the other rule has a condition for {locales}")
            sets.append((locales, parsed))
    index = {}
    for number, (locales, _) in enumerate(sets):
        for locale in locales:
            if locale in index:
                raise RuleError(f"locale {locale} listed twice")
            index[locale] = number
    if "root" not in index:
        raise RuleError("no rules for root")

    out = []
    out.append(f"// Generated by {GENERATOR} from CLDR {cldr_version} {SOURCE}")
    out.append("// (cardinal rules). Do not edit: run `make cldr` to regenerate.")
    out.append("// swift-format-ignore-file")
    out.append("")
    out.append("extension PluralRules {")
    out.append("  /// The CLDR release the rule table comes from.")
    out.append(f"  public static let cldrVersion = {swift_string(cldr_version)}")
    out.append("")
    out.append("  /// Every cardinal rule set of `plurals.xml`, in the file's order.")
    out.append("  public static let ruleSets: [PluralRuleSet] = [")
    for locales, parsed in sets:
        out.append("    PluralRuleSet(")
        out.append("      locales: [" + ", ".join(swift_string(locale) for locale in locales) + "],")
        out.append("      rules: [")
        for category, condition, alternatives, integer, decimal in parsed:
            out.append("        PluralRule(")
            out.append(f"          .{category}, {swift_string(condition)},")
            out.append(f"          {swift_condition(alternatives)},")
            out.append(f"          integerSamples: {swift_string(integer)},")
            out.append(f"          decimalSamples: {swift_string(decimal)}),")
        out.append("      ]),")
    out.append("  ]")
    out.append("")
    out.append("  /// CLDR locale id → index in `ruleSets`, sorted by locale id.")
    out.append("  static let ruleSetIndex: [String: Int] = [")
    for locale in sorted(index):
        out.append(f"    {swift_string(locale)}: {index[locale]},")
    out.append("  ]")
    out.append("}")
    return "\n".join(out) + "\n"


def main():
    """Reads the arguments, generates, and writes the output if it changed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input", required=True, help="path to CLDR common/supplemental/plurals.xml")
    parser.add_argument("--output", required=True, help="Swift file to write")
    parser.add_argument("--cldr-version", help="CLDR version (default: read from the DTD)")
    arguments = parser.parse_args()
    version = arguments.cldr_version or cldr_version_from_dtd(arguments.input)
    if not version:
        sys.exit(f"{arguments.input}: error: cannot find the CLDR version; pass --cldr-version")
    try:
        source = generate(arguments.input, version)
    except (RuleError, ET.ParseError) as error:
        sys.exit(f"{arguments.input}: error: {error}")
    data = source.encode("utf-8")
    try:
        with open(arguments.output, "rb") as handle:
            if handle.read() == data:
                return
    except OSError:
        pass
    with open(arguments.output, "wb") as handle:
        handle.write(data)


if __name__ == "__main__":
    main()
