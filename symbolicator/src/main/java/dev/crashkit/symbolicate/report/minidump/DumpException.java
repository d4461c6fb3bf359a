package dev.crashkit.symbolicate.report.minidump;

import java.util.Optional;

/**
 * The exception stream: which thread crashed, why and where, and its registers at the crash (the
 * thread list holds the handler's registers for that thread, not these).
 */
record DumpException(long threadId, long code, long flags, long address, Optional<CpuContext> context) {
}
