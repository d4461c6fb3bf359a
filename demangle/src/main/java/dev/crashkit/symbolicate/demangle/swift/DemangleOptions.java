package dev.crashkit.symbolicate.demangle.swift;

import dev.crashkit.symbolicate.demangle.DemangleStyle;

/**
 * Printing toggles, mirroring swift's {@code DemangleOptions}. {@link #full()} is what
 * {@code swift-demangle} prints, {@link #simplified()} what {@code swift-demangle -simplified} prints.
 *
 * @param synthesizeSugarOnTypes print {@code [T]}, {@code T?}, {@code [K : V]} for stdlib generics
 * @param qualifyEntities print the context of declarations
 * @param displayExtensionContexts print {@code (extension in M):}
 * @param displayUnmangledSuffix print {@code with unmangled suffix "..."}
 * @param displayModuleNames print module names
 * @param displayGenericSpecializations print the specialization parameters
 * @param displayProtocolConformances print {@code : Protocol in Module} of conformances
 * @param displayWhereClauses print generic requirements
 * @param displayEntityTypes print {@code : Type} of variables
 * @param shortenPartialApply print {@code partial apply} without {@code forwarder}
 * @param shortenThunk print short thunk descriptions
 * @param shortenValueWitness print {@code x for T} instead of {@code x value witness for T}
 * @param showPrivateDiscriminators print {@code (in _ABC...)}
 * @param showFunctionArgumentTypes print argument types (otherwise only labels)
 * @param showAsyncResumePartial print async resume partial functions
 */
public record DemangleOptions(
        boolean synthesizeSugarOnTypes,
        boolean qualifyEntities,
        boolean displayExtensionContexts,
        boolean displayUnmangledSuffix,
        boolean displayModuleNames,
        boolean displayGenericSpecializations,
        boolean displayProtocolConformances,
        boolean displayWhereClauses,
        boolean displayEntityTypes,
        boolean shortenPartialApply,
        boolean shortenThunk,
        boolean shortenValueWitness,
        boolean showPrivateDiscriminators,
        boolean showFunctionArgumentTypes,
        boolean showAsyncResumePartial) {

    private static final DemangleOptions FULL = new DemangleOptions(true, true, true, true, true, true, true,
            true, true, false, false, false, true, true, true);
    private static final DemangleOptions SIMPLIFIED = new DemangleOptions(true, true, false, false, false, false,
            false, false, false, true, true, true, false, false, false);

    /** swift's default-constructed options (no sugar); used for names nested in specializations. */
    static final DemangleOptions NESTED = new DemangleOptions(false, true, true, true, true, true, true,
            true, true, false, false, false, true, true, true);

    /**
     * Everything, as {@code swift-demangle} prints.
     *
     * @return the full options
     */
    public static DemangleOptions full() {
        return FULL;
    }

    /**
     * The short form of {@code swift-demangle -simplified} (Apple crash reports).
     *
     * @return the simplified options
     */
    public static DemangleOptions simplified() {
        return SIMPLIFIED;
    }

    /**
     * The options for a style.
     *
     * @param style full or simplified
     * @return {@link #simplified()} for {@code SIMPLIFIED}, else {@link #full()}
     */
    public static DemangleOptions of(DemangleStyle style) {
        return style == DemangleStyle.SIMPLIFIED ? SIMPLIFIED : FULL;
    }
}
