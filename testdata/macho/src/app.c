/* C part of the test program: globals in __data/__bss/__const/__cstring, static functions,
 * a 64-byte aligned function (alignment padding before it) and a noreturn function whose
 * last instruction is a call, so its return address is the next function's first byte. */
#include "app.h"

const char ck_banner[] = "crashkit test program";        /* __TEXT,__const */
const int ck_table[8] = {1, 1, 2, 3, 5, 8, 13, 21};       /* __TEXT,__const */
int ck_counter = 42;                                      /* __DATA,__data */
static int ck_state = 7;                                  /* __DATA,__data (local symbol) */
int ck_buffer[32];                                        /* __DATA,__bss/__common */

static ck_size_t ck_strlen(const char *s) {
    ck_size_t n = 0;
    while (s[n]) {
        n++;
    }
    return n;
}

__attribute__((noinline)) static int ck_static_helper(int x) {
    ck_state = ck_state * 31 + x;
    return ck_state ^ ck_table[x & 7];
}

__attribute__((noinline)) int ck_crash_null(int *p) {
    /* the faulting load of the sample crash report */
    return *p + ck_counter;
}

/* 64-byte aligned: the linker leaves padding between ck_crash_null and this function */
__attribute__((noinline, aligned(64))) int ck_aligned_worker(int x) {
    int acc = 0;
    for (int i = 0; i < x; i++) {
        acc += ck_static_helper(i) + ck_buffer[i & 31];
    }
    return acc + ck_counter;
}

__attribute__((noinline, noreturn)) void ck_fatal(const char *msg) {
    write(2, msg, ck_strlen(msg));
    write(2, "\n", 1);
    abort();
}

__attribute__((noinline)) static int ck_dispatch(int mode, int *p) {
    int r = 0;
    switch (mode) {
    case 0:
        r = ck_aligned_worker(mode + 3);
        break;
    case 1:
        r = cpp_entry(mode);
        break;
    case 2:
        r = objc_entry(mode);
        break;
    case 3:
        r = ck_lib_compute(mode);
        break;
    case 4:
        r = ck_crash_null(p);
        break;
    default:
        ck_fatal("unknown mode");
    }
    return r + 1;
}

#ifdef CK_REBUILD
/* only in the "rebuilt" variant (mismatch/): changes the code, hence the UUID */
__attribute__((noinline)) int ck_rebuild_marker(int x) {
    return x * 7 + CK_REBUILD;
}
#endif

int main(int argc, char **argv) {
    int total = 0;
    for (int mode = 0; mode < argc + 4; mode++) {
        total += ck_dispatch(mode, argc > 7 ? (int *)argv : (int *)0);
    }
    write(1, ck_banner, sizeof ck_banner - 1);
#ifdef CK_REBUILD
    total += ck_rebuild_marker(total);
#endif
    return total;
}
