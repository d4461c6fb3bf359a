/* The anchor for capture's pause: the same stop sequence as `capture --pid`, written in C with no
 * runtime in the way. Lists the threads and reads /proc/<pid>/maps first, then stops the world:
 * SEIZE + INTERRUPT every thread, waits for each stop (blocking waitpid), GETREGS, copies each
 * thread's stack from SP to the end of its mapping (at most WINDOW bytes) with process_vm_readv,
 * and detaches. Prints the line capture's --timing prints, plus the window in CLOCK_MONOTONIC.
 *
 * Usage: ptrace_anchor PID [WINDOW]
 * Built by the bench with: gcc -O2 -o ptrace_anchor ptrace_anchor.c */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <time.h>

#define MAX_THREADS 4096
#define MAX_MAPS 65536

static long tids[MAX_THREADS];
static struct user_regs_struct regs[MAX_THREADS];
static unsigned long map_start[MAX_MAPS], map_end[MAX_MAPS];

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t) ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static unsigned long stack_end(unsigned long sp, int nmaps) {
    for (int i = 0; i < nmaps; i++) {
        if (sp >= map_start[i] && sp < map_end[i]) return map_end[i];
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: ptrace_anchor PID [WINDOW]\n");
        return 2;
    }
    int pid = atoi(argv[1]);
    long window = argc > 2 ? atol(argv[2]) : 65536;
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/task", pid);
    DIR *d = opendir(path);
    if (!d) { perror(path); return 1; }
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) && n < MAX_THREADS;) {
        if (e->d_name[0] != '.') tids[n++] = atol(e->d_name);
    }
    closedir(d);
    snprintf(path, sizeof path, "/proc/%d/maps", pid);
    FILE *f = fopen(path, "r");
    if (!f) { perror(path); return 1; }
    int nmaps = 0;
    char line[4096];
    while (nmaps < MAX_MAPS && fgets(line, sizeof line, f)) {
        if (sscanf(line, "%lx-%lx", &map_start[nmaps], &map_end[nmaps]) == 2) nmaps++;
    }
    fclose(f);
    char *stacks = malloc((size_t) n * window);
    if (!stacks) return 1;
    for (long i = 0; i < (long) n * window; i += 4096) stacks[i] = 0; /* fault the pages in now */
    size_t copied = 0;

    int64_t t0 = now_ns();
    int stopped = 0;
    for (int i = 0; i < n; i++) {
        if (ptrace(PTRACE_SEIZE, tids[i], 0, 0) != 0) tids[i] = -tids[i];
    }
    for (int i = 0; i < n; i++) {
        if (tids[i] > 0) ptrace(PTRACE_INTERRUPT, tids[i], 0, 0);
    }
    for (int i = 0; i < n; i++) {
        int status;
        if (tids[i] <= 0 || waitpid(tids[i], &status, __WALL) != tids[i] || !WIFSTOPPED(status)) continue;
        if (ptrace(PTRACE_GETREGS, tids[i], 0, &regs[i]) != 0) continue;
        stopped++;
        unsigned long end = stack_end(regs[i].rsp, nmaps);
        long len = end > regs[i].rsp ? (long) (end - regs[i].rsp) : 0;
        if (len > window) len = window;
        struct iovec local = {stacks + (size_t) i * window, (size_t) len};
        struct iovec remote = {(void *) regs[i].rsp, (size_t) len};
        ssize_t got = process_vm_readv(pid, &local, 1, &remote, 1, 0);
        if (got > 0) copied += (size_t) got;
    }
    for (int i = 0; i < n; i++) {
        if (tids[i] > 0) ptrace(PTRACE_DETACH, tids[i], 0, 0);
    }
    int64_t t1 = now_ns();

    fprintf(stderr, "anchor: copied %zu stack bytes\n", copied);
    fprintf(stderr, "anchor: window CLOCK_MONOTONIC %lld..%lld ns\n", (long long) t0, (long long) t1);
    fprintf(stderr, "anchor: paused %d threads for %.3f ms\n", stopped, (t1 - t0) / 1e6);
    return stopped == n ? 0 : 1;
}
