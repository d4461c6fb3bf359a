package dev.crashkit.symbolicate.format.elf;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.symbolicate.format.KaitaiGuard;
import dev.crashkit.symbolicate.format.kaitai.Elf;
import io.airlift.compress.MalformedInputException;
import io.airlift.compress.zstd.ZstdDecompressor;
import io.kaitai.struct.ByteBufferKaitaiStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Decompresses compressed debug sections: SHF_COMPRESSED with an Elf_Chdr (ELFCOMPRESS_ZLIB through the
 * JDK's Inflater, ELFCOMPRESS_ZSTD through aircompressor's pure-Java zstd decoder), and the older GNU
 * {@code .zdebug_*} form ("ZLIB" + 8-byte big-endian size + zlib stream).
 *
 * <p>The header's uncompressed size is untrusted: it is checked (unsigned) against the same bounds for
 * both methods before anything is allocated, the output buffer is exactly that size, and the data must
 * fill it exactly.
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
            if (raw.limit() < headerSize) {
                throw new ObjectFormatException(where + ": compression header needs " + headerSize + " bytes, section has "
                        + raw.limit());
            }
            ByteBuffer data = raw.duplicate().position(headerSize).slice();
            if (ch.chType() == ELFCOMPRESS_ZSTD) {
                return unzstd(where, data, ch.size().value());
            }
            if (ch.chType() != ELFCOMPRESS_ZLIB) {
                throw new ObjectFormatException(where + ": unknown compression type " + ch.chType());
            }
            return inflate(where, data, ch.size().value());
        }
        if (raw.limit() < 12 || raw.get(0) != 'Z' || raw.get(1) != 'L' || raw.get(2) != 'I' || raw.get(3) != 'B') {
            throw new ObjectFormatException(where + ": .zdebug section without the ZLIB header");
        }
        long size = raw.duplicate().order(ByteOrder.BIG_ENDIAN).getLong(4);
        return inflate(where, raw.duplicate().position(12).slice(), size);
    }

    /** zlib's maximal expansion is 1032:1 (258-byte matches coded in under 2 bits); a little slack on top. */
    private static final long MAX_ZLIB_RATIO = 1040;

    /**
     * The bounds a claimed uncompressed size must meet before it is allocated, for either method: it fits a
     * Java array, and it is within zlib's maximal ratio of the compressed bytes. zlib cannot expand more
     * than about 1032:1 (a deflate block of maximal matches): a size past that is a lie (or a
     * decompression bomb). zstd could in principle reach ~32768:1 (128 KB RLE blocks of 4 bytes), but
     * real debug sections compress about 3-10:1; the same bound keeps one memory rule for both methods.
     */
    private static int checkedSize(String where, ByteBuffer input, long size) throws ObjectFormatException {
        if (size < 0 || size > Integer.MAX_VALUE - 8) {
            throw new ObjectFormatException(where + ": uncompressed size " + Long.toUnsignedString(size) + " is too large");
        }
        long most = (long) input.remaining() * MAX_ZLIB_RATIO + 1024;
        if (size > most) {
            throw new ObjectFormatException(where + ": uncompressed size " + size + " is more than "
                    + input.remaining() + " compressed bytes can hold");
        }
        return (int) size;
    }

    /** zstd frame magic (RFC 8878), little-endian. */
    private static final int ZSTD_MAGIC = 0xFD2FB528;

    /**
     * Decodes one or more zstd frames into a buffer of exactly {@code size} bytes. The decoder writes only
     * inside that buffer (a frame that would produce more is an error), its own working memory is fixed
     * (tables and a 128 KB literals buffer), and its time is linear in input plus output.
     */
    private static ByteBuffer unzstd(String where, ByteBuffer input, long claimed) throws ObjectFormatException {
        int size = checkedSize(where, input, claimed);
        if (input.remaining() < 4 || input.duplicate().order(ByteOrder.LITTLE_ENDIAN).getInt(0) != ZSTD_MAGIC) {
            throw new ObjectFormatException(where + ": corrupt zstd data (no zstd frame magic)");
        }
        byte[] in = new byte[input.remaining()];
        input.duplicate().get(in);
        byte[] out = new byte[size];
        try {
            // A frame content size (when the frame header has one) larger than the section header's size is
            // a lie one of them tells: refused before decoding.
            long declared = ZstdDecompressor.getDecompressedSize(in, 0, in.length);
            if (declared >= 0 && declared > size) {
                throw new ObjectFormatException(where + ": zstd frame declares " + declared
                        + " bytes, the compression header " + size);
            }
            int n = new ZstdDecompressor().decompress(in, 0, in.length, out, 0, out.length);
            if (n != size) {
                throw new ObjectFormatException(where + ": compressed data ends after " + n + " of " + size + " bytes");
            }
            return ByteBuffer.wrap(out);
        } catch (MalformedInputException | IndexOutOfBoundsException | IllegalStateException | IllegalArgumentException e) {
            // aircompressor reports most damage as MalformedInputException, but not all of it: a frame header
            // with neither a window nor a content size fails its precondition check (IllegalStateException,
            // ZstdSectionFuzzTestInputs/section/findings/frame-header-without-window-or-content-size), and a
            // symbol code read from the frame can index past a decoding table (a Java array bounds check,
            // SectionDecompressorZstdTest#garbageFrameIsAnError). Our own arguments to it are in range by
            // construction, so each of these is a corrupt frame.
            String why = e instanceof IndexOutOfBoundsException ? "a code outside its decoding table"
                    : e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
            throw new ObjectFormatException(where + ": corrupt zstd data (" + why + ")", e);
        }
    }

    private static ByteBuffer inflate(String where, ByteBuffer input, long claimed) throws ObjectFormatException {
        int size = checkedSize(where, input, claimed);
        byte[] out = new byte[size];
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
