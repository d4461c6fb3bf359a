/* Shared declarations for the crashkit Mach-O test program (no SDK headers needed). */
#ifndef CRASHKIT_APP_H
#define CRASHKIT_APP_H

#ifdef __cplusplus
extern "C" {
#endif

typedef unsigned long ck_size_t;

/* libSystem (resolved through the hand-written tbd stub src/libSystem.tbd, called via __stubs) */
extern void abort(void) __attribute__((noreturn));
extern long write(int fd, const void *buf, ck_size_t n);

/* libCrashKitUtil.dylib (resolved at run time with -undefined dynamic_lookup, called via __stubs) */
extern int ck_lib_compute(int x);

/* app.c */
int main(int argc, char **argv);
__attribute__((noreturn)) void ck_fatal(const char *msg);
int ck_crash_null(int *p);
int ck_aligned_worker(int x);

/* util.cpp */
int cpp_entry(int x);

/* widget.m */
int objc_entry(int x);

#ifdef __cplusplus
}
#endif

#endif
