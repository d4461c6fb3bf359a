#!/usr/bin/env python3
"""Writes the seed inputs of UploadParsersFuzzTest (server/src/test/resources/.../UploadParsersFuzzTestInputs).

kscrash/: bodies as KSCrashReportSinkStandard builds them (KSHTTPMultipartPostBody.m, kstenerud/KSCrash 62039fc)
with the boundary UploadParsersFuzzTest.CONTENT_TYPE names, from KSCrash's example reports; a gzip part, a
string element, a cut-off body. assembleRequest/: the request sentry-cli 3.8.0 sends for
testdata/macho/App-arm64.dSYM in 4 KiB chunks (name, debug_id, chunks), and malformed ones.
Run from the repository root: python3 server/src/test/fuzz/make_upload_seeds.py
"""
import gzip
import hashlib
import json
import os

ROOT = os.getcwd()
OUT = os.path.join(ROOT, "server/src/test/resources/dev/crashkit/server/web/UploadParsersFuzzTestInputs")
BOUNDARY = "b0a7d1c2e3f4"
REPORTS = os.path.join(ROOT, "testdata/third-party/kscrash/example-reports")


def write(target, name, data):
    folder = os.path.join(OUT, target, "seeds")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def form(data, close=True):
    body = (f"--{BOUNDARY}\r\n"
            'Content-Disposition: form-data; name="reports"; filename="reports.json"\r\n'
            "Content-Type: application/json\r\n\r\n").encode() + data
    if close:
        body += f"\r\n--{BOUNDARY}--\r\n".encode()
    return body


def report(name):
    with open(os.path.join(REPORTS, name + ".json"), "rb") as f:
        return json.loads(f.read())


def compact(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


abort = report("Abort")
write("kscrash", "one-report", form(compact([abort])))
write("kscrash", "object-and-string", form(compact([report("NSException"), json.dumps(report("Zombie"))])))
write("kscrash", "gzip-part", form(gzip.compress(compact([abort]), mtime=0)))
write("kscrash", "cut-off", form(compact([abort]))[:300])
write("kscrash", "not-array", form(b'{"a": [1, {"b": null}]}'))

with open(os.path.join(ROOT, "testdata/macho/App-arm64.dSYM/Contents/Resources/DWARF/App-arm64"), "rb") as f:
    dwarf = f.read()
chunks = [hashlib.sha1(dwarf[i:i + 4096]).hexdigest() for i in range(0, len(dwarf), 4096)]
request = {hashlib.sha1(dwarf).hexdigest(): {"name": "App-arm64", "debug_id": "4c4c44f2-5555-3144-a157-e368f8fb0f1a",
                                              "chunks": chunks}}
write("assembleRequest", "sentry-cli", json.dumps(request, separators=(",", ":")).encode())
write("assembleRequest", "bad-chunk", b'{"' + b"a" * 40 + b'": {"name": "x", "chunks": ["zz", 1]}}')
write("assembleRequest", "array", b"[1, 2, 3]")
