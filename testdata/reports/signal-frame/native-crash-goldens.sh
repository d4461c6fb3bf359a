#!/usr/bin/env bash
# llvm-symbolizer-19 goldens for the signal frame of ../native-crash/report-gcc.json (a JVM's -XX:OnError
# capture made before captures marked exact PCs): the frame on glibc's __restore_rt (its address from
# binutils nm on Debian's libc6-dbg debug file of the libc in the report), the frame after it (the
# faulting store in crashy_fault, looked up at its pc, as gdb looks up the frame a sigtramp frame
# interrupted) and its caller (a return address: pc - 1). Writes native-crash-gcc.llvm-symbolizer.tsv:
# pc, lookup, object, offset, llvm-symbolizer's JSON. Needs llvm-symbolizer-19, nm, python3, libc6-dbg.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPORT="$HERE/../native-crash/report-gcc.json"
python3 - "$REPORT" "$HERE/../native-crash" > "$HERE/native-crash-gcc.llvm-symbolizer.tsv" <<'PY'
import json, subprocess, sys
report, libdir = sys.argv[1:]
r = json.load(open(report))
images = {i["name"]: i for i in r["images"]}
libc = images["libc.so.6"]
bid = libc["build_id"]
libc_debug = "/usr/lib/debug/.build-id/%s/%s.debug" % (bid[:2], bid[2:])
nm = subprocess.run(["nm", libc_debug], check=True, capture_output=True, text=True).stdout
restore_rt = next(int(l.split()[0], 16) for l in nm.splitlines() if l.split()[-1] == "__restore_rt")
thread = next(t for t in r["threads"] if t.get("crashed"))
pcs = [int(f["address"] if isinstance(f, dict) else f, 16) for f in thread["frames"]]
k = pcs.index(int(libc["load_address"], 16) + restore_rt)
def image_of(pc):
    for i in r["images"]:
        lo = int(i["load_address"], 16)
        if lo <= pc < lo + int(i["size"], 16):
            return i
print("pc\tlookup\tobject\toffset\tllvm-symbolizer")
for i, exact in ((k, True), (k + 1, True), (k + 2, False)):
    pc = pcs[i]
    lookup = pc if exact else pc - 1
    img = image_of(lookup)
    obj = libc_debug if img is libc else libdir + "/" + img["name"]
    offset = lookup - int(img["load_address"], 16)
    out = subprocess.run(["llvm-symbolizer-19", "--output-style=JSON", "--inlining", "--obj=" + obj, hex(offset)],
                         check=True, capture_output=True, text=True).stdout.strip()
    print("0x%x\t0x%x\t%s\t0x%x\t%s" % (pc, lookup, img["name"], offset, out))
PY
sed -i "s#$HERE/../native-crash/#../native-crash/#g" "$HERE/native-crash-gcc.llvm-symbolizer.tsv"
cat "$HERE/native-crash-gcc.llvm-symbolizer.tsv"
