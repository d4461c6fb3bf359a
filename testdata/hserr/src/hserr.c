/*
 * JNI library whose calls die inside HotSpot's fatal error handler, for hs_err test logs.
 * Built with frame pointers: HotSpot walks native frames by them (its "Native frames:" section).
 */
#include <jni.h>
#include <stdint.h>

/* Inlined into fault_at: the faulting store sits in an inline frame of the DWARF. */
static inline __attribute__((always_inline)) void poke(volatile int *slot, int value) {
    *slot = value;
}

static __attribute__((noinline, noclone)) int fault_at(volatile int *base, int depth) {
    poke(base + depth, depth);
    return depth + 1;
}

static __attribute__((noinline, noclone)) int descend(volatile int *base, int depth) {
    if (depth > 0) {
        return descend(base, depth - 1) + 1;
    }
    return fault_at(base, 3) + 1;
}

/* address 0: return (lets the JIT compile the Java caller first); else store near that address. */
JNIEXPORT jint JNICALL Java_HsErrCrash_touch(JNIEnv *env, jclass cls, jlong address) {
    (void) env;
    (void) cls;
    if (address == 0) {
        return 0;
    }
    return descend((volatile int *) (intptr_t) address, 2) + 1;
}

/* A bogus local reference: libjvm dereferences it (V frames above this C frame). */
JNIEXPORT jint JNICALL Java_HsErrCrash_badHandle(JNIEnv *env, jclass cls, jlong handle) {
    (void) cls;
    jclass c = (*env)->GetObjectClass(env, (jobject) (intptr_t) handle);
    return c != NULL;
}
