// Every arm64 branch-with-link encoding (and branches without link, which are no calls) for the
// call-site check: Arm64CallSitesTest reads llvm-objdump's listing of calls.o.
    .text
    .globl calls
calls:
    bl calls
    bl far_ahead
    blr x0
    blr x17
    blr x30
    blraa x1, x2
    blrab x3, sp
    blraaz x4
    blrabz x5
    b calls
    b.eq calls
    cbz x0, calls
    tbnz w1, #3, calls
    br x16
    braa x6, x7
    braaz x8
    ret
    retaa
    adr x0, calls
    adrp x0, calls
    ldr x0, [x1]
    nop
    udf #0
far_ahead:
    ret
