/* Test fixture for capture: threads blocked deep inside known nested functions.
 * Built by the tests with gcc, without frame pointers, so that only CFI recovers the chains.
 * Kinds: 0 blocks in read() on a pipe, 1 in pthread_cond_wait (futex), 2 in nanosleep. */
#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static int pipefd[2];
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static volatile int started;

#define KEEP __attribute__((noinline, used))
/* An empty asm after each call keeps it a real call (no tail call, no merging). */
#define BARRIER __asm__ volatile("" ::: "memory")

KEEP void ck_wait_read(void) { char c; __sync_fetch_and_add(&started, 1); while (read(pipefd[0], &c, 1) < 0) {} BARRIER; }
KEEP void ck_wait_futex(void) {
    pthread_mutex_lock(&mu);
    __sync_fetch_and_add(&started, 1);
    for (;;) pthread_cond_wait(&cv, &mu);
    BARRIER;
}
KEEP void ck_wait_sleep(void) {
    struct timespec ts = {100000, 0};
    __sync_fetch_and_add(&started, 1);
    for (;;) nanosleep(&ts, 0);
    BARRIER;
}
KEEP void ck_level3(long kind) {
    if (kind == 0) ck_wait_read(); else if (kind == 1) ck_wait_futex(); else ck_wait_sleep();
    BARRIER;
}
KEEP void ck_level2(long kind) { ck_level3(kind); BARRIER; }
KEEP void ck_level1(long kind) { ck_level2(kind); BARRIER; }
KEEP static void *ck_thread_main(void *arg) { ck_level1((long) arg); BARRIER; return 0; }

/* Starts n threads (kinds 0,1,2,0,1,2...) and returns once all are about to block. */
KEEP int ck_start(int n) {
    if (pipe(pipefd) != 0) return -1;
    for (long i = 0; i < n; i++) {
        pthread_t t;
        if (pthread_create(&t, 0, ck_thread_main, (void *) (i % 3)) != 0) return -1;
        pthread_detach(t);
    }
    while (started < n) usleep(1000);
    usleep(50000); /* let each reach its system call */
    return 0;
}

#ifdef CK_MAIN
int main(void) {
    if (ck_start(6) != 0) return 1;
    printf("ready %d\n", (int) getpid());
    fflush(stdout);
    for (;;) pause();
}
#endif
