package dev.crashkit.symbolicate.cli;

import dev.crashkit.symbolicate.SymbolicationException;

/** An option's value is malformed (found after parsing, when it is combined with others): a usage error. */
final class OptionValueException extends SymbolicationException {
    OptionValueException(String message) {
        super(message);
    }
}
