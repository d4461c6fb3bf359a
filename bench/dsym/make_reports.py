#!/usr/bin/env python3
"""Writes the reports and address lists of the dSYM benchmarks (see inputs.sh). Fixed seeds."""
import json
import os
import random
import shutil
import struct
import sys

out, uuid = sys.argv[1], sys.argv[2]
syms = []
with open(os.path.join(out, "nm.txt")) as f:
    for line in f:
        parts = line.split()
        if len(parts) == 3:
            syms.append((int(parts[0], 16), parts[2]))
fns = []
for i, (addr, name) in enumerate(syms):
    if name.startswith("_fn_") and i + 1 < len(syms):
        fns.append((addr, syms[i + 1][0]))
BASE = 0x100000000
# The image's size in the reports: the text of the clang-19 build fits in 0x688000 (kept so that its
# reports stay byte-identical); a bigger build gets its last function's end, rounded up to a page.
SIZE = max(0x688000, (max(end for _, end in fns) - BASE + 0x3fff) & ~0x3fff)


def frames(rng, n):
    """n frames: the first an exact pc, the rest return addresses (looked up at address - 1)."""
    out_frames, lookups = [], []
    for k in range(n):
        start, end = rng.choice(fns)
        words = (end - start) // 4
        if k == 0:
            a = start + 4 * rng.randrange(words)
            lookups.append(a)
        else:
            a = start + 4 * rng.randrange(1, words + 1)
            lookups.append(a - 1)
        out_frames.append(a)
    return out_frames, lookups


def report(uuid_, threads, loads):
    return {"schema": "crashreport/1",
            "process": {"name": "Big", "pid": 1, "arch": "arm64", "os": "macOS 14.0"},
            "images": [{"name": f"Big{i:02d}" if len(loads) > 1 else "Big", "uuid": u, "arch": "arm64",
                        "load_address": hex(load), "size": hex(SIZE)} for i, (u, load) in enumerate(zip(uuid_, loads))],
            "threads": threads}


rng = random.Random(20261123)
threads, lookups = [], []
for t in range(10):
    fr, lk = frames(rng, 1000)
    threads.append({"id": t + 1, "name": f"worker {t}", "crashed": t == 0, "frames": [hex(a) for a in fr]})
    lookups += lk
with open(os.path.join(out, "report.json"), "w") as f:
    json.dump(report([uuid], threads, [BASE]), f)
with open(os.path.join(out, "addrs.txt"), "w") as f:
    f.write("".join(hex(a) + "\n" for a in lookups))

# Batch: 20 copies of the dSYM whose LC_UUID differs in its last byte; 1,000 reports x 100 frames
# (4 threads x 25), every frame in a random one of the 20 images (each loaded at its own address).
batch = os.path.join(out, "batch")
shutil.rmtree(batch, ignore_errors=True)
os.makedirs(os.path.join(batch, "dsyms"))
os.makedirs(os.path.join(batch, "reports"))
src = os.path.join(out, "Big.dSYM", "Contents", "Resources", "DWARF", "Big")
data = bytearray(open(src, "rb").read())
raw = bytes.fromhex(uuid.replace("-", ""))
at = data.find(raw)
assert at > 0 and data.find(raw, at + 1) < 0
uuids = []
for i in range(20):
    data[at + 15] = i
    u = data[at:at + 16].hex().upper()
    uuids.append(f"{u[0:8]}-{u[8:12]}-{u[12:16]}-{u[16:20]}-{u[20:]}")
    d = os.path.join(batch, "dsyms", f"Big{i:02d}.dSYM", "Contents", "Resources", "DWARF")
    os.makedirs(d)
    with open(os.path.join(d, f"Big{i:02d}"), "wb") as f:
        f.write(data)
    shutil.copy(os.path.join(out, "Big.dSYM", "Contents", "Info.plist"), os.path.join(batch, "dsyms", f"Big{i:02d}.dSYM", "Contents"))
loads = [BASE + i * 0x1000000 for i in range(20)]
per_image = [[] for _ in range(20)]
rng = random.Random(20261124)
for r in range(1000):
    threads = []
    for t in range(4):
        fr, lk = frames(rng, 25)
        imgs = [rng.randrange(20) for _ in fr]
        threads.append({"id": t + 1, "crashed": t == 0,
                        "frames": [hex(a - BASE + loads[i]) for a, i in zip(fr, imgs)]})
        for a, i in zip(lk, imgs):
            per_image[i].append(a)
    with open(os.path.join(batch, "reports", f"r{r:04d}.json"), "w") as f:
        json.dump(report(uuids, threads, loads), f)
for i in range(20):
    with open(os.path.join(batch, f"addrs-{i:02d}.txt"), "w") as f:
        f.write("".join(hex(a) + "\n" for a in per_image[i]))

# Batch into one image (issue 32 goal 2, the CI case): 1,000 reports x 100 frames (4 threads x 25),
# every frame in Big itself; addrs.txt holds all 100,000 lookup addresses, in report order, for one
# llvm-symbolizer process.
batch1 = os.path.join(out, "batch1")
shutil.rmtree(batch1, ignore_errors=True)
os.makedirs(os.path.join(batch1, "reports"))
rng = random.Random(20261129)
all_lookups = []
for r in range(1000):
    threads = []
    for t in range(4):
        fr, lk = frames(rng, 25)
        threads.append({"id": t + 1, "crashed": t == 0, "frames": [hex(a) for a in fr]})
        all_lookups += lk
    with open(os.path.join(batch1, "reports", f"r{r:04d}.json"), "w") as f:
        json.dump(report([uuid], threads, [BASE]), f)
with open(os.path.join(batch1, "addrs.txt"), "w") as f:
    f.write("".join(hex(a) + "\n" for a in all_lookups))

# A typical small report (issue 32 goal 1): 30 threads x 30 frames over 3 images (the first three
# batch copies, Big00-Big02), every frame in a random one of them; lookups.txt holds "DWARF ADDRESS"
# lines, in report order, for one llvm-symbolizer process without --obj.
small = os.path.join(out, "small")
shutil.rmtree(small, ignore_errors=True)
os.makedirs(small)
rng = random.Random(20261130)
threads, lines = [], []
for t in range(30):
    fr, lk = frames(rng, 30)
    imgs = [rng.randrange(3) for _ in fr]
    threads.append({"id": t + 1, "name": f"thread {t}", "crashed": t == 0,
                    "frames": [hex(a - BASE + loads[i]) for a, i in zip(fr, imgs)]})
    for a, i in zip(lk, imgs):
        lines.append(f"{batch}/dsyms/Big{i:02d}.dSYM/Contents/Resources/DWARF/Big{i:02d} {hex(a)}\n")
with open(os.path.join(small, "report.json"), "w") as f:
    json.dump(report(uuids[:3], threads, loads[:3]), f)
with open(os.path.join(small, "lookups.txt"), "w") as f:
    f.write("".join(lines))
