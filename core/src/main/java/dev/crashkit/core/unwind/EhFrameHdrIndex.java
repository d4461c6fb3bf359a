package dev.crashkit.core.unwind;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.util.Optional;

/**
 * The binary-search table of {@code .eh_frame_hdr} (the segment {@code PT_GNU_EH_FRAME} points
 * at): sorted (initial location, FDE address) pairs. Only the table is copied; FDEs are read on
 * demand through the section's memory, so a large library costs one small copy.
 */
public final class EhFrameHdrIndex implements FdeIndex {
    private static final int MAX_FDES = 4_000_000;
    /** DW_EH_PE_datarel | DW_EH_PE_sdata4: signed 32-bit offsets from the header. */
    private static final int DATAREL_SDATA4 = 0x3b;
    private final long[] starts;
    private final long[] fdes;
    private final CfiSection section;

    private EhFrameHdrIndex(long[] starts, long[] fdes, CfiSection section) {
        this.starts = starts;
        this.fdes = fdes;
        this.section = section;
    }

    /**
     * Reads the header at {@code hdrAddress} in {@code memory}.
     *
     * @param memory     memory holding the header, its table and the {@code .eh_frame} section
     * @param hdrAddress address of the header's first byte
     * @return the index over the header's search table
     * @throws CfiException when the header or its table is unreadable, of an unknown version,
     *                      has no search table, or uses an encoding or size we do not accept
     */
    public static EhFrameHdrIndex read(Memory memory, long hdrAddress) throws CfiException {
        byte[] head = new byte[4 + 8 + 8];
        int got = memory.read(hdrAddress, head, 0, head.length);
        if (got < 4) {
            throw new CfiException(String.format(".eh_frame_hdr at 0x%x is unreadable", hdrAddress));
        }
        CfiBytes b = new CfiBytes(head, hdrAddress, got);
        int version = b.u8();
        if (version != 1) {
            throw new CfiException(String.format(".eh_frame_hdr at 0x%x has version %d", hdrAddress, version));
        }
        int framePtrEnc = b.u8();
        int countEnc = b.u8();
        int tableEnc = b.u8();
        long ehFrame = b.encoded(framePtrEnc, hdrAddress);
        CfiSection section = new CfiSection(memory, ehFrame, false);
        if (countEnc == CfiBytes.PE_OMIT || tableEnc == CfiBytes.PE_OMIT) {
            throw new CfiException(String.format(".eh_frame_hdr at 0x%x has no search table", hdrAddress));
        }
        long count = b.encoded(countEnc, hdrAddress);
        int width = CfiBytes.encodedSize(tableEnc);
        if (count < 0 || count > MAX_FDES || width < 0) {
            throw new CfiException(String.format(".eh_frame_hdr at 0x%x: bad table (%d entries, encoding 0x%02x)",
                    hdrAddress, count, tableEnc));
        }
        long tableAt = b.here();
        int bytes = (int) count * 2 * width;
        byte[] table = new byte[bytes];
        if (memory.read(tableAt, table, 0, bytes) != bytes) {
            throw new CfiException(String.format(".eh_frame_hdr table at 0x%x is not fully readable", tableAt));
        }
        long[] starts = new long[(int) count];
        long[] fdes = new long[(int) count];
        if (tableEnc == DATAREL_SDATA4) {
            // What every GNU toolchain writes: a tight loop instead of a generic decode per field,
            // which matters on a first snapshot (libjvm's table has ~44,000 pairs, run interpreted).
            IntBuffer ints = ByteBuffer.wrap(table).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer();
            for (int i = 0; i < count; i++) {
                starts[i] = hdrAddress + ints.get(2 * i);
                fdes[i] = hdrAddress + ints.get(2 * i + 1);
            }
            return new EhFrameHdrIndex(starts, fdes, section);
        }
        CfiBytes t = new CfiBytes(table, tableAt);
        for (int i = 0; i < count; i++) {
            starts[i] = t.encoded(tableEnc, hdrAddress);
            fdes[i] = t.encoded(tableEnc, hdrAddress);
        }
        return new EhFrameHdrIndex(starts, fdes, section);
    }

    /**
     * The {@code .eh_frame} section the header points at.
     *
     * @return the section the indexed FDEs are read from
     */
    public CfiSection section() {
        return section;
    }

    /**
     * The number of entries in the search table.
     *
     * @return how many (initial location, FDE address) pairs were read
     */
    public int size() {
        return starts.length;
    }

    @Override
    public Optional<Fde> find(long pc) throws CfiException {
        int lo = 0;
        int hi = starts.length - 1;
        int best = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(starts[mid], pc) <= 0) {
                best = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        if (best < 0) {
            return Optional.empty();
        }
        Fde fde = section.fdeAt(fdes[best]);
        return fde != null && fde.covers(pc) ? Optional.of(fde) : Optional.empty();
    }
}
