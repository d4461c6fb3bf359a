#!/usr/bin/env python3
"""Minidumps walked and symbolicated: crashkit's command line next to Breakpad's minidump_stackwalk, in one run.

usage: sidebyside.py MINIDUMP_STACKWALK DUMP_SYMS [ROUNDS] [COPIES]   (from the repository root, after
       `mvn -B -q -DskipTests package`; the two Breakpad tools are in the npm package minidump 0.26.0,
       package/bin/linux-x64/)

Workload 1 (fixed costs): one dump, testdata/minidump/crashy.dmp and crashy-abort.dmp in turn, each tool run
ROUNDS times alternately: `minidump_stackwalk -m DUMP SYMS` (symbols: dump_syms of testdata/minidump/crashy,
stored as crashy/ID/crashy.sym) against `java -jar symbolicate/target/symbolicate.jar DUMP --dsym
testdata/minidump/crashy --format json --no-cache` (the binary itself: CFI and DWARF).
Workload 2 (throughput): COPIES copies of both dumps; minidump_stackwalk once per dump (it has no batch mode)
against one `symbolicate batch` over the folder (--no-cache, --format json).
Prints the median wall time of each and dumps per second; `uptime` before and after.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

STACKWALK, DUMP_SYMS = sys.argv[1], sys.argv[2]
ROUNDS = int(sys.argv[3]) if len(sys.argv) > 3 else 10
COPIES = int(sys.argv[4]) if len(sys.argv) > 4 else 100
DUMPS = ["testdata/minidump/crashy.dmp", "testdata/minidump/crashy-abort.dmp"]
BINARY = "testdata/minidump/crashy"
JAR = "symbolicate/target/symbolicate.jar"


def run(cmd):
    t = time.perf_counter()
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if r.returncode not in (0, 1):
        sys.exit("failed (%d): %s" % (r.returncode, " ".join(cmd)))
    return time.perf_counter() - t


def main():
    print(subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    work = tempfile.mkdtemp()
    try:
        sym = subprocess.run([DUMP_SYMS, BINARY], capture_output=True, text=True, check=True).stdout
        ident = sym.split("\n", 1)[0].split()[3]
        os.makedirs(os.path.join(work, "syms", "crashy", ident))
        with open(os.path.join(work, "syms", "crashy", ident, "crashy.sym"), "w") as f:
            f.write(sym)
        syms = os.path.join(work, "syms")
        bp, ck = [], []
        for i in range(ROUNDS):
            dump = DUMPS[i % 2]
            bp.append(run([STACKWALK, "-m", dump, syms]))
            ck.append(run(["java", "-jar", JAR, dump, "--dsym", BINARY, "--format", "json", "--no-cache"]))
        print("one dump, median of %d: minidump_stackwalk %.3f s, crashkit %.3f s (%.2fx)"
              % (ROUNDS, statistics.median(bp), statistics.median(ck), statistics.median(ck) / statistics.median(bp)))
        folder = os.path.join(work, "dumps")
        os.makedirs(folder)
        for c in range(COPIES):
            for d in DUMPS:
                shutil.copy(d, os.path.join(folder, "%d-%s" % (c, os.path.basename(d))))
        names = sorted(os.listdir(folder))
        t = time.perf_counter()
        for n in names:
            subprocess.run([STACKWALK, "-m", os.path.join(folder, n), syms], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        bp_all = time.perf_counter() - t
        out = os.path.join(work, "out")
        ck_all = run(["java", "-jar", JAR, "batch", folder, "--dsym", BINARY, "--format", "json", "--no-cache",
                      "--out", out])
        print("%d dumps: minidump_stackwalk %.2f s (%.0f dumps/s), crashkit batch %.2f s (%.0f dumps/s)"
              % (len(names), bp_all, len(names) / bp_all, ck_all, len(names) / ck_all))
    finally:
        shutil.rmtree(work)
    print(subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())


main()
