#!/usr/bin/env bash
# Where the time of one cold `symbolicate REPORT --dsym Big.dSYM --format json` goes, phase by phase
# (dev.crashkit.bench.CliPhases: wall and main-thread CPU per phase), median of RUNS fresh JVMs, each
# with an empty cache folder (set WARM=1 to keep one cache folder across runs), plus the whole
# process's CPU (user+sys) and peak RSS from /usr/bin/time. JAVA_OPTS are passed to the JVM.
# Needs bench-out/dsym (bench/dsym/inputs.sh) and bench/target/benchmarks.jar (mvn -B -q -Pbench package -DskipTests).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$root/bench-out/dsym"
runs=${RUNS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
uptime
for i in $(seq "$runs"); do
    [ -n "${WARM:-}" ] || rm -rf "$tmp/cache"
    /usr/bin/time -f "process %e s wall %U s user %S s sys %M KB peak RSS" -o "$tmp/time.$i" \
        java ${JAVA_OPTS:-} -cp "$root/bench/target/benchmarks.jar" dev.crashkit.bench.CliPhases \
        "$out/report.json" "$out/Big.dSYM" "$tmp/cache" > /dev/null 2> "$tmp/phases.$i"
done
python3 - "$tmp" "$runs" <<'PY'
import re, statistics, sys
tmp, runs = sys.argv[1], int(sys.argv[2])
rows = {}
order = []
for i in range(1, runs + 1):
    for line in open(f"{tmp}/phases.{i}"):
        m = re.match(r"(.+?)\s+([\d.]+) ms wall(?:\s+([\d.]+) ms cpu)?", line)
        if m:
            name = m.group(1).strip()
            if name not in rows:
                order.append(name); rows[name] = ([], [])
            rows[name][0].append(float(m.group(2)))
            if m.group(3): rows[name][1].append(float(m.group(3)))
        elif line.startswith("classes loaded"):
            rows.setdefault("classes", ([], []))[0].append(int(line.split()[-1]))
    t = open(f"{tmp}/time.{i}").read().split()
    rows.setdefault("proc", ([], [], []))
    rows["proc"][0].append(float(t[1])); rows["proc"][1].append(float(t[4]) + float(t[7])); rows["proc"][2].append(int(t[10]))
print(f"median of {runs}: phase, wall ms, main-thread CPU ms")
for n in order:
    w, c = rows[n]
    print(f"  {n:44s} {statistics.median(w):8.1f} {statistics.median(c) if c else float('nan'):8.1f}")
print(f"  classes loaded: {statistics.median(rows['classes'][0])}")
p = rows["proc"]
print(f"  whole process: {statistics.median(p[0]):.2f} s wall, {statistics.median(p[1]):.2f} s user+sys, {statistics.median(p[2]) / 1024:.0f} MB peak RSS")
PY
