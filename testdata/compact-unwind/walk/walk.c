/* A call chain through functions of every compact unwind kind, which stops on a trap instruction in
 * its leaf when trigger == 42 (make_dumps.py runs it in an emulator). Each function calls the next
 * exactly once, and uses the result afterwards, so no call is a tail call. */
#define NOINLINE __attribute__((noinline))
static volatile int trigger;
static volatile int sink;

NOINLINE int crash_leaf(int x) {
    if (trigger == 42) {
        __builtin_trap();
    }
    return x + 1;
}

NOINLINE int frameless_mid(int x) {
    volatile long a[6];
    a[x & 3] = x;
    int r = crash_leaf((int)a[(x + 1) & 3]);
    return r + (int)a[x & 1];
}

NOINLINE int big_frame(int x) {
    volatile char big[70000];
    big[x & 0xffff] = (char)x;
    int r = frameless_mid(big[(x * 7) & 0xffff]);
    return r + big[x & 0xff];
}

NOINLINE int saves_regs(int x, int y, int z) {
    int r = big_frame(x * y + z);
    sink = r;
    return r + x * y * z + y * 3 + z * 5;
}

int entry(int x) {
    trigger = x;
    int r = saves_regs(x, x + 1, x + 2);
    return r + 1;
}
