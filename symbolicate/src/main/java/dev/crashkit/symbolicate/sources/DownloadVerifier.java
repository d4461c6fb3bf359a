package dev.crashkit.symbolicate.sources;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.symbolicate.format.FileBytes;
import dev.crashkit.core.model.Arch;
import dev.crashkit.symbolicate.format.elf.ElfFile;
import dev.crashkit.symbolicate.format.elf.ElfSection;
import dev.crashkit.symbolicate.format.macho.MachOFile;
import dev.crashkit.symbolicate.format.macho.MachOImage;
import dev.crashkit.symbolicate.format.macho.Section;
import dev.crashkit.symbolicate.locate.SliceId;
import dev.crashkit.core.model.DebugId;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Decides whether a fetched file is the debug file that was asked for: a Mach-O with a slice of
 * that LC_UUID, or an ELF file with that GNU build-id, whose sections and symbol table all lie
 * inside the file. A server that answers with another build, an error page or a cut-off file is
 * caught here, before anything is cached.
 */
final class DownloadVerifier {
    /** Section types that take no bytes in the file (S_ZEROFILL, S_GB_ZEROFILL, S_THREAD_LOCAL_ZEROFILL). */
    private static final int S_ZEROFILL = 0x1;
    private static final int S_GB_ZEROFILL = 0xc;
    private static final int S_THREAD_LOCAL_ZEROFILL = 0x12;

    private DownloadVerifier() {
    }

    /**
     * The identity of the slice of {@code file} that is {@code wanted}.
     *
     * @throws CrashkitException with a short reason (no file name: the caller names source and id)
     */
    static SliceId verify(Path file, DebugId wanted) throws CrashkitException {
        byte[] head;
        try {
            head = FileBytes.head(file, 64);
        } catch (IOException e) {
            throw new CrashkitException("cannot read the download: " + e.getMessage(), e);
        }
        if (MachOFile.matches(head)) {
            return machO(file, wanted);
        }
        if (ElfFile.matches(head)) {
            return elf(file, wanted);
        }
        throw new CrashkitException("not a Mach-O or ELF file (" + describeHead(head) + ")");
    }

    private static SliceId machO(Path file, DebugId wanted) throws CrashkitException {
        MachOFile mf = strip(file, () -> MachOFile.open(file));
        Optional<MachOImage> slice = mf.sliceWithUuid(wanted);
        if (slice.isEmpty()) {
            String has = mf.slices().stream().map(s -> s.uuid().map(DebugId::toString).orElse("no UUID"))
                    .collect(Collectors.joining(", "));
            throw new CrashkitException("wrong file: Mach-O with UUID " + has);
        }
        MachOImage image = slice.get();
        strip(file, () -> {
            image.checkSymbols();
            for (Section s : image.sections()) {
                int type = s.flags() & 0xff;
                if (type != S_ZEROFILL && type != S_GB_ZEROFILL && type != S_THREAD_LOCAL_ZEROFILL) {
                    image.sectionBytes(s); // throws when the section lies past the end: truncated
                }
            }
            return image;
        });
        return new SliceId(wanted, image.arch(), image.fileType() == MachOImage.MH_DSYM, SliceId.Container.MACHO);
    }

    private static SliceId elf(Path file, DebugId wanted) throws CrashkitException {
        ElfFile elf = strip(file, () -> ElfFile.open(file));
        Optional<DebugId> id = strip(file, elf::buildId);
        if (id.isEmpty()) {
            throw new CrashkitException("wrong file: ELF without a GNU build-id");
        }
        if (!id.get().equals(wanted)) {
            throw new CrashkitException("wrong file: ELF with build-id " + id.get());
        }
        strip(file, () -> {
            for (ElfSection s : elf.sections()) {
                elf.rawSectionData(s); // throws when the section lies past the end: truncated
            }
            return elf;
        });
        return new SliceId(wanted, Arch.elf(elf.machine()), elf.hasDwarf(), SliceId.Container.ELF);
    }

    private interface Parse<T> {
        T run() throws CrashkitException;
    }

    /** Runs a parse, dropping the temporary file's path from its message (it means nothing to the user). */
    private static <T> T strip(Path file, Parse<T> parse) throws CrashkitException {
        try {
            return parse.run();
        } catch (CrashkitException e) {
            String m = e.getMessage() == null ? "unreadable" : e.getMessage();
            String prefix = file.toString() + ": ";
            throw new CrashkitException(m.startsWith(prefix) ? m.substring(prefix.length()) : m.replace(file.toString(), "download"), e);
        }
    }

    private static String describeHead(byte[] head) {
        if (head.length == 0) {
            return "empty";
        }
        StringBuilder b = new StringBuilder("starts with ");
        for (int i = 0; i < Math.min(4, head.length); i++) {
            b.append(String.format("%02x", head[i] & 0xff));
        }
        return b.toString();
    }
}
