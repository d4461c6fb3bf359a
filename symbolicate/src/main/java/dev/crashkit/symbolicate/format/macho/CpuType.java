package dev.crashkit.symbolicate.format.macho;

/** Mach-O CPU type/subtype numbers and the architecture names Apple tools print for them. */
public final class CpuType {
    static final int ARCH_ABI64 = 0x01000000;
    static final int ARCH_ABI64_32 = 0x02000000;
    public static final int X86 = 7;
    public static final int X86_64 = X86 | ARCH_ABI64;
    public static final int ARM = 12;
    public static final int ARM64 = ARM | ARCH_ABI64;
    public static final int ARM64_32 = ARM | ARCH_ABI64_32;
    public static final int POWERPC = 18;
    public static final int POWERPC64 = POWERPC | ARCH_ABI64;
    /** The high byte of the subtype carries capability bits (e.g. arm64e pointer-auth ABI version). */
    private static final int SUBTYPE_MASK = 0x00ffffff;

    private CpuType() {
    }

    /** Architecture name as in {@code lipo -info} / crash reports, or {@code cpu<type>/<subtype>} when unknown. */
    public static String archName(int cputype, int cpusubtype) {
        int sub = cpusubtype & SUBTYPE_MASK;
        switch (cputype) {
            case X86:
                return "i386";
            case X86_64:
                return sub == 8 ? "x86_64h" : "x86_64";
            case ARM64:
                return sub == 2 ? "arm64e" : "arm64";
            case ARM64_32:
                return "arm64_32";
            case ARM:
                switch (sub) {
                    case 6: return "armv6";
                    case 7: return "armv5";
                    case 9: return "armv7";
                    case 10: return "armv7f";
                    case 11: return "armv7s";
                    case 12: return "armv7k";
                    case 14: return "armv6m";
                    case 15: return "armv7m";
                    case 16: return "armv7em";
                    default: return "arm";
                }
            case POWERPC:
                return "ppc";
            case POWERPC64:
                return "ppc64";
            default:
                return "cpu" + cputype + "/" + sub;
        }
    }

    /**
     * Mask that removes pointer-authentication (and other tag) bits from a code address of this
     * architecture. arm64 user space fits in 47 bits on macOS and iOS; 32-bit ABIs in 32 bits.
     */
    public static long addressMask(String arch) {
        if (arch == null) {
            return -1L;
        }
        switch (arch) {
            case "arm64":
            case "arm64e":
            case "x86_64":
            case "x86_64h":
                return 0x0000_7fff_ffff_ffffL;
            case "arm64_32":
            case "i386":
            case "armv7":
            case "armv7s":
            case "armv7k":
            case "armv6":
                return 0xffff_ffffL;
            default:
                return -1L;
        }
    }

    /** True when two architecture names denote the same slice kind for matching purposes. */
    public static boolean sameFamily(String a, String b) {
        return a != null && b != null && (a.equals(b) || (a.startsWith("arm64") && b.startsWith("arm64")
                && !a.equals("arm64_32") && !b.equals("arm64_32")) || (a.startsWith("x86_64") && b.startsWith("x86_64")));
    }
}
