// Geometry with small helpers gcc inlines at -O2 (distance inlined into perimeter, cross into area).
#include "shapes.h"
#include "util.h"
#include <cmath>

namespace shapes {

static inline double cross(const Point &a, const Point &b) {
    return a.x * b.y - a.y * b.x;
}

static inline double distance(const Point &a, const Point &b) {
    double dx = a.x - b.x;
    double dy = a.y - b.y;
    return std::sqrt(dx * dx + dy * dy);
}

double area(const Point *poly, int n) {
    double sum = 0;
    for (int i = 0; i < n; i++) {
        sum += cross(poly[i], poly[(i + 1) % n]);
    }
    return std::fabs(sum) / 2;
}

double perimeter(const Point *poly, int n) {
    double sum = 0;
    for (int i = 0; i < n; i++) {
        sum += distance(poly[i], poly[(i + 1) % n]);
    }
    return sum;
}

int classify(double a) {
    int bucket = static_cast<int>(a / 10);
    return util::clamp(bucket, 0, 9);
}

}  // namespace shapes
