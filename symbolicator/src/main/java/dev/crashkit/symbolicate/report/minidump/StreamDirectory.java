package dev.crashkit.symbolicate.report.minidump;

import dev.crashkit.core.ReportException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The header ({@code MINIDUMP_HEADER}: magic {@code MDMP}, version, stream count, directory RVA) and
 * the stream directory ({@code MINIDUMP_DIRECTORY}: type, size, RVA per stream). A directory that
 * does not fit the file fails here; a stream whose bytes do not (a dump cut short while written) is
 * left out and noted, so that the others still read. Later readers take the streams' bounds as checked.
 */
final class StreamDirectory {
    static final int MAGIC = 0x504d444d; // "MDMP"
    static final int HEADER_SIZE = 32;
    private static final int ENTRY_SIZE = 12;

    /** One directory entry; {@code rva} and {@code size} lie inside the file. */
    record Stream(long type, long rva, long size) {
    }

    private final List<Stream> streams;
    private final List<String> broken;
    private final long timestamp;

    private StreamDirectory(List<Stream> streams, List<String> broken, long timestamp) {
        this.streams = streams;
        this.broken = broken;
        this.timestamp = timestamp;
    }

    static boolean matches(byte[] data) {
        return data.length >= 4 && (data[0] & 0xff) == 'M' && (data[1] & 0xff) == 'D' && (data[2] & 0xff) == 'M'
                && (data[3] & 0xff) == 'P';
    }

    static StreamDirectory read(MinidumpBytes b) throws ReportException {
        if (!matches(b.array())) {
            throw new ReportException(b.source() + ": not a minidump (no \"MDMP\" magic)");
        }
        b.check(0, HEADER_SIZE, "minidump header");
        long version = b.u32(4) & 0xffff;
        if (version != 0xa793) {
            throw new ReportException(b.source() + ": unsupported minidump version 0x" + Long.toHexString(version));
        }
        long count = b.u32(8);
        long rva = b.u32(12);
        // Unsigned product of two u32s: cannot overflow a long.
        b.check(rva, count * ENTRY_SIZE, "stream directory of " + count + " streams");
        List<Stream> out = new ArrayList<>((int) count);
        List<String> broken = new ArrayList<>();
        for (long i = 0; i < count; i++) {
            long at = rva + i * ENTRY_SIZE;
            long type = b.u32(at);
            long size = b.u32(at + 4);
            long streamRva = b.u32(at + 8);
            if (type == 0) {
                continue; // MD_UNUSED_STREAM: a writer's placeholder
            }
            if (!b.fits(streamRva, size)) {
                broken.add("stream " + i + " (type 0x" + Long.toHexString(type) + ") at offset " + streamRva
                        + " (" + size + " bytes) runs past the end of the file (" + b.length() + " bytes)");
                continue;
            }
            out.add(new Stream(type, streamRva, size));
        }
        return new StreamDirectory(List.copyOf(out), List.copyOf(broken), b.u32(20));
    }

    /** The first stream of {@code type} (Breakpad reads the first too). */
    Optional<Stream> find(long type) {
        for (Stream s : streams) {
            if (s.type() == type) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** The streams left out because their bytes run past the end of the file, one line each. */
    List<String> broken() {
        return broken;
    }

    List<Stream> streams() {
        return streams;
    }

    /** Seconds since 1970 when the dump was written (the header's {@code time_date_stamp}). */
    long timestamp() {
        return timestamp;
    }
}
