package dev.crashkit.symbolicate.locate;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.ObjectFormat;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads the identities (LC_UUID per slice) of a Mach-O from a forward-only stream, reading only
 * headers and load commands and skipping the rest: archives are indexed without extracting.
 */
final class MachOPeek {
    private static final int MAX_LOAD_COMMANDS = 16 << 20;

    private MachOPeek() {
    }

    /** Empty when the stream is not a Mach-O file at all. */
    static List<SliceId> read(InputStream in, Path name) throws IOException {
        CountingReader r = new CountingReader(in);
        byte[] head = r.read(8);
        if (head.length < 8 || ObjectFiles.peek(head).filter(f -> f == ObjectFormat.MACH_O).isEmpty()) {
            return List.of();
        }
        int magic = ByteBuffer.wrap(head).order(ByteOrder.BIG_ENDIAN).getInt(0);
        if (magic != 0xcafebabe && magic != 0xcafebabf) {
            return List.of(thin(r, head, name));
        }
        boolean fat64 = magic == 0xcafebabf;
        // peek() accepted it, so 1 <= n <= 42; the slice table may still be cut short (a truncated
        // member): check what was read before indexing into it.
        int n = ByteBuffer.wrap(head).order(ByteOrder.BIG_ENDIAN).getInt(4);
        int entry = fat64 ? 32 : 20;
        byte[] table = r.read(n * entry);
        if (table.length < n * entry) {
            throw new ObjectFormatException(name + ": truncated universal header: " + n + " slices need "
                    + (8 + n * entry) + " bytes, the member has " + (8 + table.length));
        }
        ByteBuffer archs = ByteBuffer.wrap(table).order(ByteOrder.BIG_ENDIAN);
        long[] offsets = new long[n];
        for (int i = 0; i < n; i++) {
            offsets[i] = fat64 ? archs.getLong(i * entry + 8) : archs.getInt(i * entry + 8) & 0xffffffffL;
        }
        Arrays.sort(offsets);
        List<SliceId> out = new ArrayList<>();
        for (long off : offsets) {
            if (off < 0) { // a 64-bit offset of 2^63 or more: unsigned, far past any member
                throw new ObjectFormatException(name + ": fat slice at offset " + Long.toUnsignedString(off)
                        + " lies past the end of the data");
            }
            if (off < r.position()) {
                throw new ObjectFormatException(name + ": fat slices overlap the header");
            }
            r.skipTo(off, name);
            out.add(thin(r, r.read(8), name));
        }
        return out;
    }

    private static SliceId thin(CountingReader r, byte[] first8, Path name) throws IOException {
        byte[] rest = r.read(24);
        byte[] hdr = concat(first8, rest);
        if (hdr.length < 32) {
            throw new ObjectFormatException(name + ": truncated Mach-O header");
        }
        ByteOrder order = (hdr[0] & 0xff) == 0xfe ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        long sizeofcmds = ByteBuffer.wrap(hdr).order(order).getInt(20) & 0xffffffffL;
        if (sizeofcmds > MAX_LOAD_COMMANDS) {
            throw new ObjectFormatException(name + ": load commands claim " + sizeofcmds + " bytes");
        }
        boolean is64 = (hdr[0] & 0xff) == 0xcf || (hdr[3] & 0xff) == 0xcf;
        // A 32-bit header is 28 bytes: 4 of the 32 already read belong to the load commands.
        // sizeofcmds under 4 in a 32-bit header: the commands (if any) are already in hdr; never a negative read.
        byte[] cmds = r.read((int) Math.max(0, sizeofcmds - (is64 ? 0 : 4)));
        byte[] all = concat(hdr, cmds);
        ObjectFile image = ObjectFiles.parseMachOHeaders(name, ByteBuffer.wrap(all));
        if (image.id().isEmpty()) {
            throw new ObjectFormatException(name + " (" + image.arch() + "): no LC_UUID, cannot be matched");
        }
        return SliceId.of(image);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** Forward-only reads with position tracking. */
    private static final class CountingReader {
        private final InputStream in;
        private long position;

        CountingReader(InputStream in) {
            this.in = in;
        }

        long position() {
            return position;
        }

        byte[] read(int n) throws IOException {
            byte[] b = in.readNBytes(n);
            position += b.length;
            return b;
        }

        void skipTo(long offset, Path name) throws IOException {
            try {
                in.skipNBytes(offset - position);
            } catch (java.io.EOFException e) {
                throw new ObjectFormatException(name + ": fat slice at offset " + offset + " lies past the end of the data");
            }
            position = offset;
        }
    }
}
