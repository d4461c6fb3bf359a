#!/usr/bin/env bash
# Builds the oracle files for the Itanium C++ demangler, all produced by LLVM 19's llvm-cxxfilt
# (Debian package llvm-19); the Java tests (ItaniumGoldenTest) require our output to match:
#   golden.tsv.gz       mangled<TAB>demangled: real names from Debian C++ libraries + LLVM test names
#   fuzz.tsv.gz         mangled<TAB>demangled: mutated and random (mostly invalid) names, fixed seeds
#   filter-input.txt    text lines with embedded mangled names, and
#   filter-expected.txt llvm-cxxfilt-19's stdin filtering of those lines
#
# Packages read (Debian 12 "bookworm", amd64); install them first:
#   apt-get install -y llvm-19 llvm-19-dev libllvm19 libclang-cpp19 libstdc++6 libstdc++-12-dev \
#       libboost-filesystem1.74.0 libboost-iostreams1.74.0 libboost-locale1.74.0 libboost-log1.74.0 \
#       libboost-program-options1.74.0 libboost-regex1.74.0 libboost-thread1.74.0 \
#       libicu72 libqt5core5a libprotobuf32
# (llvm-19 provides llvm-cxxfilt-19, the oracle; llvm-19-dev the static LLVM archives.) The script
# also uses nm (binutils), python3 and gzip.
# Sources:
#   - dynamic symbol tables (nm -D --defined-only) of the shared libraries listed in SHARED below;
#   - full symbol tables (nm, incl. local symbols, which carry GCC clone suffixes such as .cold,
#     .constprop.0, .isra.0, .part.0) of the static archives listed in STATIC below;
#   - llvm-test-names.txt: mangled inputs hand-picked from LLVM's own demangler tests
#     (llvm/llvm-project libcxxabi/test/test_demangle.pass.cpp); only the inputs are taken from
#     there, the expected outputs come from llvm-cxxfilt-19 like every other line.
# Selection: all distinct names starting with _Z, names longer than MAXLEN dropped; when more than
# TARGET remain, a deterministic sample (every name whose md5 falls in the lowest TARGET/N share)
# is kept, plus every name from llvm-test-names.txt. Output is sorted (LC_ALL=C) and deduplicated.
# Re-run:  testdata/demangle-cpp/generate.sh   (from the repository root; takes about 15 seconds; output is deterministic)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
TARGET=${TARGET:-120000}
MAXLEN=${MAXLEN:-1500}
lib=/usr/lib/x86_64-linux-gnu
SHARED=(
  "$lib/libLLVM.so.19.1" "$lib/libclang-cpp.so.19.1" "$lib/libstdc++.so.6"
  "$lib"/libboost_{filesystem,iostreams,locale,log,log_setup,program_options,regex,thread}.so.1.74.0
  "$lib"/libicu{uc,i18n,io,tu}.so.72 "$lib/libQt5Core.so.5" "$lib/libprotobuf.so.32"
)
STATIC=(
  /usr/lib/gcc/x86_64-linux-gnu/12/libstdc++.a
  /usr/lib/llvm-19/lib/libLLVMSupport.a /usr/lib/llvm-19/lib/libLLVMCore.a
  /usr/lib/llvm-19/lib/libLLVMAnalysis.a /usr/lib/llvm-19/lib/libLLVMCodeGen.a
  /usr/lib/llvm-19/lib/libLLVMTransformUtils.a /usr/lib/llvm-19/lib/libLLVMScalarOpts.a
)
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
for f in "${SHARED[@]}"; do
  [ -e "$f" ] || { echo "missing $f (install the packages listed in this script)" >&2; exit 1; }
  # Strip ELF symbol versions (name@@VER), which are not part of the mangled name.
  nm -D --defined-only "$f" | awk '{n=$NF; sub(/@.*/, "", n); print n}'
done > "$tmp/all"
for f in "${STATIC[@]}"; do
  [ -e "$f" ] || { echo "missing $f (install the packages listed in this script)" >&2; exit 1; }
  nm "$f" 2>/dev/null | awk 'NF>=2 {print $NF}'
done >> "$tmp/all"
grep -E '^_Z' "$tmp/all" | awk -v m="$MAXLEN" 'length($0) <= m' | LC_ALL=C sort -u > "$tmp/names"
total=$(wc -l < "$tmp/names")
if [ "$total" -gt "$TARGET" ]; then
  # Deterministic sample: keep a name when the first 8 hex digits of its md5 fall below the threshold.
  python3 - "$tmp/names" "$TARGET" "$total" > "$tmp/sample" <<'PY'
import hashlib, sys
path, target, total = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
limit = (target * 0xFFFFFFFF) // total
for line in open(path, encoding='latin-1'):
    n = line.rstrip('\n')
    if int(hashlib.md5(n.encode('latin-1')).hexdigest()[:8], 16) <= limit:
        print(n)
PY
else
  cp "$tmp/names" "$tmp/sample"
fi
grep -v '^#' "$here/llvm-test-names.txt" | grep -v '^$' >> "$tmp/sample" || true
LC_ALL=C sort -u "$tmp/sample" > "$tmp/final"
# One name per argument keeps llvm-cxxfilt from splitting a name at characters such as '.'.
xargs -d '\n' -n 500 llvm-cxxfilt-19 < "$tmp/final" > "$tmp/demangled"
[ "$(wc -l < "$tmp/final")" -eq "$(wc -l < "$tmp/demangled")" ] || { echo "line count mismatch" >&2; exit 1; }
paste "$tmp/final" "$tmp/demangled" | gzip -9n > "$here/golden.tsv.gz"
echo "names: $(wc -l < "$tmp/final") (from $total distinct) -> $here/golden.tsv.gz ($(stat -c %s "$here/golden.tsv.gz") bytes)"

# Text filtering oracle: llvm-cxxfilt-19 reading stdin replaces every mangled word in each line.
# (No Mach-O "__Z" words here: llvm-cxxfilt-19 leaves those unchanged, we demangle them on purpose.)
cat > "$here/filter-input.txt" <<'TXT'
0   libfoo.dylib   0x0000000100003f20 _ZN4llvm3foo3barEv + 12
1   libc++abi.dylib  0x00007ff80a1b2c3d _ZNSt3__112basic_stringIcNS_11char_traitsIcEENS_9allocatorIcEEE6appendEPKcm + 45
2   MyApp  0x1000 -[AppDelegate application:didFinishLaunchingWithOptions:] + 80
3   MyApp  0x1004 main + 20 (main.m:14)
4   libbar.so  (_ZN5boost6detail17sp_counted_base7releaseEv+0x2a) [0x7f00]
frame #5: 0x1008 Game`_ZZN6Engine4tickEfENKUlvE_clEv.cold at engine.cpp:42
   ._Z3foov and _Z3barIiEvT_,_ZTV6Widget;_ZTI6Widget|_ZTS6Widget
$s4main3FooV _OBJC_CLASS_$_NSObject _Z _Zinvalid ___Z3foov_block_invoke __imp__Z3foov __imp_PKc __imp_N3foo3barE
no mangled names here: just words, 0x1234 and punctuation !@#%^&*()
TXT
llvm-cxxfilt-19 < "$here/filter-input.txt" > "$here/filter-expected.txt"

# Differential fuzz list: invalid and unusual inputs (mutated golden names and random strings
# over the mangling alphabet, fixed seeds), also demangled by llvm-cxxfilt-19, so that the
# accept/reject decisions and error paths match LLVM too, not only the well-formed names.
python3 - "$tmp/final" > "$tmp/fuzz" <<'PY'
import random, sys
names = [l.rstrip('\n') for l in open(sys.argv[1], encoding='latin-1')]
alphabet = "_ZNSEIJLXTDFPRKOVCMUfdilmvpsrtgqxyabcehjnouwz0123456789_$AGHQWYB"
rnd = random.Random(20261122)
out = set()
while len(out) < 10000:
    s = list(rnd.choice(names))
    for _ in range(rnd.randint(1, 3)):
        if len(s) <= 3:
            break
        at = rnd.randint(2, len(s) - 1)
        op = rnd.randint(0, 4)
        if op == 0: s[at] = rnd.choice(alphabet)
        elif op == 1: s.insert(at, rnd.choice(alphabet))
        elif op == 2: del s[at]
        elif op == 3: del s[at:]
        else: s[at:at] = list("S%s_" % "0123456789ABCDEFGHIJ"[rnd.randint(0, 19)])
    t = ''.join(s)
    if len(t) < 300 and t.startswith('_Z') and '.' not in t:
        out.add(t)
while len(out) < 20000:
    t = rnd.choice(["_Z", "_ZN", "_Z1f", "_Z1fI"]) + ''.join(rnd.choice(alphabet) for _ in range(rnd.randint(1, 30)))
    out.add(t)
# Grammar tokens: random token strings, and real names with tokens inserted or substituted. These
# reach far deeper into the grammar than random characters (about 1 % and 12 % of them are valid).
toks = """I E J Dp T_ T0_ T1_ TL0__ TL1_0_ S_ S0_ S1_ St Sa Ss N NK L Li1E Lb0E LDnE X fp_ fL0p_ cv Ul
Ut_ Ut0_ UlvE_ DT Dt DTcl sr srN on dn Tn Ty Tp Tt Tk DC 1a 1b 3foo i v c z P R O K F Y H A1_ M C1 D0
D2 Z cl ps pl mi gt rs dt pt sZ sP so mc tl il di dx dX nw na pi gs dl fL fl fR fr Q rq rQ B3abi W1M
WP1N Ua9enable_ifI Dv4_ DB8_ DU3_ DF16_ Dk DK u3foo U3AS1 U11objcproto1A DO Do Dw Dx _ Ub_ lS aw qu
ix te ti st sz at az nx tw tr cc dc rc sc Lf3f800000E Ld3ff0000000000000E Le3fff8000000000000000E
L_Z1gvE LZ1gvE LA3_cE L1aLi1EE L_Z Ed_ Es _1 __12_ GV TV TI Th0_ Tv0_n24_ GR TH TW TA TC Tc h0_
v0_n8_ E_block_invoke Dn Da Dc Di Ds Du Dd De Df Dh ng co ad de pp_ mm_ ds pm ss aa oo aS rM li2_x
v23foo OE RE eq ne le lt an or eo ml dv rm ls cm""".split()
starts = ["_Z", "_ZN", "_Z1f", "_Z1fI", "_ZNK1A", "_ZZ1fvE", "_ZT", "_ZG", "___Z", "_ZL", "_ZNH"]
while len(out) < 30000:
    out.add(rnd.choice(starts) + ''.join(rnd.choice(toks) for _ in range(rnd.randint(1, 14))))
while len(out) < 40000:
    t = rnd.choice(names)
    for _ in range(rnd.randint(1, 2)):
        at = rnd.randint(2, len(t))
        cut = 0 if rnd.random() < 0.5 else rnd.randint(1, 4)
        t = t[:at] + rnd.choice(toks) + t[at + cut:]
    if len(t) < 600 and '.' not in t:
        out.add(t)
for t in sorted(out):
    print(t)
PY
xargs -d '\n' -n 500 llvm-cxxfilt-19 < "$tmp/fuzz" > "$tmp/fuzz-demangled"
[ "$(wc -l < "$tmp/fuzz")" -eq "$(wc -l < "$tmp/fuzz-demangled")" ] || { echo "fuzz line count mismatch" >&2; exit 1; }
paste "$tmp/fuzz" "$tmp/fuzz-demangled" | gzip -9n > "$here/fuzz.tsv.gz"
echo "fuzz names: $(wc -l < "$tmp/fuzz") -> $here/fuzz.tsv.gz ($(stat -c %s "$here/fuzz.tsv.gz") bytes)"
