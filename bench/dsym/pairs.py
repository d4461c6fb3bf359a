#!/usr/bin/env python3
"""Usage: pairs.py N NAME=SHELL-COMMAND ...: runs the commands interleaved N times (order alternating per round),
prints median wall/CPU per command and, for each command after the first, the median of its paired CPU
difference to the first and how many rounds it was cheaper."""
import os, statistics, subprocess, sys, time
n=int(sys.argv[1]); cmds=[a.split("=",1) for a in sys.argv[2:]]
res={k:[] for k,_ in cmds}
for r in range(n):
    order=cmds if r%2==0 else cmds[::-1]
    for name,cmd in order:
        t0=time.monotonic(); p=subprocess.Popen(["/bin/sh","-c","exec "+cmd]); _,st,ru=os.wait4(p.pid,0)
        if os.waitstatus_to_exitcode(st) not in (0,1): sys.exit(f"{name} failed")
        res[name].append((time.monotonic()-t0, ru.ru_utime+ru.ru_stime, ru.ru_maxrss/1024))
base=cmds[0][0]
for name,_ in cmds:
    w=[x[0] for x in res[name]]; c=[x[1] for x in res[name]]
    line=f"{name:24s} wall {statistics.median(w):.3f}  cpu {statistics.median(c):.3f}  rss {statistics.median(x[2] for x in res[name]):.0f}"
    if name!=base:
        d=[a[1]-b[1] for a,b in zip(res[name],res[base])]; dw=[a[0]-b[0] for a,b in zip(res[name],res[base])]
        line+=f"   paired cpu diff median {statistics.median(d)*1000:+.0f} ms ({100*statistics.median(d)/statistics.median(x[1] for x in res[base]):+.1f}%), cheaper in {sum(x<0 for x in d)}/{n}; wall diff {statistics.median(dw)*1000:+.0f} ms"
    print(line)
