#!/usr/bin/env bash
# The anchor side of bench/dsym/batch.sh: one llvm-symbolizer-19 per image, fed all of that image's
# addresses (addrs-NN.txt), two at a time. Usage: llvm-batch.sh BATCH_DIR OUT_PREFIX
set -euo pipefail
b=$1
out=$2
for f in "$b"/addrs-*.txt; do
    n=$(basename "$f" .txt | cut -d- -f2)
    echo "$n"
done | xargs -P 2 -I{} sh -c "llvm-symbolizer-19 -i --output-style=JSON \
    --obj=$b/dsyms/Big{}.dSYM/Contents/Resources/DWARF/Big{} < $b/addrs-{}.txt > $out-{}.json"
