/* Target for measuring how long a capture pauses a process, from inside the process.
 *
 * Usage: gaptarget [threads] [spin|sleep] [churn]
 *   threads: default 30, counting this main thread and the gap thread (and the churn thread);
 *   spin|sleep: how the gap thread waits between clock reads (default spin);
 *   churn: one more thread starts and joins short-lived threads without end, so that threads
 *          appear and exit while a capture attaches (the tests use it).
 *
 * One "gap" thread reads CLOCK_MONOTONIC in a loop and logs every interval between two reads that
 * is longer than a threshold (start, length) in a ring: while the process is stopped (or the thread
 * is descheduled) the clock jumps. "spin" is a tight loop (20 us threshold); "sleep" sleeps 50 us
 * between reads (timer slack 1 ns, 200 us threshold): on a loaded machine the scheduler lets a
 * waking sleeper run sooner than it lets a spinning thread back on, so its baseline is quieter,
 * and a stop still shows in full. The other threads block (pipe read, condition variable, nanosleep),
 * as most threads of a real process do. CLOCK_MONOTONIC is also what Java's System.nanoTime reads
 * on Linux, so the caller can name windows in its own clock.
 *
 * Protocol on stdin/stdout, one line each:
 *   prints "ready <pid>" once every thread runs;
 *   "gap <from> <to>" -> "gap <longest ns> <its start ns> <gaps logged in window>": the longest
 *                        logged gap overlapping [from, to] (ns of CLOCK_MONOTONIC), 0 0 0 if none;
 *                        answered once the gap thread has read its clock after <to> (or 10 s passed);
 *   "gaps <from> <len> <n>" -> "gaps <g1> ... <gn>": the longest gap overlapping each of n
 *                        consecutive windows of len ns starting at from (0 where none), answered
 *                        once the gap thread has read its clock after the last window;
 *   "now"             -> "now <ns>";
 *   "quit" or end of input exits.
 * Built by the capture tests and the bench with: gcc -O2 -pthread -o gaptarget gaptarget.c */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/prctl.h>
#include <unistd.h>

#define SPIN_MIN_NS 20000LL   /* shorter intervals are the loop itself, not a pause */
#define SLEEP_NS 50000L
#define SLEEP_MIN_NS 200000LL
#define RING 65536         /* power of two; minutes of gaps even on a loaded machine */

struct gap { int64_t start, len; };
static struct gap ring[RING];
static volatile uint64_t written; /* gaps logged so far; ring[i % RING] */
static volatile int64_t last_read; /* the gap thread's latest clock read, logged gaps up to it */
static int pipefd[2];
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static volatile int started;

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t) ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void *gap_thread(void *arg) {
    int sleeping = arg != 0;
    int64_t min = sleeping ? SLEEP_MIN_NS : SPIN_MIN_NS;
    struct timespec pause_ts = {0, SLEEP_NS};
    if (sleeping) prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
    __sync_fetch_and_add(&started, 1);
    int64_t prev = now_ns();
    for (;;) {
        if (sleeping) nanosleep(&pause_ts, 0);
        int64_t t = now_ns();
        if (t - prev > min) {
            uint64_t w = written;
            ring[w % RING].start = prev;
            ring[w % RING].len = t - prev;
            __atomic_store_n(&written, w + 1, __ATOMIC_RELEASE);
        }
        __atomic_store_n(&last_read, t, __ATOMIC_RELEASE);
        prev = t;
    }
    return 0;
}

static void *blocked_thread(void *arg) {
    long kind = (long) arg;
    __sync_fetch_and_add(&started, 1);
    if (kind == 0) {
        char c;
        for (;;) if (read(pipefd[0], &c, 1) == 0) pause();
    } else if (kind == 1) {
        pthread_mutex_lock(&mu);
        for (;;) pthread_cond_wait(&cv, &mu);
    } else {
        struct timespec ts = {100000, 0};
        for (;;) nanosleep(&ts, 0);
    }
    return 0;
}

static void *short_lived(void *arg) { return arg; }

static void *churn_thread(void *arg) {
    (void) arg;
    __sync_fetch_and_add(&started, 1);
    for (;;) {
        pthread_t t;
        if (pthread_create(&t, 0, short_lived, 0) == 0) pthread_join(t, 0);
    }
    return 0;
}

/* Waits (at most 10 s) until the gap thread has read its clock after `to`: a gap ending after `to` is
 * logged only once that thread runs again, and right after a capture resumes the process a loaded
 * machine may not have scheduled it yet while this main thread already answers. */
static void wait_past(int64_t to) {
    int64_t give_up = now_ns() + 10000000000LL;
    while (__atomic_load_n(&last_read, __ATOMIC_ACQUIRE) <= to && now_ns() < give_up) usleep(200);
}

/* Longest logged gap overlapping [from, to]; scans back from the newest entry. */
static int64_t longest(int64_t from, int64_t to, int64_t *start, long *count) {
    uint64_t w = __atomic_load_n(&written, __ATOMIC_ACQUIRE);
    uint64_t lo = w > RING ? w - RING : 0;
    int64_t best = 0, best_start = 0;
    long n = 0;
    for (uint64_t i = w; i > lo; i--) {
        struct gap g = ring[(i - 1) % RING];
        if (g.start + g.len < from) break; /* entries are in time order */
        if (g.start > to) continue;
        n++;
        if (g.len > best) { best = g.len; best_start = g.start; }
    }
    *start = best_start;
    *count = n;
    return best;
}

int main(int argc, char **argv) {
    int threads = argc > 1 ? atoi(argv[1]) : 30;
    int sleeping = argc > 2 && strcmp(argv[2], "sleep") == 0;
    int churn = argc > 3 && strcmp(argv[3], "churn") == 0;
    if (threads < 3 || threads > 4096 || (argc > 2 && !sleeping && strcmp(argv[2], "spin") != 0)
        || (argc > 3 && !churn)) {
        fprintf(stderr, "usage: gaptarget [threads 3..4096] [spin|sleep] [churn]\n");
        return 2;
    }
    if (pipe(pipefd) != 0) return 1;
    pthread_t t;
    if (pthread_create(&t, 0, gap_thread, (void *) (long) sleeping) != 0) return 1;
    if (churn && pthread_create(&t, 0, churn_thread, 0) != 0) return 1;
    for (long i = 0; i < threads - 2 - churn; i++) {
        if (pthread_create(&t, 0, blocked_thread, (void *) (i % 3)) != 0) return 1;
    }
    while (started < threads - 1) usleep(1000);
    usleep(50000); /* let each reach its system call */
    printf("ready %d\n", (int) getpid());
    fflush(stdout);
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        long long a, b, c;
        int64_t start;
        long count;
        if (sscanf(line, "gap %lld %lld", &a, &b) == 2) {
            wait_past(b);
            int64_t g = longest(a, b, &start, &count);
            printf("gap %lld %lld %ld\n", (long long) g, (long long) start, count);
        } else if (sscanf(line, "gaps %lld %lld %lld", &a, &b, &c) == 3 && b > 0 && c > 0 && c <= 100000) {
            wait_past(a + c * b);
            printf("gaps");
            for (long long i = 0; i < c; i++) {
                printf(" %lld", (long long) longest(a + i * b, a + (i + 1) * b, &start, &count));
            }
            printf("\n");
        } else if (strncmp(line, "now", 3) == 0) {
            printf("now %lld\n", (long long) now_ns());
        } else if (strncmp(line, "quit", 4) == 0) {
            break;
        } else {
            printf("error unknown command\n");
        }
        fflush(stdout);
    }
    return 0;
}
