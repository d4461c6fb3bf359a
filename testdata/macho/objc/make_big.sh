#!/usr/bin/env bash
# Generates a large stripped Objective-C image for the StrippedNamesBench figure in BENCHMARKS.md (not
# committed: ~10 MB). usage: make_big.sh OUT_DIR [CLASSES] [METHODS_PER_CLASS]
# CLASSES root classes, each with METHODS_PER_CLASS instance methods, as many class methods, and a
# category of METHODS_PER_CLASS more; linked like Shapes-relative (chained fixups, relative method lists).
set -euo pipefail
OUT=${1:?OUT_DIR}; N=${2:-4000}; M=${3:-10}
L19=/usr/lib/llvm-19/bin
mkdir -p "$OUT"
python3 - "$OUT/big.m" "$N" "$M" <<'PY'
import sys
path, n, m = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
with open(path, 'w') as f:
    f.write('int ck_mix(int x) { return x * 31 + 7; }\nint main(void) { return 0; }\n')
    for c in range(n):
        f.write(f'__attribute__((objc_root_class)) @interface BigClass{c} {{ int _v; }} @end\n')
        f.write(f'@implementation BigClass{c}\n')
        for k in range(m):
            f.write(f'- (int)instanceMethod{k}:(int)a {{ return ck_mix(a + {k}) + _v; }}\n')
            f.write(f'+ (int)classMethod{k}:(int)a {{ return ck_mix(a * {k + 1}); }}\n')
        f.write('@end\n')
        f.write(f'@interface BigClass{c} (Extra) @end\n@implementation BigClass{c} (Extra)\n')
        for k in range(m):
            f.write(f'- (int)extraMethod{k} {{ return ck_mix({c + k}); }}\n')
        f.write('@end\n')
PY
"$L19/clang" -target arm64-apple-macos11 -O0 -ffreestanding -fno-builtin -fobjc-runtime=macosx-11 -c "$OUT/big.m" -o "$OUT/big.o"
"$L19/ld64.lld" -arch arm64 -platform_version macos 11.0 11.0 -undefined dynamic_lookup -e _main -fixup_chains \
    -objc_relative_method_lists "$OUT/big.o" -o "$OUT/Big-unstripped"
"$L19/llvm-strip" -o "$OUT/Big" "$OUT/Big-unstripped"
echo "$OUT/Big: $(( $(stat -c %s "$OUT/Big") / 1024 )) KiB, $("$L19/llvm-nm" "$OUT/Big-unstripped" | grep -c ' t [-+]\[') Objective-C methods"
