package dev.crashkit.symbolicate.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.demangle.detect.TextDemangler;
import dev.crashkit.symbolicate.demangle.cpp.ItaniumDemangler;
import dev.crashkit.symbolicate.demangle.swift.DemangleOptions;
import dev.crashkit.symbolicate.demangle.swift.SwiftDemangler;
import java.nio.charset.StandardCharsets;

/**
 * Both demanglers never throw, return a name for every input and stay within the CPU and allocation
 * budget. Inputs are raw bytes decoded as UTF-8 (malformed sequences become U+FFFD, as a symbol table
 * read with {@code new String(bytes, UTF_8)} would give them).
 */
class DemanglerFuzzTest {

    /**
     * Work per name: a real symbol allocates ~1.5 KB (BENCHMARKS.md), the worst of swift-demangle's lists 560
     * bytes per input byte; the Swift printer gives up past 64K + 64 characters per input byte, and each call
     * here demangles in several styles.
     */
    private static final FuzzContract.Budget BUDGET = new FuzzContract.Budget(2L << 20, 2048);

    private static String text(byte[] input) {
        return new String(input, StandardCharsets.UTF_8);
    }

    @FuzzTest
    void swift(byte[] input) {
        String name = text(input);
        FuzzContract.check(input.length, BUDGET, null, () -> {
            SwiftDemangler d = SwiftDemangler.instance();
            notNull(d.demangle(name, DemangleOptions.full()));
            notNull(d.demangle(name, DemangleOptions.simplified()));
            notNull(d.classify(name));
        });
    }

    @FuzzTest
    void cpp(byte[] input) {
        String name = text(input);
        FuzzContract.check(input.length, BUDGET, null, () -> {
            notNull(ItaniumDemangler.demangleToken(name));
            notNull(new ItaniumDemangler().demangle(name, DemangleStyle.SIMPLIFIED));
        });
    }

    /** The {@code demangle} stdin filter: any text, names found as whole words (TextDemangler). */
    @FuzzTest
    void textFilter(byte[] input) {
        String text = text(input);
        FuzzContract.check(input.length, BUDGET, null, () -> {
            notNull(TextDemangler.demangle(text, DemangleOptions.full()));
            notNull(TextDemangler.demangle(text, DemangleOptions.simplified()));
        });
    }

    private static void notNull(String s) {
        if (s == null) {
            FuzzContract.fail("demangler returned null");
        }
    }
}
