package dev.crashkit.symbolicator;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.symbolicate.sources.SourceConfigFile;
import dev.crashkit.symbolicate.sources.SourceOptions;
import dev.crashkit.symbolicate.sources.SymbolServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Symbol servers asked for debug files that no local path has, in this order: the {@link #servers()}
 * given, those of the {@link #configFile()}, then {@code DEBUGINFOD_URLS} when {@link #debuginfodUrls()}
 * opts in. Headers (tokens) travel with their server and are never printed.
 *
 * @param servers          {@code LAYOUT=URL} values (layout: debuginfod, lldb, gdb, unified; URL:
 *                         http://, https:// or file://)
 * @param headers          headers to send, each to the server of the same {@code LAYOUT=URL}
 * @param configFile       a JSON list of servers with headers; {@code ${env:NAME}} in a header reads
 *                         {@link #environment()}
 * @param debuginfodUrls   whether the servers of {@code DEBUGINFOD_URLS} in {@link #environment()} are added
 * @param environment      where {@code DEBUGINFOD_URLS} and {@code ${env:…}} are read
 * @param offline          no network: only the download cache and {@code file://} servers
 * @param negativeTtl      how long a server's "not found" is believed
 * @param timeout          wait this long for a response and for more data while downloading
 * @param retries          retries after a timeout, 5xx or broken connection
 * @param parallel         downloads at once
 * @param maxDownloadBytes largest debug file accepted
 */
public record SymbolSources(List<String> servers, List<ServerHeader> headers, Optional<Path> configFile,
                            boolean debuginfodUrls, Map<String, String> environment, boolean offline,
                            Duration negativeTtl, Duration timeout, int retries, int parallel, long maxDownloadBytes) {

    /**
     * A header for the server given as {@code server} ({@code LAYOUT=URL}): {@code Name: value}.
     *
     * @param server the server, {@code LAYOUT=URL} as in {@link #servers()}
     * @param header {@code Name: value}
     */
    public record ServerHeader(String server, String header) {
        /**
         * Checks that both are given.
         *
         * @param server the server, {@code LAYOUT=URL} as in {@link SymbolSources#servers()}
         * @param header {@code Name: value}
         */
        public ServerHeader {
            Objects.requireNonNull(server, "server");
            Objects.requireNonNull(header, "header");
        }

        /** Without the value, which may be a token. */
        @Override
        public String toString() {
            int colon = header.indexOf(':');
            return server + " " + (colon < 0 ? "<header>" : header.substring(0, colon) + ": <hidden>");
        }
    }

    /**
     * Copies the lists and the map, and checks the numbers.
     *
     * @param servers          {@code LAYOUT=URL} values
     * @param headers          headers to send, each to the server of the same {@code LAYOUT=URL}
     * @param configFile       a JSON list of servers with headers
     * @param debuginfodUrls   whether the servers of {@code DEBUGINFOD_URLS} in {@code environment} are added
     * @param environment      where {@code DEBUGINFOD_URLS} and {@code ${env:…}} are read
     * @param offline          no network: only the download cache and {@code file://} servers
     * @param negativeTtl      how long a server's "not found" is believed
     * @param timeout          wait this long for a response and for more data while downloading
     * @param retries          retries after a timeout, 5xx or broken connection
     * @param parallel         downloads at once
     * @param maxDownloadBytes largest debug file accepted
     * @throws IllegalArgumentException negative retries or durations, or parallel downloads or the size limit
     *                                  below 1
     */
    public SymbolSources {
        servers = List.copyOf(servers);
        headers = List.copyOf(headers);
        environment = Map.copyOf(environment);
        Objects.requireNonNull(configFile, "configFile");
        Objects.requireNonNull(negativeTtl, "negativeTtl");
        Objects.requireNonNull(timeout, "timeout");
        if (retries < 0 || parallel < 1 || maxDownloadBytes < 1 || negativeTtl.isNegative() || timeout.isNegative()) {
            throw new IllegalArgumentException("symbol servers: retries must be >= 0, parallel downloads >= 1,"
                    + " the size limit >= 1, durations >= 0");
        }
    }

    /**
     * {@return no symbol servers}
     * With the defaults for when some are added: online, "not found" believed for an hour, 30 s timeout,
     * 2 retries, 4 downloads at once, debug files up to 4 GiB.
     */
    public static SymbolSources none() {
        return new SymbolSources(List.of(), List.of(), Optional.empty(), false, Map.of(), false,
                Duration.ofHours(1), Duration.ofSeconds(30), 2, 4, 4L << 30);
    }

    /**
     * {@return these sources with other servers}
     *
     * @param layoutEqualsUrl {@code LAYOUT=URL} values, asked in this order
     */
    public SymbolSources withServers(List<String> layoutEqualsUrl) {
        return new SymbolSources(layoutEqualsUrl, headers, configFile, debuginfodUrls, environment, offline,
                negativeTtl, timeout, retries, parallel, maxDownloadBytes);
    }

    /**
     * {@return these sources with other headers}
     *
     * @param h headers, each for one of the servers
     */
    public SymbolSources withHeaders(List<ServerHeader> h) {
        return new SymbolSources(servers, h, configFile, debuginfodUrls, environment, offline, negativeTtl,
                timeout, retries, parallel, maxDownloadBytes);
    }

    /**
     * {@return these sources with another config file}
     *
     * @param file a JSON list of servers with headers; empty: none
     */
    public SymbolSources withConfigFile(Optional<Path> file) {
        return new SymbolSources(servers, headers, file, debuginfodUrls, environment, offline, negativeTtl,
                timeout, retries, parallel, maxDownloadBytes);
    }

    /**
     * {@return these sources with {@code DEBUGINFOD_URLS} of {@code env} read, or not}
     * An explicit opt-in: a library must not go online by itself.
     *
     * @param read whether the servers of {@code DEBUGINFOD_URLS} are added
     * @param env  the environment to read it (and the config file's {@code ${env:NAME}}) from
     */
    public SymbolSources withDebuginfodUrls(boolean read, Map<String, String> env) {
        return new SymbolSources(servers, headers, configFile, read, env, offline, negativeTtl, timeout, retries,
                parallel, maxDownloadBytes);
    }

    /**
     * {@return these sources with another environment}
     * Where {@code ${env:NAME}} of the config file is read, without opting in to {@code DEBUGINFOD_URLS}.
     *
     * @param env the environment, e.g. {@link System#getenv()}
     */
    public SymbolSources withEnvironment(Map<String, String> env) {
        return new SymbolSources(servers, headers, configFile, debuginfodUrls, env, offline, negativeTtl, timeout,
                retries, parallel, maxDownloadBytes);
    }

    /**
     * {@return these sources online or offline}
     *
     * @param off no network: only the download cache and {@code file://} servers
     */
    public SymbolSources withOffline(boolean off) {
        return new SymbolSources(servers, headers, configFile, debuginfodUrls, environment, off, negativeTtl,
                timeout, retries, parallel, maxDownloadBytes);
    }

    /**
     * {@return these sources with another time a "not found" is believed}
     *
     * @param ttl how long a server's "not found" is believed
     */
    public SymbolSources withNegativeTtl(Duration ttl) {
        return new SymbolSources(servers, headers, configFile, debuginfodUrls, environment, offline, ttl, timeout,
                retries, parallel, maxDownloadBytes);
    }

    /**
     * {@return these sources with another timeout}
     *
     * @param t wait this long for a response and for more data while downloading
     */
    public SymbolSources withTimeout(Duration t) {
        return new SymbolSources(servers, headers, configFile, debuginfodUrls, environment, offline, negativeTtl, t,
                retries, parallel, maxDownloadBytes);
    }

    /**
     * {@return these sources with another number of retries}
     *
     * @param n retries after a timeout, 5xx or broken connection
     */
    public SymbolSources withRetries(int n) {
        return new SymbolSources(servers, headers, configFile, debuginfodUrls, environment, offline, negativeTtl,
                timeout, n, parallel, maxDownloadBytes);
    }

    /**
     * {@return these sources with another number of downloads at once}
     *
     * @param n downloads at once
     */
    public SymbolSources withParallel(int n) {
        return new SymbolSources(servers, headers, configFile, debuginfodUrls, environment, offline, negativeTtl,
                timeout, retries, n, maxDownloadBytes);
    }

    /**
     * {@return these sources with another size limit}
     *
     * @param bytes largest debug file accepted
     */
    public SymbolSources withMaxDownloadBytes(long bytes) {
        return new SymbolSources(servers, headers, configFile, debuginfodUrls, environment, offline, negativeTtl,
                timeout, retries, parallel, bytes);
    }

    /** Without header values and the environment, which may hold tokens. */
    @Override
    public String toString() {
        return "SymbolSources[servers=" + servers + ", headers=" + headers + ", configFile=" + configFile
                + ", debuginfodUrls=" + debuginfodUrls + ", offline=" + offline + "]";
    }

    /**
     * Checks what {@link Symbolicator#open} checks of these sources, without building anything (a
     * driver checks its options before a job goes to the executors).
     *
     * @throws IllegalArgumentException a server or header that is malformed, or a header for a server not
     *                                  given ({@link #unknownServerOf} names it)
     * @throws CrashkitException        the config file cannot be read
     */
    public void check() throws CrashkitException {
        resolve();
    }

    /**
     * The servers in the order they are asked, headers attached.
     *
     * @throws IllegalArgumentException a value that is not {@code LAYOUT=URL} or {@code Name: value}, or a
     *                                  header for a server not given (the message says which)
     * @throws CrashkitException        the config file cannot be read
     */
    List<SymbolServer> resolve() throws CrashkitException {
        List<SymbolServer> all = new ArrayList<>();
        for (String s : servers) {
            all.add(SymbolServer.parse(s));
        }
        if (configFile.isPresent()) {
            all.addAll(SourceConfigFile.read(configFile.get(), environment));
        }
        if (debuginfodUrls) {
            all.addAll(SymbolServer.fromEnvironment(environment));
        }
        for (ServerHeader h : headers) {
            String key = SymbolServer.parse(h.server()).key();
            SymbolServer.Header header = SymbolServer.Header.parse(h.header());
            boolean matched = false;
            for (int j = 0; j < all.size(); j++) {
                if (all.get(j).key().equals(key)) {
                    all.set(j, all.get(j).withHeader(header));
                    matched = true;
                }
            }
            if (!matched) {
                throw new UnknownServerException(SymbolServer.parse(h.server()).toString());
            }
        }
        return all;
    }

    /**
     * {@return the server ({@code LAYOUT=URL}) a header was given for, when {@code e} says that no such
     * server was given; empty for other problems}
     *
     * @param e what {@link Symbolicator#open} or {@link #check()} threw
     */
    public static Optional<String> unknownServerOf(IllegalArgumentException e) {
        return e instanceof UnknownServerException u ? Optional.of(u.server()) : Optional.empty();
    }

    /** A header names a server that is not among the servers given. */
    static final class UnknownServerException extends IllegalArgumentException {
        private final String server;

        UnknownServerException(String server) {
            super("a header for " + server + ", which is not a symbol server given");
            this.server = server;
        }

        String server() {
            return server;
        }
    }

    /** The download options for {@code servers} with this configuration's limits. */
    SourceOptions options(List<SymbolServer> resolved, Optional<Path> cacheFolder) {
        return SourceOptions.defaults(resolved, cacheFolder)
                .withOffline(offline)
                .withNegativeTtl(negativeTtl)
                .withTimeouts(timeout.compareTo(Duration.ofSeconds(10)) < 0 ? timeout : Duration.ofSeconds(10),
                        timeout, timeout)
                .withRetries(retries, Duration.ofMillis(500))
                .withLimits(parallel, maxDownloadBytes, 3);
    }
}
