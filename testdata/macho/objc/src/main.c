// C part: an exported function (in the export trie), static functions (only in
// LC_FUNCTION_STARTS once stripped) and main.
#include "shapes.h"

volatile int ck_sink;

__attribute__((noinline)) static int ck_static_square(int x) {
    ck_sink = x;
    return x * x;
}

__attribute__((noinline)) static int ck_static_twice(int x) {
    ck_sink = x + 1;
    return ck_static_square(x) * 2;
}

__attribute__((noinline)) int ck_mix(int x) {
    ck_sink = x;
    return x * 31 + 7;
}

__attribute__((noinline)) int ck_exported_entry(int x) {
    return ck_static_twice(x) + ck_mix(x);
}

int main(void) {
    return ck_exported_entry(ck_sink);
}
