package dev.crashkit.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The released sentry-cli binary (npm {@code @sentry/cli-linux-x64}), fetched by
 * {@code .ci/setup.d/sentry-cli.sh} into {@code $CRASHKIT_TOOLS} (default /var/cache/crashkit-tools). A test
 * that needs it fails when it is missing: it is never skipped.
 */
final class SentryCli {
    static final String VERSION = "3.8.0";

    record Run(int exit, String output) {
    }

    private SentryCli() {
    }

    static Path binary() {
        String tools = System.getenv().getOrDefault("CRASHKIT_TOOLS", "/var/cache/crashkit-tools");
        Path bin = Path.of(tools, "sentry-cli-" + VERSION, "sentry-cli");
        if (!Files.isExecutable(bin)) {
            throw new AssertionError(bin + " is missing: run .ci/setup.d/sentry-cli.sh (as root, or with CRASHKIT_TOOLS set)");
        }
        return bin;
    }

    /** Runs sentry-cli with a clean environment (no ~/.sentryclirc, no update check), its output merged. */
    static Run run(Path home, String... args) throws IOException, InterruptedException {
        return run(home, java.util.Map.of(), args);
    }

    /** As {@link #run(Path, String...)}, with {@code env} added to the environment (e.g. {@code SENTRY_DSN}). */
    static Run run(Path home, java.util.Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(binary().toString());
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).directory(home.toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("SENTRY_"));
        pb.environment().put("HOME", home.toString());
        pb.environment().put("SENTRY_DISABLE_UPDATE_CHECK", "true");
        pb.environment().put("SENTRY_LOG_LEVEL", "info");
        pb.environment().putAll(env);
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("sentry-cli did not finish in time");
        }
        return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }
}
