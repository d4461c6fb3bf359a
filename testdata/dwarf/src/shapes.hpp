// C++ inlines in a header: templates, methods defined in the class and out of it.
#ifndef CRASHKIT_SHAPES_HPP
#define CRASHKIT_SHAPES_HPP

extern "C" volatile int g_sink;

namespace geo {

template <typename T> struct Vec {
    T x;
    T y;
    __attribute__((always_inline)) T dot(const Vec &o) const { return x * o.x + y * o.y; }
};

template <int N> __attribute__((always_inline)) inline int unroll(int v)
{
    return unroll<N - 1>(v) * 3 + N;
}

template <> __attribute__((always_inline)) inline int unroll<0>(int v)
{
    g_sink = v;
    return v;
}

class Circle {
public:
    explicit Circle(int r) : r_(r) {}
    int area() const;
    __attribute__((always_inline)) int scaled(int k) const { return unroll<3>(r_ * k); }

private:
    int r_;
};

} // namespace geo

#endif
