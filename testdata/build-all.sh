#!/usr/bin/env bash
# Regenerates all committed test data. Each line runs one generator; every generator writes its
# outputs next to itself and fails loudly when a tool it needs is missing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

./macho/build.sh     # Mach-O binaries, dSYMs, broken copies, goldens + reports/ (crashreport/1 samples)
./macho/objc/build.sh  # stripped Objective-C/Swift binaries (DYLD_INFO, chained, relative lists, arm64e auth) + llvm-nm goldens + reports
./dwarf/build.sh     # DWARF 4/5 and fat dSYMs (clang-19 + dsymutil-19) with llvm-symbolizer-19 goldens
./elf/build.sh       # ELF executables/libraries, separate + compressed debug files, .build-id tree, goldens
./elf/zstd/build.sh  # clang-19 program with inlined functions, llvm-objcopy-19 zstd/zlib-compressed copies + llvm-symbolizer-19 goldens
DUMP_SYMS=${DUMP_SYMS:?} ./breakpad/build.sh  # Breakpad .sym files from Breakpad's dump_syms (npm minidump@0.26.0) of g++/clang++ builds + llvm-symbolizer-19 goldens
BREAKPAD=${BREAKPAD:?} ./breakpad/build-mac.sh  # Breakpad's Mac dump_syms (built from npm minidump@0.26.0's sources) on dwarf/macho/Inline4
BREAKPAD=${BREAKPAD:?} ./breakpad/build-resolver.sh  # Breakpad's BasicSourceLineResolver answers on the .sym files (the processor oracle)
./elf/versions/build.sh  # ELF library with GNU symbol versions (g++ + version script) + llvm-symbolizer-19/llvm-nm-19 goldens
./elf/versions/glibc-golden.sh  # real glibc symbol table (third-party/debian-glibc): llvm-nm-19 versions + llvm-symbolizer-19 names
./demangle-cpp/generate.sh  # C++ demangler golden list: names from Debian C++ libraries, llvm-cxxfilt-19
./unwind/build.sh    # CFI test data: capture fixture built by gcc/clang-19 + readelf frames-interp goldens
./unwind/arm64/build.sh  # arm64 ELF (clang --target=aarch64-linux-gnu, lld) stopped under qemu-aarch64: gdb-multiarch registers, stack, bt goldens
./capture/record-threadprint.sh  # JDK 17/25 Thread.print dumps + the kernel task list at the same moment
./hserr/make.sh     # real HotSpot hs_err logs of a JNI library (gcc, a JDK 17, openjdk-17-dbg) + llvm-symbolizer-19/c++filt goldens
./reports/native-crash/build.sh  # two real captures of one native JVM crash (gcc/clang builds); needs capture.jar
./reports/signal-frame/build.sh  # a real capture through a signal trampoline + gdb/llvm-symbolizer goldens, libc6-dbg symbols; needs capture.jar
./reports/signal-frame/native-crash-goldens.sh  # llvm-symbolizer goldens for the signal frame of reports/native-crash/report-gcc.json
python3 ./reports/metrickit/make_metrickit.py  # MetricKit payloads into macho/ App + libCrashKitUtil (after macho/build.sh) + llvm-symbolizer-19 goldens
python3 ./server/make_bench_report.py  # server bench/kill-test report (sample-crash.json without system images)
