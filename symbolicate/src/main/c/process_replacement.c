/*
 * ProcessReplacement.exec: replaces the calling JVM with another program (execv), so that
 * `java -jar symbolicate.jar` becomes its tuned child JVM instead of starting it and waiting
 * (cli/Relaunch.java says why; BENCHMARKS.md has the figures). Built by build-tools/native-exec.sh.
 *
 * Before the exec: every descriptor above 2 is marked close-on-exec (what the JDK's process
 * launcher does for a child: the new JVM gets only the standard streams), and this thread's signal
 * mask is emptied (HotSpot blocks some signals in Java threads; a mask survives execv), and this
 * JVM's performance-data file (/tmp/hsperfdata_USER/PID, which it would delete at exit) is removed:
 * the new program keeps the pid, so the file would otherwise outlive this JVM and make jps list the
 * new one under this one's name. If execv fails the mask is restored and errno returned: the caller
 * starts a child the usual way.
 */
#include <jni.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* Where HotSpot on Linux keeps a JVM's performance data (os::get_temp_directory() is /tmp there). */
static void remove_own_perf_data(void) {
    struct passwd pw, *found = NULL;
    char buf[4096];
    if (getpwuid_r(geteuid(), &pw, buf, sizeof buf, &found) != 0 || found == NULL) {
        return;
    }
    char path[4096];
    int n = snprintf(path, sizeof path, "/tmp/hsperfdata_%s/%d", pw.pw_name, (int) getpid());
    if (n > 0 && (size_t) n < sizeof path) {
        unlink(path);
    }
}

static void close_on_exec_above_stderr(void) {
    DIR *d = opendir("/proc/self/fd");
    if (d == NULL) {
        return;
    }
    int own = dirfd(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        char *end;
        long fd = strtol(e->d_name, &end, 10);
        if (*end != '\0' || end == e->d_name || fd <= 2 || fd == own) {
            continue;
        }
        int flags = fcntl((int) fd, F_GETFD);
        if (flags >= 0) {
            fcntl((int) fd, F_SETFD, flags | FD_CLOEXEC);
        }
    }
    closedir(d);
}

static void free_all(char **argv, jsize n) {
    for (jsize i = 0; i < n; i++) {
        free(argv[i]);
    }
    free(argv);
}

/* args: the program's path first, each argument as bytes in the platform's encoding (no NUL). */
JNIEXPORT jint JNICALL
Java_dev_crashkit_symbolicate_cli_ProcessReplacement_exec(JNIEnv *env, jclass cls, jobjectArray args) {
    (void) cls;
    jsize n = (*env)->GetArrayLength(env, args);
    if (n < 1) {
        return EINVAL;
    }
    char **argv = calloc((size_t) n + 1, sizeof *argv);
    if (argv == NULL) {
        return ENOMEM;
    }
    for (jsize i = 0; i < n; i++) {
        jbyteArray a = (jbyteArray) (*env)->GetObjectArrayElement(env, args, i);
        if (a == NULL) {
            free_all(argv, n);
            return EINVAL;
        }
        jsize len = (*env)->GetArrayLength(env, a);
        argv[i] = malloc((size_t) len + 1);
        if (argv[i] == NULL) {
            free_all(argv, n);
            return ENOMEM;
        }
        (*env)->GetByteArrayRegion(env, a, 0, len, (jbyte *) argv[i]);
        argv[i][len] = '\0';
        (*env)->DeleteLocalRef(env, a);
    }
    close_on_exec_above_stderr();
    remove_own_perf_data();
    sigset_t none, old;
    sigemptyset(&none);
    pthread_sigmask(SIG_SETMASK, &none, &old);
    execv(argv[0], argv);
    int err = errno;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    free_all(argv, n);
    return err;
}
