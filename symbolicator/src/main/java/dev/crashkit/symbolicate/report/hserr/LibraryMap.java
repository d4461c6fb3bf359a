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

    /**
     * The libraries, in the order the log lists them, an index of them by file name (first wins), and one by
     * the names they may have been loaded by ({@link #find}; {@link #AMBIGUOUS} when two images could be meant).
     */
    record Images(List<Image> images, Map<String, Integer> byName, Map<String, Integer> byLoadName) {

        /**
         * The image a frame's {@code [name+0x...]} names, or -1. HotSpot prints the name the library was loaded
         * by ({@code dladdr}), the map the file it resolved to: a soname link ({@code libstdc++.so.6}) names a
         * file {@code libstdc++.so.6.0.30}, glibc's {@code libpthread.so.0} a {@code libpthread-2.31.so}. Exact
         * names first; else the one image whose name is the frame's plus a version, when only one is.
         */
        int find(String frameLibrary) {
            Integer exact = byName.get(frameLibrary);
            if (exact != null) {
                return exact;
            }
            Integer linked = byLoadName.get(frameLibrary);
            if (linked == null) {
                int so = frameLibrary.indexOf(".so");
                linked = so > 0 ? byLoadName.get(GLIBC + frameLibrary.substring(0, so)) : null;
            }
            return linked == null || linked == AMBIGUOUS ? -1 : linked;
        }
    }

    /** Marks a load name two images could stand for. */
    static final int AMBIGUOUS = -2;
    /** Key prefix of glibc's {@code stem-version.so} names, by stem. */
    private static final String GLIBC = "\u0000";

    /**
     * The names image {@code name} may have been loaded by: every prefix ending before one of its dots past
     * {@code .so} ({@code libstdc++.so.6.0.30}: {@code libstdc++.so.6}, {@code libstdc++.so.6.0}), and for a
     * {@code stem-version.so} name its stem. At most a few per image: built once, looked up per frame.
     */
    private static void addLoadNames(String name, int index, Map<String, Integer> byLoadName) {
        int so = name.indexOf(".so.");
        for (int dot = so < 0 ? -1 : name.indexOf('.', so + 4), n = 0; dot > 0 && n < 16;
             dot = name.indexOf('.', dot + 1), n++) {
            byLoadName.merge(name.substring(0, dot), index, (a, b) -> AMBIGUOUS);
        }
        if (name.endsWith(".so")) {
            int dash = name.indexOf('-');
            if (dash > 0) {
                byLoadName.merge(GLIBC + name.substring(0, dash), index, (a, b) -> AMBIGUOUS);
            }
        }
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
        Map<String, Integer> byLoadName = new HashMap<>();
        for (int i = 0; i < paths.size(); i++) {
            long[] r = byPath.get(paths.get(i));
            OptionalLong size = r[1] != r[0] ? OptionalLong.of(r[1] - r[0]) : nextStart(sorted, r[0]);
            String name = fileName(paths.get(i));
            images.add(new Image(name, Optional.of(paths.get(i)), Optional.empty(), arch, r[0], OptionalLong.empty(),
                    size));
            byName.putIfAbsent(name, i);
            addLoadNames(name, i, byLoadName);
        }
        return new Images(images, byName, byLoadName);
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
