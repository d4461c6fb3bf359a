package dev.crashkit.symbolicate.report.minidump;

import java.util.Optional;

/**
 * One thread of the thread list.
 *
 * @param id         the OS thread id
 * @param name       from the thread-name list, when there is one
 * @param stackStart the address of the thread's saved stack memory (0 with none)
 * @param stackSize  its length in bytes (0 with none, or when it did not fit the file)
 * @param stackRva   where its bytes are in the file
 * @param context    its registers, empty when the record is missing or unreadable
 */
record DumpThread(long id, Optional<String> name, long stackStart, long stackSize, long stackRva,
                  Optional<CpuContext> context) {
    DumpThread withName(String n) {
        return new DumpThread(id, Optional.of(n), stackStart, stackSize, stackRva, context);
    }

    DumpThread withContext(CpuContext c) {
        return new DumpThread(id, name, stackStart, stackSize, stackRva, Optional.of(c));
    }
}
