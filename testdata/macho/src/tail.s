// Last object linked into the executables: one tiny function without debug info, followed by
// alignment padding up to the end of __TEXT,__text. Addresses in that padding lie in no DWARF
// function, but LC_FUNCTION_STARTS puts them in ck_tail (the last function extends to the end of
// its section). `ret` assembles for both arm64 and x86_64.
    .text
    .globl _ck_tail
    .p2align 2
_ck_tail:
    ret
    .p2align 6
.subsections_via_symbols
