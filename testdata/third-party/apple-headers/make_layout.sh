#!/bin/sh
# Compiles layout.c against the fetched headers (fetch.sh) for arm64-apple-macos11 and
# x86_64-apple-macos11 with clang (no Apple SDK: -ffreestanding, -nostdinc) and writes the values it
# holds to darwin-layout.json, which capture's DarwinLayoutTest checks the Java bindings against.
# Usage: make_layout.sh [CLANG]   (default clang-19)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
clang=${1:-clang-19}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
x="$here/xnu"
for target in arm64-apple-macos11 x86_64-apple-macos11; do
    # Apple's stddef.h/stdint.h (xnu EXTERNAL_HEADERS) come before clang's own (-isystem).
    "$clang" -target "$target" -ffreestanding -nostdinc -isystem "$("$clang" -print-resource-dir)/include" \
        -include "$here/shim/crashkit_availability.h" -I"$here/shim" -I"$x/osfmk" -I"$x/bsd" \
        -I"$x/EXTERNAL_HEADERS" -I"$x/libkern" -I"$x/libsyscall/mach" -I"$here/dyld/include" \
        -S "$here/layout.c" -o "$work/$target.s"
done
python3 - "$work" "$here/darwin-layout.json" "$("$clang" --version | head -1)" <<'PY'
import json, re, sys
work, out, clang = sys.argv[1:4]
result = {"generated_by": "testdata/third-party/apple-headers/make_layout.sh", "compiler": clang, "targets": {}}
for target in ("arm64-apple-macos11", "x86_64-apple-macos11"):
    asm = open(f"{work}/{target}.s").read()
    values = re.search(r"^_crashkit_values:\n((?:\s+\.quad\s+-?\d+.*\n)+)", asm, re.M).group(1)
    values = [int(v) for v in re.findall(r"\.quad\s+(-?\d+)", values)]
    names = re.search(r'^_crashkit_names:\n\s+\.asciz\s+"((?:[^"\\]|\\.)*)"', asm, re.M).group(1)
    names = names.encode().decode("unicode_escape").split("\n")[:-1]
    if len(names) != len(values):
        sys.exit(f"{target}: {len(names)} names, {len(values)} values")
    result["targets"][target] = dict(zip(names, values))
with open(out, "w") as f:
    json.dump(result, f, indent=2)
    f.write("\n")
PY
echo "make_layout.sh: wrote $here/darwin-layout.json"
