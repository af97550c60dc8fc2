#!/usr/bin/env python3
"""lhc's Bazel rules under a real Bazel (`make test-bazel`; Tests/README.md, bazel/README.md).

Copies TestData/bazel/example to a temporary folder with the lhc binary as tools/lhc and checks:
  local      a linux-sandbox build without network; outputs byte-identical to `lhc compile` / `lhc gen-symbols`;
             the provider's files of one language; no action tagged local, no-sandbox, ...
  errors     a catalog error fails the build with lhc's message; misconfigured targets fail at analysis
  disk-cache after `bazel clean`, a build with --disk_cache is fully cached
  lint       lhc_lint_test passes on clean catalogs and fails on a lint error (and passes with a
             baseline when this lhc has `lint --baseline`)
  remote     through BuildGrid (PostgreSQL) and TestData/bazel/rex_worker.py on 127.0.0.1: "1 remote",
             then after `bazel clean` "1 remote cache hit"
  leftovers  no Bazel server, postgres, bgd or worker left running
Prints PASS/FAIL/SKIP per check; exit status 1 when a check failed. A check is skipped (with the
reason) only when what it needs is not installed: bazel, or for `remote` PostgreSQL and the
BuildGrid venv (`make test-bazel` installs them).

    Scripts/test-bazel.py --lhc .build/debug/lhc --buildgrid-venv ~/.cache/lhc-test-bazel/buildgrid-venv
"""

import argparse
import filecmp
import glob
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLE = os.path.join(REPO, "TestData", "bazel", "example")
LANGUAGES = ["en", "de", "ru", "fr"]  # as in TestData/bazel/example/App/BUILD
CATALOGS = ["App/InfoPlist.xcstrings", "App/Localizable.xcstrings"]
FORBIDDEN_TAGS = {"local", "no-sandbox", "no-remote", "no-remote-exec", "no-cache", "requires-network"}


class Failure(Exception):
    """A check failed; the message says what was expected and what happened."""


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def run(argv, cwd=None, check=True, **kwargs):
    """Runs argv, capturing its output; a non-zero exit fails the check unless check=False."""
    result = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, **kwargs)
    if check and result.returncode != 0:
        raise Failure(f"{' '.join(argv)} exited {result.returncode}:\n{result.stdout}{result.stderr}")
    return result


def processes(output):
    """Bazel's summary line 'INFO: 3 processes: 1 internal, 2 linux-sandbox.' as a dict, internal left out."""
    lines = re.findall(r"^INFO: \d+ process(?:es)?(?:: (.*?))?\.$", output, re.M)
    if not lines:
        raise Failure(f"no process summary in Bazel's output:\n{output}")
    counts = {}
    for part in filter(None, (lines[-1] or "").split(", ")):
        number, kind = part.split(" ", 1)
        if kind != "internal":
            counts[kind] = int(number)
    return counts


def expect_processes(output, expected, what):
    counts = processes(output)
    if counts != expected:
        raise Failure(f"{what}: expected processes {expected}, Bazel ran {counts}\n{output}")
    return ", ".join(f"{n} {kind}" for kind, n in counts.items())


def same_tree(left, right):
    """The relative paths of both trees' files, after checking they match byte for byte."""
    def files(root):
        return sorted(os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root) for f in fs)

    names = files(left)
    if names != files(right):
        raise Failure(f"{left} and {right} hold different files:\n{names}\n{files(right)}")
    for name in names:
        if not filecmp.cmp(os.path.join(left, name), os.path.join(right, name), shallow=False):
            raise Failure(f"{name} differs between {left} and {right}")
    return names


class Workspace:
    """The example workspace copied into `root`, with its own Bazel server (output_user_root)."""

    def __init__(self, root, lhc):
        self.root = root
        self.path = os.path.join(root, "workspace")
        shutil.copytree(EXAMPLE, self.path, symlinks=False)
        self.lhc = os.path.join(self.path, "tools", "lhc")
        shutil.copyfile(lhc, self.lhc)
        os.chmod(self.lhc, 0o755)
        self.startup = [
            "bazel", f"--output_user_root={os.path.join(root, 'bazel-root')}", "--nohome_rc",
            "--max_idle_secs=600",
        ]
        self.flags = [f"--override_repository=lhc={REPO}", "--color=no", "--curses=no", "--show_result=100"]

    def bazel(self, command, *args, check=True):
        result = run(self.startup + [command] + self.flags + list(args), cwd=self.path, check=check)
        result.output = result.stdout + result.stderr
        return result

    def clean(self):
        run(self.startup + ["clean"], cwd=self.path)

    def bin(self, *parts):
        return os.path.join(self.path, "bazel-bin", *parts)

    def direct(self, out):
        """`lhc compile` and `lhc gen-symbols` run directly on the example's catalogs, into `out`."""
        languages = [arg for language in LANGUAGES for arg in ["-l", language]]
        run([self.lhc, "compile", "--emit-empty-tables", *languages, "-o", os.path.join(out, "strings"), *CATALOGS],
            cwd=self.path)
        run([self.lhc, "gen-symbols", "--bundle", "module", "--access-level", "public", "-o",
             os.path.join(out, "symbols.swift"), *CATALOGS], cwd=self.path)
        return "lhc compile and lhc gen-symbols on the example's catalogs, outside Bazel"

    def server_pid(self):
        found = glob.glob(os.path.join(self.root, "bazel-root", "*", "server", "server.pid.txt"))
        return int(open(found[0]).read().strip()) if found else None

    def shutdown(self):
        if os.path.isdir(os.path.join(self.root, "bazel-root")):
            run(self.startup + ["shutdown"], cwd=self.path, check=False)


def check_local(ws, reference):
    built = ws.bazel("build", "--spawn_strategy=linux-sandbox", "--nosandbox_default_allow_network", "//App:strings",
                     "//App:symbols")
    summary = expect_processes(built.output, {"linux-sandbox": 2}, "local build")
    names = same_tree(ws.bin("App", "strings"), os.path.join(reference, "strings"))
    if len(names) != 2 * 2 * len(LANGUAGES):
        raise Failure(f"expected both files of both tables for {len(LANGUAGES)} languages, got {names}")
    if not filecmp.cmp(ws.bin("App", "symbols.swift"), os.path.join(reference, "symbols.swift"), shallow=False):
        raise Failure("bazel-bin/App/symbols.swift differs from `lhc gen-symbols`")
    german = ws.bazel("build", "//App:german").output
    listed = sorted(re.findall(r"^\s+bazel-bin/(\S+)$", german, re.M))
    wanted = sorted(f"App/strings/de.lproj/{table}.{ext}"
                    for table in ["InfoPlist", "Localizable"] for ext in ["strings", "stringsdict"])
    if listed != wanted:
        raise Failure(f"LhcStringsInfo.files_by_language['de']: expected {wanted}, got {listed}")
    query = ws.bazel("aquery", "--output=jsonproto", 'mnemonic("Lhc.*", //App:*)').stdout
    actions = json.loads(query).get("actions", [])
    tags = {pair["key"] for action in actions for pair in action.get("executionInfo", [])}
    if len(actions) != 2 or tags & FORBIDDEN_TAGS:
        raise Failure(f"expected 2 lhc actions without {sorted(FORBIDDEN_TAGS)}; got {len(actions)}, tags {tags}")
    return f"{summary} without network; {len(names)} files and symbols.swift identical to lhc's; provider; hermetic"


def check_errors(ws):
    """Builds that must fail, each with its message: lhc's diagnostic, or the rules' own at analysis."""
    cases = [
        (["//Invalid:compile_error"],
         r"Invalid/Localizable\.xcstrings:7:26: error: Referencing undefined substitution 'arg3'"),
        (["//Invalid:same_table"], r"two catalogs give the table 'Localizable': Invalid/Localizable\.xcstrings and "
         r"Invalid/more/Localizable\.xcstrings"),
        (["--@lhc//bazel:lhc=@lhc//bazel:lhc_not_set", "//App:strings"], r"no lhc binary\. Give the rule"),
    ]
    for args, message in cases:
        result = ws.bazel("build", *args, check=False)
        if result.returncode == 0 or not re.search(message, result.output):
            raise Failure(f"bazel build {' '.join(args)} should fail with /{message}/:\n{result.output}")
    return "a catalog error fails the action with lhc's message; two tables of one name, no lhc binary"


def check_disk_cache(ws, reference):
    cache = os.path.join(ws.root, "disk-cache")
    targets = ["//App:strings", "//App:symbols"]
    ws.clean()
    expect_processes(ws.bazel("build", f"--disk_cache={cache}", *targets).output, {"linux-sandbox": 2}, "cold build")
    entries = sum(len(files) for _, _, files in os.walk(os.path.join(cache, "ac")))
    if entries != 2:
        raise Failure(f"expected the 2 actions in {cache}/ac, found {entries} entries")
    ws.clean()
    # Bazel 4 counts a disk cache hit as a "remote cache hit" (no remote cache is configured here).
    summary = expect_processes(
        ws.bazel("build", f"--disk_cache={cache}", *targets).output, {"remote cache hit": 2}, "after bazel clean")
    same_tree(ws.bin("App", "strings"), os.path.join(reference, "strings"))
    return f"after bazel clean: {summary} (from the disk cache, {entries} actions in it), outputs identical"


def bazel_test(ws, target, passes):
    """`bazel test target`, which must pass (exit 0) or fail (exit 3); returns the test's log."""
    result = ws.bazel("test", target, check=False)
    package, name = target[2:].split(":")
    log = os.path.join(ws.path, "bazel-testlogs", package, name, "test.log")
    text = open(log).read() if os.path.exists(log) else "(no test log)"
    if result.returncode != (0 if passes else 3):
        raise Failure(f"{target} should {'pass' if passes else 'fail'}; bazel test exited {result.returncode}\n"
                      f"{result.output}\n{text}")
    return text


def check_lint(ws):
    bazel_test(ws, "//App:lint", passes=True)
    text = bazel_test(ws, "//Broken:lint", passes=False)
    finding = "Broken/Broken.xcstrings:13:26: error: Format argument 1 is '%@' (object) but '%lld' (integer)"
    if finding not in text:
        raise Failure(f"//Broken:lint failed without the finding:\n{text}")
    result = "//App:lint passes, //Broken:lint fails with its finding"
    if "--baseline" not in run([ws.lhc, "lint", "--help"]).stdout:
        return result + "; baseline SKIPPED: this lhc has no `lint --baseline` (issue 21)"
    run([ws.lhc, "lint", "--write-baseline", "Broken/lint-baseline.json", "Broken/Broken.xcstrings"], cwd=ws.path)
    bazel_test(ws, "//Broken:lint_with_baseline", passes=True)
    return result + ", //Broken:lint_with_baseline passes"


class RemoteServices:
    """PostgreSQL, BuildGrid and the test worker on 127.0.0.1, each stopped by PID in stop()."""

    def __init__(self, root, venv):
        self.root = os.path.join(root, "remote")
        self.venv = venv
        self.pg_bin = sorted(glob.glob("/usr/lib/postgresql/*/bin"))[-1]
        self.pg_data = os.path.join(self.root, "pg")
        self.as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        self.pg_port, self.bgd_port = free_port(), free_port()
        self.children = {}
        self.pg_started = False

    def log(self, name):
        return open(os.path.join(self.root, name + ".log"), "w")

    def start(self):
        os.makedirs(self.root)
        os.chmod(os.path.dirname(self.root), 0o755)  # postgres must reach its data folder
        os.chmod(self.root, 0o777)
        pg = os.path.join(self.pg_bin, "")
        run(self.as_postgres + [pg + "initdb", "-D", self.pg_data, "-U", "bgd", "--auth=trust", "-E", "UTF8",
                                "--no-sync"])
        self.pg_started = True
        run(self.as_postgres + [pg + "pg_ctl", "-D", self.pg_data, "-l", os.path.join(self.root, "postgres.log"),
                                "-o", f"-h 127.0.0.1 -p {self.pg_port} -k {self.root}", "-w", "start"])
        run([pg + "createdb", "-h", "127.0.0.1", "-p", str(self.pg_port), "-U", "bgd", "bgd"])
        bgd = os.path.join(self.venv, "bin", "bgd")
        run([bgd, "migrate", "apply", f"postgresql+psycopg2://bgd@127.0.0.1:{self.pg_port}/bgd"])
        config = os.path.join(self.root, "buildgrid.yml")
        with open(os.path.join(REPO, "TestData", "bazel", "buildgrid.yml")) as template, open(config, "w") as out:
            out.write(template.read().replace("@BGD_PORT@", str(self.bgd_port)).replace("@PG_PORT@", str(self.pg_port)))
        self.spawn("bgd", [bgd, "server", "start", config])
        self.wait_for_port(self.bgd_port, "bgd")
        work = os.path.join(self.root, "worker")
        os.makedirs(work)
        self.spawn("worker", [os.path.join(self.venv, "bin", "python"), os.path.join(REPO, "TestData", "bazel",
                   "rex_worker.py"), "--server", f"127.0.0.1:{self.bgd_port}", "--work-dir", work])
        return f"grpc://127.0.0.1:{self.bgd_port}"

    def spawn(self, name, argv):
        self.children[name] = subprocess.Popen(argv, stdout=self.log(name), stderr=subprocess.STDOUT,
                                               cwd=self.root, start_new_session=True)

    def wait_for_port(self, port, name, seconds=60):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.children[name].poll() is not None:
                raise Failure(f"{name} exited {self.children[name].returncode}:\n{self.tail(name)}")
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    return
            time.sleep(0.2)
        raise Failure(f"{name} is not listening on 127.0.0.1:{port} after {seconds} s:\n{self.tail(name)}")

    def tail(self, name):
        with open(os.path.join(self.root, name + ".log")) as log:
            return "".join(log.readlines()[-30:])

    def stop(self):
        for name in ["worker", "bgd"]:
            child = self.children.get(name)
            if child and child.poll() is None:
                child.send_signal(signal.SIGTERM)
                try:
                    child.wait(15)
                except subprocess.TimeoutExpired:
                    child.kill()
                    child.wait()
        if self.pg_started:
            run(self.as_postgres + [os.path.join(self.pg_bin, "pg_ctl"), "-D", self.pg_data, "-m", "fast", "-w",
                                    "stop"], check=False)


def check_remote(ws, reference, services):
    executor = services.start()
    flags = [f"--remote_executor={executor}", "--remote_instance_name=main", "--spawn_strategy=remote"]
    ws.clean()
    first = expect_processes(ws.bazel("build", *flags, "//App:strings").output, {"remote": 1}, "remote build")
    same_tree(ws.bin("App", "strings"), os.path.join(reference, "strings"))
    if "lease " not in services.tail("worker") or "exit 0, 16 output files" not in services.tail("worker"):
        raise Failure(f"the worker did not run the action:\n{services.tail('worker')}")
    ws.clean()
    second = expect_processes(ws.bazel("build", *flags, "//App:strings").output, {"remote cache hit": 1},
                              "remote build after bazel clean")
    same_tree(ws.bin("App", "strings"), os.path.join(reference, "strings"))
    return f"{first} (worker ran it), then after bazel clean {second}; outputs identical"


def leftovers(root, pids):
    """Processes still running that were started here: by PID, or naming the temporary folder."""
    found = [f"pid {pid}" for pid in pids if pid and os.path.exists(f"/proc/{pid}")]
    for entry in os.listdir("/proc"):
        if entry.isdigit() and int(entry) != os.getpid():
            try:
                cmdline = open(f"/proc/{entry}/cmdline", "rb").read().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            if root in cmdline:
                found.append(f"pid {entry}: {cmdline[:160]}")
    return found


def main():
    parser = argparse.ArgumentParser(description="lhc's Bazel rules under a real Bazel.")
    parser.add_argument("--lhc", default=os.path.join(REPO, ".build", "debug", "lhc"))
    parser.add_argument("--buildgrid-venv", default=os.path.expanduser("~/.cache/lhc-test-bazel/buildgrid-venv"))
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    options = parser.parse_args()
    if not shutil.which("bazel"):
        print("SKIP test-bazel: no `bazel` on PATH (Debian: apt-get install bazel-bootstrap)")
        return 0
    started = time.monotonic()
    root = tempfile.mkdtemp(prefix="lhc-test-bazel-")
    ws = Workspace(root, os.path.abspath(options.lhc))
    results, pids = [], []

    def check(name, body, *args):
        began = time.monotonic()
        try:
            detail = body(*args)
            results.append(("PASS", name, detail))
        except Failure as failure:
            results.append(("FAIL", name, str(failure)))
        except Exception as error:  # a broken environment is a failure too, reported with the others
            results.append(("FAIL", name, f"{type(error).__name__}: {error}"))
        status, _, detail = results[-1]
        print(f"{status} {name}: {detail} ({time.monotonic() - began:.1f} s)", flush=True)
        return status == "PASS"

    services = None
    reference = os.path.join(root, "reference")
    try:
        if not check("reference", ws.direct, reference):
            return finish(root, results, started, keep=True)
        check("local", check_local, ws, reference)
        check("errors", check_errors, ws)
        check("disk-cache", check_disk_cache, ws, reference)
        check("lint", check_lint, ws)
        missing = [what for what, present in [
            ("PostgreSQL (apt-get install postgresql)", glob.glob("/usr/lib/postgresql/*/bin/initdb")),
            (f"BuildGrid venv {options.buildgrid_venv} (make test-bazel creates it)",
             os.path.exists(os.path.join(options.buildgrid_venv, "bin", "bgd")))] if not present]
        if missing:
            results.append(("SKIP", "remote", "not installed: " + ", ".join(missing)))
            print(f"SKIP remote: not installed: {', '.join(missing)}", flush=True)
        else:
            services = RemoteServices(root, options.buildgrid_venv)
            check("remote", check_remote, ws, reference, services)
    finally:
        pids.append(ws.server_pid())
        if services:
            pids += [child.pid for child in services.children.values()]
            services.stop()
        ws.shutdown()
    left = leftovers(root, pids)
    status = "FAIL" if left else "PASS"
    results.append((status, "leftovers", ""))
    print(f"{status} leftovers: " + ("still running: " + "; ".join(left) if left else
                                     "no Bazel server, postgres, bgd or worker left"), flush=True)
    return finish(root, results, started, options.keep)


def finish(root, results, started, keep):
    """Prints the verdict; removes the temporary folder unless a check failed or `keep`."""
    failed = [name for status, name, _ in results if status == "FAIL"]
    if failed or keep:
        print(f"kept {root}")
    else:
        run(["chmod", "-R", "u+w", root])  # Bazel leaves its output trees read-only
        shutil.rmtree(root)
    verdict = f"FAIL ({', '.join(failed)})" if failed else "PASS"
    print(f"test-bazel: {verdict} in {time.monotonic() - started:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
