package dev.crashkit.symbolicate.dwarf;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Source locations and inline chains from the DWARF of one image. Opening only scans unit
 * headers; the unit an address falls in is decoded (subroutines, line table) on first use and
 * cached. Answers match {@code llvm-symbolizer --inlining}. Lookups are serialised (the caches
 * fill lazily), so a context may be shared between threads.
 */
public final class DwarfContext implements SourceLookup {
    private final String fileName;
    private final DwarfSections sections;
    private final DebugData data;
    private final Once<UnitRanges> unitRanges;

    private DwarfContext(String fileName, DwarfSections sections, DebugData data) {
        this.fileName = fileName;
        this.sections = sections;
        this.data = data;
        this.unitRanges = new Once<>(() -> UnitRanges.build(data));
    }

    /**
     * Opens the DWARF in a set of sections.
     *
     * @param fileName used in error messages only
     * @throws DwarfException when the unit headers are corrupt
     */
    public static DwarfContext open(String fileName, DwarfSections sections) throws DwarfException {
        try {
            return new DwarfContext(fileName, sections, new DebugData(sections));
        } catch (DwarfException e) {
            throw named(fileName, e);
        }
    }

    /** Opens the DWARF in a set of sections ({@code "<dwarf>"} in error messages). */
    public static DwarfContext open(DwarfSections sections) throws DwarfException {
        return open("<dwarf>", sections);
    }

    /**
     * Every answer {@link #lookup} gives, as flat tables (see {@link DwarfFlattener}); this
     * context's own caches are left alone.
     */
    public FlatDwarf flatten(int threads) throws DwarfException {
        return DwarfFlattener.flatten(fileName, sections, threads);
    }

    /** The name error messages start with. */
    public String fileName() {
        return fileName;
    }

    /** Number of units in .debug_info. */
    public int unitCount() {
        return data.units.size();
    }

    /**
     * The inline chain at a link-time address, innermost first, the concrete function last.
     * Empty when no unit covers the address. When a unit covers it but no subprogram does, a
     * single frame with the line-table location and no function name (as llvm-symbolizer).
     *
     * <p>The address ranges of all units are computed once; each unit's subroutine index and line
     * table once, on first use. A failure is kept like a result: asking again gives the same error
     * without decoding again (addr2line's {@code OnceCell<Result>}).
     *
     * @throws DwarfException when the DWARF needed for this address is corrupt
     */
    @Override
    public synchronized List<SourceFrame> lookup(long address) throws DwarfException {
        try {
            Unit u = unitRanges.get().find(address);
            return u == null ? List.of() : lookup(u, address);
        } catch (DwarfException e) {
            throw named(fileName, e);
        }
    }

    /**
     * Decodes the subroutine indexes and line tables of the units {@code addresses} fall in, on
     * the cores there are (up to four), so the lookups that follow find them decoded. Decoding one
     * unit reads only that unit (and the shared abbreviation tables), so units decode
     * independently; the threads are joined before this returns. A failure is kept by the unit
     * (see {@link Once}) and reported by the lookup that meets it, as without this call.
     */
    @Override
    public synchronized void prepare(long[] addresses) {
        int threads = Math.min(PREPARE_THREADS, Runtime.getRuntime().availableProcessors());
        if (threads < 2) {
            return;
        }
        List<Unit> todo = new ArrayList<>();
        try {
            UnitRanges ranges = unitRanges.get();
            java.util.Set<Unit> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            for (long a : addresses) {
                Unit u = ranges.find(a);
                if (u != null && !u.isDecoded() && seen.add(u)) {
                    todo.add(u);
                }
            }
        } catch (DwarfException e) {
            return; // the lookups report it
        }
        if (todo.size() < 2) {
            return;
        }
        java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
        Runnable work = () -> {
            for (int i = next.getAndIncrement(); i < todo.size(); i = next.getAndIncrement()) {
                decode(todo.get(i));
            }
        };
        List<Thread> helpers = new ArrayList<>();
        for (int t = 1; t < Math.min(threads, todo.size()); t++) {
            Thread h = new Thread(work, "dwarf-prepare-" + t);
            h.setDaemon(true);
            h.start();
            helpers.add(h);
        }
        work.run();
        boolean interrupted = false;
        for (Thread h : helpers) {
            while (true) {
                try {
                    h.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true; // the helpers finish their units; joining keeps the unit state published
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static final int PREPARE_THREADS = 4;

    /** Decodes one unit's subroutine index and line table; a failure stays with the unit for its lookups. */
    private static void decode(Unit u) {
        try {
            u.subroutines();
            u.lineTable();
        } catch (DwarfException | RuntimeException e) {
            // A DwarfException is kept by the unit's Once; anything else leaves it undecoded, and
            // the lookup that needs it decodes it again and meets the same problem there.
        }
    }

    private static List<SourceFrame> lookup(Unit u, long address) throws DwarfException {
        InlineTree subs = u.subroutines().treeFor(address);
        LineTable lines = u.lineTable();
        List<SourceFrame> frames = new ArrayList<>();
        if (subs == null) {
            int row = lines == null ? -1 : lines.find(address);
            if (row >= 0) {
                frames.add(new SourceFrame(Optional.empty(), Optional.empty(), lines.files.path(lines.file(row)),
                        lines.line(row), lines.column(row), false, 0, OptionalLong.empty()));
            }
            return List.copyOf(frames);
        }
        int previous = -1;
        for (int e = subs.find(address); e >= 0; e = subs.parent(e)) {
            Die d = u.dieAt(subs.dieOffset(e));
            Optional<String> file = Optional.empty();
            long line = 0;
            long column = 0;
            if (previous < 0) {
                int row = lines == null ? -1 : lines.find(address);
                if (row >= 0) {
                    file = lines.files.path(lines.file(row));
                    line = lines.line(row);
                    column = lines.column(row);
                }
            } else {
                file = lines == null ? Optional.empty() : lines.files.path(subs.callFile(previous));
                line = subs.callLine(previous);
                column = subs.callColumn(previous);
            }
            frames.add(new SourceFrame(Names.linkageName(d), Names.name(d), file, line, column, subs.isInlined(e),
                    Names.declLine(d), Names.lowPc(d)));
            if (!subs.isInlined(e)) {
                break;
            }
            previous = e;
        }
        return List.copyOf(frames);
    }

    private static DwarfException named(String fileName, DwarfException e) {
        return new DwarfException(fileName + ": " + e.getMessage(), e);
    }

    DebugData data() {
        return data;
    }
}
