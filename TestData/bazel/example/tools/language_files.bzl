"""A consumer of LhcStringsInfo: the files of one language of an lhc_strings target."""

load("@lhc//bazel:defs.bzl", "LhcStringsInfo")

def _language_files_impl(ctx):
    info = ctx.attr.strings[LhcStringsInfo]
    return [DefaultInfo(files = depset(info.files_by_language[ctx.attr.language]))]

language_files = rule(
    implementation = _language_files_impl,
    attrs = {
        "strings": attr.label(providers = [LhcStringsInfo], mandatory = True),
        "language": attr.string(mandatory = True),
    },
)
