package dev.crashkit.symbolicate;

import dev.crashkit.symbolicate.cli.Main;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the symbolicate CLI in its own JVM, for what cannot be tested in the test JVM: a small heap
 * (out-of-memory handling), {@code kill -9}, the real exit code.
 */
public final class ChildJvm {

    /** How the child ended; {@code err} is its standard error. */
    public record Exit(int code, String out, String err) {
    }

    private ChildJvm() {
    }

    /** Starts the CLI with {@code jvmOptions} (e.g. {@code -Xmx32m}) and {@code args}; output goes to files in {@code dir}. */
    public static Process start(Path dir, List<String> jvmOptions, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")));
        cmd.add(Main.class.getName());
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectOutput(dir.resolve("child.out").toFile())
                .redirectError(dir.resolve("child.err").toFile()).start();
    }

    /** Runs the CLI to its end (at most two minutes). */
    public static Exit run(Path dir, List<String> jvmOptions, String... args) throws IOException, InterruptedException {
        Process p = start(dir, jvmOptions, args);
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("the CLI did not finish in 2 minutes: " + List.of(args));
        }
        return new Exit(p.exitValue(), Files.readString(dir.resolve("child.out"), StandardCharsets.UTF_8),
                Files.readString(dir.resolve("child.err"), StandardCharsets.UTF_8));
    }
}
