#!/usr/bin/env python3
"""Usage: quietpairs.py N NAME=SHELL-COMMAND ...: as pairs.py (commands interleaved N times, order alternating per round), also measures CPU used by other processes during each run
(from /proc/stat) and reports medians over all rounds and over quiet rounds (others < 30 ms in every command of the round)."""
import os, statistics, subprocess, sys, time
def busy():
    f=open('/proc/stat').readline().split()[1:]
    v=list(map(int,f)); idle=v[3]+v[4]
    return (sum(v)-idle)/os.sysconf('SC_CLK_TCK')
n=int(sys.argv[1]); cmds=[a.split("=",1) for a in sys.argv[2:]]
rounds=[]
for r in range(n):
    order=cmds if r%2==0 else cmds[::-1]
    row={}
    for name,cmd in order:
        b0=busy(); t0=time.monotonic(); p=subprocess.Popen(["/bin/sh","-c","exec "+cmd]); _,st,ru=os.wait4(p.pid,0)
        t1=time.monotonic(); b1=busy()
        if os.waitstatus_to_exitcode(st) not in (0,1): sys.exit(f"{name} failed")
        cpu=ru.ru_utime+ru.ru_stime
        row[name]=(t1-t0, cpu, b1-b0-cpu)
    rounds.append(row)
def report(rs, label):
    if not rs: print(label, "no rounds"); return
    base=cmds[0][0]
    print(f"{label}: {len(rs)} rounds")
    for name,_ in cmds:
        w=[x[name][0] for x in rs]; c=[x[name][1] for x in rs]
        line=f"  {name:14s} wall {statistics.median(w):.3f} (min {min(w):.3f})  cpu {statistics.median(c):.3f}"
        if name!=base:
            dw=[x[name][0]-x[base][0] for x in rs]; dc=[x[name][1]-x[base][1] for x in rs]
            line+=f"   paired wall {statistics.median(dw)*1000:+.0f} ms (faster in {sum(d<0 for d in dw)}/{len(rs)}), cpu {statistics.median(dc)*1000:+.0f} ms (cheaper in {sum(d<0 for d in dc)}/{len(rs)})"
        print(line)
report(rounds,"all")
report([r for r in rounds if all(v[2]<0.03 for v in r.values())],"quiet (others < 30 ms)")
