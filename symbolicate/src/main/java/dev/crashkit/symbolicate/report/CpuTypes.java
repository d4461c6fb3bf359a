package dev.crashkit.symbolicate.report;

import java.util.Locale;
import java.util.Optional;

/** Mach-O {@code cpu_type}/{@code cpu_subtype} pairs and Apple "Code Type" labels as arch names. */
public final class CpuTypes {

    private static final long ABI64 = 0x0100_0000L;
    private static final long ABI64_32 = 0x0200_0000L;
    private static final long X86 = 7;
    private static final long ARM = 12;
    private static final long POWERPC = 18;

    private CpuTypes() {
    }

    /** The arch name ({@code arm64e}, {@code armv7}, {@code x86_64} ...), or empty for unknown types. */
    public static Optional<String> archName(long cpuType, long cpuSubtype) {
        // The high byte of the subtype holds capability bits (e.g. arm64e pointer-auth ABI version).
        long sub = cpuSubtype & 0x00FF_FFFFL;
        String name = null;
        if (cpuType == (ARM | ABI64)) {
            name = sub == 2 ? "arm64e" : sub == 1 ? "arm64v8" : "arm64";
        } else if (cpuType == (ARM | ABI64_32)) {
            name = "arm64_32";
        } else if (cpuType == ARM) {
            name = switch ((int) sub) {
                case 5 -> "armv4t";
                case 6 -> "armv6";
                case 7 -> "armv5";
                case 8 -> "xscale";
                case 9 -> "armv7";
                case 10 -> "armv7f";
                case 11 -> "armv7s";
                case 12 -> "armv7k";
                case 14 -> "armv6m";
                case 15 -> "armv7m";
                case 16 -> "armv7em";
                default -> "arm";
            };
        } else if (cpuType == (X86 | ABI64)) {
            name = sub == 8 ? "x86_64h" : "x86_64";
        } else if (cpuType == X86) {
            name = "i386";
        } else if (cpuType == (POWERPC | ABI64)) {
            name = "ppc64";
        } else if (cpuType == POWERPC) {
            name = "ppc";
        }
        return Optional.ofNullable(name);
    }

    /** True for architectures whose pointers are 32 bits wide. */
    public static boolean is32Bit(String arch) {
        String a = arch.toLowerCase(Locale.ROOT);
        return a.equals("i386") || a.equals("x86") || a.equals("ppc") || a.equals("arm64_32")
                || (a.startsWith("arm") && !a.startsWith("arm64")) || a.equals("xscale");
    }

    /**
     * Normalises an Apple "Code Type" / ips {@code cpuType} label ("ARM-64 (Native)", "X86-64") to an
     * arch name; unknown labels are returned trimmed, as they are.
     */
    public static String fromCodeType(String label) {
        String t = label.trim();
        int paren = t.indexOf(" (");
        if (paren > 0) {
            t = t.substring(0, paren).trim();
        }
        return switch (t.toUpperCase(Locale.ROOT)) {
            case "ARM-64", "ARM64" -> "arm64";
            case "ARM-64E", "ARM64E" -> "arm64e";
            case "ARM" -> "arm";
            case "X86-64", "X86_64" -> "x86_64";
            case "X86", "I386" -> "i386";
            case "PPC" -> "ppc";
            case "PPC-64" -> "ppc64";
            default -> t;
        };
    }
}
