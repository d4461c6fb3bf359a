package dev.crashkit.symbolicate.demangle.swift;

/** Two-letter value witness codes and the names swift-demangle prints for them. */
final class ValueWitnessKind {
    private static final String[] CODES = {
        "al", "allocateBuffer", "ca", "assignWithCopy", "ta", "assignWithTake", "de", "deallocateBuffer",
        "xx", "destroy", "XX", "destroyBuffer", "Xx", "destroyArray", "CP", "initializeBufferWithCopyOfBuffer",
        "Cp", "initializeBufferWithCopy", "cp", "initializeWithCopy", "Tk", "initializeBufferWithTake",
        "tk", "initializeWithTake", "pr", "projectBuffer", "TK", "initializeBufferWithTakeOfBuffer",
        "Cc", "initializeArrayWithCopy", "Tt", "initializeArrayWithTakeFrontToBack",
        "tT", "initializeArrayWithTakeBackToFront", "xs", "storeExtraInhabitant",
        "xg", "getExtraInhabitantIndex", "ug", "getEnumTag", "up", "destructiveProjectEnumData",
        "ui", "destructiveInjectEnumTag", "et", "getEnumTagSinglePayload", "st", "storeEnumTagSinglePayload",
    };

    private ValueWitnessKind() {
    }

    static String name(char a, char b) {
        for (int i = 0; i < CODES.length; i += 2) {
            String c = CODES[i];
            if (c.charAt(0) == a && c.charAt(1) == b) {
                return CODES[i + 1];
            }
        }
        return null;
    }
}
