package dev.crashkit.symbolicate.cli;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicator.ImageLookup;
import dev.crashkit.symbolicator.SourceLocation;
import dev.crashkit.symbolicator.Symbolicator;
import dev.crashkit.symbolicator.SymbolicatorConfig;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** Apple {@code atos}-compatible lookups of single addresses in one binary or dSYM. */
@Command(name = "atos", mixinStandardHelpOptions = true,
        description = "Look up addresses in one binary or dSYM, printing lines as Apple's atos does.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every address looked up", "2:usage error (also: an ADDR argument that is no hex address)",
                "3:unreadable binary or dSYM, or tokens in -f FILE / standard input that are no address (echoed)",
                "4:internal error"})
public final class AtosCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "-o", paramLabel = "PATH", description = "binary, .dSYM bundle or the DWARF file inside one")
    Path object;

    @Option(names = "--uuid", paramLabel = "ID", description = "instead of -o: the image's UUID or build-id, looked up"
            + " in --dsym paths, then the download cache and --symbol-server sources")
    String uuid;

    @Option(names = "-arch", paramLabel = "ARCH", description = "slice of a universal file (arm64, x86_64, ...)")
    String arch;

    @Option(names = "-l", paramLabel = "LOAD_ADDRESS", description = "runtime address of the image header; addresses are then runtime addresses")
    String loadAddress;

    @Option(names = "-i", description = "print inlined frames, innermost first, one per line")
    boolean inlines;

    @Option(names = "-f", paramLabel = "FILE", description = "read addresses from this file")
    Path addressFile;

    @Mixin
    DebugFileOptions debugFiles = new DebugFileOptions();

    @Parameters(paramLabel = "ADDR", description = "addresses (hex, 0x optional); none: read -f FILE or standard input")
    List<String> addresses = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        for (String a : addresses) {
            try {
                parse(a, "address");
            } catch (CrashkitException e) {
                // An argument that is no address is a mistake on the command line, not a line to echo.
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        ImageLookup module = module();
        String imageName = module.imageName();
        long slide = loadAddress == null ? 0 : parse(loadAddress, "-l") - module.linkBase();
        PrintWriter out = spec.commandLine().getOut();
        int unreadable = 0;
        for (String token : tokens()) {
            long address;
            try {
                address = parse(token, "address");
            } catch (CrashkitException e) {
                // From a file or standard input: echoed as atos does (one output line per input
                // token), and said on stderr and in the exit code.
                out.println(token);
                spec.commandLine().getErr().println("warning: " + e.getMessage());
                unreadable++;
                continue;
            }
            List<SourceLocation> chain = module.lookup(address - slide);
            if (chain.isEmpty()) {
                out.println("0x" + Long.toHexString(address));
                continue;
            }
            if (inlines) {
                for (SourceLocation r : chain) {
                    out.println(line(r.function(), imageName, r, address - slide - r.functionStart()));
                }
            } else {
                SourceLocation concrete = chain.get(chain.size() - 1);
                SourceLocation innermost = chain.get(0);
                out.println(line(concrete.function(), imageName, innermost, address - slide - concrete.functionStart()));
            }
        }
        out.flush();
        spec.commandLine().getErr().flush();
        return unreadable > 0 ? ExitCodes.INVALID_INPUT : ExitCodes.OK;
    }

    /** The lookups of -o, or of the file found for --uuid. */
    private ImageLookup module() throws IOException {
        if ((object == null) == (uuid == null)) {
            throw new ParameterException(spec.commandLine(), "give either -o PATH or --uuid ID");
        }
        PrintWriter err = spec.commandLine().getErr();
        // Problems in the one file asked about are always said (not only counted, as for reports).
        debugFiles.alwaysSayLookups = true;
        SymbolicatorConfig config = debugFiles.config(err, false, 0);
        if (object != null) {
            try (Symbolicator s = Symbolicator.open(config.withDebugFiles(List.of()))) {
                return s.image(object, Optional.ofNullable(arch));
            }
        }
        DebugId id = DebugId.parse(uuid).orElseThrow(() ->
                new ParameterException(spec.commandLine(), "--uuid \"" + uuid + "\" is not a UUID or build-id (hex)"));
        Symbolicator s = debugFiles.open(err, config); // open until the command ends: its mappings serve the lookups
        return s.image(id).orElseThrow(() -> new CrashkitException("no debug file with UUID " + id
                + " in --dsym paths, the download cache or symbol servers"));
    }

    /** {@code name (in Image) (file:line)} with source info, else {@code name (in Image) + offset}. */
    static String line(String name, String image, SourceLocation where, long offset) {
        if (where.file().isPresent()) {
            String f = where.file().get();
            String base = f.substring(f.lastIndexOf('/') + 1);
            return name + " (in " + image + ") (" + base + ":" + where.line().orElse(0) + ")";
        }
        return name + " (in " + image + ") + " + offset;
    }

    private List<String> tokens() throws IOException {
        if (!addresses.isEmpty()) {
            return addresses;
        }
        String text;
        if (addressFile != null) {
            try {
                text = Files.readString(addressFile, StandardCharsets.UTF_8);
            } catch (NoSuchFileException e) {
                throw new CrashkitException(addressFile + ": no such file");
            }
        } else {
            BufferedReader r = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            text = r.lines().collect(Collectors.joining("\n"));
        }
        return Stream.of(text.split("\\s+")).filter(s -> !s.isEmpty()).toList();
    }

    static long parse(String s, String what) throws CrashkitException {
        String t = s.trim();
        if (t.startsWith("0x") || t.startsWith("0X")) {
            t = t.substring(2);
        }
        try {
            if (t.isEmpty() || t.length() > 16) {
                throw new NumberFormatException();
            }
            return Long.parseUnsignedLong(t, 16);
        } catch (NumberFormatException e) {
            throw new CrashkitException(what + " \"" + s + "\" is not a hex address");
        }
    }
}
