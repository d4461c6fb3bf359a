// Helpers inlined two and three levels deep into the callers in main.cpp and shapes.cpp.
#pragma once
#include <cstdint>

namespace util {

static inline __attribute__((always_inline)) uint32_t mix(uint32_t h, uint32_t v) {
    h ^= v;
    h *= 0x01000193u;
    return h;
}

static inline __attribute__((always_inline)) uint32_t hashBytes(const unsigned char *p, int n) {
    uint32_t h = 0x811c9dc5u;
    for (int i = 0; i < n; i++) {
        h = mix(h, p[i]);
    }
    return h;
}

template <typename T>
static inline __attribute__((always_inline)) T clamp(T v, T lo, T hi) {
    return v < lo ? lo : v > hi ? hi : v;
}

}  // namespace util
