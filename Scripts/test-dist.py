#!/usr/bin/env python3
"""`make test-dist`: checks the tarball `make dist` builds (Scripts/make-dist.sh).

- It holds exactly lhc-<VERSION>/bin/{lhc,lhc-fetch}, the man pages of man/ (byte for byte) and the
  bash, zsh and fish completions (byte for byte what the reference lhc prints).
- `ldd bin/lhc` lists only glibc's libraries, the vDSO and the loader; bin/lhc-fetch needs (ELF
  NEEDED) only those and libcurl.so.4.
- In a clean environment (`env -i PATH=/usr/bin:/bin`) the tarball's lhc and lhc-fetch answer
  --version with VERSION, and `lhc compile` on the bundled sample and on every catalog of
  ../shared/corpus/xcstrings/ writes the same files, byte for byte, with the same exit status and
  messages, as the reference (source) build.
"""

import argparse
import filecmp
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# glibc's libraries (and the vDSO, the loader): what any Linux binary may need.
GLIBC = re.compile(
    r"^(linux-vdso\.so\.1|linux-gate\.so\.1|libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2"
    r"|librt\.so\.1|libutil\.so\.1|libresolv\.so\.2|ld-linux[-\w.]*\.so\.\d|/lib\w*/ld-linux[-\w.]*\.so\.\d)$"
)
CLEAN_ENV = {"PATH": "/usr/bin:/bin"}
CURL = f"/lib/{os.uname().machine}-linux-gnu/libcurl.so.4"

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL: " + message, file=sys.stderr)
    return condition


def run(argv, env=None, cwd=None):
    return subprocess.run(argv, capture_output=True, env=env, cwd=cwd)


def ldd_libraries(path):
    result = run(["ldd", path])
    check(result.returncode == 0, f"ldd {path}: {result.stderr.decode()}")
    names = []
    for line in result.stdout.decode().splitlines():
        line = line.strip()
        if not line:
            continue
        check("not found" not in line, f"ldd {path}: {line}")
        names.append(line.split()[0])
    return names


def needed(path):
    result = run(["readelf", "-d", path])
    check(result.returncode == 0, f"readelf -d {path}")
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", result.stdout.decode())


def compile_both(name, inputs, reference, lhc, work):
    """Compiles `inputs` with both binaries; the tarball's in a clean environment."""
    outputs = []
    for label, binary, env in (("reference", reference, None), ("dist", lhc, CLEAN_ENV)):
        out = os.path.join(work, label, name)
        result = run([binary, "compile", *inputs, "-o", out], env=env)
        messages = (result.stdout + result.stderr).decode().replace(out, "<out>")
        outputs.append((out, result.returncode, messages))
    (ref_out, ref_status, ref_messages), (out, status, messages) = outputs
    check(status == ref_status, f"{name}: exit status {status}, reference {ref_status}")
    check(messages == ref_messages, f"{name}: messages differ:\n{messages}\nreference:\n{ref_messages}")
    if os.path.isdir(ref_out) or os.path.isdir(out):
        diff = run(["diff", "-r", ref_out, out])
        check(diff.returncode == 0, f"{name}: diff -r:\n{diff.stdout.decode()[:2000]}")
        files = sum(len(f) for _, _, f in os.walk(out))
        print(f"  {name}: status {status}, {files} files identical")
        return files
    print(f"  {name}: status {status}, no output (as the reference)")
    return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tarball", required=True)
    parser.add_argument("--reference", required=True, help="the source build's lhc")
    parser.add_argument("--corpus", default=os.path.join(ROOT, "..", "shared", "corpus", "xcstrings"))
    args = parser.parse_args()
    version = open(os.path.join(ROOT, "VERSION")).read().strip()
    reference = os.path.abspath(args.reference)
    name = f"lhc-{version}"

    work = tempfile.mkdtemp(prefix="lhc-test-dist-")
    try:
        with tarfile.open(args.tarball) as tar:
            members = sorted(m.name for m in tar.getmembers() if m.isfile())
            tar.extractall(work, filter="data")
        man = sorted(f for f in os.listdir(os.path.join(ROOT, "man")) if f.endswith(".1"))
        completions = {
            "share/bash-completion/completions/lhc": "bash",
            "share/zsh/site-functions/_lhc": "zsh",
            "share/fish/vendor_completions.d/lhc.fish": "fish",
        }
        expected = sorted(
            [f"{name}/bin/lhc", f"{name}/bin/lhc-fetch"]
            + [f"{name}/share/man/man1/{m}" for m in man]
            + [f"{name}/{c}" for c in completions]
        )
        check(members == expected, f"tarball files: {members}\nexpected: {expected}")
        prefix = os.path.join(work, name)
        for m in man:
            check(
                filecmp.cmp(os.path.join(ROOT, "man", m), os.path.join(prefix, "share/man/man1", m), shallow=False),
                f"man page {m} differs from man/{m}",
            )
        for path, shell in completions.items():
            script = run([reference, "completions", shell]).stdout
            with open(os.path.join(prefix, path), "rb") as f:
                check(f.read() == script, f"{path} differs from `lhc completions {shell}`")

        lhc = os.path.join(prefix, "bin", "lhc")
        fetch = os.path.join(prefix, "bin", "lhc-fetch")
        libs = ldd_libraries(lhc)
        print(f"ldd bin/lhc: {' '.join(libs)}")
        check(all(GLIBC.match(l) for l in libs), f"bin/lhc needs more than glibc: {libs}")
        fetch_needed = needed(fetch)
        print(f"bin/lhc-fetch NEEDED: {' '.join(fetch_needed)}")
        check("libcurl.so.4" in fetch_needed, f"bin/lhc-fetch does not link libcurl.so.4: {fetch_needed}")
        check(
            all(GLIBC.match(l) or l == "libcurl.so.4" for l in fetch_needed),
            f"bin/lhc-fetch needs more than glibc and libcurl: {fetch_needed}",
        )

        for binary, label in ((lhc, "lhc"), (fetch, "lhc-fetch")):
            result = run([binary, "--version"], env=CLEAN_ENV)
            check(
                result.returncode == 0 and result.stdout.decode() == f"{label} {version}\n",
                f"{label} --version: {result.returncode} {result.stdout!r} {result.stderr!r}",
            )
        result = run([lhc, "fetch", "--help"], env=CLEAN_ENV)
        check(result.returncode == 0, "lhc fetch --help")

        # Without libcurl (hidden in a private mount namespace: root and unshare(1) needed, else
        # skipped), `lhc fetch` names the library and the package; the other commands still run.
        if os.geteuid() == 0 and shutil.which("unshare") and os.path.exists(CURL):
            hidden = run(["unshare", "-m", "sh", "-c",
                          f'mount --bind /dev/null "$(readlink -f {CURL})" && exec env -i PATH=/usr/bin:/bin '
                          f'LINGOHUB_CDN_KEY=k "{lhc}" fetch --app-version 1 -o "{work}/x.zip"'])
            stderr = hidden.stderr.decode()
            check(hidden.returncode == 1 and stderr.startswith("error: 'lhc fetch' needs libcurl.so.4, ")
                  and stderr.endswith("install it: apt-get install libcurl4 (Debian, Ubuntu)\n"),
                  f"lhc fetch without libcurl: {hidden.returncode} {stderr!r}")
            print(f"without libcurl: {stderr.strip()}")
        else:
            print(f"skipped: lhc fetch without libcurl (needs root, unshare and {CURL})")

        print("lhc compile, tarball (env -i) against reference:")
        sample = os.path.join(ROOT, "TestData", "sample")
        total = compile_both(
            "sample",
            [os.path.join(sample, "Localizable.xcstrings"), os.path.join(sample, "InfoPlist.xcstrings")],
            reference, lhc, work,
        )
        # The other C libraries, each through a command that needs it: libarchive, libdeflate and
        # nettle (pack with a manifest's SHA-256, diff reading the zip), libyaml (extract of an
        # XcodeGen project). Same bytes and messages as the reference.
        print("pack, diff, extract, tarball (env -i) against reference:")
        catalog = os.path.join(sample, "Localizable.xcstrings")
        for label, argv, cwd in (
            ("pack", ["pack", catalog, "-o", "{out}/release.zip", "--manifest", "{out}/manifest.json"], None),
            ("diff", ["diff", catalog, "{out}/release.zip"], None),
            ("extract", ["extract", "--list", "--format", "json", "."],
             os.path.join(ROOT, "TestData", "extract", "xcodegen")),
        ):
            results = []
            for side, binary, env in (("reference", reference, None), ("dist", lhc, CLEAN_ENV)):
                out = os.path.join(work, side, "tools")
                os.makedirs(out, exist_ok=True)
                result = run([binary, *[a.replace("{out}", out) for a in argv]], env=env, cwd=cwd)
                results.append((result.returncode, (result.stdout + result.stderr).decode().replace(out, "<out>")))
            check(results[0] == results[1], f"{label}: {results[1]} against the reference's {results[0]}")
            check(results[0][0] == 0, f"{label}: exit status {results[0][0]}: {results[0][1]}")
            print(f"  {label}: status {results[1][0]}, same output")
        packed = []
        for side in ("reference", "dist"):
            out = os.path.join(work, side, "tools")
            with open(os.path.join(out, "release.zip"), "rb") as f:
                archive = f.read()
            with open(os.path.join(out, "manifest.json")) as f:
                manifest = f.read().replace(out, "<out>")  # it names the archive's path
            packed.append((archive, manifest))
        check(packed[0][0] == packed[1][0], "pack: the release zips differ")
        check(packed[0][1] == packed[1][1], f"pack: the manifests differ:\n{packed[1][1]}\n{packed[0][1]}")

        if check(os.path.isdir(args.corpus), f"no corpus at {args.corpus}"):
            catalogs = sorted(f for f in os.listdir(args.corpus) if f.endswith(".xcstrings"))
            check(len(catalogs) > 0, "empty corpus")
            for catalog in catalogs:
                total += compile_both(catalog, [os.path.join(args.corpus, catalog)], reference, lhc, work)
            print(f"{len(catalogs) + 1} compiles, {total} files identical")
    finally:
        shutil.rmtree(work, ignore_errors=True)

    if failures:
        print(f"test-dist: {len(failures)} failure(s)", file=sys.stderr)
        return 1
    print(f"test-dist: {args.tarball} OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
