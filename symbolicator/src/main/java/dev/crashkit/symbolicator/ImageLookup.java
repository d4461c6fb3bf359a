package dev.crashkit.symbolicator;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.demangle.detect.Demanglers;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.symbolicate.symbolize.DebugModule;
import dev.crashkit.symbolicate.symbolize.ResolvedSymbol;
import dev.crashkit.symbolicate.symbolize.SymbolCaching;
import dev.crashkit.symbolicate.symcache.SymCacheKey;
import dev.crashkit.symbolicate.symcache.SymCacheStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Address lookups in one image's debug file, as Apple's {@code atos} and llvm-symbolizer do them:
 * link-time addresses in, the inline chain out. Stripped binaries still name their exported,
 * Objective-C and Swift code.
 */
public final class ImageLookup {
    private final DebugModule module;
    private final Optional<DebugId> id;
    private final Demangling demangling;

    ImageLookup(DebugModule module, Optional<DebugId> id, Demangling demangling) {
        this.module = module;
        this.id = id;
        this.demangling = demangling;
    }

    /** One Mach-O slice or ELF file, through the symbol cache when there is one. */
    static ImageLookup open(Path path, Optional<String> arch, Optional<SymCacheStore> store,
                            SymbolCaching.Build when, Demangling demangling, DiagnosticSink sink)
            throws CrashkitException {
        Path file = resolveBundle(path);
        Diagnostics warnings = sink::lookup;
        Optional<SymCacheKey> key = store.isEmpty() ? Optional.empty()
                : SymbolCaching.fileKey(file, arch.isEmpty() ? "-" : "arch " + arch.get());
        if (key.isEmpty()) {
            return new ImageLookup(DebugModule.openNamingStrippedCode(selectSlice(file, arch), warnings),
                    Optional.empty(), demangling);
        }
        SymbolCaching caching = new SymbolCaching(store.get());
        Optional<DebugModule> cached = caching.open(key.get(), warnings, () -> {
            try { // the cache found damaged later: the file's own DWARF answers
                return DebugModule.openNamingStrippedCode(selectSlice(file, arch), warnings).dwarf();
            } catch (CrashkitException e) {
                return Optional.empty();
            }
        });
        if (cached.isPresent()) {
            return new ImageLookup(cached.get(), Optional.empty(), demangling);
        }
        DebugModule live = DebugModule.openNamingStrippedCode(selectSlice(file, arch), warnings);
        DebugModule m = caching.buildNow(key.get(), when) ? caching.build(key.get(), List.of(file), live, warnings)
                : live;
        return new ImageLookup(m, Optional.empty(), demangling);
    }

    /** {@return the file the answers come from (the DWARF file inside a .dSYM bundle)} */
    public Path file() {
        return module.file();
    }

    /**
     * {@return the link-time address of the image's header}
     * Runtime address − load address + this = link-time address.
     */
    public long linkBase() {
        return module.linkBase();
    }

    /**
     * {@return the name atos prints for the image}
     * The binary's (also when the file is its debug file), or the identity asked for when the file is
     * a download named after it.
     */
    public String imageName() {
        if (id.isPresent() && module.file().getFileName().toString().matches("debuginfo|executable")) {
            return id.get().toString(); // the download cache knows no image names
        }
        return AtosImageName.of(module.file());
    }

    /**
     * {@return the inline chain at a link-time address}
     * Innermost first, the concrete function last; empty when no function holds the address.
     *
     * @param linkAddress an address as the file links it (see {@link #linkBase()})
     */
    public List<SourceLocation> lookup(long linkAddress) {
        List<ResolvedSymbol> chain = module.lookup(linkAddress);
        List<SourceLocation> out = new ArrayList<>(chain.size());
        for (ResolvedSymbol r : chain) {
            String name = demangling == Demangling.NONE ? r.name()
                    : Demanglers.demangle(r.name(), demangling.style().get());
            out.add(new SourceLocation(name, r.name(), r.start(), r.file(), r.line(), r.column(), r.inlined()));
        }
        return out;
    }

    /** A .dSYM bundle stands for the single DWARF file inside it. */
    static Path resolveBundle(Path p) throws CrashkitException {
        if (!Files.exists(p)) {
            throw new CrashkitException(p + ": no such file");
        }
        if (!Files.isDirectory(p)) {
            return p;
        }
        Path dwarf = p.resolve("Contents/Resources/DWARF");
        try (java.util.stream.Stream<Path> s = Files.list(dwarf)) {
            List<Path> files = s.filter(Files::isRegularFile).toList();
            if (files.size() != 1) {
                throw new CrashkitException(p + ": expected one file in Contents/Resources/DWARF, found " + files.size());
            }
            return files.get(0);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new CrashkitException(p + ": a folder, but not a .dSYM bundle (no Contents/Resources/DWARF)");
        } catch (java.io.IOException e) {
            throw new CrashkitException(p + ": cannot list: " + e.getMessage(), e);
        }
    }

    private static ObjectFile selectSlice(Path file, Optional<String> arch) throws CrashkitException {
        List<ObjectFile> slices = ObjectFiles.open(file);
        if (arch.isPresent()) {
            return slices.stream().filter(s -> s.arch().label().equals(arch.get())).findFirst().orElseThrow(() ->
                    new CrashkitException(file + ": no " + arch.get() + " slice (has " + archs(slices) + ")"));
        }
        if (slices.size() > 1) {
            throw new CrashkitException(file + ": universal file with " + archs(slices) + ": choose one with -arch");
        }
        return slices.get(0);
    }

    private static String archs(List<ObjectFile> slices) {
        return slices.stream().map(s -> s.arch().label()).collect(Collectors.joining(", "));
    }
}
