package dev.crashkit.symbolicate.cli;

import dev.crashkit.core.CrashkitException;

/** An option's value is malformed (found after parsing, when it is combined with others): a usage error. */
final class OptionValueException extends CrashkitException {
    OptionValueException(String message) {
        super(message);
    }
}
