/* libCrashKitUtil.dylib: a small dylib with its own install name, exported and static functions. */
static const char ck_lib_name[] = "libCrashKitUtil";

__attribute__((noinline)) static int ck_lib_mix(int x, int salt) {
    return (x * 2654435761u) ^ salt;
}

__attribute__((noinline)) int ck_lib_checksum(const char *s) {
    int c = 0;
    while (*s) {
        c = ck_lib_mix(c + *s++, 17);
    }
    return c;
}

__attribute__((noinline)) int ck_lib_compute(int x) {
    return ck_lib_mix(x, 3) + ck_lib_checksum(ck_lib_name);
}

__attribute__((noinline)) int ck_lib_crash(volatile int *p) {
    return *p * 3;
}
