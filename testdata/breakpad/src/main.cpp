// A small program for the Breakpad .sym oracle tests: C++ names, inline chains up to three deep
// (util::mix in util::hashBytes in checksum), code in three files.
#include "shapes.h"
#include "util.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

__attribute__((noinline)) uint32_t checksum(const char *text) {
    return util::hashBytes(reinterpret_cast<const unsigned char *>(text), static_cast<int>(std::strlen(text)));
}

__attribute__((noinline)) void report(const shapes::Point *poly, int n) {
    double a = shapes::area(poly, n);
    double p = shapes::perimeter(poly, n);
    std::printf("area %.2f perimeter %.2f class %d\n", a, p, shapes::classify(a));
}

}  // namespace

struct Crasher {
    virtual ~Crasher() = default;
    virtual int run(int depth) {
        if (depth <= 0) {
            volatile int *nowhere = nullptr;
            return *nowhere;
        }
        return run(depth - 1) + 1;
    }
};

int main(int argc, char **argv) {
    shapes::Point square[] = {{0, 0}, {4, 0}, {4, 4}, {0, 4}};
    report(square, 4);
    std::printf("checksum %08x\n", checksum(argc > 1 ? argv[1] : "crashkit"));
    if (argc > 2) {
        Crasher c;
        return c.run(std::atoi(argv[2]));
    }
    return 0;
}
