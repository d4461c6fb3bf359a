package dev.crashkit.symbolicate.format.macho.layout;

import dev.crashkit.symbolicate.format.KaitaiGuard;
import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.symbolicate.format.kaitai.MachoLinkedit;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The __LINKEDIT blobs of the load commands that name code in a stripped image, each checked to
 * lie inside the slice (ksy/macho_linkedit.ksy).
 *
 * @param cpuSubtype     header cpusubtype (arm64e: 2 in the low byte)
 * @param functionStarts LC_FUNCTION_STARTS data
 * @param exportsTrie    LC_DYLD_EXPORTS_TRIE data, else LC_DYLD_INFO(_ONLY)'s export range
 * @param chainedFixups  LC_DYLD_CHAINED_FIXUPS data
 * @param binds          LC_DYLD_INFO(_ONLY)'s (non-lazy) bind opcodes
 * @param usesChainedFixups true when the image has LC_DYLD_CHAINED_FIXUPS, even one whose data
 *                       could not be read (its pointer slots then hold encodings, not addresses)
 */
public record LinkeditCommands(int cpuSubtype, Optional<ByteBuffer> functionStarts, Optional<ByteBuffer> exportsTrie,
                               Optional<ByteBuffer> chainedFixups, Optional<ByteBuffer> binds,
                               boolean usesChainedFixups) {
    private static final long LC_FUNCTION_STARTS = 0x26;
    private static final long LC_DYLD_EXPORTS_TRIE = 0x80000033L;
    private static final long LC_DYLD_CHAINED_FIXUPS = 0x80000034L;

    /**
     * Reads the load commands of {@code layout}'s slice; a command whose data lies outside the
     * file is left out with a warning (the other sources still name what they can).
     *
     * @throws ObjectFormatException when the header is not a 64-bit little-endian Mach-O or the
     *                               load commands are cut off
     */
    public static LinkeditCommands read(ImageLayout layout, Consumer<String> warn) throws ObjectFormatException {
        ByteBuffer bytes = layout.bytes().duplicate().order(ByteOrder.LITTLE_ENDIAN);
        MachoLinkedit m = KaitaiGuard.parse(layout.file(), "load commands (64-bit little-endian Mach-O expected)",
                () -> new MachoLinkedit(new BoundedStream(bytes.duplicate())));
        Optional<ByteBuffer> starts = Optional.empty();
        Optional<ByteBuffer> trie = Optional.empty();
        Optional<ByteBuffer> trieFromInfo = Optional.empty();
        Optional<ByteBuffer> chained = Optional.empty();
        Optional<ByteBuffer> binds = Optional.empty();
        boolean usesChained = false;
        for (MachoLinkedit.Command c : m.commands().commands()) {
            usesChained |= c.cmd() == LC_DYLD_CHAINED_FIXUPS;
            try {
                if (c.body() instanceof MachoLinkedit.LinkeditData d) {
                    ByteBuffer data = blob(layout, bytes, c.cmd(), d.dataoff(), d.datasize());
                    if (c.cmd() == LC_FUNCTION_STARTS) {
                        starts = Optional.of(data);
                    } else if (c.cmd() == LC_DYLD_EXPORTS_TRIE) {
                        trie = Optional.of(data);
                    } else if (c.cmd() == LC_DYLD_CHAINED_FIXUPS) {
                        chained = Optional.of(data);
                    }
                } else if (c.body() instanceof MachoLinkedit.DyldInfo i) {
                    if (i.exportSize() > 0) {
                        trieFromInfo = Optional.of(blob(layout, bytes, c.cmd(), i.exportOff(), i.exportSize()));
                    }
                    if (i.bindSize() > 0) {
                        binds = Optional.of(blob(layout, bytes, c.cmd(), i.bindOff(), i.bindSize()));
                    }
                }
            } catch (MalformedImageException e) {
                warn.accept(e.getMessage());
            }
        }
        return new LinkeditCommands((int) (long) m.cpusubtype(), starts, trie.isPresent() ? trie : trieFromInfo,
                chained, binds, usesChained);
    }

    private static ByteBuffer blob(ImageLayout layout, ByteBuffer bytes, long cmd, long off, long size)
            throws MalformedImageException {
        if (off + size > bytes.capacity()) {
            throw new MalformedImageException(layout.file() + ": load command 0x" + Long.toHexString(cmd)
                    + " data [" + off + ", +" + size + ") extends past the end of the file (" + bytes.capacity()
                    + " bytes): truncated");
        }
        return bytes.slice((int) off, (int) size).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** True for arm64e images (pointer authentication). */
    public boolean isArm64e() {
        return (cpuSubtype & 0xff) == 2;
    }
}
