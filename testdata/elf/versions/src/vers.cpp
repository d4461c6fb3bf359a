// A shared library with GNU symbol versions, like glibc's: an old and a default version of one
// function (.symver), one function under two versions, functions of two version nodes, a C++
// function with a version, and a local function without one.
extern "C" {
__attribute__((noinline)) int compute_v1(int x) { return x * 7 + 1; }
__attribute__((noinline)) int compute_v2(int x) { return x * 11 + 2; }
__asm__(".symver compute_v1,compute@VERS_1.0");
__asm__(".symver compute_v2,compute@@VERS_2.0");

// Two versions of one address, as glibc's clock_nanosleep@@GLIBC_2.17 and @GLIBC_2.2.5: the default names it.
__attribute__((noinline)) int both_impl(int x) { return x * 13 + 3; }
__asm__(".symver both_impl,both@VERS_1.0");
__asm__(".symver both_impl,both@@VERS_2.0");

__attribute__((noinline)) int plain(int x) { return x * 3 + compute_v2(x); }
__attribute__((noinline)) int helper(int x) { return x - 1 + plain(x); }
}

namespace shapes {
__attribute__((noinline)) int tick(int x) { return helper(x) * 5; }
}

static __attribute__((noinline)) int hidden(int x) { return shapes::tick(x) + 4; }

extern "C" int entry(int x) { return hidden(x) + compute_v1(x); }
