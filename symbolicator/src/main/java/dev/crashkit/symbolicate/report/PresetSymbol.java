package dev.crashkit.symbolicate.report;

import dev.crashkit.core.model.ReportedFrame;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * A name the crash report itself gives a frame (found at runtime or by an earlier symbolication).
 *
 * @param name   the symbol as printed in the report
 * @param offset bytes from the symbol's start to the frame address, when known
 * @param file   source file, when the report has one
 * @param line   source line, when the report has one
 */
public record PresetSymbol(String name, OptionalLong offset, Optional<String> file, OptionalInt line) {
    public PresetSymbol {
        Objects.requireNonNull(name, "name");
    }

    public static PresetSymbol of(String name, long offset) {
        return new PresetSymbol(name, OptionalLong.of(offset), Optional.empty(), OptionalInt.empty());
    }

    /** What a report says of a frame, for the model: its image (and load address) and this symbol. */
    public static Optional<ReportedFrame> reported(Optional<String> image, OptionalLong imageLoadAddress,
                                                   Optional<PresetSymbol> symbol) {
        return ReportedFrame.of(image, imageLoadAddress, symbol.map(PresetSymbol::name),
                symbol.isPresent() ? symbol.get().offset() : OptionalLong.empty(),
                symbol.flatMap(PresetSymbol::file), symbol.isPresent() ? symbol.get().line() : OptionalInt.empty());
    }
}
