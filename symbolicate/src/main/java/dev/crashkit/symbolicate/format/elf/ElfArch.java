package dev.crashkit.symbolicate.format.elf;

/** ELF e_machine numbers and the architecture names reports use for them. */
public final class ElfArch {
    private ElfArch() {
    }

    public static String name(int machine) {
        switch (machine) {
            case 3: return "i386";
            case 40: return "arm";
            case 62: return "x86_64";
            case 183: return "arm64";
            case 243: return "riscv";
            case 8: return "mips";
            case 20: return "ppc";
            case 21: return "ppc64";
            default: return "em" + machine;
        }
    }
}
