package dev.crashkit.server.store;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The order of app versions, for "resolved in version V" and first/last version: Apple's and
 * semver's dotted numbers. A version is {@code MAIN[-PRERELEASE][+META][ (BUILD)]}: MAIN is dotted integers
 * compared numerically, a missing part counting 0 ({@code 1.1} = {@code 1.1.0} < {@code 1.10}); a prerelease
 * comes before its release ({@code 1.1-beta.2} < {@code 1.1}, identifiers compared as semver does); then
 * the build in parentheses, as the server stores {@code CFBundleShortVersionString (CFBundleVersion)}, compared the
 * same way ({@code 1.1 (41)} < {@code 1.1 (42)}; no build < any build); {@code +META} is ignored, as in semver.
 * A text that does not start with a digit (or a {@code v} and a digit) has no place in the order.
 */
public final class AppVersionOrder {
    private static final Pattern VERSION = Pattern.compile(
            "[vV]?(\\d+(?:\\.\\d+)*)(?:-([0-9A-Za-z.-]+))?(?:\\+[0-9A-Za-z.-]*)?(?:\\s*\\(([^)]*)\\))?\\s*");

    /** A parsed version. */
    public record Parsed(List<Long> main, List<String> prerelease, Optional<Parsed> build) {
    }

    /** Newest last. */
    public static final Comparator<Parsed> ORDER = AppVersionOrder::compare;

    private AppVersionOrder() {
    }

    /** Empty when the text is no dotted version (then it is not ordered against others). */
    public static Optional<Parsed> parse(String text) {
        Matcher m = VERSION.matcher(text.strip());
        if (!m.matches()) {
            return Optional.empty();
        }
        List<Long> main = new ArrayList<>();
        for (String part : m.group(1).split("\\.")) {
            if (part.length() > 18) {
                return Optional.empty(); // not a version anybody ships; keeps parseLong in range
            }
            main.add(Long.parseLong(part));
        }
        List<String> pre = m.group(2) == null ? List.of() : List.of(m.group(2).split("\\."));
        Optional<Parsed> build = Optional.empty();
        if (m.group(3) != null) {
            build = parse(m.group(3)).filter(b -> b.build().isEmpty());
            if (build.isEmpty()) {
                return Optional.empty();
            }
        }
        return Optional.of(new Parsed(main, pre, build));
    }

    /** Whether {@code seen} is {@code floor} or later; false when either is no version. */
    public static boolean atLeast(String seen, String floor) {
        Optional<Parsed> s = parse(seen);
        Optional<Parsed> f = parse(floor);
        return s.isPresent() && f.isPresent() && compare(s.get(), f.get()) >= 0;
    }

    static int compare(Parsed a, Parsed b) {
        int n = Math.max(a.main().size(), b.main().size());
        for (int i = 0; i < n; i++) {
            long x = i < a.main().size() ? a.main().get(i) : 0;
            long y = i < b.main().size() ? b.main().get(i) : 0;
            if (x != y) {
                return Long.compare(x, y);
            }
        }
        int pre = comparePrerelease(a.prerelease(), b.prerelease());
        if (pre != 0) {
            return pre;
        }
        if (a.build().isEmpty() || b.build().isEmpty()) {
            return Boolean.compare(a.build().isPresent(), b.build().isPresent());
        }
        return compare(a.build().get(), b.build().get());
    }

    /** Semver 2.0.0 rule 11: none after any; numeric identifiers numerically and before alphanumeric ones. */
    private static int comparePrerelease(List<String> a, List<String> b) {
        if (a.isEmpty() || b.isEmpty()) {
            return Boolean.compare(a.isEmpty(), b.isEmpty());
        }
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            String x = a.get(i);
            String y = b.get(i);
            boolean xn = numeric(x);
            boolean yn = numeric(y);
            int c;
            if (xn && yn) {
                c = Long.compare(Long.parseLong(x), Long.parseLong(y));
            } else if (xn != yn) {
                c = xn ? -1 : 1;
            } else {
                c = x.compareTo(y);
            }
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    private static boolean numeric(String s) {
        return !s.isEmpty() && s.length() <= 18 && s.chars().allMatch(c -> c >= '0' && c <= '9');
    }
}
