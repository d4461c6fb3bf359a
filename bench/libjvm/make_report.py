#!/usr/bin/env python3
"""Writes the libjvm.so benchmark's report and address list (see inputs.sh). Fixed seed.
Usage: make_report.py OUT LIBJVM BUILD_ID; reads OUT/nm.txt (llvm-nm -S), OUT/text.s (llvm-objdump -d),
OUT/segments.txt (readelf -lW)."""
import bisect
import json
import os
import random
import re
import sys

out, lib, build_id = sys.argv[1], sys.argv[2], sys.argv[3]
THREADS, FRAMES = 30, 100
LOAD = 0x7f3a1c000000  # where the lowest PT_LOAD (vaddr 0) is mapped: load address = slide

fns = {}
with open(os.path.join(out, "nm.txt")) as f:
    for line in f:
        p = line.split()
        if len(p) == 4 and p[2] in "tTwW" and int(p[1], 16) > 0:
            fns.setdefault(int(p[0], 16), int(p[1], 16))
starts = sorted(fns)

# Instruction starts and the instructions right after a call, per function (by address).
insn = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)")
addrs, calls = [], set()
prev_call = False
with open(os.path.join(out, "text.s")) as f:
    for line in f:
        m = insn.match(line)
        if not m:
            continue
        a = int(m.group(1), 16)
        addrs.append(a)
        if prev_call:
            calls.add(a)
        prev_call = m.group(2).startswith("call")
addrs.sort()


def instructions(start, size):
    lo, hi = bisect.bisect_left(addrs, start), bisect.bisect_left(addrs, start + size)
    return addrs[lo:hi]


rng = random.Random(20261126)
threads, lookups = [], []
for t in range(THREADS):
    frames = []
    while len(frames) < FRAMES:
        start = rng.choice(starts)
        ins = instructions(start, fns[start])
        if not frames:
            if ins:
                a = rng.choice(ins)
                frames.append(a)
                lookups.append(a)
        else:
            rets = [a for a in ins if a in calls]
            if rets:
                a = rng.choice(rets)
                frames.append(a)
                lookups.append(a - 1)
    threads.append({"id": 1000 + t, "name": f"thread {t}", "crashed": t == 0,
                    "frames": [hex(LOAD + a) for a in frames]})

loads = [line.split() for line in open(os.path.join(out, "segments.txt")) if line.strip().startswith("LOAD")]
end = max(int(p[2], 16) + int(p[5], 16) for p in loads)
report = {"schema": "crashreport/1",
          "process": {"name": "java", "pid": 4242, "arch": "x86_64", "os": "Linux 6.1.0"},
          "crash": {"reason": "SIGSEGV", "thread": 1000},
          "images": [{"name": "libjvm.so", "path": lib, "build_id": build_id, "arch": "x86_64",
                      "load_address": hex(LOAD), "slide": hex(LOAD), "size": hex(end)}],
          "threads": threads}
with open(os.path.join(out, "report.json"), "w") as f:
    json.dump(report, f, indent=1)
with open(os.path.join(out, "addrs.txt"), "w") as f:
    f.write("".join(hex(a) + "\n" for a in lookups))
print(f"{len(lookups)} addresses in {len(set(lookups))} distinct, {len(fns)} functions, {len(calls)} call sites")
