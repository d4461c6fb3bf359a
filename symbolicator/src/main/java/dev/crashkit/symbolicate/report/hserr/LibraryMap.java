package dev.crashkit.symbolicate.report.hserr;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.Image;
import dev.crashkit.symbolicate.report.Texts;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The images of {@code Dynamic libraries:}: one per mapped file that has an executable mapping (a library,
 * not a data file such as {@code classes.jsa} or a jar), loaded at the lowest mapping of its path. That is
 * the ELF load bias base of a shared library (its first segment is mapped from offset 0 at link address 0)
 * and HotSpot's {@code dli_fbase}, which its {@code lib+0xOFF} offsets are counted from.
 */
final class LibraryMap {

    /** Per path: lowest start, highest end, whether any mapping is executable, order of first appearance. */
    private final Map<String, long[]> byPath = new LinkedHashMap<>();

    void add(Mapping m) {
        long[] r = byPath.get(m.path());
        if (r == null) {
            byPath.put(m.path(), new long[] {m.start(), m.end(), m.executable() ? 1 : 0});
            return;
        }
        if (Long.compareUnsigned(m.start(), r[0]) < 0) {
            r[0] = m.start();
        }
        if (Long.compareUnsigned(m.end(), r[1]) > 0) {
            r[1] = m.end();
        }
        r[2] |= m.executable() ? 1 : 0;
    }

    /** The libraries, in the order the log lists them, and an index of them by file name (first wins). */
    record Images(List<Image> images, Map<String, Integer> byName) {
    }

    Images images(Optional<Arch> arch) {
        List<String> paths = new ArrayList<>();
        for (Map.Entry<String, long[]> e : byPath.entrySet()) {
            if (e.getValue()[2] != 0) {
                paths.add(e.getKey());
            }
        }
        long[] starts = new long[paths.size()];
        for (int i = 0; i < starts.length; i++) {
            starts[i] = byPath.get(paths.get(i))[0];
        }
        long[] sorted = flippedSorted(starts);
        List<Image> images = new ArrayList<>(paths.size());
        Map<String, Integer> byName = new HashMap<>();
        for (int i = 0; i < paths.size(); i++) {
            long[] r = byPath.get(paths.get(i));
            OptionalLong size = r[1] != r[0] ? OptionalLong.of(r[1] - r[0]) : nextStart(sorted, r[0]);
            String name = fileName(paths.get(i));
            images.add(new Image(name, Optional.of(paths.get(i)), Optional.empty(), arch, r[0], OptionalLong.empty(),
                    size));
            byName.putIfAbsent(name, i);
        }
        return new Images(images, byName);
    }

    /** The file name HotSpot prints in a frame's {@code [name+0x...]}: after the last {@code /}, or {@code \\} on Windows. */
    static String fileName(String path) {
        int cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        return cut >= 0 && cut < path.length() - 1 ? path.substring(cut + 1) : Texts.baseName(path);
    }

    /**
     * A macOS line gives only the load address. The image lies below the next image's start (images do not
     * overlap), so that distance bounds it: frames placed by their library then never fall into a neighbour.
     * {@code flipped}: every start with its sign bit flipped, sorted (signed order of those is unsigned order).
     */
    private static OptionalLong nextStart(long[] flipped, long start) {
        int i = Arrays.binarySearch(flipped, start ^ Long.MIN_VALUE);
        i = i >= 0 ? i : -i - 1;
        while (i < flipped.length && (flipped[i] ^ Long.MIN_VALUE) == start) {
            i++;
        }
        return i < flipped.length ? OptionalLong.of((flipped[i] ^ Long.MIN_VALUE) - start) : OptionalLong.empty();
    }

    private static long[] flippedSorted(long[] a) {
        long[] f = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            f[i] = a[i] ^ Long.MIN_VALUE;
        }
        Arrays.sort(f);
        return f;
    }
}
