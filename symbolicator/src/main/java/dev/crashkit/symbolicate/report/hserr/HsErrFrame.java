package dev.crashkit.symbolicate.report.hserr;

import dev.crashkit.symbolicate.report.PresetSymbol;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One frame line of {@code Native frames:} as written.
 *
 * @param line     index of the line in the log ({@link HsErrText#line})
 * @param kind     the frame kind HotSpot prints first: {@code C} native, {@code V} VM, {@code j} interpreted,
 *                 {@code J} compiled, {@code A} AOT-compiled Java, {@code v} VM-generated stub
 * @param library  the library of a {@code C}/{@code V} frame ({@code [libx.so+0x117e]}), its file name
 * @param offset   the frame's offset in that library
 * @param pc       the absolute address the line gives: a {@code C}/{@code V} frame outside any library
 *                 ({@code C  0x00007f...}), or the {@code @ 0x...} of a compiled Java frame
 * @param symbol   the name HotSpot printed (for Java frames the method, with its bytecode index for {@code j})
 */
public record HsErrFrame(int line, char kind, Optional<String> library, OptionalLong offset, OptionalLong pc,
                         Optional<PresetSymbol> symbol) {

    /** A native ({@code C}) or VM ({@code V}) frame: machine code the symbolicator may look up. */
    public boolean isNative() {
        return kind == 'C' || kind == 'V';
    }
}
