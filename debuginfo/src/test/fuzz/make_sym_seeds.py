#!/usr/bin/env python3
"""Seeds and dictionary for SymbolFileFuzzTest#parse (Breakpad .sym files).

Writes into debuginfo/src/test/resources/dev/crashkit/symbolicate/fuzz/SymbolFileFuzzTestInputs/parse/seeds/:
the two .sym files Breakpad's dump_syms made in testdata/breakpad (gcc and clang builds: FILE, FUNC, line,
INLINE_ORIGIN, INLINE, PUBLIC, STACK CFI records), and small hand-written files for the other record forms
(old INLINE and INLINE_ORIGIN forms, FUNC m / PUBLIC m, STACK WIN, a Mac module, out-of-order and
overlapping records). The dictionary (../sym.dict, beside the inputs folder) holds the record keywords.
"""
import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", "..", ".."))
OUT = os.path.join(ROOT, "debuginfo/src/test/resources/dev/crashkit/symbolicate/fuzz/SymbolFileFuzzTestInputs")
SEEDS = os.path.join(OUT, "parse", "seeds")

SMALL = {
    "old-forms.sym": """MODULE Linux x86_64 0E1AFF4172E2F8D9EED2378AA112749B0 app
FILE 0 a.c
INLINE_ORIGIN 0 0 helper
INLINE_ORIGIN 1 -1 artificial
FUNC m 1000 40 0 f
INLINE 0 7 0 1000 8 1010 4
INLINE 1 8 1 1010 2
1000 10 3 0
1010 30 4 0
PUBLIC m 2000 0 p
""",
    "mac-cfi-win.sym": """MODULE mac arm64 4C4C44F255553144A157E368F8FB0F1A0 App
INFO CODE_ID 4C4C44F255553144A157E368F8FB0F1A
FUNC 3000 10 8 g
3008 8 2 0
3000 8 1 0
FUNC 1000 20 0 overlapped
FUNC 1010 20 0 overlapping
STACK CFI INIT 1000 20 .cfa: sp 16 + .ra: .cfa -8 + ^
STACK CFI 1004 .cfa: x29 16 + x29: .cfa -16 + ^
STACK WIN 4 1000 10 0 0 0 0 0 0 1 $T0 .raSearch =
STACK WIN 0 2000 10 1 0 4 0 8 0 0 1
""",
    "malformed.sym": """MODULE Linux x86 0E1AFF4172E2F8D9EED2378AA112749B0 a b c
1000 4 1 0
FUNC ffffffffffffffff 1 0 x
FUNC 10000000000000000 1 0 y
FILE -1 z
INLINE 0
PUBLIC 0 0 zero
""",
}

DICT = ["MODULE ", "INFO ", "CODE_ID ", "FILE ", "FUNC ", "FUNC m ", "PUBLIC ", "PUBLIC m ", "INLINE ",
        "INLINE_ORIGIN ", "STACK CFI INIT ", "STACK CFI ", "STACK WIN ", ".cfa: ", ".ra: ", "Linux", "mac",
        "x86_64", "ffffffffffffffff", "-1", "\\x0a", "\\x0d\\x0a"]


def main():
    shutil.rmtree(SEEDS, ignore_errors=True)
    os.makedirs(SEEDS)
    for name in ("shapes", "shapes-clang"):
        folder = os.path.join(ROOT, "testdata/breakpad/sym", name)
        (debug_id,) = os.listdir(folder)
        shutil.copy(os.path.join(folder, debug_id, name + ".sym"), os.path.join(SEEDS, name + ".sym"))
    for name, text in SMALL.items():
        with open(os.path.join(SEEDS, name), "w") as f:
            f.write(text)
    with open(os.path.join(os.path.dirname(OUT), "sym.dict"), "w") as f:
        for i, word in enumerate(DICT):
            f.write('kw%d="%s"\n' % (i, word))


if __name__ == "__main__":
    main()
