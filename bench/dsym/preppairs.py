#!/usr/bin/env python3
"""Usage: preppairs.py N NAME=[PREP;;]SHELL-COMMAND ...: as quietpairs.py (commands interleaved N times, the
order reversed every other round; paired medians against the first command, or
"new X" against "base X"), with an untimed PREP before each
run (as sidebyside.py: moving the previous output aside, `sync`), and the load average (`/proc/loadavg`, 1 min)
printed per round."""
import os, statistics, subprocess, sys, time
n = int(sys.argv[1])
cmds = []
for a in sys.argv[2:]:
    name, cmd = a.split("=", 1)
    prep, _, cmd = cmd.rpartition(";;")
    cmds.append((name, prep, cmd))
rounds = []
for r in range(n):
    order = cmds if r % 2 == 0 else cmds[::-1]
    row = {}
    for name, prep, cmd in order:
        if prep:
            subprocess.run(prep, shell=True, check=True)
        t0 = time.monotonic()
        p = subprocess.Popen(["/bin/sh", "-c", "exec " + cmd])
        _, st, ru = os.wait4(p.pid, 0)
        t1 = time.monotonic()
        if os.waitstatus_to_exitcode(st) not in (0, 1):
            sys.exit(f"{name} failed: {cmd}")
        row[name] = (t1 - t0, ru.ru_utime + ru.ru_stime)
    load = open("/proc/loadavg").read().split()[0]
    print(f"round {r + 1}: load {load}  " + "  ".join(f"{k} {v[0]:.2f}/{v[1]:.2f}" for k, v in row.items()), flush=True)
    rounds.append(row)
base = cmds[0][0]
print(f"{len(rounds)} rounds (wall/cpu s, medians; paired against {base} or new against base)")
for name, _, _ in cmds:
    w = [x[name][0] for x in rounds]
    c = [x[name][1] for x in rounds]
    line = f"  {name:22s} wall {statistics.median(w):.3f}  cpu {statistics.median(c):.3f}"
    # "new X" is paired with "base X" when there is one, every other row with the first.
    ref = "base " + name[4:] if name.startswith("new ") and "base " + name[4:] in rounds[0] else base
    if name != ref:
        dw = [x[name][0] - x[ref][0] for x in rounds]
        dc = [x[name][1] - x[ref][1] for x in rounds]
        line += (f"   against {ref}: wall {statistics.median(dw) * 1000:+.0f} ms (faster in {sum(d < 0 for d in dw)}/{len(rounds)}),"
                 f" cpu {statistics.median(dc) * 1000:+.0f} ms (cheaper in {sum(d < 0 for d in dc)}/{len(rounds)})")
    print(line)
