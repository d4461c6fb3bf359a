package dev.crashkit.symbolicate.format.macho.layout;

import io.kaitai.struct.KaitaiStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * Reads an image's bytes by link-time address. Every read is checked against the segment that
 * holds the address and against the end of the slice, because every address followed here comes
 * from the file itself: a hostile value gives a {@link MalformedImageException}, never a read
 * elsewhere.
 */
public final class VmMemory {
    /** Longest C string followed (selector, class and symbol names are far shorter). */
    public static final int MAX_STRING = 4096;

    private final ImageLayout layout;
    private final ByteBuffer bytes;
    private final List<ImageLayout.SegmentRange> segments;

    public VmMemory(ImageLayout layout) {
        this.layout = layout;
        this.bytes = layout.bytes().duplicate().order(ByteOrder.LITTLE_ENDIAN);
        // Offsets and sizes are unsigned in the file: "negative" ones are nonsense, and would make
        // the offset arithmetic below wrap.
        this.segments = layout.segments().stream().filter(s -> s.filesize() > 0 && s.fileoff() >= 0).toList();
    }

    public ImageLayout layout() {
        return layout;
    }

    /** Link-time address of the Mach-O header (the __TEXT segment), the base of image offsets. */
    public long imageBase() {
        return layout.segments().stream().filter(s -> s.name().equals("__TEXT")).mapToLong(ImageLayout.SegmentRange::vmaddr)
                .findFirst().orElse(0);
    }

    /** The section holding {@code address}, if any. */
    public Optional<ImageLayout.SectionRange> sectionAt(long address) {
        for (ImageLayout.SectionRange s : layout.sections()) {
            if (s.contains(address)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /**
     * File offset of {@code [address, address + length)}, which must lie inside the file bytes of
     * one segment and inside the slice.
     */
    public int fileOffset(long address, long length) throws MalformedImageException {
        for (ImageLayout.SegmentRange s : segments) {
            long delta = address - s.vmaddr();
            if (Long.compareUnsigned(address, s.vmaddr()) >= 0 && Long.compareUnsigned(delta, s.filesize()) < 0) {
                if (length < 0 || Long.compareUnsigned(delta + length, s.filesize()) > 0) {
                    break;
                }
                long off = s.fileoff() + delta;
                if (off < 0 || off > bytes.capacity() - length) {
                    break;
                }
                return (int) off;
            }
        }
        throw new MalformedImageException(layout.file() + ": address 0x" + Long.toHexString(address)
                + (length > 1 ? " (+" + length + " bytes)" : "") + " is not in the file's segments");
    }

    public long u64(long address) throws MalformedImageException {
        return bytes.getLong(fileOffset(address, 8));
    }

    public int s32(long address) throws MalformedImageException {
        return bytes.getInt(fileOffset(address, 4));
    }

    /** The NUL-terminated UTF-8 string at {@code address}; it must end within {@link #MAX_STRING} bytes and its segment. */
    public String cString(long address) throws MalformedImageException {
        int start = fileOffset(address, 1);
        int limit = Math.min(bytes.capacity(), start + MAX_STRING);
        for (ImageLayout.SegmentRange s : segments) {
            if (Long.compareUnsigned(address - s.vmaddr(), s.filesize()) < 0) {
                limit = (int) Math.min(limit, s.fileoff() + s.filesize());
                break;
            }
        }
        for (int i = start; i < limit; i++) {
            if (bytes.get(i) == 0) {
                byte[] utf8 = new byte[i - start];
                bytes.get(start, utf8);
                return new String(utf8, StandardCharsets.UTF_8);
            }
        }
        throw new MalformedImageException(layout.file() + ": string at 0x" + Long.toHexString(address)
                + " has no end within " + MAX_STRING + " bytes");
    }

    /** A Kaitai stream over exactly {@code [address, address + length)}. */
    public KaitaiStream stream(long address, long length) throws MalformedImageException {
        int off = fileOffset(address, length);
        return new BoundedStream(bytes.slice(off, (int) length).order(ByteOrder.LITTLE_ENDIAN));
    }
}
