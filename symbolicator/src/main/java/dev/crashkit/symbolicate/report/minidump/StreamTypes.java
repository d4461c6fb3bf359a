package dev.crashkit.symbolicate.report.minidump;

/** Stream type numbers (Breakpad's {@code minidump_format.h}, Windows' {@code MINIDUMP_STREAM_TYPE}). */
final class StreamTypes {
    static final long THREAD_LIST = 3;
    static final long MODULE_LIST = 4;
    static final long MEMORY_LIST = 5;
    static final long EXCEPTION = 6;
    static final long SYSTEM_INFO = 7;
    static final long MEMORY64_LIST = 9;
    static final long MISC_INFO = 15;
    static final long THREAD_NAME_LIST = 24;
    static final long BREAKPAD_INFO = 0x47670001L;
    static final long LINUX_CPU_INFO = 0x47670003L;
    static final long LINUX_PROC_STATUS = 0x47670004L;
    static final long LINUX_LSB_RELEASE = 0x47670005L;
    static final long LINUX_CMD_LINE = 0x47670006L;
    static final long LINUX_ENVIRON = 0x47670007L;
    static final long LINUX_AUXV = 0x47670008L;
    static final long LINUX_MAPS = 0x47670009L;
    static final long CRASHPAD_INFO = 0x43500001L;

    private StreamTypes() {
    }
}
