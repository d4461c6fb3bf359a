package dev.crashkit.symbolicate.sources;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.breakpad.BreakpadIds;
import dev.crashkit.symbolicate.breakpad.BreakpadSymbols;
import dev.crashkit.symbolicate.breakpad.SymbolFilePeek;
import dev.crashkit.symbolicate.format.FileBytes;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.ObjectFormat;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.symbolicate.locate.SliceId;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Decides whether a fetched file is the debug file that was asked for: a Mach-O with a slice of
 * that LC_UUID, or an ELF file with that GNU build-id, whose sections and symbol table all lie
 * inside the file. A server that answers with another build, an error page or a cut-off file is
 * caught here, before anything is cached.
 */
final class DownloadVerifier {
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
            head = FileBytes.head(file, 512);
        } catch (IOException e) {
            throw new CrashkitException("cannot read the download: " + e.getMessage(), e);
        }
        if (SymbolFilePeek.matches(head)) {
            return symbolFile(file, wanted);
        }
        Optional<ObjectFormat> format = ObjectFiles.peek(head);
        if (format.isEmpty()) {
            throw new CrashkitException("not a Mach-O or ELF file (" + describeHead(head) + ")");
        }
        List<ObjectFile> objects = strip(file, () -> ObjectFiles.open(file));
        Optional<ObjectFile> match = objects.stream().filter(o -> o.id().map(wanted::equals).orElse(false)).findFirst();
        if (match.isEmpty()) {
            throw new CrashkitException(wrongFile(format.get(), objects));
        }
        ObjectFile object = match.get();
        strip(file, () -> {
            object.checkSymbols();
            object.checkSections();
            return object;
        });
        return SliceId.of(object);
    }

    /**
     * A Breakpad symbol file whose MODULE id is {@code wanted}'s Breakpad id, read whole (a file cut
     * off mid-line or with more than 100 malformed lines is refused, as a damaged object file is).
     */
    private static SliceId symbolFile(Path file, DebugId wanted) throws CrashkitException {
        BreakpadSymbols sym;
        try (java.io.InputStream in = java.nio.file.Files.newInputStream(file)) {
            sym = BreakpadSymbols.read(in, "download", dev.crashkit.core.Diagnostics.ignore());
        } catch (IOException e) {
            throw new CrashkitException(e.getMessage(), e);
        }
        String id = sym.module().id();
        if (!BreakpadIds.breakpadIds(wanted).contains(id) || sym.module().debugId().isEmpty()) {
            throw new CrashkitException("wrong file: Breakpad symbol file with module id " + id);
        }
        return new SliceId(sym.module().debugId().get(), sym.module().architecture(), true, SliceId.Container.BREAKPAD);
    }

    private static String wrongFile(ObjectFormat format, List<ObjectFile> objects) {
        if (format == ObjectFormat.ELF) {
            Optional<DebugId> id = objects.get(0).id();
            return id.isEmpty() ? "wrong file: ELF without a GNU build-id" : "wrong file: ELF with build-id " + id.get();
        }
        return "wrong file: Mach-O with UUID " + objects.stream().map(s -> s.id().map(DebugId::toString).orElse("no UUID"))
                .collect(Collectors.joining(", "));
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
