package dev.crashkit.symbolicator;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.symbolicate.format.elf.ElfFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The image name atos prints ({@code (in NAME)}): the binary's name, also when the file given is its
 * debug file. A dSYM's DWARF file already carries the image's name; an ELF debug file is named after
 * its binary ({@code libc.so.6.debug}) or after its build-id ({@code .build-id/ab/cdef….debug}).
 */
final class AtosImageName {
    private static final Pattern BUILD_ID_DIR = Pattern.compile("[0-9a-f]{2}");
    private static final Pattern BUILD_ID_REST = Pattern.compile("[0-9a-f]{6,}\\.debug");

    private AtosImageName() {
    }

    /**
     * {@code .build-id/ab/cdef.debug}: the SONAME in its dynamic section when it has one, else the
     * name of the binary its sibling symlink {@code .build-id/ab/cdef} points at (the layout
     * Fedora's debuginfo packages install), else the build-id {@code abcdef}; {@code NAME.debug}:
     * {@code NAME}; anything else: its own name.
     */
    static String of(Path file) {
        String name = String.valueOf(file.getFileName());
        Path dir = file.getParent();
        if (dir != null && dir.getParent() != null && BUILD_ID_REST.matcher(name).matches()
                && BUILD_ID_DIR.matcher(String.valueOf(dir.getFileName())).matches()
                && String.valueOf(dir.getParent().getFileName()).equals(".build-id")) {
            String rest = name.substring(0, name.length() - ".debug".length());
            return soname(file).or(() -> linkedBinary(dir.resolve(rest))).orElse(dir.getFileName() + rest);
        }
        if (name.endsWith(".debug") && name.length() > ".debug".length()) {
            return name.substring(0, name.length() - ".debug".length());
        }
        return name;
    }

    private static Optional<String> soname(Path file) {
        try {
            return ElfFile.open(file).soname();
        } catch (CrashkitException e) {
            return Optional.empty(); // not ELF, or damaged: the other rules name it
        }
    }

    private static Optional<String> linkedBinary(Path sibling) {
        if (!Files.isSymbolicLink(sibling)) {
            return Optional.empty();
        }
        try {
            // The link's own text names the binary, installed or not (one level: not the file a
            // libz.so.1 -> libz.so.1.2.13 chain ends at).
            Path target = Files.readSymbolicLink(sibling).getFileName();
            return target == null ? Optional.empty() : Optional.of(target.toString());
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
