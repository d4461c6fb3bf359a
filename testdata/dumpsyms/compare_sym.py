#!/usr/bin/env python3
"""Compares two Breakpad symbol files record by record (Breakpad's dump_syms output first, ours second).

Prints, per record kind, how many of Breakpad's records ours has exactly (FUNC: address, size, name; line
records: address, size, line, file name; PUBLIC: address, name; STACK CFI: the rules at each address of each
FDE; FILE: the names), and with -v the first differences. Exit status 0 always: this reports, it does not judge.
"""
import sys
from collections import Counter


def parse(path):
    recs = {k: Counter() for k in ("MODULE", "INFO", "FILE", "FUNC", "LINE", "PUBLIC", "CFI", "INLINE_ORIGIN", "INLINE")}
    files = {}
    func = None
    cfi_init = None
    with open(path, encoding="utf-8", errors="replace") as f:
        for raw in f:
            line = raw.rstrip("\n")
            if line.startswith("MODULE ") or line.startswith("INFO "):
                recs[line.split(" ")[0]][line] += 1
            elif line.startswith("FILE "):
                _, num, name = line.split(" ", 2)
                files[num] = name
                recs["FILE"][name] += 1
            elif line.startswith("FUNC "):
                parts = line.split(" ", 5) if line.startswith("FUNC m ") else line.split(" ", 4)
                if parts[1] == "m":
                    parts = ["FUNC"] + parts[2:]
                func = parts[1]
                recs["FUNC"][(int(parts[1], 16), int(parts[2], 16), parts[4])] += 1
            elif line.startswith("PUBLIC "):
                parts = line.split(" ", 3)
                if parts[1] == "m":
                    parts = line.split(" ", 4)[1:]
                    parts[0] = "PUBLIC"
                recs["PUBLIC"][(int(parts[1], 16), parts[3])] += 1
            elif line.startswith("STACK CFI INIT "):
                parts = line.split(" ", 5)
                cfi_init = int(parts[3], 16)
                recs["CFI"][("INIT", cfi_init, int(parts[4], 16), parts[5])] += 1
            elif line.startswith("STACK CFI "):
                parts = line.split(" ", 3)
                recs["CFI"][(cfi_init, int(parts[2], 16), parts[3])] += 1
            elif line.startswith("INLINE_ORIGIN "):
                recs["INLINE_ORIGIN"][line.split(" ", 2)[2]] += 1
            elif line.startswith("INLINE "):
                recs["INLINE"][(func, line)] += 1
            elif line and line[0] in "0123456789abcdef":
                a, s, ln, fn = line.split(" ")
                recs["LINE"][(int(a, 16), int(s, 16), int(ln), fn)] += 1
    # Line records name their file by number: compare file names.
    recs["LINE"] = Counter({(a, s, ln, files.get(fn, fn)): n for (a, s, ln, fn), n in recs["LINE"].items()})
    return recs


def main():
    verbose = "-v" in sys.argv
    args = [a for a in sys.argv[1:] if a != "-v"]
    theirs, ours = parse(args[0]), parse(args[1])
    for kind in ("MODULE", "INFO", "FILE", "FUNC", "LINE", "PUBLIC", "CFI", "INLINE_ORIGIN", "INLINE"):
        t, o = theirs[kind], ours[kind]
        total = sum(t.values())
        if total == 0 and sum(o.values()) == 0:
            continue
        same = sum((t & o).values())
        extra = sum((o - t).values())
        pct = 100.0 * same / total if total else 0.0
        print(f"{kind}: {same}/{total} of Breakpad's records equal ({pct:.2f}%), {extra} only in ours")
        if verbose:
            for r in list((t - o).elements())[:8]:
                print(f"  only Breakpad: {r}")
            for r in list((o - t).elements())[:8]:
                print(f"  only ours:     {r}")


if __name__ == "__main__":
    main()
