/**
 * What capture and the symbolicator share: the report model, crashreport/1, the checked byte reader,
 * the unwinder, the exception root and {@code Diagnostics}.
 *
 * <p>Exports: the packages other modules' main code uses (jdeps), to be narrowed when the clients go
 * through the symbolicator's facade.
 */
module dev.crashkit.core {
    requires transitive com.fasterxml.jackson.core;

    exports dev.crashkit.core;
    exports dev.crashkit.core.bytes;
    exports dev.crashkit.core.crashreport;
    exports dev.crashkit.core.model;
    exports dev.crashkit.core.unwind;
}
