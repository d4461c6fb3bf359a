package dev.crashkit.symbolicate.format.macho;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.symbolicate.format.FileBytes;
import dev.crashkit.symbolicate.format.KaitaiGuard;
import dev.crashkit.symbolicate.format.kaitai.MachOFat;
import io.kaitai.struct.ByteBufferKaitaiStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A Mach-O file on disk: either one thin image or a universal (fat) file with several slices. */
public final class MachOFile {
    private final Path path;
    private final List<MachOImage> slices;
    private final boolean fat;

    private MachOFile(Path path, List<MachOImage> slices, boolean fat) {
        this.path = path;
        this.slices = List.copyOf(slices);
        this.fat = fat;
    }

    /**
     * Opens and parses headers and load commands of every slice. Callers decide with
     * {@code ObjectFiles.peek} that the file is a Mach-O first.
     */
    public static MachOFile open(Path path) throws ObjectFormatException {
        ByteBuffer all = FileBytes.map(path);
        if (all.capacity() < 8) {
            throw new ObjectFormatException(path + ": " + all.capacity() + " bytes is too short for a Mach-O header");
        }
        // Which format a file is was decided by format.detect.ObjectFiles; this picks thin or fat and
        // refuses what is neither (a caller that skipped the detection).
        int magic = all.duplicate().order(java.nio.ByteOrder.BIG_ENDIAN).getInt(0);
        boolean fatMagic = magic == 0xcafebabe || magic == 0xcafebabf;
        if (!fatMagic && magic != 0xfeedface && magic != 0xfeedfacf && magic != 0xcefaedfe && magic != 0xcffaedfe) {
            throw new ObjectFormatException(path + ": not a Mach-O file (unknown magic)");
        }
        if (!fatMagic) {
            return new MachOFile(path, List.of(MachOImage.parse(path, 0, all)), false);
        }
        MachOFat fatHeader = KaitaiGuard.parse(path, "fat header", () -> new MachOFat(new ByteBufferKaitaiStream(all.duplicate())));
        List<long[]> ranges = new ArrayList<>();
        if (fatHeader.archs32() != null) {
            fatHeader.archs32().forEach(a -> ranges.add(new long[] {a.offset64(), a.size64()}));
        }
        if (fatHeader.archs64() != null) {
            fatHeader.archs64().forEach(a -> ranges.add(new long[] {a.offset64(), a.size64()}));
        }
        List<MachOImage> slices = new ArrayList<>();
        for (long[] r : ranges) {
            if (r[0] < 0 || r[1] < 0 || r[0] > all.capacity() || r[1] > all.capacity() - r[0]) {
                throw new ObjectFormatException(path + ": fat slice at offset " + r[0] + " (" + r[1]
                        + " bytes) lies outside the file (" + all.capacity() + " bytes): truncated");
            }
            ByteBuffer slice = all.duplicate().position((int) r[0]).limit((int) (r[0] + r[1])).slice();
            slices.add(MachOImage.parse(path, r[0], slice));
        }
        return new MachOFile(path, slices, true);
    }

    public Path path() {
        return path;
    }

    public boolean isFat() {
        return fat;
    }

    public List<MachOImage> slices() {
        return slices;
    }

    /** The slice whose LC_UUID equals {@code id}. */
    public Optional<MachOImage> sliceWithUuid(dev.crashkit.core.model.DebugId id) {
        return slices.stream().filter(s -> s.uuid().map(id::equals).orElse(false)).findFirst();
    }
}
