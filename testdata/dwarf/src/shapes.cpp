#include "shapes.hpp"

namespace geo {

__attribute__((noinline)) int Circle::area() const
{
    Vec<int> v{r_, r_ + 1};
    return v.dot(v) + scaled(2);
}

} // namespace geo

extern "C" int shapes_entry(int n)
{
    int sum = 0;
    for (int i = 1; i <= n; i++) {
        geo::Circle c(i);
        sum += c.area();
        sum ^= c.scaled(i);
    }
    return sum;
}
