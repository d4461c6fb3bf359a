package dev.crashkit.symbolicate.report.minidump;

import java.util.Map;

/**
 * Names an exception stream's code and flags as minidump_stackwalk does: on Linux and Android the
 * code is the signal number and the flags its {@code si_code} ({@code SIGSEGV /SEGV_MAPERR}); on
 * macOS/iOS the code is the Mach exception type; on Windows an NTSTATUS. Unknown values print in hex.
 */
final class CrashReason {
    private static final Map<Long, String> SIGNALS = Map.ofEntries(Map.entry(1L, "SIGHUP"), Map.entry(2L, "SIGINT"),
            Map.entry(3L, "SIGQUIT"), Map.entry(4L, "SIGILL"), Map.entry(5L, "SIGTRAP"), Map.entry(6L, "SIGABRT"),
            Map.entry(7L, "SIGBUS"), Map.entry(8L, "SIGFPE"), Map.entry(9L, "SIGKILL"), Map.entry(10L, "SIGUSR1"),
            Map.entry(11L, "SIGSEGV"), Map.entry(12L, "SIGUSR2"), Map.entry(13L, "SIGPIPE"),
            Map.entry(14L, "SIGALRM"), Map.entry(15L, "SIGTERM"), Map.entry(31L, "SIGSYS"),
            Map.entry(0xFFFFFFFFL, "DUMP_REQUESTED"));
    private static final Map<String, String[]> SI_CODES = Map.of(
            "SIGSEGV", new String[] {null, "SEGV_MAPERR", "SEGV_ACCERR", "SEGV_BNDERR", "SEGV_PKUERR"},
            "SIGBUS", new String[] {null, "BUS_ADRALN", "BUS_ADRERR", "BUS_OBJERR", "BUS_MCEERR_AR", "BUS_MCEERR_AO"},
            "SIGILL", new String[] {null, "ILL_ILLOPC", "ILL_ILLOPN", "ILL_ILLADR", "ILL_ILLTRP", "ILL_PRVOPC",
                "ILL_PRVREG", "ILL_COPROC", "ILL_BADSTK"},
            "SIGFPE", new String[] {null, "FPE_INTDIV", "FPE_INTOVF", "FPE_FLTDIV", "FPE_FLTOVF", "FPE_FLTUND",
                "FPE_FLTRES", "FPE_FLTINV", "FPE_FLTSUB"});
    private static final Map<Long, String> MACH = Map.of(1L, "EXC_BAD_ACCESS", 2L, "EXC_BAD_INSTRUCTION",
            3L, "EXC_ARITHMETIC", 4L, "EXC_EMULATION", 5L, "EXC_SOFTWARE", 6L, "EXC_BREAKPOINT", 10L, "EXC_CRASH",
            11L, "EXC_RESOURCE", 12L, "EXC_GUARD");
    private static final Map<Long, String> WINDOWS = Map.of(0xC0000005L, "EXCEPTION_ACCESS_VIOLATION",
            0xC0000094L, "EXCEPTION_INT_DIVIDE_BY_ZERO", 0x80000003L, "EXCEPTION_BREAKPOINT",
            0xC00000FDL, "EXCEPTION_STACK_OVERFLOW", 0xC000001DL, "EXCEPTION_ILLEGAL_INSTRUCTION",
            0xE06D7363L, "Unhandled C++ Exception", 0xC0000409L, "EXCEPTION_STACK_BUFFER_OVERRUN",
            0xC0000374L, "EXCEPTION_HEAP_CORRUPTION");

    private CrashReason() {
    }

    /** The name of the code (the signal, exception type or status). */
    static String name(SystemInfo system, long code) {
        String n = switch (system.os()) {
            case "Linux", "Android" -> SIGNALS.get(code);
            case "macOS", "iOS" -> MACH.get(code);
            case "Windows" -> WINDOWS.get(code);
            default -> null;
        };
        return n != null ? n : "0x" + Long.toHexString(code);
    }

    /**
     * The one-line reason as minidump_stackwalk spells it: {@code SIGSEGV /SEGV_MAPERR} (Linux),
     * {@code EXCEPTION_ACCESS_VIOLATION_WRITE} (Windows), {@code EXC_BAD_ACCESS / 0x00000001} (Apple:
     * where Breakpad names the kernel return code, it is given here in hex).
     */
    static String reason(SystemInfo system, DumpException e, String name, String detail) {
        if (e.access() >= 0) {
            return name + "_" + detail;
        }
        if (system.isApple()) {
            String code = MACH.containsKey(e.code()) ? name : String.format("0x%08x", e.code());
            return code + " / " + String.format("0x%08x", e.flags());
        }
        return detail.isEmpty() ? name : name + " /" + detail;
    }

    /** The name of the flags ({@code si_code} on Linux), empty when it has none. */
    static String detail(SystemInfo system, DumpException e) {
        if (e.access() == 0) {
            return "READ";
        }
        if (e.access() == 1) {
            return "WRITE";
        }
        if (e.access() == 8) {
            return "EXEC";
        }
        return detail(system, e.code(), e.flags());
    }

    private static String detail(SystemInfo system, long code, long flags) {
        String signal = name(system, code);
        String[] names = SI_CODES.get(signal);
        boolean linux = system.os().equals("Linux") || system.os().equals("Android");
        if (names != null) {
            // As minidump_stackwalk: a known si_code by name, another in hex (0x00000000 included).
            return flags > 0 && flags < names.length ? names[(int) flags] : String.format("0x%08x", flags);
        }
        if (linux || system.os().equals("Windows") || flags == 0) {
            return ""; // other signals' si_code says who sent them (SI_USER, SI_TKILL), not why
        }
        return "0x" + Long.toHexString(flags);
    }
}
