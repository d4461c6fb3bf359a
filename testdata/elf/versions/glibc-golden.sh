#!/usr/bin/env bash
# Golden for the real glibc symbol table (../../third-party/debian-glibc/libc.so.6.debug: Debian 12's
# libc6-dbg .symtab, made by ../../reports/signal-frame/build.sh): for every defined function symbol
# llvm-nm-19 lists with a GNU version, "value<TAB>llvm-nm name<TAB>llvm-symbolizer-19 name at value".
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
libc="$here/../../third-party/debian-glibc/libc.so.6.debug"
list=$(mktemp)
trap 'rm -f "$list"' EXIT
llvm-nm-19 --defined-only "$libc" | awk '$2 ~ /^[TtWwi]$/ && $3 ~ /.@/ {print "0x" $1 "\t" $3}' | sort -u > "$list"
cut -f1 "$list" | llvm-symbolizer-19 --no-demangle --no-inlines --functions=linkage -e "$libc" \
    | awk 'NF && !/^\?\?:|^[.\/]/' > "$list.names"
paste "$list" "$list.names" > "$here/golden/glibc-versions.tsv"
rm -f "$list.names"
