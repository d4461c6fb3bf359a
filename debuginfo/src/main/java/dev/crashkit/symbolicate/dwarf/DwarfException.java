package dev.crashkit.symbolicate.dwarf;

import dev.crashkit.core.ObjectFormatException;

/** DWARF data is truncated, inconsistent or uses something this reader does not support. */
public class DwarfException extends ObjectFormatException {
    public DwarfException(String message) {
        super(message);
    }

    public DwarfException(String message, Throwable cause) {
        super(message, cause);
    }
}
