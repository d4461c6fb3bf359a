/**
 * The symbolicator: module cache and symbolizer, re-unwinding, crash signatures, the report readers and
 * writers of every format ({@code report}, {@code report.*}, {@code output}, {@code formats}) and their
 * detection. The facade package {@code dev.crashkit.symbolicator} joins this module and its exports.
 *
 * <p>Exports: the packages other modules' main code uses (jdeps), to be narrowed when the clients go
 * through the facade.
 */
module dev.crashkit.symbolicator {
    requires transitive dev.crashkit.core;
    requires transitive dev.crashkit.demangle;
    requires transitive dev.crashkit.debuginfo;
    requires com.fasterxml.jackson.databind;
    requires com.google.protobuf;
    requires java.management;
    requires jdk.management;

    exports dev.crashkit.symbolicate.formats;
    exports dev.crashkit.symbolicate.group;
    exports dev.crashkit.symbolicate.output;
    exports dev.crashkit.symbolicate.report;
    exports dev.crashkit.symbolicate.symbolize;
}
