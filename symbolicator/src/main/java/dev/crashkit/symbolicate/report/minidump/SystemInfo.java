package dev.crashkit.symbolicate.report.minidump;

import dev.crashkit.core.ReportException;
import dev.crashkit.core.model.Arch;
import java.util.Optional;

/**
 * The {@code MINIDUMP_SYSTEM_INFO} stream: CPU architecture and operating system.
 *
 * @param cpuArch  the raw {@code processor_architecture}
 * @param platform the raw {@code platform_id}
 * @param version  "major.minor.build" of the OS
 * @param csd      the service-pack / kernel string ({@code csd_version}), empty when absent
 */
record SystemInfo(int cpuArch, long platform, String version, Optional<String> csd, int cpuCount) {
    static final int SIZE = 56;

    static SystemInfo read(MinidumpBytes b, StreamDirectory.Stream s) throws ReportException {
        if (s.size() < SIZE) {
            throw new ReportException(b.source() + ": system info stream of " + s.size() + " bytes, needs " + SIZE);
        }
        long at = s.rva();
        String version = b.u32(at + 8) + "." + b.u32(at + 12) + "." + b.u32(at + 16);
        long csdRva = b.u32(at + 24);
        Optional<String> csd = Optional.empty();
        if (csdRva != 0 && b.fits(csdRva, 4)) {
            csd = Optional.of(b.utf16(csdRva, "OS version string")).filter(t -> !t.isEmpty());
        }
        return new SystemInfo(b.u16(at), b.u32(at + 20), version, csd, b.u8(at + 6));
    }

    /** The context layout of this CPU, empty for one this reader does not read. */
    Optional<CpuContext.Cpu> contextCpu() {
        return switch (cpuArch) {
            case 9 -> Optional.of(CpuContext.Cpu.AMD64);
            case 12, 0x8003 -> Optional.of(CpuContext.Cpu.ARM64);
            case 0 -> Optional.of(CpuContext.Cpu.X86);
            case 5 -> Optional.of(CpuContext.Cpu.ARM);
            default -> Optional.empty();
        };
    }

    Arch arch() {
        return contextCpu().map(c -> c.arch).orElseGet(() -> new Arch.Other("cpu" + cpuArch,
                java.util.OptionalLong.empty(), java.util.OptionalLong.empty(), java.util.OptionalInt.empty()));
    }

    /** The OS as minidump_stackwalk names it. */
    String os() {
        return switch ((int) platform) {
            case 0, 1, 2, 3 -> "Windows";
            case 0x8000 -> "Unix";
            case 0x8101 -> "macOS";
            case 0x8102 -> "iOS";
            case 0x8201 -> "Linux";
            case 0x8202 -> "Solaris";
            case 0x8203 -> "Android";
            case 0x8204 -> "PS3";
            case 0x8205 -> "NaCl";
            case 0x8206 -> "Fuchsia";
            default -> "platform 0x" + Long.toHexString(platform);
        };
    }

    boolean isApple() {
        return platform == 0x8101 || platform == 0x8102;
    }
}
