/* A library whose crash the grouping test reads from two real captures (two builds, two runs). */
#include <stddef.h>

volatile int *crashy_target = NULL;

__attribute__((noinline)) void crashy_fault(int v) {
    *crashy_target = v; /* SIGSEGV: write through NULL */
}

__attribute__((noinline)) void crashy_level1(int v) {
    crashy_fault(v + 1);
    __asm__ volatile("" ::: "memory"); /* keep the call from becoming a tail call */
}

__attribute__((noinline)) void crashy_level2(int v) {
    crashy_level1(v * 2);
    __asm__ volatile("" ::: "memory");
}
