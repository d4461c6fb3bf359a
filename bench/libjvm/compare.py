#!/usr/bin/env python3
"""Compares our symbolicated/1 JSON with llvm-symbolizer's JSON lines for the same lookups, frame chain by
frame chain (innermost first): function names, file:line:column, inline depth. Prints agreement rates and the
first differences. Usage: compare.py OURS.json LLVM.json [SHOW]"""
import json
import sys
from collections import Counter

ours = json.load(open(sys.argv[1]))
llvm = [json.loads(line) for line in open(sys.argv[2]) if line.strip()]
show = int(sys.argv[3]) if len(sys.argv) > 3 else 10
chains = []
for t in ours["threads"]:
    by_index = {}
    for f in t["frames"]:
        by_index.setdefault(f["index"], []).append(f)
    chains += [by_index[i] for i in sorted(by_index)]
assert len(chains) == len(llvm), (len(chains), len(llvm))

def key(name, file, line, col):
    return (name or "??", file or "??", line or 0, col or 0)

stats = Counter()
shown = 0
for ours_chain, l in zip(chains, llvm):
    a = [key(f.get("symbol"), f.get("file"), f.get("line"), f.get("column")) for f in ours_chain]
    b = [key(s["FunctionName"], s["FileName"], s["Line"], s["Column"]) for s in l["Symbol"]]
    stats["addresses"] += 1
    stats["frames llvm"] += len(b)
    stats["frames ours"] += len(a)
    same_depth = len(a) == len(b)
    stats["same inline depth"] += same_depth
    stats["same chain (all fields)"] += a == b
    stats["same innermost file:line:col"] += a[0][1:] == b[0][1:]
    stats["same outermost name"] += a[-1][0] == b[-1][0]
    if same_depth:
        stats["same names in chain"] += [x[0] for x in a] == [x[0] for x in b]
        stats["same file:line in chain"] += [x[1:3] for x in a] == [x[1:3] for x in b]
    if a != b and shown < show:
        shown += 1
        print(f"{l['Address']}:\n  ours: {a}\n  llvm: {b}")
n = stats["addresses"]
for k, v in stats.items():
    print(f"{k:32s} {v:6d}" + (f"  {100.0 * v / n:6.2f}%" if k.startswith("same") else ""))
