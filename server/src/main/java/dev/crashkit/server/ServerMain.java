package dev.crashkit.server;

import dev.crashkit.symbolicator.SymbolSources;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code java -jar crashkit-server.jar [options]}. */
@Command(name = "crashkit-server", mixinStandardHelpOptions = true, version = "crashkit-server 0.1",
        description = "Receives crash reports and debug files, symbolicates, groups and shows them.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:stopped", "2:usage error (bad option, non-loopback --bind without a token)",
                "3:cannot start (database, data folder, port)"})
public final class ServerMain implements Callable<Integer> {

    @Option(names = "--port", defaultValue = "8080", description = "port (default: ${DEFAULT-VALUE}; 0: any free port)")
    int port;

    @Option(names = "--bind", defaultValue = "127.0.0.1",
            description = "address to listen on (default: ${DEFAULT-VALUE}); others need --token")
    String bind;

    @Option(names = "--data", defaultValue = "crashkit-data",
            description = "folder for the SQLite database and debug files (default: ./${DEFAULT-VALUE})")
    Path data;

    @Option(names = "--db", paramLabel = "JDBC_URL",
            description = "database: jdbc:sqlite:FILE or jdbc:postgresql://HOST/DB?user=U&password=P (default: SQLite in --data)")
    String db;

    @Option(names = {"--dsym", "--symbols"}, paramLabel = "PATH",
            description = "debug files to use besides uploaded ones (dSYM, Mach-O, ELF, archive, folder)")
    List<Path> dsyms = new ArrayList<>();

    @Option(names = "--symbol-server", paramLabel = "LAYOUT=URL",
            description = "symbol server asked for images no local or uploaded file has: debuginfod, lldb, gdb or unified "
                    + "layout, http(s):// or file:// (as for the symbolicate command)")
    List<String> symbolServers = new ArrayList<>();

    @Option(names = "--symbol-server-header", arity = "2", paramLabel = " LAYOUT=URL HEADER", hideParamSyntax = true,
            description = "send HEADER ('Authorization: Bearer …') to that server (repeatable; never logged)")
    List<String> serverHeaders = new ArrayList<>();

    @Option(names = "--symbol-server-config", paramLabel = "FILE",
            description = "JSON list of servers with headers; $${env:NAME} in a header value reads the environment")
    Path serverConfig;

    @Option(names = "--debuginfod-urls",
            description = "also ask the servers of DEBUGINFOD_URLS (not read unless asked: a server only asks the servers it is given)")
    boolean debuginfodUrls;

    @Option(names = "--token", paramLabel = "TOKEN",
            description = "bearer token required for /api and the pages (default: $CRASHKIT_TOKEN)")
    String token;

    @Option(names = "--max-report-bytes", defaultValue = "52428800", description = "largest report (default: 50 MB)")
    long maxReport;

    @Option(names = "--max-debug-file-bytes", defaultValue = "2147483648",
            description = "largest debug file upload (default: 2 GB)")
    long maxDebugFile;

    @Option(names = "--workers", defaultValue = "2", description = "symbolication threads (default: ${DEFAULT-VALUE})")
    int workers;

    @Option(names = "--no-symcache",
            description = "do not read or write symbol caches (DATA/cache/symcache): parse each debug file's DWARF when loaded")
    boolean noSymcache;

    @Override
    public Integer call() throws Exception {
        Optional<String> t = Optional.ofNullable(token).or(() -> Optional.ofNullable(System.getenv("CRASHKIT_TOKEN")))
                .map(String::strip).filter(s -> !s.isEmpty());
        if (workers < 1 || maxReport < 1 || maxDebugFile < 1) {
            System.err.println("crashkit-server: --workers and the size limits must be positive");
            return 2;
        }
        ServerConfig config = config(t);
        CrashkitServer server;
        try {
            server = CrashkitServer.start(config, m -> System.err.println("crashkit-server: " + m));
        } catch (IllegalArgumentException e) {
            System.err.println("crashkit-server: " + e.getMessage());
            return 2;
        } catch (java.io.IOException | RuntimeException e) {
            System.err.println("crashkit-server: cannot start: " + e.getMessage());
            return 3;
        }
        System.err.println("crashkit-server: listening on http://" + bind + ":" + server.port() + "/ (data: "
                + data.toAbsolutePath() + ")");
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "crashkit-server-stop"));
        stopped.await();
        return 0;
    }

    /** The configuration the options give, with {@code token} (the option's or the environment's). */
    ServerConfig config(Optional<String> token) {
        List<SymbolSources.ServerHeader> headers = new ArrayList<>();
        for (int i = 0; i + 1 < serverHeaders.size(); i += 2) {
            headers.add(new SymbolSources.ServerHeader(serverHeaders.get(i), serverHeaders.get(i + 1)));
        }
        SymbolSources sources = SymbolSources.none().withServers(symbolServers).withHeaders(headers)
                .withConfigFile(Optional.ofNullable(serverConfig))
                .withDebuginfodUrls(debuginfodUrls, System.getenv());
        return new ServerConfig(bind, port, data, Optional.ofNullable(db), dsyms, sources, token, maxReport,
                maxDebugFile, workers, !noSymcache);
    }

    public static void main(String[] args) {
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel",
                System.getProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn"));
        int code = new CommandLine(new ServerMain()).execute(args);
        System.exit(code);
    }
}
