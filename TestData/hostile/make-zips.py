"""Writes the hostile release zips into the folder given as argv[1], one file per case.

Run by Tests/LHCEndToEndTests/HostileInputTests.swift at test time (bombs and the 10,001-entry
zip are not checked in). Every entry has a fixed date, so the bytes are the same on every run.
"""
import os
import struct
import sys
import warnings
import zipfile

warnings.simplefilter("ignore")
out = sys.argv[1]
TABLE = ("de.lproj/Localizable.strings", b'"greeting" = "Hallo";\n')


def add(z, name, data=b"", mode=0o100644):
    info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = mode << 16
    z.writestr(info, data)


def add_zeros(z, name, megabytes):
    info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    with z.open(info, "w") as f:
        chunk = bytes(1 << 20)
        for _ in range(megabytes):
            f.write(chunk)


def make(case, *entries):
    path = os.path.join(out, case + ".zip")
    with zipfile.ZipFile(path, "w") as z:
        for entry in entries:
            entry(z) if callable(entry) else add(z, *entry)
    return path


def patch_declared_size(path, size):
    with open(path, "rb") as f:
        data = bytearray(f.read())
    struct.pack_into("<I", data, 22, size)
    end = data.rfind(b"PK\x05\x06")
    central = struct.unpack_from("<I", data, end + 16)[0]
    struct.pack_into("<I", data, central + 24, size)
    with open(path, "wb") as f:
        f.write(data)


make("ZipSlip", TABLE, ("de.lproj/../../evil.strings", b'"x" = "y";'))
make("AbsolutePath", TABLE, ("/tmp/evil.strings", b'"x" = "y";'))
make("Symlink", TABLE, ("de.lproj/InfoPlist.strings", b"/etc/passwd", 0o120777))
make("Bomb", lambda z: add_zeros(z, "de.lproj/Localizable.strings", 210))
patch_declared_size(make("LyingSize", lambda z: add_zeros(z, "de.lproj/Localizable.strings", 210)), 1000)
make("TooManyEntries", TABLE, lambda z: [add(z, "de.lproj/More/%05d.txt" % i) for i in range(10000)])
make("DuplicateEntry", TABLE, TABLE)
make("WrapperFolder", ("release/", b"", 0o40755), ("release/" + TABLE[0], TABLE[1]))
good = make("Good", TABLE)
with open(good, "rb") as f:
    data = f.read()
with open(os.path.join(out, "Truncated.zip"), "wb") as f:
    f.write(data[: len(data) // 2])
os.remove(good)
with open(os.path.join(out, "NotAZip.zip"), "wb") as f:
    f.write(b"<html>404 Not Found</html>\n")
open(os.path.join(out, "ZeroBytes.zip"), "wb").close()
