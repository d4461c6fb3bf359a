package dev.crashkit.symbolicate.cli;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The default command's plain command lines (a report, {@code --dsym} paths and the usual
 * options, each written out in full) parsed without picocli, whose command model costs a short
 * run ~100 ms (its classes predate the class-data archive's format and are verified one by one).
 * Anything else (help, version, a sub-command, an unknown or repeated option, {@code --opt=value}
 * spellings, a value that looks like an option) returns empty and picocli parses it as always, so
 * messages and exit codes stay picocli's. FastArgsTest checks that every line accepted here sets
 * every option field exactly as picocli would.
 */
final class FastArgs {
    private static final Set<String> SUBCOMMANDS = Set.of("atos", "demangle", "batch", "help");

    private FastArgs() {
    }

    static Optional<SymbolicateCommand> parse(String[] args) {
        if (args.length == 0 || SUBCOMMANDS.contains(args[0])) {
            return Optional.empty();
        }
        for (String a : args) {
            if (a.startsWith("@")) {
                return Optional.empty(); // picocli reads @FILE as more arguments
            }
        }
        try {
            return plain(args);
        } catch (java.nio.file.InvalidPathException e) {
            return Optional.empty(); // picocli words the error
        }
    }

    private static Optional<SymbolicateCommand> plain(String[] args) {
        SymbolicateCommand c = new SymbolicateCommand();
        c.format = FormatOption.text;
        setDefaults(c.debugFiles);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("-")) {
                if (c.report != null || a.isEmpty()) {
                    return Optional.empty();
                }
                c.report = Path.of(a);
                continue;
            }
            boolean flag = switch (a) {
                case "--no-cache", "--no-symcache", "--build-symcache", "-v", "--verbose", "--reunwind",
                        SymcacheInBackground.OPTION -> true;
                case "--dsym", "--symbols", "--format", "-o", "--output", "--demangle", "--cache-dir" -> false;
                default -> {
                    a = null;
                    yield false;
                }
            };
            if (a == null) {
                return Optional.empty();
            }
            String option = canonical(a);
            if (!option.equals("--dsym") && !seen.add(option)) {
                return Optional.empty(); // picocli says it may be given once
            }
            if (flag) {
                switch (option) {
                    case "--no-cache" -> c.debugFiles.noCache = true;
                    case "--no-symcache" -> c.debugFiles.noSymcache = true;
                    case "--build-symcache" -> c.debugFiles.buildSymcache = true;
                    case "--verbose" -> c.debugFiles.verbose = true;
                    case SymcacheInBackground.OPTION -> c.symcacheOnly = true;
                    default -> c.reunwind = true;
                }
                continue;
            }
            if (i + 1 == args.length || args[i + 1].isEmpty() || args[i + 1].startsWith("-")) {
                return Optional.empty();
            }
            String v = args[++i];
            switch (option) {
                case "--dsym" -> c.debugFiles.dsyms.add(Path.of(v));
                case "--format" -> {
                    Optional<FormatOption> f = enumValue(FormatOption.class, v);
                    if (f.isEmpty()) {
                        return Optional.empty();
                    }
                    c.format = f.get();
                }
                case "--output" -> c.output = Path.of(v);
                case "--demangle" -> {
                    Optional<DebugFileOptions.Demangle> d = enumValue(DebugFileOptions.Demangle.class, v);
                    if (d.isEmpty()) {
                        return Optional.empty();
                    }
                    c.debugFiles.demangle = d.get();
                }
                default -> c.debugFiles.cacheDir = Path.of(v);
            }
        }
        if (c.report == null || java.nio.file.Files.isDirectory(c.report)
                || c.output != null && java.nio.file.Files.isDirectory(c.output)) {
            return Optional.empty(); // picocli says what to do instead
        }
        return Optional.of(c);
    }

    /** The debug-file options' annotated defaults picocli would set (FastArgsTest fails when one is missed). */
    static void setDefaults(DebugFileOptions debugFiles) {
        debugFiles.demangle = DebugFileOptions.Demangle.simplified;
        SymbolServerOptions servers = debugFiles.symbolServers;
        servers.negativeTtl = "1h";
        servers.timeoutSeconds = 30;
        servers.retries = 2;
        servers.parallel = 4;
        servers.maxSize = "4G";
    }

    /** One name per option (aliases folded). */
    private static String canonical(String option) {
        return switch (option) {
            case "--symbols" -> "--dsym";
            case "-o" -> "--output";
            case "-v" -> "--verbose";
            default -> option;
        };
    }

    /** An enum constant named {@code v} ignoring case, as picocli matches with case-insensitive enums on. */
    static <E extends Enum<E>> Optional<E> enumValue(Class<E> type, String v) {
        for (E e : type.getEnumConstants()) {
            if (e.name().equalsIgnoreCase(v)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }
}
