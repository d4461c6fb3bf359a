package dev.crashkit.symbolicate.dwarf;

import dev.crashkit.core.Uninterruptibly;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

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
    /** Answers computed by {@link #prepare}: frames or the DwarfException, by address. */
    private Map<Long, Object> prepared = Map.of();

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
            List<SourceFrame> frames = PreparedAnswers.get(prepared, address);
            if (frames != null) {
                return frames;
            }
            Unit u = unitRanges.get().find(address);
            return u == null ? List.of() : lookup(u, address);
        } catch (DwarfException e) {
            throw named(fileName, e);
        }
    }

    /**
     * Answers {@code addresses} now, on the cores there are (up to four), and keeps the answers
     * for the lookups that follow (until the next call). The addresses are grouped by unit and each
     * unit is decoded and answered by one thread, so a unit's lazily built tables are only ever
     * filled by one thread; what a name reaches in another unit (an abstract origin) goes through
     * that unit's synchronized accessors. The threads are joined before this returns. A
     * {@link DwarfException} is kept as an answer and thrown by the lookup, as without this call;
     * anything else is not kept, so the lookup meets it again itself.
     */
    @Override
    public synchronized void prepare(long[] addresses) {
        prepared = Map.of();
        int threads = Math.min(PREPARE_THREADS, Runtime.getRuntime().availableProcessors());
        if (threads < 2 || addresses.length < PREPARE_MIN_ADDRESSES) {
            return;
        }
        Map<Unit, List<Long>> byUnit = new IdentityHashMap<>();
        try {
            UnitRanges ranges = unitRanges.get();
            for (long a : addresses) {
                Unit u = ranges.find(a);
                if (u != null) {
                    byUnit.computeIfAbsent(u, k -> new ArrayList<>()).add(a);
                }
            }
        } catch (DwarfException e) {
            return; // the lookups report it
        }
        if (byUnit.size() < 2) {
            return;
        }
        List<Map.Entry<Unit, List<Long>>> work = new ArrayList<>(byUnit.entrySet());
        Map<Long, Object> answers = new ConcurrentHashMap<>();
        AtomicInteger next = new AtomicInteger();
        Runnable worker = () -> {
            for (int i = next.getAndIncrement(); i < work.size(); i = next.getAndIncrement()) {
                Unit u = work.get(i).getKey();
                for (long a : work.get(i).getValue()) {
                    try {
                        answers.put(a, lookup(u, a));
                    } catch (DwarfException e) {
                        answers.put(a, e);
                    } catch (RuntimeException e) {
                        // not kept: the lookup meets it again
                    }
                }
            }
        };
        List<Thread> helpers = new ArrayList<>();
        for (int t = 1; t < Math.min(threads, work.size()); t++) {
            Thread h = new Thread(worker, "dwarf-prepare-" + t);
            h.setDaemon(true);
            h.start();
            helpers.add(h);
        }
        worker.run();
        for (Thread h : helpers) {
            Uninterruptibly.join(h); // also publishes what the helper decoded to this thread
        }
        prepared = answers;
    }

    /** Below this many addresses a report is answered one lookup at a time. */
    private static final int PREPARE_MIN_ADDRESSES = 64;
    private static final int PREPARE_THREADS = 4;

    /**
     * The frames of {@code address} in unit {@code u}. A damaged line program does not hide the
     * functions: they come from the DIEs, without file and line, each frame saying why (as
     * llvm-symbolizer and addr2line). Without a function the line failure is the answer.
     */
    private List<SourceFrame> lookup(Unit u, long address) throws DwarfException {
        InlineTree subs = u.subroutines().treeFor(address);
        LineTable lines;
        Optional<String> lineProblem = Optional.empty();
        try {
            lines = u.lineTable();
        } catch (DwarfException e) {
            if (subs == null) {
                throw e;
            }
            lines = null;
            lineProblem = Optional.of(fileName + ": " + e.getMessage());
        }
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
            Names.Identity id = identity(u, subs, e);
            frames.add(new SourceFrame(id.linkageName(), id.name(), file, line, column, subs.isInlined(e),
                    id.declLine(), subs.lowPc(u, e), lineProblem));
            if (!subs.isInlined(e)) {
                break;
            }
            previous = e;
        }
        return List.copyOf(frames);
    }

    /**
     * {@link Names#of} of an inline tree's entry, resolved once per name key (the entries of one
     * abstract origin share it: every call site of an inline function, every out-of-line copy). A
     * failure is not kept: the next entry with that key meets it again, as without the cache.
     */
    private Names.Identity identity(Unit u, InlineTree subs, int entry) throws DwarfException {
        Long key = subs.nameKey(entry);
        Names.Identity id = data.identities.get(key);
        if (id == null) {
            id = Names.of(u.dieAt(subs.dieOffset(entry)));
            data.identities.putIfAbsent(key, id);
        }
        return id;
    }

    private static DwarfException named(String fileName, DwarfException e) {
        return new DwarfException(fileName + ": " + e.getMessage(), e);
    }

    DebugData data() {
        return data;
    }
}
