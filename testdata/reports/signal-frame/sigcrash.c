/*
 * A process that dies of SIGSEGV in a nested call and, from its SIGSEGV handler, runs a helper
 * command with its pid appended (as HotSpot's -XX:OnError does) and waits for it: the helper sees
 * handler -> __restore_rt (signal trampoline) -> the faulting instruction -> its callers.
 * usage: CRASH_HELPER="cmd args" ./sigcrash
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *helper;

static void on_segv(int sig, siginfo_t *info, void *context) {
    (void) sig;
    (void) info;
    (void) context;
    char command[4096];
    snprintf(command, sizeof command, "%s %d", helper, (int) getpid());
    pid_t child = fork();
    if (child == 0) {
        execl("/bin/sh", "sh", "-c", command, (char *) NULL);
        _exit(127);
    }
    int status;
    waitpid(child, &status, 0);
    _exit(3);
}

__attribute__((noinline)) int load_twice(volatile int *p) {
    int first = *p;
    return first + *p;
}

__attribute__((noinline)) int checksum(volatile int *p, int rounds) {
    int sum = 0;
    for (int i = 0; i < rounds; i++) {
        sum += load_twice(p) * (i + 1);
    }
    return sum;
}

int main(int argc, char **argv) {
    (void) argv;
    helper = getenv("CRASH_HELPER");
    if (helper == NULL) {
        fprintf(stderr, "set CRASH_HELPER\n");
        return 2;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_segv;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGSEGV, &sa, NULL);
    volatile int *nowhere = argc > 100 ? (volatile int *) &argc : NULL;
    return checksum(nowhere, 3) == 42;
}
