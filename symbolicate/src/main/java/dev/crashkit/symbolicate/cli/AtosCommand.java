package dev.crashkit.symbolicate.cli;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.core.Diagnostics;
import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.demangle.detect.Demanglers;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.symbolize.DebugModule;
import dev.crashkit.symbolicate.symbolize.ModuleCache;
import dev.crashkit.symbolicate.symbolize.SymbolCaching;
import dev.crashkit.symbolicate.symcache.SymCacheKey;
import dev.crashkit.symbolicate.symcache.SymCacheStore;
import dev.crashkit.symbolicate.symbolize.ResolvedSymbol;
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
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

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
        DebugModule module = module();
        String imageName = uuid != null && module.file().getFileName().toString().matches("debuginfo|executable")
                ? DebugId.parse(uuid).map(Object::toString).orElse(uuid) // the download cache knows no image names
                : imageName(module.file());
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
            List<ResolvedSymbol> chain = module.lookup(address - slide);
            if (chain.isEmpty()) {
                out.println("0x" + Long.toHexString(address));
                continue;
            }
            if (inlines) {
                for (ResolvedSymbol r : chain) {
                    out.println(line(name(r.name()), imageName, r, address - slide - r.start()));
                }
            } else {
                ResolvedSymbol concrete = chain.get(chain.size() - 1);
                ResolvedSymbol innermost = chain.get(0);
                out.println(line(name(concrete.name()), imageName, innermost, address - slide - concrete.start()));
            }
        }
        out.flush();
        spec.commandLine().getErr().flush();
        return unreadable > 0 ? ExitCodes.INVALID_INPUT : ExitCodes.OK;
    }

    /** The module of -o, or of the file found for --uuid. */
    private DebugModule module() throws IOException {
        if ((object == null) == (uuid == null)) {
            throw new ParameterException(spec.commandLine(), "give either -o PATH or --uuid ID");
        }
        if (object != null) {
            return open(resolveObject(object));
        }
        DebugId id = DebugId.parse(uuid).orElseThrow(() ->
                new ParameterException(spec.commandLine(), "--uuid \"" + uuid + "\" is not a UUID or build-id (hex)"));
        ModuleCache modules = debugFiles.modules(spec.commandLine().getErr());
        modules.prefetch(List.of(id));
        ModuleCache.Load load = modules.get(id);
        if (load instanceof ModuleCache.Loaded loaded) {
            return loaded.module();
        }
        throw new CrashkitException(load instanceof ModuleCache.Failed failed ? failed.error()
                : "no debug file with UUID " + id + " in --dsym paths, the download cache or symbol servers");
    }

    /** {@code name (in Image) (file:line)} with source info, else {@code name (in Image) + offset}. */
    static String line(String name, String image, ResolvedSymbol where, long offset) {
        if (where.file().isPresent()) {
            String f = where.file().get();
            String base = f.substring(f.lastIndexOf('/') + 1);
            return name + " (in " + image + ") (" + base + ":" + where.line().orElse(0) + ")";
        }
        return name + " (in " + image + ") + " + offset;
    }

    private String name(String raw) {
        switch (debugFiles.demangle) {
            case none: return raw;
            case full: return Demanglers.demangle(raw, DemangleStyle.FULL);
            default: return Demanglers.demangle(raw, DemangleStyle.SIMPLIFIED);
        }
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

    /** A .dSYM bundle stands for the single DWARF file inside it. */
    static Path resolveObject(Path p) throws CrashkitException {
        if (!Files.exists(p)) {
            throw new CrashkitException(p + ": no such file");
        }
        if (!Files.isDirectory(p)) {
            return p;
        }
        Path dwarf = p.resolve("Contents/Resources/DWARF");
        try (Stream<Path> s = Files.list(dwarf)) {
            List<Path> files = s.filter(Files::isRegularFile).toList();
            if (files.size() != 1) {
                throw new CrashkitException(p + ": expected one file in Contents/Resources/DWARF, found " + files.size());
            }
            return files.get(0);
        } catch (NoSuchFileException e) {
            throw new CrashkitException(p + ": a folder, but not a .dSYM bundle (no Contents/Resources/DWARF)");
        } catch (IOException e) {
            throw new CrashkitException(p + ": cannot list: " + e.getMessage(), e);
        }
    }

    /**
     * A module for one Mach-O slice or one ELF file, with its DWARF when it has some; through the
     * symbol cache unless turned off (--no-cache, --no-symcache; a cache is keyed by the file, its
     * size and mtime, and -arch).
     */
    private DebugModule open(Path file) throws CrashkitException {
        // A stripped binary still names its exported, Objective-C and Swift code (as atos does).
        PrintWriter err = spec.commandLine().getErr();
        Diagnostics warnings = m -> err.println("warning: " + m);
        Optional<SymCacheStore> store = debugFiles.symbolCache();
        Optional<SymCacheKey> key = store.isEmpty() ? Optional.empty()
                : SymbolCaching.fileKey(file, arch == null ? "-" : "arch " + arch);
        if (key.isEmpty()) {
            return DebugModule.openNamingStrippedCode(selectSlice(file), warnings);
        }
        SymbolCaching caching = new SymbolCaching(store.get());
        Optional<DebugModule> cached = caching.open(key.get(), warnings, () -> {
            try { // the cache found damaged later: the file's own DWARF answers
                return DebugModule.openNamingStrippedCode(selectSlice(file), warnings).dwarf();
            } catch (CrashkitException e) {
                return Optional.empty();
            }
        });
        if (cached.isPresent()) {
            return cached.get();
        }
        DebugModule live = DebugModule.openNamingStrippedCode(selectSlice(file), warnings);
        SymbolCaching.Build when = debugFiles.buildSymcache ? SymbolCaching.Build.FIRST_USE
                : SymbolCaching.Build.SECOND_USE;
        return caching.buildNow(key.get(), when) ? caching.build(key.get(), List.of(file), live, warnings) : live;
    }

    private ObjectFile selectSlice(Path file) throws CrashkitException {
        List<ObjectFile> slices = ObjectFiles.open(file);
        if (arch != null) {
            return slices.stream().filter(s -> s.arch().label().equals(arch)).findFirst().orElseThrow(() ->
                    new CrashkitException(file + ": no " + arch + " slice (has " + archs(slices) + ")"));
        }
        if (slices.size() > 1) {
            throw new CrashkitException(file + ": universal file with " + archs(slices) + ": choose one with -arch");
        }
        return slices.get(0);
    }

    private static String archs(List<ObjectFile> slices) {
        return slices.stream().map(s -> s.arch().label()).collect(Collectors.joining(", "));
    }

    /** atos names the image after the binary (see {@link AtosImageName}). */
    private static String imageName(Path file) {
        return AtosImageName.of(file);
    }
}
