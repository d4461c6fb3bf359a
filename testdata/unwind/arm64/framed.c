/* Functions that keep a frame record (x29/x30 pair, x29 = frame pointer): built with
 * -fno-omit-frame-pointer. Together with unframed.c: _start -> outer -> middle -> inner -> leaf. */
#define NOINLINE __attribute__((noinline))

int middle(int x);
int leaf(int x);
volatile int ck_sink;

NOINLINE int outer(int x) {
    volatile int pad[6];
    for (int i = 0; i < 6; i++) {
        pad[i] = x + i;
    }
    return middle(x + pad[5]) + 1;
}

NOINLINE int inner(int x) {
    int r = leaf(x * 2);
    ck_sink = r;
    return r + x;
}
