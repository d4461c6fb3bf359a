package dev.crashkit.capture.linux;

import com.sun.jna.Pointer;
import dev.crashkit.capture.report.LoadedImage;
import dev.crashkit.core.unwind.Memory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Lists the ELF images of this process ({@code dl_iterate_phdr}) or of another one ({@code /proc/<pid>/maps}). */
public final class Images {
    private static final byte[] ELF_MAGIC = {0x7f, 'E', 'L', 'F'};

    private Images() {
    }

    private record Raw(long bias, String name, byte[] phdrs) {
    }

    /** The dl_iterate_phdr callback (a class, not a lambda: one generated class fewer on a first snapshot). */
    private static final class Collector implements LinuxNative.PhdrCallback {
        final List<Raw> raw = new ArrayList<>();

        @Override
        public int invoke(Pointer info, long size, Pointer data) {
            // The loader lock is held inside the callback: copy the fields and return at once.
            long bias = info.getLong(0);
            Pointer name = info.getPointer(8);
            Pointer phdr = info.getPointer(16);
            int phnum = info.getShort(24) & 0xffff;
            raw.add(new Raw(bias, name == null ? "" : name.getString(0),
                    phdr == null ? new byte[0] : phdr.getByteArray(0, phnum * ProgramHeaders.PHDR_SIZE)));
            return 0;
        }
    }

    /** This process's images in load order; the main program first. */
    public static List<LoadedImage> self(Memory memory) {
        Collector cb = new Collector();
        LinuxNative.dl_iterate_phdr(cb, null);
        List<Raw> raw = cb.raw;
        String exe = exePath("self");
        List<LoadedImage> out = new ArrayList<>();
        for (Raw r : raw) {
            String path = r.name.isEmpty() ? exe : r.name;
            LoadedImage img = ProgramHeaders.image(path, r.bias, r.phdrs, memory);
            if (!img.segments().isEmpty()) {
                out.add(img);
            }
        }
        return out;
    }

    /**
     * Another process's images: every file mapped from offset 0 that starts with an ELF header,
     * its program headers read from the target's memory. The vDSO is included.
     */
    public static List<LoadedImage> remote(int pid, ProcMaps maps, Memory memory) {
        Map<String, Mapping> firstByPath = new LinkedHashMap<>();
        for (Mapping m : maps.mappings()) {
            boolean named = m.path().startsWith("/") || m.path().equals("[vdso]");
            if (named && m.offset() == 0 && m.readable() && !firstByPath.containsKey(m.path())) {
                firstByPath.put(m.path(), m);
            }
        }
        String exe = exePath(Integer.toString(pid));
        List<LoadedImage> out = new ArrayList<>();
        for (Mapping m : firstByPath.values()) {
            String path = m.path().equals("[vdso]") ? "linux-vdso.so.1" : m.path();
            if (path.equals(exe) || path.equals(exe + " (deleted)")) {
                path = exe;
            }
            imageAt(path, m.start(), memory).ifPresent(out::add);
        }
        // The main program first, as dl_iterate_phdr lists it.
        out.sort((a, b) -> Boolean.compare(!a.path().equals(exe), !b.path().equals(exe)));
        return out;
    }

    /**
     * The image whose ELF header the target's memory holds at {@code start} (its first mapping, file
     * offset 0): program headers, PT_LOAD ranges, build-id and PT_GNU_EH_FRAME, all read through
     * {@code memory}. Empty when the bytes there are not a 64-bit ELF header with readable 56-byte program
     * headers and a PT_LOAD at file offset 0. The bytes are the target's, so anything may be there: this
     * never throws and reads at most 512 program headers and 64 KB of notes.
     */
    static Optional<LoadedImage> imageAt(String path, long start, Memory memory) {
        byte[] eh = new byte[64];
        if (memory.read(start, eh, 0, 64) != 64 || !startsWith(eh, ELF_MAGIC) || eh[4] != 2) {
            return Optional.empty();
        }
        long phoff = ProgramHeaders.le(eh, 32, 8);
        int phentsize = (int) ProgramHeaders.le(eh, 54, 2);
        int phnum = (int) ProgramHeaders.le(eh, 56, 2);
        if (phentsize != ProgramHeaders.PHDR_SIZE || phnum == 0 || phnum > 512) {
            return Optional.empty();
        }
        byte[] phdrs = new byte[phnum * ProgramHeaders.PHDR_SIZE];
        if (memory.read(start + phoff, phdrs, 0, phdrs.length) != phdrs.length) {
            return Optional.empty();
        }
        long firstVaddr = Long.MAX_VALUE;
        for (int at = 0; at < phdrs.length; at += ProgramHeaders.PHDR_SIZE) {
            if (ProgramHeaders.le(phdrs, at, 4) == 1 && ProgramHeaders.le(phdrs, at + 8, 8) == 0) {
                firstVaddr = ProgramHeaders.le(phdrs, at + 16, 8) & ~0xfffL;
                break;
            }
        }
        if (firstVaddr == Long.MAX_VALUE) {
            return Optional.empty();
        }
        return Optional.of(ProgramHeaders.image(path, start - firstVaddr, phdrs, memory));
    }

    private static boolean startsWith(byte[] b, byte[] prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if (b[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static String exePath(String pid) {
        try {
            return Files.readSymbolicLink(Path.of("/proc/" + pid + "/exe")).toString();
        } catch (IOException | UnsupportedOperationException e) {
            return "/proc/" + pid + "/exe";
        }
    }
}
