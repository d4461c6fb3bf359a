#!/usr/bin/env python3
"""Writes the seed inputs of ArchivesFuzzTest (run once from the repository root; not needed by tests).

Each seed is a small archive of the kinds `--dsym` accepts (zip stored/deflated, tar, tar.gz) holding a
real Mach-O (testdata/macho/stripped/libCrashKitUtil.dylib, 17 KB, made by testdata/macho's script) and
a text member. Timestamps are fixed so the bytes are reproducible.
"""
import gzip
import hashlib
import io
import os
import tarfile
import zipfile

ROOT = os.getcwd()
OUT = os.path.join(ROOT, "debuginfo/src/test/resources/dev/crashkit/symbolicate/fuzz/ArchivesFuzzTestInputs")
MACHO = os.path.join(ROOT, "testdata/macho/stripped/libCrashKitUtil.dylib")
TEXT = b"not a debug file\n"
DATE = (2026, 1, 1, 0, 0, 0)


def zip_bytes(method):
    b = io.BytesIO()
    with zipfile.ZipFile(b, "w", method) as z:
        for name, data in (("Payload/libCrashKitUtil.dylib", macho), ("README.txt", TEXT)):
            info = zipfile.ZipInfo(name, DATE)
            info.compress_type = method
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    return b.getvalue()


def tar_bytes():
    b = io.BytesIO()
    with tarfile.open(fileobj=b, mode="w", format=tarfile.USTAR_FORMAT) as t:
        for name, data in (("dSYMs/libCrashKitUtil.dylib", macho), ("README.txt", TEXT)):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mtime = 1767225600
            info.mode = 0o644
            t.addfile(info, io.BytesIO(data))
    return b.getvalue()


def put(method, data):
    d = os.path.join(OUT, method, "seeds")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()[:16]), "wb") as f:
        f.write(data)


with open(MACHO, "rb") as f:
    macho = f.read()
tar = tar_bytes()
seeds = [zip_bytes(zipfile.ZIP_STORED), zip_bytes(zipfile.ZIP_DEFLATED), tar,
         gzip.compress(tar, mtime=0)]
for s in seeds:
    put("index", s)
print(len(seeds), "seeds,", sum(len(s) for s in seeds), "bytes")
