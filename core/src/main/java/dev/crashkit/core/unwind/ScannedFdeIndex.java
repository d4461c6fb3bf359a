package dev.crashkit.core.unwind;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An index built by walking a whole {@code .eh_frame} or {@code .debug_frame} section: for
 * sections without a {@code .eh_frame_hdr} table (debug files, objects read offline).
 */
public final class ScannedFdeIndex implements FdeIndex {
    private final List<Fde> sorted;

    private ScannedFdeIndex(List<Fde> sorted) {
        this.sorted = sorted;
    }

    /**
     * Reads every FDE of the {@code size}-byte section at {@code section.address()}.
     *
     * @param section the section to walk
     * @param size    the section's length in bytes
     * @return the index of the FDEs that cover a non-empty range, sorted by start
     * @throws CfiException when an entry is unreadable or malformed
     */
    public static ScannedFdeIndex scan(CfiSection section, long size) throws CfiException {
        List<Fde> out = new ArrayList<>();
        long at = section.address();
        long end = section.address() + size;
        while (Long.compareUnsigned(at, end) < 0) {
            long len = section.entrySize(at);
            if (len == 0) {
                break;
            }
            Fde fde = section.fdeAt(at);
            if (fde != null && fde.pcBegin() != fde.pcEnd()) {
                out.add(fde);
            }
            at += len;
        }
        out.sort((a, b) -> Long.compareUnsigned(a.pcBegin(), b.pcBegin()));
        return new ScannedFdeIndex(List.copyOf(out));
    }

    /**
     * The number of FDEs indexed.
     *
     * @return how many FDEs the scan kept
     */
    public int size() {
        return sorted.size();
    }

    @Override
    public Optional<Fde> find(long pc) {
        int lo = 0;
        int hi = sorted.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            Fde f = sorted.get(mid);
            if (Long.compareUnsigned(pc, f.pcBegin()) < 0) {
                hi = mid - 1;
            } else if (Long.compareUnsigned(pc, f.pcEnd()) >= 0) {
                lo = mid + 1;
            } else {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }
}
