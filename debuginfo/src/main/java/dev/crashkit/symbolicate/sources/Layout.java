package dev.crashkit.symbolicate.sources;

import dev.crashkit.core.model.DebugId;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How a symbol server arranges its files, and so which paths to ask for an identity. Paths are
 * relative to the server's base URL and tried in the order returned: debug companions (dSYM
 * DWARF files, separate ELF debug files) before executables, because they answer lines and
 * inlined calls too.
 */
public enum Layout {
    /**
     * A debuginfod server: {@code buildid/<hex>/debuginfo}, then {@code buildid/<hex>/executable}
     * (lower-case hex of the whole build-id or UUID).
     */
    DEBUGINFOD("debuginfod"),
    /**
     * LLDB's file-mapped UUID directories: the upper-case UUID split as
     * {@code AAAA/BBBB/CCCC/DDDD/EEEE/FFFFFFFFFFFF} names the dSYM (its DWARF file, or on a file
     * share a {@code .dSYM} bundle), the same path with {@code .app} the binary.
     */
    LLDB("lldb"),
    /**
     * GDB's build-id tree: {@code .build-id/xx/rest.debug}, then the executable at
     * {@code .build-id/xx/rest} (lower-case hex). A base URL that already ends in
     * {@code .build-id} is accepted too.
     */
    GDB("gdb"),
    /**
     * Sentry symbolicator's unified layout: {@code xx/rest/debuginfo}, then
     * {@code xx/rest/executable} (lower-case hex, no dashes). The download cache uses it too.
     */
    UNIFIED("unified");

    /** What a path is expected to hold. */
    public enum Kind {
        /** dSYM DWARF file, separate ELF debug file, or any file with debug info. */
        DEBUGINFO,
        /** The binary itself (may be stripped). */
        EXECUTABLE;

        /** The file name used in the unified layout (and in the download cache). */
        public String fileName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** One path to try. */
    public record Candidate(String path, Kind kind) {
    }

    private final String flagName;

    Layout(String flagName) {
        this.flagName = flagName;
    }

    /** The name used on the command line ({@code debuginfod}, {@code lldb}, {@code gdb}, {@code unified}). */
    public String flagName() {
        return flagName;
    }

    /** The layout named {@code name} (any case). */
    public static Optional<Layout> named(String name) {
        for (Layout l : values()) {
            if (l.flagName.equalsIgnoreCase(name)) {
                return Optional.of(l);
            }
        }
        return Optional.empty();
    }

    /**
     * Paths to try for {@code id}, best first. {@code baseEndsInBuildId} tells the GDB layout that
     * the base URL is itself a {@code .build-id} folder.
     */
    public List<Candidate> candidates(DebugId id, boolean baseEndsInBuildId) {
        String hex = HexFormat.of().formatHex(id.bytes());
        switch (this) {
            case DEBUGINFOD:
                return List.of(new Candidate("buildid/" + hex + "/debuginfo", Kind.DEBUGINFO),
                        new Candidate("buildid/" + hex + "/executable", Kind.EXECUTABLE));
            case LLDB: {
                if (hex.length() != 32) {
                    return List.of(); // LLDB's tree holds 16-byte UUIDs only
                }
                String u = hex.toUpperCase(Locale.ROOT);
                String p = u.substring(0, 4) + "/" + u.substring(4, 8) + "/" + u.substring(8, 12) + "/"
                        + u.substring(12, 16) + "/" + u.substring(16, 20) + "/" + u.substring(20);
                return List.of(new Candidate(p, Kind.DEBUGINFO), new Candidate(p + ".app", Kind.EXECUTABLE));
            }
            case GDB: {
                if (hex.length() < 4) {
                    return List.of();
                }
                String p = (baseEndsInBuildId ? "" : ".build-id/") + hex.substring(0, 2) + "/" + hex.substring(2);
                return List.of(new Candidate(p + ".debug", Kind.DEBUGINFO), new Candidate(p, Kind.EXECUTABLE));
            }
            case UNIFIED:
                if (hex.length() < 4) {
                    return List.of();
                }
                return List.of(new Candidate(unifiedPath(id, Kind.DEBUGINFO), Kind.DEBUGINFO),
                        new Candidate(unifiedPath(id, Kind.EXECUTABLE), Kind.EXECUTABLE));
            default:
                throw new IllegalStateException("unknown layout " + this);
        }
    }

    /** {@code xx/rest/<kind>} for {@code id}: the unified layout, also used by the download cache. */
    public static String unifiedPath(DebugId id, Kind kind) {
        if (id.bytes().length < 2) {
            throw new IllegalArgumentException("identity too short for a path: " + id);
        }
        String hex = HexFormat.of().formatHex(id.bytes());
        return hex.substring(0, 2) + "/" + hex.substring(2) + "/" + kind.fileName();
    }
}
