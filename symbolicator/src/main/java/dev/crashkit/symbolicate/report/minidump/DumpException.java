package dev.crashkit.symbolicate.report.minidump;

import java.util.Optional;

/**
 * The exception stream: which thread crashed, why and where, and its registers at the crash (the
 * thread list holds the handler's registers for that thread, not these).
 *
 * @param address the faulting address: for a Windows access violation the data address, else the
 *                record's exception address
 * @param access  a Windows access violation's kind (0 read, 1 write, 8 execute), else -1
 */
record DumpException(long threadId, long code, long flags, long address, long access,
                     Optional<CpuContext> context) {
}
