package dev.crashkit.core.model;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * A CPU architecture, named as Apple tools and crash reports name it ({@code arm64e}, {@code x86_64},
 * {@code armv7k} ...). This is the ONE table from Mach-O {@code cputype}/{@code cpusubtype}, ELF
 * {@code e_machine}, report arch strings and Apple "Code Type" labels to names, address masks and
 * pointer widths.
 *
 * <p>Known architectures are the {@link Known} constants; anything else is an {@link Other} that keeps
 * what the input said (the raw Mach-O type and subtype, the raw ELF machine, or the report's own
 * text), so that nothing is lost and every output prints what it printed before. {@code toString()}
 * is the name.
 */
public sealed interface Arch permits Arch.Known, Arch.Other {

    /**
     * The name as printed.
     *
     * @return e.g. {@code arm64}, or {@code cpu16777228/9} for an unknown Mach-O type
     */
    String label();

    /**
     * Mask that removes pointer-authentication (and other tag) bits from a code address: user space
     * of 64-bit Apple ABIs fits in 47 bits, 32-bit ABIs in 32 bits; all bits for anything else.
     *
     * @return the mask to AND a code address with
     */
    long addressMask();

    /**
     * Whether pointers are 32 bits wide.
     *
     * @return true for 32-bit architectures
     */
    boolean is32Bit();

    /**
     * Whether this is one of the named architectures.
     *
     * @return true for the {@link Known} constants
     */
    default boolean isKnown() {
        return this instanceof Known;
    }

    /** Architectures with a name of their own. */
    enum Known implements Arch {
        /** 32-bit Intel (Mach-O {@code CPU_TYPE_X86}, ELF {@code EM_386}). */
        I386("i386", Cpu.X86, 0, 3, Width.W32),
        /** 64-bit Intel (Mach-O {@code CPU_TYPE_X86_64}, ELF {@code EM_X86_64}). */
        X86_64("x86_64", Cpu.X86_64, 3, 62, Width.W47),
        /** x86_64 for Haswell and later (Mach-O subtype 8). */
        X86_64H("x86_64h", Cpu.X86_64, 8, -1, Width.W47),
        /** 32-bit ARM (Mach-O {@code CPU_TYPE_ARM}, ELF {@code EM_ARM}). */
        ARM("arm", Cpu.ARM, 0, 40, Width.W32),
        /** ARMv4T (Mach-O subtype 5). */
        ARMV4T("armv4t", Cpu.ARM, 5, -1, Width.W32),
        /** ARMv6 (Mach-O subtype 6). */
        ARMV6("armv6", Cpu.ARM, 6, -1, Width.W32),
        /** ARMv5TEJ (Mach-O subtype 7). */
        ARMV5("armv5", Cpu.ARM, 7, -1, Width.W32),
        /** Intel XScale (Mach-O subtype 8). */
        XSCALE("xscale", Cpu.ARM, 8, -1, Width.W32),
        /** ARMv7 (Mach-O subtype 9). */
        ARMV7("armv7", Cpu.ARM, 9, -1, Width.W32),
        /** ARMv7 Cortex-A9 (Mach-O subtype 10). */
        ARMV7F("armv7f", Cpu.ARM, 10, -1, Width.W32),
        /** ARMv7s, Apple Swift cores (Mach-O subtype 11). */
        ARMV7S("armv7s", Cpu.ARM, 11, -1, Width.W32),
        /** ARMv7k, the first Apple Watch ABI (Mach-O subtype 12). */
        ARMV7K("armv7k", Cpu.ARM, 12, -1, Width.W32),
        /** ARMv6-M (Mach-O subtype 14). */
        ARMV6M("armv6m", Cpu.ARM, 14, -1, Width.W32),
        /** ARMv7-M (Mach-O subtype 15). */
        ARMV7M("armv7m", Cpu.ARM, 15, -1, Width.W32),
        /** ARMv7E-M (Mach-O subtype 16). */
        ARMV7EM("armv7em", Cpu.ARM, 16, -1, Width.W32),
        /** 64-bit ARM (Mach-O {@code CPU_TYPE_ARM64}, ELF {@code EM_AARCH64}). */
        ARM64("arm64", Cpu.ARM64, 0, 183, Width.W47),
        /** ARMv8 64-bit (Mach-O subtype 1). */
        ARM64V8("arm64v8", Cpu.ARM64, 1, -1, Width.W47),
        /** arm64 with pointer authentication (Mach-O subtype 2). */
        ARM64E("arm64e", Cpu.ARM64, 2, -1, Width.W47),
        /** arm64 with 32-bit pointers, watchOS (Mach-O {@code CPU_TYPE_ARM64_32}). */
        ARM64_32("arm64_32", Cpu.ARM64_32, 0, -1, Width.W32),
        /** 32-bit PowerPC (Mach-O {@code CPU_TYPE_POWERPC}, ELF {@code EM_PPC}). */
        PPC("ppc", Cpu.POWERPC, 0, 20, Width.W32),
        /** 64-bit PowerPC (Mach-O {@code CPU_TYPE_POWERPC64}, ELF {@code EM_PPC64}). */
        PPC64("ppc64", Cpu.POWERPC64, 0, 21, Width.FULL),
        /** MIPS, ELF only ({@code EM_MIPS}). */
        MIPS("mips", Cpu.NONE, 0, 8, Width.FULL),
        /** RISC-V, ELF only ({@code EM_RISCV}). */
        RISCV("riscv", Cpu.NONE, 0, 243, Width.FULL);

        private final String label;
        private final Cpu cpu;
        private final int subtype;
        private final int elfMachine;
        private final Width width;

        Known(String label, Cpu cpu, int subtype, int elfMachine, Width width) {
            this.label = label;
            this.cpu = cpu;
            this.subtype = subtype;
            this.elfMachine = elfMachine;
            this.width = width;
        }

        @Override
        public String label() {
            return label;
        }

        @Override
        public long addressMask() {
            return width.mask;
        }

        @Override
        public boolean is32Bit() {
            // MIPS and RISC-V come from ELF without their class here; like before, they count as wide.
            return width == Width.W32;
        }

        /**
         * The Mach-O CPU type.
         *
         * @return the {@code cputype} (ABI bits included), empty for ELF-only architectures
         */
        public OptionalInt machOCpuType() {
            return cpu == Cpu.NONE ? OptionalInt.empty() : OptionalInt.of(cpu.number);
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /**
     * An architecture without a name of its own, as the input gave it.
     *
     * @param label         what is printed: the report's text, {@code cpu<type>/<subtype>} or {@code em<machine>}
     * @param machOCpuType  the raw Mach-O {@code cputype}, when it came from one
     * @param machOSubtype  the raw Mach-O {@code cpusubtype} (capability bits removed)
     * @param elfMachine    the raw ELF {@code e_machine}, when it came from one
     */
    record Other(String label, OptionalLong machOCpuType, OptionalLong machOSubtype, OptionalInt elfMachine)
            implements Arch {
        /**
         * Checks that {@code label} is not null.
         *
         * @param label what is printed
         * @param machOCpuType the raw Mach-O {@code cputype}, when it came from one
         * @param machOSubtype the raw Mach-O {@code cpusubtype}, when it came from one
         * @param elfMachine the raw ELF {@code e_machine}, when it came from one
         */
        public Other {
            Objects.requireNonNull(label, "label");
        }

        @Override
        public long addressMask() {
            return -1L;
        }

        /** Unknown names are judged by their spelling: {@code armv8m}, {@code x86} are 32-bit. */
        @Override
        public boolean is32Bit() {
            String a = label.toLowerCase(Locale.ROOT);
            return a.equals("i386") || a.equals("x86") || a.equals("ppc") || a.equals("arm64_32")
                    || (a.startsWith("arm") && !a.startsWith("arm64")) || a.equals("xscale");
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /**
     * The architecture of a Mach-O {@code cputype}/{@code cpusubtype} pair; never fails.
     *
     * @param cpuType the Mach-O {@code cputype}
     * @param cpuSubtype the Mach-O {@code cpusubtype}; its high byte (capability bits) is ignored
     * @return the named architecture, the family's generic one for an unnamed subtype, or an {@link Other}
     */
    static Arch machO(long cpuType, long cpuSubtype) {
        // The high byte of the subtype carries capability bits (e.g. the arm64e pointer-auth ABI version).
        long sub = cpuSubtype & 0x00ff_ffffL;
        Optional<Cpu> cpu = Cpu.of(cpuType);
        if (cpu.isPresent()) {
            Known family = null;
            for (Known k : Known.values()) {
                if (k.cpu == cpu.get()) {
                    if (k.subtype == sub) {
                        return k;
                    }
                    if (family == null) {
                        family = k;
                    }
                }
            }
            // A subtype without a name of its own is the family's generic member (arm64, arm, x86_64, ppc).
            return family;
        }
        return new Other("cpu" + cpuType + "/" + sub, OptionalLong.of(cpuType), OptionalLong.of(sub),
                OptionalInt.empty());
    }

    /**
     * The architecture of an ELF {@code e_machine}; never fails.
     *
     * @param machine the ELF {@code e_machine}
     * @return the named architecture, or an {@link Other} labelled {@code em<machine>}
     */
    static Arch elf(int machine) {
        for (Known k : Known.values()) {
            if (k.elfMachine == machine) {
                return k;
            }
        }
        return new Other("em" + machine, OptionalLong.empty(), OptionalLong.empty(), OptionalInt.of(machine));
    }

    /**
     * A report's arch string: a known name exactly as {@link #label()} spells it, else kept as given
     * (so that output repeats the input).
     *
     * @param name the report's arch string
     * @return the named architecture, or an {@link Other} with {@code name} as its label
     */
    static Arch parse(String name) {
        for (Known k : Known.values()) {
            if (k.label.equals(name)) {
                return k;
            }
        }
        return new Other(name, OptionalLong.empty(), OptionalLong.empty(), OptionalInt.empty());
    }

    /**
     * An Apple "Code Type" / {@code .ips} {@code cpuType} label ("ARM-64 (Native)", "X86-64"); labels
     * without a known meaning are kept trimmed, as they are.
     *
     * @param label the report's label; a parenthesized suffix such as {@code (Native)} is ignored
     * @return the named architecture, or as {@link #parse} gives it
     */
    static Arch fromAppleCodeType(String label) {
        String t = label.trim();
        int paren = t.indexOf(" (");
        if (paren > 0) {
            t = t.substring(0, paren).trim();
        }
        return switch (t.toUpperCase(Locale.ROOT)) {
            case "ARM-64", "ARM64" -> Known.ARM64;
            case "ARM-64E", "ARM64E" -> Known.ARM64E;
            case "ARM" -> Known.ARM;
            case "X86-64", "X86_64" -> Known.X86_64;
            case "X86", "I386" -> Known.I386;
            case "PPC" -> Known.PPC;
            case "PPC-64" -> Known.PPC64;
            default -> parse(t);
        };
    }

    /**
     * Whether two architectures run the same slices for matching purposes (arm64 and arm64e, x86_64 and x86_64h).
     *
     * @param a one architecture
     * @param b the other
     * @return true when they are equal or members of the same arm64 or x86_64 family
     */
    static boolean sameFamily(Arch a, Arch b) {
        if (a.equals(b)) {
            return true;
        }
        return a instanceof Known ka && b instanceof Known kb && ka.cpu == kb.cpu
                && (ka.cpu == Cpu.ARM64 || ka.cpu == Cpu.X86_64);
    }

    /** Mach-O {@code cputype} families (ABI bits included). */
    enum Cpu {
        /** {@code CPU_TYPE_X86}. */
        X86(7),
        /** {@code CPU_TYPE_X86_64}: x86 with the 64-bit ABI bit. */
        X86_64(7 | 0x0100_0000),
        /** {@code CPU_TYPE_ARM}. */
        ARM(12),
        /** {@code CPU_TYPE_ARM64}: ARM with the 64-bit ABI bit. */
        ARM64(12 | 0x0100_0000),
        /** {@code CPU_TYPE_ARM64_32}: ARM with the ILP32-on-64-bit ABI bit. */
        ARM64_32(12 | 0x0200_0000),
        /** {@code CPU_TYPE_POWERPC}. */
        POWERPC(18),
        /** {@code CPU_TYPE_POWERPC64}: PowerPC with the 64-bit ABI bit. */
        POWERPC64(18 | 0x0100_0000),
        /** No Mach-O type: the architecture exists only in ELF. */
        NONE(-1);

        final int number;

        Cpu(int number) {
            this.number = number;
        }

        static Optional<Cpu> of(long cputype) {
            for (Cpu c : values()) {
                if (c != NONE && c.number == cputype) {
                    return Optional.of(c);
                }
            }
            return Optional.empty();
        }
    }

    /** How many address bits a code address of the architecture can use. */
    enum Width {
        /** 32 bits. */
        W32(0xffff_ffffL),
        /** 47 bits: the user space of 64-bit Apple ABIs. */
        W47(0x0000_7fff_ffff_ffffL),
        /** All 64 bits. */
        FULL(-1L);

        final long mask;

        Width(long mask) {
            this.mask = mask;
        }
    }
}
