/*
 * Test program for the minidump reader and walker: built -O2 -fomit-frame-pointer (so callers are
 * found with CFI), statically linked (so every frame, libc's too, is in one committed binary), it
 * starts threads that block in pause(), then crashes through an inlined chain (or, given "abort",
 * calls abort()); the Breakpad client (bp_shim.cc) writes the minidump. One thread damages its own stack first, so that
 * an unwinder must scan to get past it.
 */
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void install_breakpad(const char *dir);

static pthread_barrier_t ready;
static volatile int sink;

/* Blocks forever in a system call (frame 0 in libc's pause). */
__attribute__((noinline)) static void park(void) {
    for (;;) {
        pause();
    }
}

__attribute__((noinline)) static void deep3(int n) {
    sink += n;
    pthread_barrier_wait(&ready);
    park();
}

__attribute__((noinline)) static void deep2(int n) {
    deep3(n * 3);
    sink++;
}

__attribute__((noinline)) static void deep1(int n) {
    deep2(n + 1);
    sink++;
}

static void *worker(void *arg) {
    deep1((int) (intptr_t) arg);
    return NULL;
}

/*
 * Overwrites, in the stack above its own frame, the word that holds `ra` (its caller's return
 * address into damaged_outer) with a value that is no code address: the CFI of its caller then
 * yields a bad return address and an unwinder must scan for the next frame.
 */
__attribute__((noinline)) static void smash_then_park(void *ra) {
    uintptr_t *p = (uintptr_t *) __builtin_frame_address(0);
    for (int i = 0; i < 512; i++) {
        if (p[i] == (uintptr_t) ra) {
            p[i] = 0; /* CFI then yields no caller: Breakpad and we fall back to the stack */
            break;
        }
    }
    pthread_barrier_wait(&ready);
    park();
}

__attribute__((noinline)) static void damaged_inner(void) {
    smash_then_park(__builtin_return_address(0));
    sink++;
}

__attribute__((noinline)) static void damaged_outer(void) {
    damaged_inner();
    sink++;
}

static void *damaged(void *arg) {
    (void) arg;
    damaged_outer();
    return NULL;
}

/* The crash: three inlined levels inside crash_here, writing through a null pointer. */
static inline __attribute__((always_inline)) void inline_c(int *p, int v) {
    *p = v;
}

static inline __attribute__((always_inline)) void inline_b(int *p, int v) {
    inline_c(p, v + 1);
}

static inline __attribute__((always_inline)) void inline_a(int *p, int v) {
    inline_b(p, v * 2);
}

__attribute__((noinline)) static void crash_here(int *p, int v) {
    inline_a(p, v);
    sink++;
}

__attribute__((noinline)) static void before_crash(int *p) {
    crash_here(p, sink + 7);
    sink++;
}

/* The other way to die: abort() from a few frames down, through libc's raise and pthread_kill. */
__attribute__((noinline)) static void give_up(int why) {
    sink += why;
    abort(); /* unconditional: gcc would split a conditional call into a "give_up.cold" part */
}

__attribute__((noinline)) static void check_state(int state) {
    give_up(state - 1);
    sink++;
}

int main(int argc, char **argv) {
    install_breakpad(argc > 1 ? argv[1] : ".");
    int aborting = argc > 2 && strcmp(argv[2], "abort") == 0;
    pthread_barrier_init(&ready, NULL, 4);
    pthread_t t[3];
    pthread_create(&t[0], NULL, worker, (void *) 1);
    pthread_create(&t[1], NULL, worker, (void *) 2);
    pthread_create(&t[2], NULL, damaged, NULL);
    pthread_barrier_wait(&ready);
    usleep(100000); /* every thread has reached pause() */
    if (aborting) {
        check_state(sink + 2);
    }
    int *volatile nowhere = NULL;
    before_crash(nowhere);
    return 0;
}
