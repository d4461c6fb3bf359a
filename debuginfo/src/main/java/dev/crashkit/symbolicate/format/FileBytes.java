package dev.crashkit.symbolicate.format;

import dev.crashkit.core.ObjectFormatException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Maps a file (or a window of it) read-only. The mapping stays valid after the channel closes. */
public final class FileBytes {

    private FileBytes() {
    }

    /** Maps {@code [offset, offset + length)} of {@code file}; the window must fit in one ByteBuffer (< 2 GiB). */
    public static ByteBuffer map(Path file, long offset, long length) throws ObjectFormatException {
        if (length > Integer.MAX_VALUE) {
            throw new ObjectFormatException(file + ": " + length + " bytes is larger than the 2 GiB a single image may span");
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            if (offset < 0 || offset > size || length < 0 || length > size - offset) {
                throw new ObjectFormatException(file + ": range [" + offset + ", +" + length
                        + ") lies outside the file (" + size + " bytes): truncated");
            }
            return ch.map(FileChannel.MapMode.READ_ONLY, offset, length);
        } catch (NoSuchFileException e) {
            throw new ObjectFormatException(file + ": no such file", e);
        } catch (IOException e) {
            throw new ObjectFormatException(file + ": cannot read: " + e.getMessage(), e);
        }
    }

    /** Maps the whole file. */
    public static ByteBuffer map(Path file) throws ObjectFormatException {
        long size;
        try {
            size = java.nio.file.Files.size(file);
        } catch (NoSuchFileException e) {
            throw new ObjectFormatException(file + ": no such file", e);
        } catch (IOException e) {
            throw new ObjectFormatException(file + ": cannot read: " + e.getMessage(), e);
        }
        return map(file, 0, size);
    }

    /** The first {@code n} bytes of the file (fewer if it is shorter); for format detection. */
    public static byte[] head(Path file, int n) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate((int) Math.min(n, ch.size()));
            while (b.hasRemaining() && ch.read(b) > 0) {
                // keep reading until the buffer is full or the file ends
            }
            byte[] out = new byte[b.position()];
            b.flip();
            b.get(out);
            return out;
        }
    }
}
