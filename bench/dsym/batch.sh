#!/usr/bin/env bash
# Batch throughput side by side in one run: 1,000 crashreport/1 reports x 100 frames (4 threads x 25)
# over 20 images (copies of the big arm64 dSYM with distinct UUIDs, made by bench/dsym/inputs.sh),
# `symbolicate batch --format json` vs one llvm-symbolizer-19 -i --output-style=JSON process per image
# fed all of that image's lookup addresses (two at a time: both tools get both cores). Ours "cold"
# starts from an empty cache folder (it builds the 20 symbol caches), "warm" reuses them.
# Median of RUNS (default 3); frames/s = 100,000 / median wall; peak RSS of the largest process.
# Each timed run of ours writes into a fresh folder: the previous run's 1,000 outputs are moved into
# a trash folder (a rename) and deleted after all runs; before every timed run (llvm's too) `sync` writes
# back what earlier runs left dirty, so that no run pays for another's writeback. Deleting them just before a run (as this bench
# did until 2026-11-27) makes ext4 (no journal here) skip the just-freed inodes one by one while the
# run creates its 1,000 files (`recently_deleted` in the kernel profile, ~0.2 s of wall): a cost of
# the bench's clean-up, not of batch. One row ("warm, rm before") keeps that old protocol, for comparison.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
b="$root/bench-out/dsym/batch"
runs=${RUNS:-3}
jar="$root/symbolicate/target/symbolicate.jar"
out="$b/out"
ours="batch $b/reports --dsym $b/dsyms --format json ${BATCH_OPTS:-}"
trash="$out/trash"
fresh() {   # the untimed step before a run writing into $1: the previous outputs moved aside, all written back
    echo "t=\$(mktemp -d $trash/r.XXXXXX) && { [ ! -e $1 ] || mv $1 \$t/; } && sync"
}
mkdir -p "$out"
rm -rf "$b/cache-warm" "$out"/* && mkdir -p "$trash" && java -jar "$jar" $ours --out "$out/ref" --cache-dir "$b/cache-warm" > /dev/null 2>&1
"$root/bin/symbolicate" $ours --out "$out/bin" --cache-dir "$b/cache-warm" > /dev/null 2>&1   # the launcher's class-data archive
echo "uptime: $(uptime)"
echo "symbol caches: $(ls "$b/cache-warm/symcache" | wc -l) files, $(du -sb "$b/cache-warm/symcache" | cut -f1) bytes"
python3 "$root/bench/dsym/sidebyside.py" "$runs" \
    "llvm-symbolizer-19 x20 (-P2)=sync;;$root/bench/dsym/llvm-batch.sh $b $out/llvm" \
    "java -jar batch, cold=rm -rf $b/cache-cold; $(fresh $out/c);;java -jar $jar $ours --out $out/c --cache-dir $b/cache-cold > /dev/null 2>&1" \
    "java -jar batch, warm=$(fresh $out/w);;java -jar $jar $ours --out $out/w --cache-dir $b/cache-warm > /dev/null 2>&1" \
    "bin/symbolicate batch, warm=$(fresh $out/bw);;$root/bin/symbolicate $ours --out $out/bw --cache-dir $b/cache-warm > /dev/null 2>&1" \
    "java -jar batch, warm, rm before=rm -rf $out/wd && sync;;java -jar $jar $ours --out $out/wd --cache-dir $b/cache-warm > /dev/null 2>&1"
rm -rf "$trash"
# summary.jsonl lists reports in the order workers finished them: compared sorted.
for d in w c wd; do
    diff -rq --exclude=summary.jsonl "$out/ref" "$out/$d" > /dev/null \
        && cmp -s <(sort "$out/ref/summary.jsonl") <(sort "$out/$d/summary.jsonl") \
        || { echo "OUTPUTS DIFFER: $d"; exit 1; }
done
echo "outputs of the cold and warm runs identical (1,000 reports + summary)"
echo "frames: 100000; uptime after: $(uptime)"
# Memory against the number of images (warm symbol caches): the same 1,000 reports with debug files
# for the first 5, 10 and 20 images only (frames of the others stay unsymbolicated), with the default
# module-cache budget (a quarter of the RAM) and with --module-cache-mb 256 (its symbol cache pages: 64 MB).
for budget in "" "--module-cache-mb 256"; do
    for n in 5 10 20; do
        dsyms=""
        for i in $(seq 0 $((n - 1))); do dsyms="$dsyms --dsym $b/dsyms/Big$(printf %02d "$i").dSYM"; done
        rm -rf "$out/m"
        /usr/bin/time -f "$n images ${budget:-default budget}: %e s wall, %U s user, %S s sys, %M KB peak RSS" \
            java -jar "$jar" batch "$b/reports" $dsyms $budget --format json --out "$out/m" --cache-dir "$b/cache-warm" \
            > /dev/null 2> "$out/m.err" || true
        tail -1 "$out/m.err"
    done
done
# The same while building the symbol caches (an empty cache folder each run): the DWARF a cache was built
# from is let go of and released once it passes a quarter of the budget (symbolize/ModuleCache.released).
for n in 5 10 20; do
    dsyms=""
    for i in $(seq 0 $((n - 1))); do dsyms="$dsyms --dsym $b/dsyms/Big$(printf %02d "$i").dSYM"; done
    rm -rf "$out/m" "$out/m-cache"
    /usr/bin/time -f "$n images --module-cache-mb 256, cold: %e s wall, %U s user, %S s sys, %M KB peak RSS" \
        java -jar "$jar" batch "$b/reports" $dsyms --module-cache-mb 256 --format json --out "$out/m" \
        --cache-dir "$out/m-cache" > /dev/null 2> "$out/m.err" || true
    tail -1 "$out/m.err"
done
rm -rf "$out/m-cache"
