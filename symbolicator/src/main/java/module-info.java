/**
 * The symbolicator: its one public entry point {@code dev.crashkit.symbolicator.Symbolicator} (config →
 * symbolicate → result → write) and a batch driver over it; underneath, the module cache and symbolizer,
 * re-unwinding, crash signatures, the report readers and writers of every format ({@code report},
 * {@code report.*}, {@code output}, {@code formats}) and their detection.
 *
 * <p>Exports: the facade and the batch driver only. The command line, the server and Spark use nothing
 * else of it (build-tools/ModuleExports.java fails the build when they do).
 */
module dev.crashkit.symbolicator {
    requires transitive dev.crashkit.core;
    requires transitive dev.crashkit.demangle;
    requires transitive dev.crashkit.debuginfo;
    requires com.fasterxml.jackson.databind;
    requires com.google.protobuf;
    requires java.management;
    requires jdk.management;

    exports dev.crashkit.symbolicator;
    exports dev.crashkit.symbolicator.batch;

}
