package dev.crashkit.symbolicate.cli;

import dev.crashkit.launcher.ChildJvm;
import dev.crashkit.launcher.DefaultCacheFolder;
import dev.crashkit.launcher.JarIdentity;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code java -jar symbolicate.jar ARGS} started with no JVM options runs the command in a child
 * JVM with the options {@code bin/symbolicate} passes (C1 only, the serial collector, an
 * application class-data archive in the cache folder): a jar cannot carry JVM options, and with
 * the JDK's defaults a short run spends more CPU compiling with C2 than working (2.2× the CPU on
 * a warm 10,000-frame report, 2.6× on a cold one; see BENCHMARKS.md). {@code batch} too: its
 * 1,000-report run over 20 symbol caches took 30% less CPU and a third less memory with C1 and
 * the serial collector than with C2 and G1 (BENCHMARKS.md, batch). On Linux the process execs
 * the child's command line in its own place ({@link ProcessReplacement}); elsewhere the parent
 * starts the child, waits and passes the exit code on; standard streams are inherited either way.
 * Not relaunched: when the JVM was
 * given any option (the user chose them), inside a relaunched JVM, with
 * {@code CRASHKIT_RELAUNCH=0}, or when the command line of this process cannot be read; if the
 * child cannot be started the command runs here.
 *
 * <p>Everything the parent runs is interpreted and its classes come from the jar, not from the
 * class-data archive, so it stays small: the command line from {@code /proc/self/cmdline} (the
 * JDK's {@code ProcessHandle.info()} starts a thread pool through lambdas), no lambdas or
 * {@code +} concatenation of our own, no class of the command itself (BENCHMARKS.md, start-up).
 */
final class Relaunch {
    /** Set on a child that writes the class-data archive: {@link ArchiveTraining} loads the rest of its classes. */
    static final String ARCHIVING = "crashkit.archiving";

    /** What the files of the start-up cache and the exec library begin with ({@link JarIdentity#stem}). */
    static final String CACHE_PREFIX = "symbolicate-";

    /**
     * For one report (not {@code batch}): a young generation half the initial heap instead of a
     * third, so that a cold first use, which decodes DWARF on the heap (~115 MB for the 10,000-frame
     * benchmark against a 101 MB eden with the default), ends before the first collection: the one
     * collection it made copied 40-60 MB of decoded tables and cost ~9% of the run's CPU and 40 MB
     * of RSS (BENCHMARKS.md, cold one report). Eden pages are only touched as they are used, and it
     * scales with the machine like the default. Not for {@code batch} ({@link #BATCH_YOUNG_GENERATION}).
     */
    static final String ONE_REPORT_YOUNG_GENERATION = "-XX:NewRatio=1";

    /**
     * For {@code batch}: a 16 MB young generation instead of a third of the initial heap (~120 MB on
     * a 24 GB machine). A batch's live data between reports is a few MB, so its eden can be small and
     * reused: the default made it touch ~25,000 fresh eden pages once each (first-touch page faults,
     * costly in a virtual machine) for a single collection; 16 MB makes ~12 cheap collections and
     * ~20,000 faults fewer: ~20% less CPU for the 1,000-report batch into one image or 20 images, warm,
     * and the same cold, on a 2-core VM (BENCHMARKS.md, batch into one image, again).
     */
    static final String BATCH_YOUNG_GENERATION = "-Xmn16m";

    private Relaunch() {
    }

    /**
     * What to relaunch: the child's command line, and the file {@link ProcessReplacement}'s library
     * is kept in (next to the class-data archive, named after the same jar; empty when the cache
     * folder cannot be used).
     */
    record Child(List<String> command, Optional<java.io.File> library) {
    }

    /** The child to run when this process should relaunch itself. */
    static Optional<Child> child(String[] args) {
        if (System.getProperty(ChildJvm.MARKER) != null || "0".equals(System.getenv(ChildJvm.OPT_OUT))) {
            return Optional.empty();
        }
        Optional<List<String>> own = ownCommandLine();
        String classPath = System.getProperty("java.class.path");
        if (own.isEmpty() || classPath == null) {
            return Optional.empty();
        }
        Optional<Path> jar = jarOf(own.get(), args, classPath);
        Optional<Path> java = jar.isEmpty() ? Optional.empty() : ChildJvm.java();
        if (java.isEmpty()) {
            return Optional.empty();
        }
        Path classes = classesJar(jar.get());
        CacheFiles files = cacheFiles(classes);
        return Optional.of(new Child(childCommand(java.get(), classes, files.archiveOptions(), args), files.library()));
    }

    /**
     * The jar holding the classes: the first entry of {@code jar}'s manifest {@code Class-Path} when
     * there is one. {@code symbolicate.jar} is a launcher of a few classes whose manifest names
     * {@code symbolicate-all.jar} beside it: {@code java -jar} reads a jar's whole central directory
     * twice before {@code main} (~28 ms of CPU for the 4,500 entries of all the libraries), and the
     * child runs from the big jar's class-data archive. Else {@code jar} itself.
     */
    static Path classesJar(Path jar) {
        try (java.util.jar.JarFile launcher = new java.util.jar.JarFile(jar.toFile())) {
            java.util.jar.Manifest m = launcher.getManifest();
            String classPath = m == null ? null : m.getMainAttributes().getValue("Class-Path");
            if (classPath != null && !classPath.isBlank()) {
                String first = classPath.strip().split(" ")[0];
                Path classes = jar.resolveSibling(first).normalize();
                if (Files.isRegularFile(classes)) {
                    return classes;
                }
            }
        } catch (IOException | RuntimeException e) {
            // unreadable now: run the jar as it is
        }
        return jar;
    }

    /**
     * The jar to run when this process's command line is exactly {@code java -jar JAR ARGS} for
     * the class path {@code classPath} (what {@code -jar} sets it to); empty when JVM options or
     * other arguments were given, or another launcher started it.
     */
    static Optional<Path> jarOf(List<String> own, String[] args, String classPath) {
        if (own.size() != args.length + 3 || !own.get(1).equals("-jar") || !own.get(2).equals(classPath)
                || !classPath.endsWith(".jar")) {
            return Optional.empty();
        }
        for (int i = 0; i < args.length; i++) {
            if (!own.get(i + 3).equals(args[i])) {
                return Optional.empty();
            }
        }
        Path jar = Path.of(classPath).toAbsolutePath().normalize();
        return Files.isRegularFile(jar) ? Optional.of(jar) : Optional.empty();
    }

    /**
     * The child's command line: JVM options ({@link ChildJvm#OPTIONS}, C1 only and the serial collector:
     * see the class comment; then the young generation's), the archive's, the marker, the jar's main
     * class, the arguments.
     */
    static List<String> childCommand(Path java, Path jar, List<String> archive, String[] args) {
        List<String> jvm = new ArrayList<>(archive.size() + 1);
        jvm.add(args.length > 0 && args[0].equals("batch") ? BATCH_YOUNG_GENERATION : ONE_REPORT_YOUNG_GENERATION);
        jvm.addAll(archive);
        List<String> main = new ArrayList<>(args.length + 3);
        main.add("-cp");
        main.add(jar.toString());
        main.add(Main.class.getName());
        for (String a : args) {
            main.add(a);
        }
        return ChildJvm.command(java, jvm, main);
    }

    /**
     * Runs the child and returns its exit code; empty when it could not be started. On Linux this
     * process first tries to become the child ({@link ProcessReplacement}: no second JVM left
     * waiting, ~50 ms less wall and ~60 ms less CPU per warm run; BENCHMARKS.md, the relaunch by
     * execv); when that cannot be done (or with
     * {@code CRASHKIT_RELAUNCH=spawn}) it starts the child and waits for it.
     */
    static Optional<Integer> run(Child c) {
        if (c.library().isPresent() && !"spawn".equals(System.getenv("CRASHKIT_RELAUNCH"))) {
            ProcessReplacement.exec(c.command(), c.library().get());
        }
        return ChildJvm.run(c.command());
    }

    /**
     * This process's arguments, program name first: {@code /proc/self/cmdline} where there is one
     * (NUL-separated, in the platform's encoding), else {@code ProcessHandle}'s view of them.
     */
    static Optional<List<String>> ownCommandLine() {
        java.io.File proc = new java.io.File("/proc/self/cmdline");
        if (proc.canRead()) {
            // java.io, whose classes the JVM has loaded already (NIO's file channels are ~40 classes more).
            try (java.io.FileInputStream in = new java.io.FileInputStream(proc)) {
                return Optional.of(splitCommandLine(in.readAllBytes(), Charset.defaultCharset()));
            } catch (IOException | RuntimeException e) {
                return Optional.empty();
            }
        }
        ProcessHandle.Info info = ProcessHandle.current().info();
        if (info.command().isEmpty() || info.arguments().isEmpty()) {
            return Optional.empty();
        }
        List<String> own = new ArrayList<>();
        own.add(info.command().get());
        for (String a : info.arguments().get()) {
            own.add(a);
        }
        return Optional.of(own);
    }

    /** The NUL-terminated strings of a {@code /proc/PID/cmdline}. */
    static List<String> splitCommandLine(byte[] cmdline, Charset charset) {
        List<String> out = new ArrayList<>();
        int from = 0;
        for (int i = 0; i < cmdline.length; i++) {
            if (cmdline[i] == 0) {
                out.add(new String(cmdline, from, i - from, charset));
                from = i + 1;
            }
        }
        if (from < cmdline.length) {
            out.add(new String(cmdline, from, cmdline.length - from, charset));
        }
        return out;
    }

    /** The start-up cache's JVM options and the exec library's file, both named after the jar. */
    private record CacheFiles(List<String> archiveOptions, Optional<java.io.File> library) {
        static final CacheFiles NONE = new CacheFiles(List.of(), Optional.empty());
    }

    /**
     * The start-up cache options bin/symbolicate uses, for the JDK this JVM runs on
     * ({@link #startupCacheOptions}), and the exec library's file; the files are named after the jar
     * ({@link JarIdentity}) and the JDK's runtime version.
     */
    private static CacheFiles cacheFiles(Path jar) {
        try {
            Path folder = DefaultCacheFolder.path();
            if (!Files.isDirectory(folder)) {
                // Only when missing: on an existing folder createDirectories throws and catches an exception.
                Files.createDirectories(folder);
            }
            Optional<JarIdentity> identity = JarIdentity.of(jar);
            if (identity.isEmpty()) {
                return CacheFiles.NONE; // cannot be read now: nothing named after it
            }
            Optional<java.io.File> library = Optional.of(folder.resolve(libraryName(identity.get(),
                    System.getProperty("os.arch", ""))).toFile());
            String runtime = System.getProperty("java.runtime.version");
            if (runtime == null) {
                return new CacheFiles(List.of(), library);
            }
            Path stem = folder.resolve(identity.get().stem(CACHE_PREFIX, runtime));
            int feature = Runtime.version().feature();
            boolean record = Files.isWritable(folder) && (feature < 25 || !recordingUnderway(stem));
            return new CacheFiles(startupCacheOptions(stem, feature, record, ownId()), library);
        } catch (IOException | RuntimeException e) {
            return CacheFiles.NONE; // no archive: slower start, same results
        }
    }

    /**
     * The JVM options that give a run the start-up cache of the JDK it runs on, named {@code stem}
     * plus a suffix ({@code stem} is {@link JarIdentity#stem(String, String)}: the jar's name, then the
     * JDK's runtime version: a cache is only valid for the JVM build that made it, and one JDK's file
     * must not hide another's). bin/symbolicate chooses the same way.
     * <ul>
     * <li>JDK 25 and later: the AOT cache (JEP 483/514/515: classes loaded and linked, the heap objects
     * of their start-up, method profiles), {@code stem.aot}, when it is there; else, when {@code record}
     * (the folder is writable and no other run is recording: {@link #recordingUnderway}), this run records what it does ({@code -XX:AOTMode=record} into {@code
     * stem.aotconf-ID}, {@code id} this process's) and loads the classes other kinds of runs use
     * ({@link ArchiveTraining}), and after it has ended a background JVM assembles the cache from that
     * ({@link AotCacheInBackground}). Not JEP 514's one step ({@code -XX:AOTCacheOutput}): that
     * assembles inside the user's run, seconds of wall, and its child JVM prints {@code Picked up
     * JAVA_TOOL_OPTIONS} on standard error. A folder that cannot be written: no option.</li>
     * <li>Earlier JDKs: the dynamic class-data archive {@code stem.jsa}, written at the end of the
     * first run ({@code -XX:ArchiveClassesAtExit}, with {@link ArchiveTraining}) when {@code record}
     * (the folder is writable).</li>
     * </ul>
     * The JVM's own messages about either cache are turned off: they would go to standard output,
     * which is the report; a cache the JVM refuses is deleted by the run ({@link RefusedStartupCache}).
     */
    static List<String> startupCacheOptions(Path stem, int feature, boolean record, String id) {
        if (feature >= 25) {
            Path aot = stem.resolveSibling(stem.getFileName() + ".aot");
            if (Files.isRegularFile(aot)) {
                return List.of("-XX:AOTCache=" + aot, "-Xlog:aot*=off", "-Xlog:cds*=off",
                        "-D" + RefusedStartupCache.PROPERTY + "=" + aot);
            }
            if (!record) {
                return List.of();
            }
            // The recording JVM prints "AOTConfiguration recorded: FILE" on standard output whatever -Xlog
            // says (JDK 25.0.3); only turning off the VM's own output keeps the report clean.
            return List.of("-XX:AOTMode=record", "-XX:AOTConfiguration=" + stem + ".aotconf-" + id,
                    "-D" + AOT_CACHE + "=" + aot, "-D" + ARCHIVING + "=1", "-Xlog:aot*=off", "-Xlog:cds*=off",
                    "-XX:+UnlockDiagnosticVMOptions", "-XX:-DisplayVMOutput");
        }
        Path jsa = stem.resolveSibling(stem.getFileName() + ".jsa");
        if (Files.isRegularFile(jsa)) {
            return List.of("-XX:SharedArchiveFile=" + jsa, "-Xlog:cds=off", "-Xlog:cds+dynamic=off",
                    "-D" + RefusedStartupCache.PROPERTY + "=" + jsa);
        }
        if (!record) {
            return List.of();
        }
        return List.of("-XX:ArchiveClassesAtExit=" + jsa, "-D" + ARCHIVING + "=1", "-Xlog:cds=off",
                "-Xlog:cds+dynamic=off");
    }

    /**
     * Whether another run recorded for {@code stem}'s AOT cache in the last ten minutes (its
     * {@code stem.aotconf-ID} is there: it or its background assembly is still at work); then this
     * run neither records nor waits. An older recording is a run that was killed: recorded over.
     */
    static boolean recordingUnderway(Path stem) {
        java.io.File folder = stem.getParent().toFile();
        String prefix = stem.getFileName() + ".aotconf-";
        String[] names = folder.list();
        if (names == null) {
            return false;
        }
        long recent = System.currentTimeMillis() - 10 * 60 * 1000L;
        for (String n : names) {
            if (n.startsWith(prefix) && new java.io.File(folder, n).lastModified() > recent) {
                return true;
            }
        }
        return false;
    }

    /**
     * This process's id, from where {@code /proc/self} points (one system call, classes already
     * loaded); {@code ProcessHandle} only without procfs: its class starts the JDK's process reaper
     * machinery through lambdas, which the parent avoids (see the class comment).
     */
    private static String ownId() throws IOException {
        String self = new java.io.File("/proc/self").getCanonicalFile().getName();
        boolean digits = !self.isEmpty();
        for (int i = 0; i < self.length(); i++) {
            digits &= self.charAt(i) >= '0' && self.charAt(i) <= '9';
        }
        return digits ? self : Long.toString(ProcessHandle.current().pid());
    }

    /** Set on a run that records for the AOT cache: the cache file a background JVM assembles after it. */
    static final String AOT_CACHE = "crashkit.aotcache";

    /**
     * The file name {@link ProcessReplacement}'s library is copied to, named as the archive (after the
     * jar: {@link JarIdentity#stem(String)}): a run
     * finds it without reading the jar again (a resource read through the class loader opens the
     * jar a second time, ~10 ms for its 4,500 entries).
     */
    static String libraryName(JarIdentity jar, String osArch) {
        // The architecture too: a home folder shared by machines of two kinds holds one for each.
        return jar.stem(CACHE_PREFIX) + "-exec-" + osArch + ".so";
    }
}
