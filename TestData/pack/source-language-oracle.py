#!/usr/bin/env python3
"""Independent oracle for `lhc pack --target tolgee|rerune|better-i18n` (see
Tests/LHCEndToEndTests/PackSourceLanguageTests.swift).

Usage: source-language-oracle.py CATALOG PAYLOADS BASE_URL

PAYLOADS holds the three payload folders `tolgee`, `rerune`, `better-i18n` of CATALOG and each
run's standard error as `<target>.stderr`. Reads the catalog with Python's json (nothing of lhc)
and prints one JSON object: {"keys": number of keys, "problems": [...]}. Checked:

- every payload has the catalog's source language, and its value of each key is the source
  text: the source unit's value whatever its state, else the key itself (plurals form by form);
  a key may be missing only when that run's standard error names it as skipped;
- values are compared exactly for Tolgee (Apple format strings); for ReRune and better-i18n,
  whose placeholders are renamed, the texts around format specifiers and placeholders must agree;
- the ReRune manifest and locale files follow the SDK's strict rules: locale keys
  language[-Script][-REGION], main_language one of them, non-negative integer versions, absolute
  https URLs naming the locale files, each file a top-level array of records whose `values` has
  zero or one entry in that locale.
"""
import json
import os
import re
import sys
from urllib.parse import urlsplit

LOCALE = re.compile(r"[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?")
# An Apple format specifier (or %%), as String(format:) reads it.
SPECIFIER = re.compile(
    r"%%|%(\d+\$)?[-+ #0']*(\d+|\*)?(\.(\d+|\*))?(hh|h|ll|l|q|L|z|t|j)?[@dDuUxXoOfFeEgGcCsSpaAi]")


def read_catalog(path):
    with open(path, encoding="utf-8") as file:
        text = file.read()
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        # Xcode reads trailing commas (lhc warns); JSON does not.
        return json.loads(re.sub(r",(\s*[}\]])", r"\1", text))


def source_texts(catalog):
    """key -> ("text", value) | ("plural", {category: value}) | ("other", None)."""
    source = catalog["sourceLanguage"]
    texts = {}
    for key, entry in catalog.get("strings", {}).items():
        localization = entry.get("localizations", {}).get(source)
        if localization is None:
            texts[key] = ("text", key)
        elif "variations" in localization or "substitutions" in localization:
            variations = localization.get("variations", {})
            plural = variations.get("plural")
            if plural and len(variations) == 1 and "substitutions" not in localization:
                forms = {
                    category: form["stringUnit"]["value"]
                    for category, form in plural.items()
                    if "value" in form.get("stringUnit", {})
                }
                texts[key] = ("plural", forms) if forms else ("text", key)
            else:
                texts[key] = ("other", None)
        elif "value" in localization.get("stringUnit", {}):
            texts[key] = ("text", localization["stringUnit"]["value"])
        else:
            texts[key] = ("text", key)
    return source, texts


def canonical(tag):
    """BCP 47 case, `_` made `-`: pt_br -> pt-BR, zh-hans -> zh-Hans."""
    subtags = re.split(r"[-_]", tag)
    result = [subtags[0].lower()]
    for subtag in subtags[1:]:
        if len(subtag) == 4 and subtag.isalpha():
            result.append(subtag.title())
        elif len(subtag) == 2:
            result.append(subtag.upper())
        else:
            result.append(subtag)
    return "-".join(result)


def literal_text(text, placeholder):
    """The text without format specifiers (`%%` read as `%`) or placeholder tokens."""
    if placeholder is None:
        return SPECIFIER.sub(lambda match: "%" if match.group(0) == "%%" else "", text)
    return re.sub(placeholder, "", text)


def load(path, problems):
    try:
        with open(path, encoding="utf-8") as file:
            return json.load(file)
    except (OSError, ValueError) as error:
        problems.append(f"{path}: {error}")
        return None


def is_count(value):
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


class Target:
    """One payload's source-language values and the keys its run reported as skipped."""

    def __init__(self, name, root, source, values, placeholder):
        self.name = name
        self.values = values
        self.placeholder = placeholder
        with open(os.path.join(root, name + ".stderr"), encoding="utf-8") as file:
            self.stderr = file.read()
        self.source = source

    def is_skipped(self, key):
        """True when the run's warnings name `key` in the source language."""
        return f"not in the {self.name} payload: " in self.stderr and (
            f"({self.source}: {key})\n" in self.stderr)

    def same(self, expected, actual):
        if self.placeholder is None:
            return expected == actual
        return isinstance(actual, str) and literal_text(expected, None) == literal_text(
            actual, self.placeholder)


def check_values(target, texts, problems):
    if target.values is None:
        return
    for key, (kind, expected) in texts.items():
        if key not in target.values:
            if not target.is_skipped(key):
                problems.append(f"{target.name}: source key {key!r} is missing and not reported")
            continue
        actual = target.values[key]
        if kind == "text" and not target.same(expected, actual):
            problems.append(f"{target.name}: {key!r} is {actual!r}, the source text is {expected!r}")
        elif kind == "plural":
            forms = actual if isinstance(actual, dict) else {}
            if set(forms) != set(expected) or not all(
                    target.same(expected[category], forms[category]) for category in expected):
                problems.append(
                    f"{target.name}: plural {key!r} is {actual!r}, the source forms are {expected!r}")
    for key in target.values:
        if key not in texts:
            problems.append(f"{target.name}: {key!r} is not a key of the catalog")


def tolgee_values(root, catalog_path, source, problems):
    table = os.path.basename(catalog_path)[: -len(".xcstrings")]
    name = canonical(source) + ".json"
    path = os.path.join(root, "tolgee", *([] if table == "Localizable" else [table]), name)
    data = load(path, problems)
    if data is None:
        return None
    values = {}
    for key, value in data.items():
        plural = value.get("variations", {}).get("plural") if isinstance(value, dict) else None
        values[key] = plural if plural is not None else value
    return values


def rerune_values(root, base_url, source, problems):
    """The source locale's values, after checking the manifest and every locale file."""
    folder = os.path.join(root, "rerune")
    manifest = load(os.path.join(folder, "manifest.json"), problems)
    if not isinstance(manifest, dict):
        problems.append("rerune: manifest.json is not an object")
        return None
    if set(manifest) != {"version", "main_language", "locales"}:
        problems.append(f"rerune: manifest members {sorted(manifest)}")
    if not is_count(manifest.get("version")):
        problems.append(f"rerune: manifest version {manifest.get('version')!r}")
    locales = manifest.get("locales")
    if not isinstance(locales, dict) or not locales:
        problems.append("rerune: manifest locales is not a non-empty object")
        return None
    main = manifest.get("main_language")
    if main not in locales or main != canonical(source):
        problems.append(f"rerune: main_language {main!r} for source language {source!r}")
    listed = set()
    source_values = None
    for locale, entry in locales.items():
        if not LOCALE.fullmatch(locale):
            problems.append(f"rerune: locale key {locale!r}")
        if not isinstance(entry, dict) or not set(entry) <= {
                "name", "version", "minimum_delta_base_version", "url"}:
            problems.append(f"rerune: locale entry {locale!r}: {entry!r}")
            continue
        for field in ("version", "minimum_delta_base_version"):
            if not is_count(entry.get(field)):
                problems.append(f"rerune: {locale}.{field} is {entry.get(field)!r}")
        url = entry.get("url")
        parts = urlsplit(url) if isinstance(url, str) else None
        if parts is None or parts.scheme != "https" or not parts.netloc:
            problems.append(f"rerune: {locale}.url {url!r} is not an absolute https URL")
            continue
        if not url.startswith(base_url + "/"):
            problems.append(f"rerune: {locale}.url {url!r} is not below {base_url}")
            continue
        relative = url[len(base_url) + 1:]
        listed.add(relative)
        records = load(os.path.join(folder, relative), problems)
        values = check_records(locale, records, problems)
        if locale == main:
            source_values = values
    files = {name for name in os.listdir(folder) if name != "manifest.json"}
    if files != listed:
        problems.append(f"rerune: files {sorted(files)}, manifest lists {sorted(listed)}")
    return source_values


def check_records(locale, records, problems):
    """key -> value (a plural: {selector: text}) of one locale file, after checking its shape."""
    if not isinstance(records, list):
        problems.append(f"rerune: {locale} file is not a top-level array")
        return {}
    values = {}
    for record in records:
        key = record.get("key") if isinstance(record, dict) else None
        entries = record.get("values") if isinstance(record, dict) else None
        if not isinstance(key, str) or not isinstance(entries, list) or len(entries) > 1:
            problems.append(f"rerune: {locale}: malformed record {record!r}")
            continue
        if key in values:
            problems.append(f"rerune: {locale}: key {key!r} twice")
        for placeholder in record.get("placeholders", []):
            if not isinstance(placeholder.get("name"), str) or str(
                    placeholder.get("type")).lower() not in ("string", "int"):
                problems.append(f"rerune: {locale}: placeholder {placeholder!r} of {key!r}")
        if not entries:
            continue
        entry = entries[0]
        if entry.get("lang") != locale or ("value" in entry) == ("message" in entry):
            problems.append(f"rerune: {locale}: value entry {entry!r} of {key!r}")
            continue
        if "value" in entry:
            values[key] = entry["value"]
        else:
            variant = entry["message"]["parts"][0]["variant"]
            values[key] = {
                form["selector"]: "".join(part.get("text", "") for part in form["parts"])
                for form in variant["forms"]
            }
    return values


def better_values(root, source, texts, problems):
    folder = os.path.join(root, "better-i18n")
    code = canonical(source).lower()
    manifest = load(os.path.join(folder, "manifest.json"), problems) or {}
    if manifest.get("sourceLanguage") != code:
        problems.append(f"better-i18n: sourceLanguage {manifest.get('sourceLanguage')!r}")
    if {"code": code, "name": code, "isSource": True} not in manifest.get("languages", []):
        problems.append(f"better-i18n: {code} is not listed as the source language")
    tree = load(os.path.join(folder, code, "translations.json"), problems)
    if tree is None:
        return None
    values = {}
    for key in texts:
        node = tree
        for segment in key.split("."):
            node = node.get(segment) if isinstance(node, dict) else None
        if isinstance(node, str):
            values[key] = node
    return values


def main():
    catalog_path, root, base_url = sys.argv[1:4]
    catalog = read_catalog(catalog_path)
    source, texts = source_texts(catalog)
    problems = []
    targets = [
        Target("tolgee", root, source, tolgee_values(root, catalog_path, source, problems), None),
        Target(
            "rerune", root, source, rerune_values(root, base_url, source, problems),
            r"\{\{[A-Za-z0-9_]+\}\}"),
        Target(
            "better-i18n", root, source, better_values(root, source, texts, problems),
            r"\{arg[0-9]+\}"),
    ]
    for target in targets:
        check_values(target, texts, problems)
    print(json.dumps({"keys": len(texts), "problems": problems}, indent=1))


if __name__ == "__main__":
    main()
