// C++ part: namespaces, a class with static and member functions, templates with explicit
// instantiations, an anonymous-namespace (local) function and an operator, so that the symbol
// table holds a variety of Itanium-mangled names.
#include "app.h"

namespace crashkit {
namespace detail {

template <typename T>
__attribute__((noinline)) T accumulate(const T *values, int n) {
    T sum = T();
    for (int i = 0; i < n; i++) {
        sum = sum + values[i];
    }
    return sum;
}

template int accumulate<int>(const int *, int);
template double accumulate<double>(const double *, int);

}  // namespace detail

class Parser {
public:
    explicit Parser(int base) : base_(base) {}
    __attribute__((noinline)) int parse(const char *text) const;
    __attribute__((noinline)) static int checksum(const char *text, int len);
    __attribute__((noinline)) Parser operator+(const Parser &other) const;
    int base() const { return base_; }

private:
    int base_;
};

int Parser::parse(const char *text) const {
    int v = base_;
    while (*text >= '0' && *text <= '9') {
        v = v * 10 + (*text - '0');
        text++;
    }
    return v;
}

int Parser::checksum(const char *text, int len) {
    int c = 0;
    for (int i = 0; i < len; i++) {
        c = (c << 1) ^ text[i];
    }
    return c;
}

Parser Parser::operator+(const Parser &other) const {
    return Parser(base_ + other.base_);
}

}  // namespace crashkit

namespace {
__attribute__((noinline)) int hidden_square(int x) {
    return x * x + 1;
}
}  // namespace

extern "C" int cpp_entry(int x) {
    static const int ints[4] = {4, 3, 2, 1};
    static const double doubles[2] = {0.5, 1.5};
    crashkit::Parser a(x), b(2);
    crashkit::Parser c = a + b;
    int r = c.parse("123") + crashkit::Parser::checksum("abc", 3);
    r += crashkit::detail::accumulate(ints, 4);
    r += (int)crashkit::detail::accumulate(doubles, 2);
    return r + hidden_square(x);
}
