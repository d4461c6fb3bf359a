package dev.crashkit.symbolicate.breakpad;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.DebugId;
import java.util.Objects;
import java.util.Optional;

/**
 * The identity lines of a symbol file: {@code MODULE os arch id name} and {@code INFO CODE_ID}.
 *
 * @param os     as written: {@code Linux}, {@code mac}, {@code windows}, {@code Android}, {@code iOS}…
 * @param arch   as written: {@code x86_64}, {@code arm64}, {@code x86}…
 * @param id     Breakpad's module id, upper-case hex: GUID (32 digits) and age
 * @param name   the module's file name (the rest of the line)
 * @param codeId the {@code INFO CODE_ID} value when present (an ELF file's whole build-id in hex)
 */
public record BreakpadModule(String os, String arch, String id, String name, Optional<String> codeId) {

    public BreakpadModule {
        Objects.requireNonNull(os, "os");
        Objects.requireNonNull(arch, "arch");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(codeId, "codeId");
    }

    /** Our architecture for Breakpad's name of it ({@code x86} is {@code i386}; the others are spelled alike). */
    public Arch architecture() {
        return Arch.parse(arch.equals("x86") ? "i386" : arch);
    }

    /** The identity a report gives for this module, when the id maps to one (see {@link BreakpadIds#debugId}). */
    public Optional<DebugId> debugId() {
        return BreakpadIds.debugId(this);
    }
}
