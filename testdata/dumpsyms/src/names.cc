// C++ names dump_syms has to spell as __cxa_demangle does: templates closing in "> >", lambdas,
// unnamed types, anonymous namespaces, operators, clones (.isra/.constprop/.cold), std::string.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace shapes {
template <typename T> struct Box {
    T value;
    Box operator+(const Box& o) const { return Box{value + o.value}; }
    bool operator<(const Box& o) const { return value < o.value; }
};

namespace {
struct { int hidden; } unnamed_global;

__attribute__((noinline)) int secret(const std::vector<std::pair<int, std::string>>& v) {
    int n = 0;
    for (const auto& p : v) {
        n += p.first + static_cast<int>(p.second.size());
    }
    return n + unnamed_global.hidden;
}
}  // namespace

class Registry {
public:
    __attribute__((noinline)) void add(const std::string& name, std::function<int(int)> f) { map_[name] = std::move(f); }
    __attribute__((noinline)) int run(const std::string& name, int x) const {
        auto it = map_.find(name);
        if (it == map_.end()) {
            std::fprintf(stderr, "no %s\n", name.c_str());
            std::abort();
        }
        return it->second(x);
    }

private:
    std::map<std::string, std::function<int(int)>> map_;
};
}  // namespace shapes

template <typename K, typename V>
__attribute__((noinline)) V sum_values(const std::map<K, std::vector<V>>& m) {
    V total{};
    for (const auto& [k, vs] : m) {
        for (const V& v : vs) {
            total = total + v;
        }
    }
    return total;
}

int main(int argc, char** argv) {
    shapes::Registry r;
    int bias = argc;
    r.add("twice", [](int x) { return 2 * x; });
    r.add("biased", [bias](int x) { return x + bias; });
    std::map<int, std::vector<shapes::Box<long>>> m;
    for (int i = 0; i < argc + 3; i++) {
        m[i].push_back(shapes::Box<long>{i * 3L});
    }
    std::vector<std::pair<int, std::string>> v{{1, "one"}, {2, argv[0]}};
    std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    auto total = sum_values(m);
    std::unique_ptr<shapes::Box<double>> d(new shapes::Box<double>{1.5});
    std::printf("%ld %d %d %f\n", total.value, r.run("twice", shapes::secret(v)), r.run(argc > 5 ? "nope" : "biased", 1),
                d->value);
    return 0;
}
