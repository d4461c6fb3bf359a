package dev.crashkit.symbolicate.cli;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * {@code batch}'s plain command lines (inputs, {@code --out}, {@code --dsym} paths and the usual
 * options, each written out in full) parsed without picocli, as {@link FastArgs} does for one
 * report: picocli's command model is ~0.1-0.2 s of a batch's single-threaded start, before any
 * worker runs (its classes predate the class-data archive's format and are verified one by one).
 * Anything else (help, an unknown or repeated option, {@code --opt=value}, a report limit, a value
 * that looks like an option or is out of range) returns empty and picocli parses it as always, so
 * messages and exit codes stay picocli's. FastArgsTest checks that every line accepted here sets
 * every option field exactly as picocli would.
 */
final class FastBatchArgs {
    private static final int MAX_DIGITS = 9; // an int picocli would also accept, never an overflow

    private FastBatchArgs() {
    }

    /** The batch command of {@code args} (which start with {@code batch}), or empty for picocli. */
    static Optional<BatchCommand> parse(String[] args) {
        if (args.length < 2 || !args[0].equals("batch")) {
            return Optional.empty();
        }
        try {
            return plain(args);
        } catch (java.nio.file.InvalidPathException e) {
            return Optional.empty(); // picocli words the error
        }
    }

    private static Optional<BatchCommand> plain(String[] args) {
        BatchCommand c = new BatchCommand();
        c.format = FormatOption.same;
        FastArgs.setDefaults(c.debugFiles);
        Set<String> seen = new HashSet<>();
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (a.startsWith("@")) {
                return Optional.empty(); // picocli reads @FILE as more arguments
            }
            if (!a.startsWith("-")) {
                if (a.isEmpty()) {
                    return Optional.empty();
                }
                c.inputs.add(Path.of(a));
                continue;
            }
            String option = canonical(a);
            if (option == null || !option.equals("--dsym") && !seen.add(option)) {
                return Optional.empty(); // unknown, or given twice (picocli says it may be given once)
            }
            if (set(c, option)) {
                continue;
            }
            if (i + 1 == args.length || args[i + 1].isEmpty() || args[i + 1].startsWith("-")
                    || args[i + 1].startsWith("@")) {
                return Optional.empty();
            }
            if (!set(c, option, args[++i])) {
                return Optional.empty();
            }
        }
        if (c.inputs.isEmpty() || c.out == null) {
            return Optional.empty(); // picocli names what is missing
        }
        return Optional.of(c);
    }

    /** Sets a flag; false when {@code option} takes a value. */
    private static boolean set(BatchCommand c, String option) {
        switch (option) {
            case "--fail-on-missing" -> c.failOnMissing = true;
            case "--no-cache" -> c.debugFiles.noCache = true;
            case "--no-symcache" -> c.debugFiles.noSymcache = true;
            case "--build-symcache" -> c.debugFiles.buildSymcache = true;
            case "--verbose" -> c.debugFiles.verbose = true;
            default -> {
                return false;
            }
        }
        return true;
    }

    /** Sets an option's value; false when picocli should judge the value. */
    private static boolean set(BatchCommand c, String option, String v) {
        switch (option) {
            case "--out" -> c.out = Path.of(v);
            case "--dsym" -> c.debugFiles.dsyms.add(Path.of(v));
            case "--cache-dir" -> c.debugFiles.cacheDir = Path.of(v);
            case "--format" -> {
                Optional<FormatOption> f = FastArgs.enumValue(FormatOption.class, v);
                if (f.isEmpty()) {
                    return false;
                }
                c.format = f.get();
            }
            case "--demangle" -> {
                Optional<DebugFileOptions.Demangle> d = FastArgs.enumValue(DebugFileOptions.Demangle.class, v);
                if (d.isEmpty()) {
                    return false;
                }
                c.debugFiles.demangle = d.get();
            }
            case "--jobs" -> {
                if (!digits(v) || Integer.parseInt(v) < 1) {
                    return false; // BatchCommand's own check words "--jobs must be at least 1"
                }
                c.jobs = Integer.parseInt(v);
            }
            default -> { // --module-cache-mb
                if (!digits(v)) {
                    return false;
                }
                c.debugFiles.moduleCacheMb = Long.parseLong(v);
            }
        }
        return true;
    }

    private static boolean digits(String v) {
        if (v.isEmpty() || v.length() > MAX_DIGITS || v.length() > 1 && v.charAt(0) == '0') {
            return false; // picocli may read a leading zero as octal
        }
        for (int i = 0; i < v.length(); i++) {
            if (v.charAt(i) < '0' || v.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** One name per option (aliases folded); null for options left to picocli. */
    private static String canonical(String option) {
        return switch (option) {
            case "--out", "--format", "--fail-on-missing", "--jobs", "--dsym", "--demangle", "--cache-dir", "--no-cache",
                    "--no-symcache", "--build-symcache", "--verbose", "--module-cache-mb" -> option;
            case "-j" -> "--jobs";
            case "--symbols" -> "--dsym";
            case "-v" -> "--verbose";
            default -> null;
        };
    }
}
