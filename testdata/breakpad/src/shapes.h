#pragma once

namespace shapes {

struct Point {
    double x;
    double y;
};

double area(const Point *poly, int n);
double perimeter(const Point *poly, int n);
int classify(double area);

}  // namespace shapes
