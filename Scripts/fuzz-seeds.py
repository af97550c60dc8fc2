#!/usr/bin/env python3
"""Seed corpora for the fuzz targets in Fuzz/ (see Scripts/fuzz.sh).

Writes each seed as `<corpus>/<target>/seed-<sha1 of content>`, so running it again adds nothing
new and libFuzzer's own finds (named by their sha1 without the prefix) are left alone. Sources:
TestData/** and the shared corpus (../shared/corpus by default), picked by file type; binary
plists, UTF-16 `.strings` and zips are made here from those files.
"""

import argparse
import hashlib
import io
import json
import pathlib
import plistlib
import zipfile

# Larger seeds are skipped: libFuzzer would truncate them to -max_len anyway, and the big corpus
# catalogs (up to 2 MB) would slow every mutation.
MAX_SEED_BYTES = 256 * 1024
MAX_FORMAT_SEEDS = 400


def files(roots, *suffixes):
    """Files under `roots` whose name ends with one of `suffixes`, sorted."""
    found = []
    for root in roots:
        if root.is_dir():
            found += [p for p in root.rglob("*") if p.is_file() and p.name.endswith(suffixes)]
    return sorted(found)


def write(target_dir, data):
    """Stores one seed (deduplicated by content) unless it is too large."""
    if len(data) > MAX_SEED_BYTES:
        return 0
    target_dir.mkdir(parents=True, exist_ok=True)
    path = target_dir / ("seed-" + hashlib.sha1(data).hexdigest())
    if path.exists():
        return 0
    path.write_bytes(data)
    return 1


def chunks(data, size):
    """`data` in pieces of `size` bytes (the whole when smaller)."""
    return [data[start:start + size] for start in range(0, max(len(data), 1), size)]


def format_strings(catalogs):
    """Every string value holding a `%` in the catalogs, plus hand-picked edge cases."""
    found = {
        "%@", "%lld", "%1$@ %2$lld", "%#@files@", "%1$#@count@", "%.*f", "%-*.*e", "%%",
        "%arg", "%5$@ %1$@", "%hhd %qd %zd %td %jd", "%ls %S %C %c %p %o %x %X %a %A %g %G",
        "%1$*2$.*3$f", "%'d", "% +0#d", "%2147483648$@", "%99999999999999999999$d", "%", "%1$",
    }

    def walk(value):
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str) and "%" in value:
            found.add(value)

    for path in catalogs:
        try:
            walk(json.loads(path.read_bytes()))
        except (ValueError, UnicodeDecodeError, RecursionError):
            pass  # must-fail fixtures (TestData/hostile nests deeper than Python's json allows)
    return sorted(found)[:MAX_FORMAT_SEEDS]


def binary_plists(xml_paths):
    """The XML plists among `xml_paths` re-encoded as binary plists."""
    result = []
    for path in xml_paths:
        try:
            value = plistlib.loads(path.read_bytes())
            result.append(plistlib.dumps(value, fmt=plistlib.FMT_BINARY))
        except Exception:  # must-fail fixtures, old-style text, nesting deeper than Python allows
            continue
    return result


def zips(release_dirs, extra_tables):
    """Release zips: each release folder stored and deflated, one inside a wrapper folder, one with
    junk and a directory entry, one with a `..` path, and one per extra table file."""
    result = []

    def make(entries, method=zipfile.ZIP_DEFLATED):
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", method) as archive:
            for name, data in entries:
                info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
                info.compress_type = method
                archive.writestr(info, data)
        return buffer.getvalue()

    for folder in release_dirs:
        entries = [(str(p.relative_to(folder)), p.read_bytes())
                   for p in sorted(folder.rglob("*")) if p.is_file()]
        if not entries:
            continue
        result.append(make(entries))
        result.append(make(entries, zipfile.ZIP_STORED))
        result.append(make([("release/" + name, data) for name, data in entries]))
        result.append(make(entries + [("__MACOSX/._x", b"junk"), ("en.lproj/", b""),
                                      (".DS_Store", b"\0\0\0\1Bud1")]))
        result.append(make([("../" + entries[0][0], entries[0][1])]))
    for path in extra_tables:
        result.append(make([("en.lproj/" + path.name, path.read_bytes())]))
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", default="Fuzz/corpus", type=pathlib.Path)
    parser.add_argument("--test-data", default="TestData", type=pathlib.Path)
    parser.add_argument("--shared", default="../shared/corpus", type=pathlib.Path)
    parser.add_argument("targets", nargs="+")
    args = parser.parse_args()
    roots = [args.test_data, args.shared]

    catalogs = files(roots, ".xcstrings")
    strings = files(roots, ".strings")
    stringsdicts = files(roots, ".stringsdict")
    seeds = {
        "FuzzCatalog": lambda: [p.read_bytes() for p in catalogs],
        "FuzzCatalogWriter": lambda: [p.read_bytes() for p in catalogs],
        "FuzzCatalogLanguages": lambda: [p.read_bytes() for p in catalogs],
        "FuzzFormatString": lambda: [s.encode() for s in format_strings(catalogs)],
        "FuzzPseudoText": lambda: [s.encode() for s in format_strings(catalogs)],
        "FuzzStringsFile": lambda: (
            [p.read_bytes() for p in strings]
            + [p.read_bytes().decode("utf-8", "replace").encode("utf-16") for p in strings[:20]]
            + binary_plists(strings)),
        "FuzzXMLPlist": lambda: [p.read_bytes() for p in stringsdicts + strings
                                 if p.read_bytes().lstrip().startswith(b"<")],
        "FuzzStringsdict": lambda: [p.read_bytes() for p in stringsdicts],
        "FuzzBinaryPlist": lambda: binary_plists(stringsdicts + strings),
        "FuzzReleaseZip": lambda: zips(
            [args.test_data / "diff" / "release", args.test_data / "pack" / "malformed"]
            + sorted(p for p in (args.shared / "legacy").glob("*") if p.is_dir()),
            stringsdicts[:10]),
        # Legacy files of one table (the import fixture, ViennaRSS) zipped.
        "FuzzLegacyImport": lambda: zips(
            [args.test_data / "import" / "legacy"]
            + sorted(p for p in (args.shared / "legacy").glob("*") if p.is_dir()),
            stringsdicts[:10]),
        # The SDK's fixtures (lingohub-release.md §5) and the shapes the fetch tests serve.
        "FuzzCDNResponse": lambda: [
            b'{"distributionReleaseId":"test-bundle-id","name":"Test Bundle",'
            b'"createdAt":"2025-03-13T13:55:22.028+00:00","filesUrl":"https://s3.amazon.de/update.zip"}',
            b'{"distributionReleaseId":"rel-42","name":"Release 42","filesUrl":"https://cdn.example/r.zip",'
            b'"filesSha256":"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"}',
            b'{}', b'{"error_message": "Unauthorized access"}',
            b'{"type":"about:blank","status":401,"detail":"Unauthorized",'
            b'"errors":[{"field":"AUTHORIZATION","infos":["CDN_KEY_NOT_FOUND"]}]}',
            b'{"type":"about:blank","status":404,"detail":"Not Found",'
            b'"errors":[{"field":"DISTRIBUTION","infos":["DISTRIBUTION_NOT_FOUND"]}]}',
            b'{"status":429,"detail":"Too Many Requests","errors":[{"field":"USAGE","infos":["USAGE_LIMIT_EXCEEDED"]}]}',
        ],
        # Xcode's exports and edited XLIFFs (xliff.md), and the reader tests' shapes.
        "FuzzXLIFF": lambda: [p.read_bytes() for p in files(roots, ".xliff")],
        # Swift sources (NetNewsWire's, the extraction fixtures) and package manifests.
        "FuzzSwiftSource": lambda: [p.read_bytes() for p in files(roots, ".swift")[:400]],
        # C-family sources: the lexer's fixtures, and the corpus apps' Objective-C and C files in
        # pieces of max_len (4 KiB), so that the middle of a file seeds too.
        "FuzzCFamilySource": lambda: [
            p.read_bytes() for p in sorted((args.test_data / "c-family").glob("*")) if p.is_file()
        ] + [piece for p in files([args.shared / "apps"], ".m", ".mm", ".h", ".c")
             for piece in chunks(p.read_bytes(), 4096)][:3000],
        "FuzzXcodeProject": lambda: [p.read_bytes() for p in files(roots, ".pbxproj")],
        # XcodeGen specs and their includes (the fixtures', the corpus apps'), and YAML's shapes.
        "FuzzProjectSpec": lambda: [p.read_bytes() for p in files(roots, ".yml")][:200] + [
            b"a: &a {b: [1, 2]}\nc:\n  <<: *a\n  d: 'x'\n",
            b"targets:\n  App:\n    type: application\n    platform: [iOS, macOS]\n"
            b"    sources:\n      - path: App\n        excludes: ['**/*.md']\n",
            b"--- |\n  block\n...\n",
        ],
        # The Interface Builder fixtures and the corpus' XIBs and storyboards (those under 16 KiB
        # whole, the others cut: the mutations reach the rest).
        "FuzzInterfaceBuilder": lambda: [
            p.read_bytes()[:16384] for p in files(roots, ".xib", ".storyboard")][:40],
        # Lint's config and baseline files, and catalogs for the top-level scan.
        "FuzzLintFiles": lambda: [
            b'{"baseline":"lint-baseline.json","disabled":["line-count-mismatch"],'
            b'"languages":{"en-GB":{"disabled":["identical-to-source"]}},'
            b'"severities":{"whitespace-mismatch":"error"}}',
            b'{"findings":[{"catalog":"A.xcstrings","check":"identical-to-source","count":2,'
            b'"key":"Settings","language":"de","variationPath":"plural.one"},'
            b'{"catalog":"A.xcstrings","check":"catalog-version","count":1,"key":null,'
            b'"language":null,"variationPath":null}],"version":1}',
        ] + [p.read_bytes() for p in files([args.test_data / "lint"], ".xcstrings", ".json")],
    }
    for target in args.targets:
        if target not in seeds:
            parser.error(f"unknown target {target}")
        added = sum(write(args.corpus / target, data) for data in seeds[target]())
        total = len(list((args.corpus / target).glob("*")))
        print(f"{target}: {added} new seeds, {total} files in {args.corpus / target}")


if __name__ == "__main__":
    main()
