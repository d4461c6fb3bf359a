package dev.crashkit.symbolicate.demangle.swift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Regression tests for behaviour read from swift's own sources (swiftlang/swift lib/Demangling,
 * Swift 6.2: OldDemangler.cpp, NodePrinter.cpp) where the conformance lists have no case. Each names the
 * source line it follows; none takes its expectation from our own output.
 */
class SwiftUpstreamBehaviourTest {
    private final SwiftDemangler d = SwiftDemangler.instance();

    /**
     * OldDemangler.cpp reads numbers as {@code uint64_t} that wrap around and rejects
     * {@code index_sub >= Substitutions.size()} unsigned: an index past the table is invalid input, which
     * swift-demangle prints unchanged. (Was: ArrayIndexOutOfBoundsException from the wrapped, negative index.)
     */
    @Test
    void oldManglingSubstitutionIndexPastTheTableIsInvalid() {
        for (String name : new String[] {"_TF4main1fFT1aSi_S22222222222222222222222_",
                "_TF4main1fFT1aSi_S18446744073709551614_", "_TtS0_", "_TtGSqS9_"}) {
            assertEquals(name, d.demangle(name, DemangleOptions.full()));
            assertEquals(name, d.demangle(name, DemangleOptions.simplified()));
        }
    }

    /** Builtin sizes are {@code Node::IndexType} (uint64_t) printed with {@code <<}: unsigned, even after wrapping. */
    @Test
    void oldManglingNumbersPrintUnsigned() {
        assertEquals("Builtin.Int18446744073709551615", d.demangle("_TtBi18446744073709551615_"));
        // 2^64 + 1 wraps around to 1.
        assertEquals("Builtin.Int1", d.demangle("_TtBi18446744073709551617_"));
    }

    /** NodePrinter.cpp, case BackDeploymentFallback: the prefix is printed whatever ShortenThunk says. */
    @Test
    void backDeploymentFallbackKeepsItsPrefixWhenSimplified() {
        String fn = "$s21back_deploy_attribute0A12DeployedFuncyyF";
        assertEquals("back deployment fallback for " + d.demangle(fn, DemangleOptions.simplified()),
                d.demangle(fn + "TwB", DemangleOptions.simplified()));
        // The thunk, unlike the fallback, loses its prefix (case BackDeploymentThunk: only if !ShortenThunk).
        assertEquals(d.demangle(fn, DemangleOptions.simplified()), d.demangle(fn + "Twb", DemangleOptions.simplified()));
    }

    /**
     * NodePrinter.cpp, case AutoDiffSelfReorderingReabstractionThunk: with ShortenThunk only
     * {@code "for "} and the from-type follow the name; kind, {@code " from "} and {@code " to "} are the full style's.
     */
    @Test
    void selfReorderingThunkSimplifiedNamesOnlyTheFromType() {
        String name = "$sS2f8mangling3FooV13TangentVectorVIegydd_SfAESfIegydd_TJOp";
        String s = d.demangle(name, DemangleOptions.simplified());
        assertTrue(s.startsWith("autodiff self-reordering reabstraction thunk for @escaping @callee_guaranteed ("), s);
        assertFalse(s.contains("pullback"), s);
        assertFalse(s.contains(" from "), s);
        assertFalse(s.contains(" to "), s);
    }

    /**
     * Demangler.cpp's {@code getManglingPrefixLength} knows only {@code _T0 $S _$S $s _$s $e _$e @__swiftmacro_}
     * (plus the old {@code _T}): a name without one is not demangled. We once accepted a prefix-less
     * {@code async_Main} and printed it as a demangling.
     */
    @Test
    void namesWithoutASwiftPrefixAreNotDemangled() {
        for (String name : new String[] {"async_Main", "async_MainTY1_", "_async_MainTu", "$E4main3fooyyF",
                "_$E4main3fooyyF", "_T1a"}) {
            assertEquals(name, d.demangle(name, DemangleOptions.full()), name);
            assertEquals(name, d.demangle(name, DemangleOptions.simplified()), name);
        }
    }
}
