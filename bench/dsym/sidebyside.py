#!/usr/bin/env python3
"""Runs named commands interleaved RUNS times and prints, per command, the median wall time, the
median CPU time (user+sys of the process and its children) and the median peak RSS, from wait4().
Usage: sidebyside.py RUNS NAME=SHELL-COMMAND ...  A command may call `prepare:` scripts by
writing NAME=prep1;;cmd: the part before ';;' runs untimed before each run (clearing a cache); and
NAME=cmd@@after: the part after '@@' runs untimed after each run (waiting for a background run the
command left, whose CPU is not the command's: wait4 counts only the process and its waited children)."""
import os
import resource
import statistics
import subprocess
import sys
import time

runs = int(sys.argv[1])
cmds = []
for arg in sys.argv[2:]:
    name, cmd = arg.split("=", 1)
    prep, _, cmd = cmd.rpartition(";;")
    cmd, _, after = cmd.partition("@@")
    cmds.append((name, prep, cmd, after))
results = {name: [] for name, _, _, _ in cmds}
for r in range(runs):
    for name, prep, cmd, after in cmds:
        if prep:
            subprocess.run(prep, shell=True, check=True)
        t0 = time.monotonic()
        p = subprocess.Popen(["/bin/sh", "-c", "exec " + cmd])
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.monotonic() - t0
        if os.waitstatus_to_exitcode(status) not in (0, 1):
            sys.exit(f"{name} failed with {os.waitstatus_to_exitcode(status)}: {cmd}")
        results[name].append((wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024))
        if after:
            subprocess.run(after, shell=True, check=True)
base = None
print(f"{'command':28s} {'wall s (median)':>16s} {'cpu s':>8s} {'peak RSS MB':>12s}  runs (wall)")
for name, _, _, _ in cmds:
    w = statistics.median(x[0] for x in results[name])
    c = statistics.median(x[1] for x in results[name])
    m = statistics.median(x[2] for x in results[name])
    if base is None:
        base = (w, c, m)
    print(f"{name:28s} {w:16.3f} {c:8.3f} {m:12.0f}  {' '.join(f'{x[0]:.2f}' for x in results[name])}"
          f"   ratio wall {w / base[0]:.2f}, cpu {c / base[1]:.2f}, rss {m / base[2]:.2f}")
