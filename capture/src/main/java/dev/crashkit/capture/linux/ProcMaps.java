package dev.crashkit.capture.linux;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The memory map of a process, sorted by address, from {@code /proc/<pid>/maps}. */
public final class ProcMaps {
    private final List<Mapping> mappings;
    private final long[] starts;
    private final long[] ends;

    private ProcMaps(List<Mapping> mappings) {
        this.mappings = List.copyOf(mappings);
        this.starts = new long[mappings.size()];
        this.ends = new long[mappings.size()];
        for (int i = 0; i < starts.length; i++) {
            starts[i] = mappings.get(i).start();
            ends[i] = mappings.get(i).end();
        }
    }

    public static ProcMaps read(int pid) throws IOException {
        return parse(Files.readAllLines(Path.of("/proc/" + pid + "/maps")));
    }

    static ProcMaps parse(List<String> lines) {
        List<Mapping> out = new ArrayList<>(lines.size());
        String[] f = new String[6];
        for (String line : lines) {
            // start-end perms offset dev inode [path]; the path may contain spaces. Split by hand: a
            // regex split costs a first snapshot its pattern classes and ~10x the time.
            if (fields(line, f) < 5) {
                continue;
            }
            int dash = f[0].indexOf('-');
            if (dash < 0) {
                continue;
            }
            try {
                long start = Long.parseUnsignedLong(f[0], 0, dash, 16);
                long end = Long.parseUnsignedLong(f[0], dash + 1, f[0].length(), 16);
                long off = Long.parseUnsignedLong(f[2], 16);
                out.add(new Mapping(start, end, f[1], off, f[5] == null ? "" : f[5]));
            } catch (NumberFormatException e) {
                // A line we cannot read names no mapping we could use.
            }
        }
        // The kernel lists mappings in address order; sort only input that is not.
        for (int i = 1; i < out.size(); i++) {
            if (Long.compareUnsigned(out.get(i - 1).start(), out.get(i).start()) > 0) {
                out.sort((a, b) -> Long.compareUnsigned(a.start(), b.start()));
                break;
            }
        }
        return new ProcMaps(out);
    }

    /**
     * Splits {@code line} at runs of blanks into at most six fields, the sixth (the path) taking
     * the rest of the line, trailing blanks dropped; returns the number of fields, unused ones null.
     */
    static int fields(String line, String[] f) {
        java.util.Arrays.fill(f, null);
        int n = 0;
        int i = 0;
        int len = line.length();
        while (len > 0 && Character.isWhitespace(line.charAt(len - 1))) {
            len--;
        }
        while (n < f.length) {
            while (i < len && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (i >= len) {
                break;
            }
            int start = i;
            if (n == f.length - 1) {
                i = len;
            } else {
                while (i < len && !Character.isWhitespace(line.charAt(i))) {
                    i++;
                }
            }
            f[n++] = line.substring(start, i);
        }
        return n;
    }

    public List<Mapping> mappings() {
        return mappings;
    }

    /** The mapping holding {@code address}. */
    public Optional<Mapping> find(long address) {
        int i = indexOf(address);
        return i >= 0 ? Optional.of(mappings.get(i)) : Optional.empty();
    }

    /**
     * One past the last address of the mapping holding {@code address}, or 0 when none does. Allocates
     * nothing: the stop-the-world window calls it once per thread.
     */
    public long endOf(long address) {
        int i = indexOf(address);
        return i >= 0 ? ends[i] : 0;
    }

    private int indexOf(long address) {
        int lo = 0;
        int hi = starts.length - 1;
        int best = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(starts[mid], address) <= 0) {
                best = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        if (best >= 0 && Long.compareUnsigned(address, ends[best]) < 0) {
            return best;
        }
        return -1;
    }

    public boolean isExecutable(long address) {
        int i = indexOf(address);
        return i >= 0 && mappings.get(i).executable();
    }
}
