#!/usr/bin/env python3
"""Writes MetricKit payloads whose frames point into the committed testdata/macho binaries, and the answers
llvm-symbolizer gives for every frame.

Outputs (next to this script):
  app-payload.json       an MXDiagnosticPayload: crashDiagnostics[0] (per-thread, two threads),
                         hangDiagnostics[0] (a per-thread tree that branches), cpuExceptionDiagnostics[0]
                         (an aggregated tree, callStackPerThread false)
  app-payloads.json      a JSON array of two payloads: the one above and one diskWriteExceptionDiagnostics[0]
  app.expected.tsv       per distinct (address, lookup): llvm-symbolizer-19 --inlining on the dSYM, one row per
                         entry, innermost first

Frame addresses are runtime addresses: image load address + offsetIntoBinaryTextSegment, where the offset is
the function's address from llvm-nm-19 minus the image's __TEXT start (its Mach-O header symbol). A call
stack's root frame is where the thread was (looked up at its address, "pc"); every frame below it is a
return address, looked up one byte earlier ("return"), as the symbolicator does. UUIDs come from
llvm-dwarfdump-19 --uuid. Nothing here comes from our Java code.

Run: python3 testdata/reports/metrickit/make_metrickit.py   (needs llvm-19: llvm-nm, llvm-dwarfdump, llvm-symbolizer)
"""
import json
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
MACHO = os.path.normpath(os.path.join(HERE, "..", "..", "macho"))

# name -> (binary, dSYM DWARF file, runtime load address)
IMAGES = {
    "App": ("App-arm64", "App-arm64.dSYM/Contents/Resources/DWARF/App-arm64", 0x104A58000),
    "libCrashKitUtil.dylib": ("libCrashKitUtil.dylib",
                              "libCrashKitUtil.dylib.dSYM/Contents/Resources/DWARF/libCrashKitUtil.dylib",
                              0x1058F0000),
}


def run(*args):
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def uuid(image):
    out = run("llvm-dwarfdump-19", "--uuid", os.path.join(MACHO, IMAGES[image][1]))
    return out.split()[1]


def symbols(image):
    """Symbol name (leading underscore removed) -> link-time address, from the binary's symbol table."""
    table = {}
    for line in run("llvm-nm-19", "-n", os.path.join(MACHO, IMAGES[image][0])).splitlines():
        parts = line.split(None, 2)
        if len(parts) == 3:
            table[parts[2][1:] if parts[2].startswith("_") else parts[2]] = int(parts[0], 16)
    return table


SYMS = {name: symbols(name) for name in IMAGES}
UUIDS = {name: uuid(name) for name in IMAGES}
TEXT = {"App": SYMS["App"]["_mh_execute_header"], "libCrashKitUtil.dylib": 0}


def frame(image, symbol, delta, samples=1, subs=()):
    offset = SYMS[image][symbol] + delta - TEXT[image]
    node = {"binaryUUID": UUIDS[image], "offsetIntoBinaryTextSegment": offset, "sampleCount": samples,
            "binaryName": image, "address": IMAGES[image][2] + offset}
    if subs:
        node["subFrames"] = list(subs)
    return node


def chain(*frames):
    """Nests frames: each one's caller is the next."""
    node = None
    for image, symbol, delta in reversed(frames):
        node = frame(image, symbol, delta, 1, [node] if node else ())
    return node


META = {"appBuildVersion": "7", "appVersion": "1.2.3", "osVersion": "iPhone OS 17.5.1 (21F90)",
        "deviceType": "iPhone15,2", "platformArchitecture": "arm64", "regionFormat": "US",
        "bundleIdentifier": "dev.crashkit.App"}

crash = {
    "version": "1.0.0",
    "callStackTree": {"callStackPerThread": True, "callStacks": [
        {"threadAttributed": True, "callStackRootFrames": [chain(
            ("App", "ck_crash_null", 8), ("App", "ck_dispatch", 0x40), ("App", "main", 0x30))]},
        {"threadAttributed": False, "callStackRootFrames": [chain(
            ("App", "cpp_entry", 0x18), ("App", "objc_entry", 0x10),
            ("libCrashKitUtil.dylib", "ck_lib_compute", 0x10))]},
    ]},
    "diagnosticMetaData": dict(META, exceptionType=1, exceptionCode=0, signal=11,
                               terminationReason="Namespace SIGNAL, Code 11 Segmentation fault: 11",
                               virtualMemoryRegionInfo="0 is not in any region.",
                               exceptionReason={"composedMessage": "*** -[NSArray objectAtIndex:]: index 3 beyond bounds",
                                                "exceptionName": "NSRangeException", "className": "NSArray",
                                                "formatString": "*** -[NSArray objectAtIndex:]: index %lu beyond bounds",
                                                "arguments": ["3"], "exceptionType": "NSRangeException"}),
}

hang = {
    "version": "1.0.0",
    "callStackTree": {"callStackPerThread": True, "callStacks": [
        {"threadAttributed": True, "callStackRootFrames": [
            frame("App", "ck_static_helper", 4, 5, [
                frame("App", "ck_aligned_worker", 0x20, 2),
                frame("App", "main", 0x40, 3, [frame("libCrashKitUtil.dylib", "ck_lib_checksum", 0x10, 3)])])]}]},
    "diagnosticMetaData": dict(META, hangDuration="2.5 sec"),
}

cpu = {
    "version": "1.0.0",
    "callStackTree": {"callStackPerThread": False, "callStacks": [
        {"threadAttributed": True, "callStackRootFrames": [
            frame("libCrashKitUtil.dylib", "ck_lib_mix", 4, 4, [frame("App", "cpp_entry", 0x20, 4)]),
            frame("libCrashKitUtil.dylib", "ck_lib_checksum", 8, 10, [
                frame("App", "ck_tail", 0x10, 7), frame("App", "main", 0x10, 3)]),
        ]}]},
    "diagnosticMetaData": dict(META, totalCPUTime="90 sec", totalSampledTime="180 sec"),
}

disk = {
    "version": "1.0.0",
    "callStackTree": {"callStackPerThread": False, "callStacks": [
        {"threadAttributed": False, "callStackRootFrames": [
            frame("App", "ck_fatal", 0xc, 12, [frame("App", "main", 0x20, 12)])]}]},
    "diagnosticMetaData": dict(META, writesCaused="2,049 MB"),
}

payload = {"timeStampBegin": "2026-11-28 00:00:00 +0000", "timeStampEnd": "2026-11-28 23:59:00 +0000",
           "crashDiagnostics": [crash], "hangDiagnostics": [hang], "cpuExceptionDiagnostics": [cpu]}
second = {"timeStampBegin": "2026-11-29 00:00:00 +0000", "timeStampEnd": "2026-11-29 23:59:00 +0000",
          "diskWriteExceptionDiagnostics": [disk]}


def walk(node, root, found):
    found.add((node["binaryName"], node["address"], "pc" if root else "return"))
    for sub in node.get("subFrames", []):
        walk(sub, False, found)


def lookups(payloads):
    found = set()
    for p in payloads:
        for key, diagnostics in p.items():
            if key.endswith("Diagnostics"):
                for d in diagnostics:
                    for stack in d["callStackTree"]["callStacks"]:
                        for root in stack["callStackRootFrames"]:
                            walk(root, True, found)
    return sorted(found, key=lambda f: (f[1], f[2]))


def symbolize(image, address, lookup):
    link = address - IMAGES[image][2] + TEXT[image] - (1 if lookup == "return" else 0)
    out = run("llvm-symbolizer-19", "--obj=" + os.path.join(MACHO, IMAGES[image][1]), "--inlining", hex(link))
    lines = [l for l in out.splitlines() if l]
    rows = []
    for depth in range(0, len(lines), 2):
        file, line, _column = lines[depth + 1].rsplit(":", 2)
        rows.append((depth // 2, lines[depth], file, line))
    return rows


def main():
    with open(os.path.join(HERE, "app-payload.json"), "w") as f:
        json.dump(payload, f, indent=2)
        f.write("\n")
    with open(os.path.join(HERE, "app-payloads.json"), "w") as f:
        json.dump([payload, second], f, indent=2)
        f.write("\n")
    with open(os.path.join(HERE, "app.expected.tsv"), "w") as f:
        f.write("# made by make_metrickit.py from llvm-symbolizer-19 --inlining on testdata/macho dSYMs\n")
        f.write("# address\tlookup\tdepth\tfunction\tfile\tline\n")
        for image, address, lookup in lookups([payload, second]):
            for depth, function, file, line in symbolize(image, address, lookup):
                f.write(f"0x{address:x}\t{lookup}\t{depth}\t{function}\t{file}\t{line}\n")


if __name__ == "__main__":
    main()
