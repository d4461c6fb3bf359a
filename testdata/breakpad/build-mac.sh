#!/usr/bin/env bash
# A Mach-O .sym: Breakpad's Mac dump_syms, built for Linux from the Breakpad sources in the npm package
# minidump 0.26.0 (`npm pack minidump@0.26.0`, `package/deps/breakpad`; give that folder in BREAKPAD) from the
# files Breakpad's Makefile.am lists for src/tools/mac/dump_syms/dump_syms_mac (g++ 12), run with -d on
# ../dwarf/macho/Inline4 and its dSYM (clang-19, arm64, DWARF 4: this dump_syms reads no DWARF 5 range lists,
# it writes no INLINE record for Inline5). Output: sym/Inline4/ID/Inline4.sym. The oracle is the committed
# llvm-symbolizer-19 golden of that dSYM, ../dwarf/macho/Inline4.{addrs,json.gz}.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
: "${BREAKPAD:?set BREAKPAD to package/deps/breakpad of npm minidump@0.26.0}"
tool=$(mktemp -d)/dump_syms_mac
here=$(pwd)
(cd "$BREAKPAD" && g++ -std=c++17 -O1 -w -I src -I src/third_party/mac_headers -DHAVE_MACH_O_NLIST_H -D_GNU_SOURCE \
    src/common/dwarf_cfi_to_module.cc src/common/dwarf_cu_to_module.cc src/common/dwarf_line_to_module.cc \
    src/common/dwarf_range_list_handler.cc src/common/language.cc src/common/md5.cc src/common/module.cc \
    src/common/path_helper.cc src/common/stabs_reader.cc src/common/stabs_to_module.cc \
    src/common/dwarf/bytereader.cc src/common/dwarf/dwarf2diehandler.cc src/common/dwarf/dwarf2reader.cc \
    src/common/dwarf/elf_reader.cc src/common/mac/arch_utilities.cc src/common/mac/dump_syms.cc \
    src/common/mac/file_id.cc src/common/mac/macho_id.cc src/common/mac/macho_reader.cc \
    src/common/mac/macho_utilities.cc src/common/mac/macho_walker.cc src/tools/mac/dump_syms/dump_syms_tool.cc \
    -o "$tool")
rm -rf sym/Inline4
"$tool" -d -g ../dwarf/macho/Inline4.dSYM ../dwarf/macho/Inline4 > Inline4.sym.tmp
id=$(head -1 Inline4.sym.tmp | cut -d' ' -f4)
mkdir -p "sym/Inline4/$id"
mv Inline4.sym.tmp "sym/Inline4/$id/Inline4.sym"
