package dev.crashkit.symbolicate.report.applecrash;

import dev.crashkit.core.model.Frame;
import dev.crashkit.symbolicate.report.PresetSymbol;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One frame line of a text report and where it sits, so a writer can rewrite just its tail.
 *
 * @param firstLine   first line of this frame: earlier lines with the same frame number hold
 *                    calls inlined into it (as symbolicated reports print them)
 * @param line        index of the frame's own (concrete) line in {@link AppleCrashDocument#lines()}
 * @param index       the frame number printed at the start of the line
 * @param module      the module column (image name or bundle id)
 * @param address     the frame's address
 * @param tailColumn  char offset in the line where the text after the address starts
 * @param loadAddress the image load address of a {@code 0xLOAD + OFFSET} tail
 * @param symbol      the symbol the line already names, if any
 */
public record FrameLine(int firstLine, int line, int index, String module, long address, int tailColumn,
                        OptionalLong loadAddress, Optional<PresetSymbol> symbol) {

    /** The model's frame, with the module, load address and symbol the line gives. */
    Frame toFrame(boolean returnAddress) {
        return new Frame(address, returnAddress, Optional.empty(),
                PresetSymbol.reported(Optional.of(module), loadAddress, symbol));
    }
}
