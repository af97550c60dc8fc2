"""Bazel rules for lhc: String Catalogs compiled, symbols generated and catalogs linted as hermetic actions.

    load("@lhc//bazel:defs.bzl", "lhc_lint_test", "lhc_strings", "lhc_symbols")

Every rule runs the lhc binary named by its `lhc` attribute, or else by the flag
`--@lhc//bazel:lhc=//tools:lhc` (a prebuilt file or one built by SwiftPM outside Bazel:
`exports_files(["lhc"])`). The actions read only their declared inputs, need no network and run
in any sandbox or on any remote Linux or macOS executor that can run that binary; none is tagged
`local` or `no-sandbox`, so they are cached locally, in a disk cache and remotely. See
bazel/README.md.
"""

LhcStringsInfo = provider(
    doc = "The compiled string tables of an lhc_strings target.",
    fields = {
        "files_by_language": "dict: language tag -> list of File, its <lang>.lproj/<Table>.strings and .stringsdict",
        "languages": "list of the language tags, as given",
        "tables": "list of the table names (the catalogs' basenames without .xcstrings)",
        "directory": "string: the folder holding the <lang>.lproj folders (under bazel-bin)",
    },
)

def _lhc_attr(cfg):
    """The `lhc` attribute: built for the executor of the actions (`exec`) or of the test (`target`)."""
    return attr.label(
        default = Label("//bazel:lhc"),
        allow_files = True,
        cfg = cfg,
        doc = "The lhc binary. Default: the flag //bazel:lhc (`--@lhc//bazel:lhc=//tools:lhc`).",
    )

_SRCS_ATTR = attr.label_list(
    allow_files = [".xcstrings"],
    mandatory = True,
    allow_empty = False,
    doc = "String Catalogs (.xcstrings).",
)

def _lhc_binary(ctx):
    """The one file of the `lhc` attribute, or a failure that says how to name it."""
    files = ctx.files.lhc
    if len(files) != 1:
        fail(("%s: no lhc binary. Give the rule `lhc = \"//tools:lhc\"` or build with " +
              "`--@lhc//bazel:lhc=//tools:lhc` (a label of the lhc executable; found %d files)") %
             (ctx.label, len(files)))
    return files[0]

def _tables(ctx):
    """Table names of `srcs` (basename without .xcstrings); two catalogs with one name fail."""
    seen = {}
    for src in ctx.files.srcs:
        table = src.basename[:-len(".xcstrings")]
        if table in seen:
            fail("%s: two catalogs give the table '%s': %s and %s" %
                 (ctx.label, table, seen[table].short_path, src.short_path))
        seen[table] = src
    return sorted(seen.keys())

def _lhc_strings_impl(ctx):
    lhc = _lhc_binary(ctx)
    tables = _tables(ctx)
    languages = ctx.attr.languages
    for index, language in enumerate(languages):
        if not language or "/" in language or language.startswith("."):
            fail("%s: '%s' is not a language tag" % (ctx.label, language))
        if language in languages[:index]:
            fail("%s: language '%s' is given twice" % (ctx.label, language))
    files_by_language = {}
    for language in languages:
        files_by_language[language] = [
            ctx.actions.declare_file("%s/%s.lproj/%s.%s" % (ctx.label.name, language, table, ext))
            for table in tables
            for ext in ["strings", "stringsdict"]
        ]
    outputs = [f for language in languages for f in files_by_language[language]]
    first = files_by_language[languages[0]][0]
    directory = first.dirname[:-len("/%s.lproj" % languages[0])]

    args = ctx.actions.args()
    args.add("compile")
    args.add("--emit-empty-tables")
    args.add("--output-directory", directory)
    args.add_all(languages, before_each = "--language")
    args.add("--serialization-format", ctx.attr.serialization_format)
    if ctx.attr.force_build_all_strings:
        args.add("--force-build-all-strings")
    if ctx.attr.warnings_as_errors:
        args.add("--warnings-as-errors")
    args.add_all(ctx.files.srcs)
    ctx.actions.run(
        executable = lhc,
        arguments = [args],
        inputs = ctx.files.srcs,
        outputs = outputs,
        mnemonic = "LhcCompileStrings",
        progress_message = "Compiling %d String Catalog(s) of %s for %d language(s)" %
                           (len(tables), ctx.label, len(languages)),
    )
    return [
        DefaultInfo(files = depset(outputs), runfiles = ctx.runfiles(files = outputs)),
        LhcStringsInfo(
            files_by_language = files_by_language,
            languages = languages,
            tables = tables,
            directory = directory,
        ),
    ]

lhc_strings = rule(
    implementation = _lhc_strings_impl,
    doc = """Compiles String Catalogs with `lhc compile --emit-empty-tables`, in one action.

Outputs, for every language L and catalog T.xcstrings: `<name>/L.lproj/T.strings` and
`<name>/L.lproj/T.stringsdict`, an empty dictionary where the language has nothing for that file
(Foundation reads it as an empty table). Known from the attributes alone, as Bazel needs: a
language a catalog lacks gets empty files; a catalog language not listed is not compiled. Usable as
`data`, as rules_apple `resources` (the files sit in `L.lproj` folders) or through LhcStringsInfo.""",
    attrs = {
        "srcs": _SRCS_ATTR,
        "languages": attr.string_list(
            mandatory = True,
            allow_empty = False,
            doc = "Language tags to compile (`-l`), verbatim: the <lang>.lproj names.",
        ),
        "serialization_format": attr.string(
            default = "xml",
            values = ["xml", "binary"],
            doc = "`--serialization-format`: Apple XML (default) or binary property lists.",
        ),
        "force_build_all_strings": attr.bool(doc = "`--force-build-all-strings`: emit units in state `new` too."),
        "warnings_as_errors": attr.bool(doc = "`--warnings-as-errors`: a warning fails the build."),
        "lhc": _lhc_attr("exec"),
    },
    provides = [LhcStringsInfo],
)

def _lhc_symbols_impl(ctx):
    lhc = _lhc_binary(ctx)
    _tables(ctx)  # fails on two catalogs of one table name: their namespaces would clash
    out = ctx.actions.declare_file(ctx.label.name + ".swift")
    args = ctx.actions.args()
    args.add("gen-symbols")
    args.add("--output", out)
    args.add("--bundle", ctx.attr.bundle)
    args.add("--access-level", ctx.attr.access_level)
    if ctx.attr.only_manual:
        args.add("--only-manual")
    args.add_all(ctx.files.srcs)
    ctx.actions.run(
        executable = lhc,
        arguments = [args],
        inputs = ctx.files.srcs,
        outputs = [out],
        mnemonic = "LhcGenerateSymbols",
        progress_message = "Generating string symbols %s" % out.short_path,
    )
    return [DefaultInfo(files = depset([out]))]

lhc_symbols = rule(
    implementation = _lhc_symbols_impl,
    doc = """Generates `<name>.swift` with `lhc gen-symbols`: typed symbols for every key of `srcs`,
one namespace per table, for the `srcs` of a swift_library.""",
    attrs = {
        "srcs": _SRCS_ATTR,
        "bundle": attr.string(
            default = "main",
            doc = "`--bundle`: main, module, lingohub or a Swift expression of type Bundle.",
        ),
        "access_level": attr.string(
            default = "internal",
            values = ["internal", "public", "package"],
            doc = "`--access-level` of every generated declaration.",
        ),
        "only_manual": attr.bool(doc = "`--only-manual`: only the keys Xcode would generate symbols for."),
        "lhc": _lhc_attr("exec"),
    },
)

def _shell_quote(text):
    return "'" + text.replace("'", "'\\''") + "'"

def _lhc_lint_test_impl(ctx):
    lhc = _lhc_binary(ctx)
    command = [_shell_quote(part) for part in [lhc.short_path, "lint", "--format", "xcode"]]
    runfiles = [lhc] + ctx.files.srcs
    for check in ctx.attr.disable:
        command += ["--disable", _shell_quote(check)]
    if ctx.attr.warnings_as_errors:
        command.append("--warnings-as-errors")
    lines = ["#!/bin/sh", "# Generated by lhc_lint_test: runs from the runfiles root."]
    if ctx.file.baseline:
        # Catalogs are named in the baseline relative to it, as in the source tree; the runfiles
        # tree holds symbolic links to the files there, which lhc resolves (baseline included).
        command += ["--baseline", _shell_quote(ctx.file.baseline.short_path)]
        runfiles.append(ctx.file.baseline)
    command += [_shell_quote(src.short_path) for src in ctx.files.srcs]
    script = ctx.actions.declare_file(ctx.label.name + ".sh")
    ctx.actions.write(
        output = script,
        content = "\n".join(lines + ["exec " + " ".join(command)]) + "\n",
        is_executable = True,
    )
    return [DefaultInfo(executable = script, runfiles = ctx.runfiles(files = runfiles))]

_lhc_lint_test = rule(
    implementation = _lhc_lint_test_impl,
    test = True,
    doc = "See lhc_lint_test.",
    attrs = {
        "srcs": _SRCS_ATTR,
        "baseline": attr.label(
            allow_single_file = True,
            doc = "A lint baseline (`lhc lint --baseline FILE`): only findings not in it fail.",
        ),
        "disable": attr.string_list(doc = "Check ids turned off (`--disable ID`)."),
        "warnings_as_errors": attr.bool(doc = "`--warnings-as-errors`."),
        "lhc": _lhc_attr("target"),
    },
)

def lhc_lint_test(name, size = "small", **kwargs):
    """A `bazel test` target running `lhc lint --format xcode` on `srcs`.

    It fails when lint reports an error (or, with `warnings_as_errors`, a warning); the findings are
    in the test log. Attributes: `srcs`, `baseline`, `disable`, `warnings_as_errors`, `lhc`, and the
    common test attributes (`size` defaults to "small": lint takes well under a second).
    """
    _lhc_lint_test(name = name, size = size, **kwargs)
