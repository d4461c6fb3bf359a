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
    UNIFIED("unified"),
    /**
     * Breakpad symbol files as Mozilla's and Chromium's symbol servers (and {@code minidump_stackwalk}'s
     * symbol folders) hold them: {@code NAME/ID/NAME.sym}, NAME the image's file name and ID its
     * Breakpad id ({@link dev.crashkit.symbolicate.breakpad.BreakpadIds}: the GUID form of the UUID or
     * build-id, upper case, age 0). Only images whose name the report gives are asked for.
     */
    BREAKPAD("breakpad");

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
        return candidates(id, Optional.empty(), baseEndsInBuildId);
    }

    /** As {@link #candidates(DebugId, boolean)}, with the image's name when the report gives it. */
    public List<Candidate> candidates(DebugId id, Optional<String> imageName, boolean baseEndsInBuildId) {
        String hex = HexFormat.of().formatHex(id.bytes());
        switch (this) {
            case BREAKPAD: {
                Optional<String> name = imageName.map(Layout::baseName).filter(Layout::isPathSegment);
                if (name.isEmpty()) {
                    return List.of();
                }
                String n = name.get();
                String sym = (n.toLowerCase(Locale.ROOT).endsWith(".pdb") ? n.substring(0, n.length() - 4) : n) + ".sym";
                List<Candidate> out = new java.util.ArrayList<>();
                for (String bp : dev.crashkit.symbolicate.breakpad.BreakpadIds.breakpadIds(id)) {
                    out.add(new Candidate(encode(n) + "/" + bp + "/" + encode(sym), Kind.DEBUGINFO));
                }
                return out;
            }
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

    /** The last part of a path (a report may give a full path as the image name). */
    private static String baseName(String path) {
        String p = path.replace('\\', '/');
        return p.substring(p.lastIndexOf('/') + 1);
    }

    /** A name usable as one path segment: not empty, not "." or "..". */
    private static boolean isPathSegment(String name) {
        return !name.isEmpty() && !name.equals(".") && !name.equals("..");
    }

    /** {@code name} percent-encoded as one URL path segment (a space or '#' in an image name). */
    private static String encode(String name) {
        StringBuilder sb = new StringBuilder();
        for (byte b : name.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "-._~+".indexOf(c) >= 0) {
                sb.append((char) c);
            } else {
                sb.append('%').append(String.format("%02X", c));
            }
        }
        return sb.toString();
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
