package dev.crashkit.symbolicate.format.elf;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.symbolicate.format.KaitaiGuard;
import dev.crashkit.symbolicate.format.kaitai.Elf;
import io.kaitai.struct.ByteBufferKaitaiStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Inflates compressed debug sections: SHF_COMPRESSED with an Elf_Chdr (ELFCOMPRESS_ZLIB), and the
 * older GNU {@code .zdebug_*} form ("ZLIB" + 8-byte big-endian size + zlib stream). zstd
 * (ELFCOMPRESS_ZSTD) is reported as unsupported: the JDK has no zstd decoder.
 */
final class SectionDecompressor {
    private static final int ELFCOMPRESS_ZLIB = 1;
    private static final int ELFCOMPRESS_ZSTD = 2;

    private SectionDecompressor() {
    }

    static ByteBuffer decompress(Path path, Elf elf, ElfSection s, ByteBuffer raw) throws ObjectFormatException {
        String where = path + ": section " + s.name();
        if ((s.flags() & ElfSection.SHF_COMPRESSED) != 0) {
            boolean le = elf.ident().isLe();
            Elf.FileBody.CompressionHeader ch = KaitaiGuard.parse(path, "compression header of " + s.name(),
                    () -> new Elf.FileBody.CompressionHeader(new ByteBufferKaitaiStream(raw.duplicate()), null, elf, le));
            int headerSize = elf.ident().is64() ? 24 : 12;
            if (ch.chType() == ELFCOMPRESS_ZSTD) {
                throw new ObjectFormatException(where + ": zstd-compressed (ELFCOMPRESS_ZSTD) sections are not supported");
            }
            if (ch.chType() != ELFCOMPRESS_ZLIB) {
                throw new ObjectFormatException(where + ": unknown compression type " + ch.chType());
            }
            return inflate(where, raw.duplicate().position(headerSize).slice(), ch.size().value());
        }
        if (raw.limit() < 12 || raw.get(0) != 'Z' || raw.get(1) != 'L' || raw.get(2) != 'I' || raw.get(3) != 'B') {
            throw new ObjectFormatException(where + ": .zdebug section without the ZLIB header");
        }
        long size = raw.duplicate().order(ByteOrder.BIG_ENDIAN).getLong(4);
        return inflate(where, raw.duplicate().position(12).slice(), size);
    }

    /** zlib's maximal expansion is 1032:1 (258-byte matches coded in under 2 bits); a little slack on top. */
    private static final long MAX_ZLIB_RATIO = 1040;

    private static ByteBuffer inflate(String where, ByteBuffer input, long size) throws ObjectFormatException {
        if (size < 0 || size > Integer.MAX_VALUE - 8) {
            throw new ObjectFormatException(where + ": uncompressed size " + Long.toUnsignedString(size) + " is too large");
        }
        // zlib cannot expand more than about 1032:1 (a deflate block of maximal matches): a size past that
        // is a lie (or a decompression bomb) and is refused before anything is allocated.
        long most = (long) input.remaining() * MAX_ZLIB_RATIO + 1024;
        if (size > most) {
            throw new ObjectFormatException(where + ": uncompressed size " + size + " is more than "
                    + input.remaining() + " compressed bytes can hold");
        }
        byte[] out = new byte[(int) size];
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(input);
            int n = 0;
            while (n < out.length && !inflater.finished()) {
                int got = inflater.inflate(out, n, out.length - n);
                if (got == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    break;
                }
                n += got;
            }
            if (n != out.length) {
                throw new ObjectFormatException(where + ": compressed data ends after " + n + " of " + size + " bytes");
            }
            return ByteBuffer.wrap(out);
        } catch (DataFormatException e) {
            throw new ObjectFormatException(where + ": corrupt zlib data (" + e.getMessage() + ")", e);
        } finally {
            inflater.end();
        }
    }
}
