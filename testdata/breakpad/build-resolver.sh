#!/usr/bin/env bash
# Breakpad's own .sym processor as an oracle (resolver/resolve.cc over BasicSourceLineResolver, the class
# minidump_stackwalk uses), built from the Breakpad sources of npm minidump@0.26.0 (package/deps/breakpad,
# path in BREAKPAD). Writes golden/NAME.breakpad.tsv: its answer (function, file, line, function base per
# frame, inlined frames first) at every address of the oracle sets: the llvm-symbolizer goldens' addresses for
# shapes and shapes-clang, ../dwarf/macho/Inline4.addrs (minus __TEXT's 0x100000000) for Inline4, and for the
# small hand-written files of the fuzz seeds every record boundary (start - 1, start, end - 1, end).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
: "${BREAKPAD:?set BREAKPAD to package/deps/breakpad of npm minidump@0.26.0}"
tool=$(mktemp -d)/resolve
here=$(pwd)
(cd "$BREAKPAD" && g++ -std=c++17 -O1 -w -I src -D_GNU_SOURCE "$here/resolver/resolve.cc" \
    src/processor/basic_source_line_resolver.cc src/processor/source_line_resolver_base.cc \
    src/processor/cfi_frame_info.cc src/processor/logging.cc src/processor/pathname_stripper.cc \
    src/processor/tokenize.cc -o "$tool")
for name in shapes shapes-clang; do
    sed 's/^0x//' "golden/$name.addrs" | "$tool" sym/$name/*/$name.sym 2>/dev/null > "golden/$name.breakpad.tsv"
done
python3 -c '
import sys
for l in open("../dwarf/macho/Inline4.addrs"):
    a = int(l, 16)
    if a >= 0x100000000: print("%x" % (a - 0x100000000))
' | "$tool" sym/Inline4/*/Inline4.sym 2>/dev/null > golden/Inline4.breakpad.tsv
seeds=../../debuginfo/src/test/resources/dev/crashkit/symbolicate/fuzz/SymbolFileFuzzTestInputs/parse/seeds
mkdir -p resolver/cases
for f in old-forms mac-cfi-win malformed; do
    cp "$seeds/$f.sym" "resolver/cases/$f.sym"
    python3 -c '
import sys
out = set()
for line in open(sys.argv[1]):
    p = line.split()
    if not p: continue
    if p[0] in ("FUNC", "PUBLIC") and len(p) > 2:
        if p[1] == "m": p.pop(1)
        try:
            a = int(p[1], 16); n = int(p[2], 16) if p[0] == "FUNC" else 1
        except ValueError: continue
        out.update([a - 1, a, a + n - 1, a + n, a + n + 0x100])
    elif p[0] == "INLINE":
        nums = p[5:] if len(p) % 2 == 1 else p[4:]
        for i in range(0, len(nums) - 1, 2):
            try:
                a = int(nums[i], 16); n = int(nums[i + 1], 16)
            except ValueError: continue
            out.update([a - 1, a, a + n - 1, a + n])
for a in sorted(x for x in out if 0 <= x < 2**64 - 1): print("%x" % a)
' "resolver/cases/$f.sym" | "$tool" "resolver/cases/$f.sym" 2>/dev/null > "resolver/cases/$f.breakpad.tsv"
done
