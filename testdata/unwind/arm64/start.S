// The entry of the freestanding arm64 fixture: no libc. _start is the outermost frame: it zeroes the
// frame pointer (end of the frame-record chain, as the AArch64 ABI asks of the outermost frame),
// marks its return-address column undefined in CFI (DWARF's "no caller"), calls outer(3) and exits
// with its result through the Linux exit system call.
    .text
    .globl _start
    .type _start, %function
_start:
#ifndef CK_NO_CFI
    .cfi_startproc
    .cfi_undefined x30
#endif
    mov x29, #0
    mov x0, #3
    bl outer
    mov x8, #93        // __NR_exit
    svc #0
#ifndef CK_NO_CFI
    .cfi_endproc
#endif
    .size _start, .-_start
