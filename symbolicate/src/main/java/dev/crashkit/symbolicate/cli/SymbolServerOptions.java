package dev.crashkit.symbolicate.cli;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.symbolicator.SymbolSources;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Option;

/** Where to fetch debug files that no --dsym path has: symbol servers, their tokens, limits. */
final class SymbolServerOptions {
    @Option(names = "--symbol-server", paramLabel = "LAYOUT=URL",
            description = "fetch debug files no --dsym has, by UUID/build-id, from this server (repeatable, tried in"
                    + " order); LAYOUT: debuginfod, lldb, gdb, unified; URL: http://, https:// or file://."
                    + " DEBUGINFOD_URLS from the environment is added after these")
    List<String> servers = new ArrayList<>();

    @Option(names = "--symbol-server-header", arity = "2", paramLabel = " LAYOUT=URL HEADER", hideParamSyntax = true,
            description = "send HEADER ('Authorization: Bearer …') to that server (repeatable; never printed)")
    List<String> headers = new ArrayList<>();

    @Option(names = "--symbol-server-config", paramLabel = "FILE",
            description = "JSON list of servers with headers; $${env:NAME} in a header value reads the environment")
    Path config;

    @Option(names = "--offline", description = "no network: only the download cache and file:// servers")
    boolean offline;

    @Option(names = "--negative-cache-ttl", paramLabel = "DURATION", defaultValue = "1h",
            description = "how long a server's 'not found' is believed (30s, 10m, 1h, 2d; 0 = always ask) (default: ${DEFAULT-VALUE})")
    String negativeTtl;

    @Option(names = "--symbol-server-timeout", paramLabel = "SECONDS", defaultValue = "30",
            description = "wait this long for a response, and for more data while downloading (default: ${DEFAULT-VALUE})")
    int timeoutSeconds;

    @Option(names = "--symbol-server-retries", paramLabel = "N", defaultValue = "2",
            description = "retries after a timeout, 5xx or broken connection, with doubling backoff (default: ${DEFAULT-VALUE})")
    int retries;

    @Option(names = "--symbol-server-parallel", paramLabel = "N", defaultValue = "4",
            description = "downloads at once (default: ${DEFAULT-VALUE})")
    int parallel;

    @Option(names = "--symbol-server-max-size", paramLabel = "SIZE", defaultValue = "4G",
            description = "largest debug file accepted (K, M, G suffixes) (default: ${DEFAULT-VALUE})")
    String maxSize;

    /**
     * The symbol sources these options describe: --symbol-server, then the config file, then
     * DEBUGINFOD_URLS (the command line opts in to it, as debuginfod's own clients do).
     */
    SymbolSources sources(Map<String, String> environment) throws CrashkitException {
        List<SymbolSources.ServerHeader> h = new ArrayList<>();
        for (int i = 0; i + 1 < headers.size(); i += 2) {
            h.add(new SymbolSources.ServerHeader(headers.get(i), headers.get(i + 1)));
        }
        try {
            return SymbolSources.none().withServers(servers).withHeaders(h)
                    .withConfigFile(Optional.ofNullable(config)).withDebuginfodUrls(true, environment)
                    .withOffline(offline)
                    .withNegativeTtl(duration(negativeTtl))
                    .withTimeout(Duration.ofSeconds(timeoutSeconds))
                    .withRetries(retries)
                    .withParallel(parallel)
                    .withMaxDownloadBytes(size(maxSize));
        } catch (IllegalArgumentException e) {
            throw new OptionValueException(e.getMessage());
        }
    }

    /** The message of a server or header the symbolicator refused, in the options' words. */
    static String refused(IllegalArgumentException e) {
        String m = e.getMessage();
        String unknown = SymbolSources.unknownServerOf(e).orElse(null);
        return unknown != null ? "--symbol-server-header " + unknown + ": no such --symbol-server"
                : "--symbol-server: " + m;
    }

    /** {@code 90}, {@code 30s}, {@code 10m}, {@code 1h}, {@code 2d}, or ISO-8601 ({@code PT1H}). */
    static Duration duration(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        try {
            if (t.startsWith("p")) {
                return Duration.parse(text.trim());
            }
            char unit = t.isEmpty() ? ' ' : t.charAt(t.length() - 1);
            String number = Character.isDigit(unit) ? t : t.substring(0, t.length() - 1);
            long n = Long.parseLong(number);
            if (n < 0) {
                throw new NumberFormatException();
            }
            switch (unit) {
                case 's': return Duration.ofSeconds(n);
                case 'm': return Duration.ofMinutes(n);
                case 'h': return Duration.ofHours(n);
                case 'd': return Duration.ofDays(n);
                default:
                    if (Character.isDigit(unit)) {
                        return Duration.ofSeconds(n);
                    }
                    throw new NumberFormatException();
            }
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("bad duration \"" + text + "\" (use 30s, 10m, 1h, 2d)");
        }
    }

    /** {@code 1048576}, {@code 512K}, {@code 64M}, {@code 4G}. */
    static long size(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT);
        try {
            int shift = 0;
            if (t.endsWith("K") || t.endsWith("M") || t.endsWith("G")) {
                shift = t.endsWith("K") ? 10 : t.endsWith("M") ? 20 : 30;
                t = t.substring(0, t.length() - 1);
            }
            long n = Long.parseLong(t);
            if (n < 1 || n > (Long.MAX_VALUE >> shift)) {
                throw new NumberFormatException();
            }
            return n << shift;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad size \"" + text + "\" (use 512K, 64M, 4G)");
        }
    }
}
