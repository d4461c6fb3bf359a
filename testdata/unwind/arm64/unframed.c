/* Functions without a frame record: built with -fomit-frame-pointer -momit-leaf-frame-pointer, so
 * only CFI (or a scan) finds their callers. middle saves x30 below a local array; leaf pushes
 * nothing at all: its return address stays in x30 (LR), where the innermost frame's caller is found. */
#define NOINLINE __attribute__((noinline))

int inner(int x);
extern volatile int ck_sink;

NOINLINE int middle(int x) {
    volatile int buf[10];
    for (int i = 0; i < 10; i++) {
        buf[i] = x ^ i;
    }
    return inner(buf[7]) + buf[2];
}

NOINLINE int leaf(int x) {
    ck_sink = x;   /* the recording stops here: leaf's first instruction */
    return x * 3 + 1;
}
