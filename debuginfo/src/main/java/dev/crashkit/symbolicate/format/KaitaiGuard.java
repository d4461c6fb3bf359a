package dev.crashkit.symbolicate.format;

import dev.crashkit.core.ObjectFormatException;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * Runs generated Kaitai parsing code and turns its failures into {@link ObjectFormatException}.
 *
 * <p>The generated parsers report malformed input through assorted unchecked exceptions
 * (validation errors, buffer underflow, negative sizes for substreams, arithmetic on garbage
 * lengths). This is the one place where they are caught, so that a corrupt file gives a one-line
 * message naming the file instead of a stack trace.
 */
public final class KaitaiGuard {

    private KaitaiGuard() {
    }

    public static <T> T parse(Path file, String what, Supplier<T> parser) throws ObjectFormatException {
        try {
            return parser.get();
        } catch (RuntimeException e) { // see class comment: the generated code's failure modes are all unchecked
            throw new ObjectFormatException(file + ": " + what + ": " + describe(e), e);
        } catch (StackOverflowError e) {
            throw new ObjectFormatException(file + ": " + what + ": structure nested too deeply", e);
        }
    }

    static String describe(RuntimeException e) {
        String name = e.getClass().getSimpleName();
        String msg = e.getMessage() == null ? "" : e.getMessage();
        if (name.contains("Underflow") || name.contains("EOF")) {
            return "truncated (data ends before a structure it declares)";
        }
        if (msg.contains("newLimit") || msg.contains("limited beyond") || msg.contains("newPosition")) {
            return "corrupt or truncated (a size or offset field points past the end of the data)";
        }
        if (e instanceof io.kaitai.struct.KaitaiStream.ValidationFailedError) {
            // "/types/x/seq/1: at pos 712: validation failed: ..." -> keep the offset and the reason.
            int at = msg.indexOf("at pos ");
            return "corrupt (" + (at >= 0 ? msg.substring(at).replace("at pos ", "at offset ") : msg) + ")";
        }
        int nl = msg.indexOf('\n');
        return "malformed (" + (msg.isBlank() ? name : nl >= 0 ? msg.substring(0, nl) : msg) + ")";
    }
}
