package dev.crashkit.symbolicate.dwarf;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The functions and line records of each compilation unit as Breakpad's {@code dump_syms} takes them from
 * DWARF ({@code DwarfCUToModule}, {@code DwarfLineToModule}): subprograms at unit level or inside
 * namespaces, classes, structs and unions (nested functions and local classes are not visited, as in
 * Breakpad); each row-to-row span of the line program as a line (empty spans, and spans at address 0 with
 * the spans that follow them, left out); lines cut to the function ranges they overlap
 * ({@code AssignLinesToFunctions}). Names are given raw (the linkage name, which the caller demangles, and
 * the name qualified by its enclosing scopes), since demangling lives in another module.
 */
public final class BreakpadUnits {
    /** Name Breakpad gives a function whose DWARF has none. */
    public static final String NAME_OMITTED = "<name omitted>";

    private BreakpadUnits() {
    }

    /**
     * A function of one unit.
     *
     * @param name        its name as Breakpad computes it: the demangled linkage name, else the DWARF name
     *                    qualified with its enclosing scopes, else its abstract origin's, else {@link #NAME_OMITTED}
     * @param ranges      address ranges as start/end pairs, by start address (each becomes one FUNC record)
     * @param lines       the unit's lines cut to this function's ranges, by address
     */
    public record Function(String name, long[] ranges, List<Line> lines) {
        /** Start of the first range: where Breakpad keys the function. */
        public long address() {
            return ranges[0];
        }
    }

    /**
     * One line record.
     *
     * @param address first address
     * @param size    length in bytes
     * @param file    the source file's full path
     * @param line    line number
     */
    public record Line(long address, long size, String file, long line) {
    }

    /** Receives each unit's functions. */
    public interface Sink {
        /**
         * One unit.
         *
         * @param functions its functions with non-empty ranges starting above 0, sorted by address
         */
        void unit(List<Function> functions);
    }

    /**
     * Reads every compilation unit.
     *
     * @param dwarf     the DWARF of one image
     * @param demangler a linkage name's demangling as {@code __cxa_demangle} gives it, or empty when it fails
     * @param sink      receives each unit's functions
     * @throws DwarfException when a unit's entries or line program are corrupt
     */
    public static void forEachUnit(DwarfContext dwarf, java.util.function.Function<String, Optional<String>> demangler,
            Sink sink) throws DwarfException {
        // The enclosing scope of every subprogram seen so far, for definitions naming a declaration
        // (DW_AT_specification) in an earlier unit, as Breakpad keeps its specifications per file.
        Map<Long, String> declScopes = new HashMap<>();
        // Subprograms an abstract origin may name: those with DW_AT_inline and no code (Breakpad's origins).
        java.util.Set<Long> inlineOrigins = new java.util.HashSet<>();
        for (Unit u : dwarf.data().units) {
            if (u.isEmpty() || u.isTypeUnit()) {
                continue;
            }
            List<Function> functions = new Walk(u, declScopes, inlineOrigins, demangler).functions();
            if (functions.isEmpty()) {
                sink.unit(functions);
                continue;
            }
            assignLines(functions, lines(u));
            sink.unit(functions);
        }
    }

    private static final int TAG_COMPILE_UNIT = 0x11;
    private static final int TAG_PARTIAL_UNIT = 0x3c;
    private static final int TAG_NAMESPACE = 0x39;
    private static final int TAG_CLASS = 0x02;
    private static final int TAG_STRUCT = 0x13;
    private static final int TAG_UNION = 0x17;
    private static final int TAG_MODULE = 0x1e;
    private static final int AT_NAME = 0x03;
    private static final int AT_INLINE = 0x20;
    /** Chains of specifications and origins longer than this are cut (a forged cycle stays bounded). */
    private static final int MAX_CHAIN = 8;

    /**
     * An open DIE with children, as Breakpad's handler for it sees it: a unit or named scope (namespace,
     * class, struct, union, module) whose subprograms and scopes are visited; a function, whose classes,
     * structs and unions are (and, without inline records, its inlined subroutines, through a missing
     * {@code break} in {@code FuncHandler::FindChildHandler}); or a DIE whose children are skipped.
     */
    private static final class Scope {
        static final int SKIP = 0;
        static final int NAMED = 1;
        static final int FUNCTION = 2;
        final int kind;
        final Unit unit;
        final int dieOffset;
        final Scope parent;
        private String name;

        Scope(int kind, Unit unit, int dieOffset, Scope parent, String name) {
            this.kind = kind;
            this.unit = unit;
            this.dieOffset = dieOffset;
            this.parent = parent;
            this.name = name;
        }
    }

    /** One unit's walk. */
    private static final class Walk {
        private final Unit u;
        private final Map<Long, String> declScopes;
        private final java.util.Set<Long> inlineOrigins;
        private final java.util.function.Function<String, Optional<String>> demangler;

        Walk(Unit u, Map<Long, String> declScopes, java.util.Set<Long> inlineOrigins,
                java.util.function.Function<String, Optional<String>> demangler) {
            this.u = u;
            this.declScopes = declScopes;
            this.inlineOrigins = inlineOrigins;
            this.demangler = demangler;
        }

        /** A scope's qualified name, computed when something inside it is named. */
        String scopeName(Scope s) throws DwarfException {
            if (s.name == null) {
                Die d = u.dieAt(s.dieOffset);
                s.name = name(d, scopeName(s.parent), 0);
            }
            return s.name;
        }

        List<Function> functions() throws DwarfException {
            List<Function> out = new ArrayList<>();
            // Functions whose specification or abstract origin comes later in the unit, by that DIE's offset:
            // Breakpad's forward_ref_die_to_func, through which that subprogram, once read, names them.
            Map<Long, Integer> forwardRefs = new HashMap<>();
            DieWalker c = new DieWalker(u, u.firstDieOffset());
            List<Scope> open = new ArrayList<>();
            Scope skip = new Scope(Scope.SKIP, u, -1, null, "");
            while (c.pos() < u.end()) {
                int dieOffset = c.pos();
                long code = c.code();
                if (code == 0) {
                    if (open.isEmpty()) {
                        break;
                    }
                    open.remove(open.size() - 1);
                    if (open.isEmpty()) {
                        break;
                    }
                    continue;
                }
                Abbrev a = c.abbrev(code);
                c.skipAttributes(a);
                int tag = a.tag();
                Scope parent = open.isEmpty() ? null : open.get(open.size() - 1);
                Scope child = skip;
                if (parent == null) {
                    if (tag == TAG_COMPILE_UNIT || tag == TAG_PARTIAL_UNIT) {
                        child = new Scope(Scope.NAMED, u, dieOffset, null, "");
                    }
                } else if (parent.kind == Scope.NAMED) {
                    if (tag == Dw.TAG_SUBPROGRAM) {
                        String enclosing = scopeName(parent);
                        declScopes.put((long) dieOffset, enclosing);
                        child = new Scope(Scope.FUNCTION, u, dieOffset, parent, null);
                        boolean hasCode = false;
                        if (a.hasCodeRanges()) {
                            Die d = u.dieAt(dieOffset);
                            long[] ranges = sortedRanges(RangeLists.of(d));
                            hasCode = !emptyRanges(ranges);
                            if (!emptyRanges(ranges) && ranges[0] != 0) {
                                String name = name(d, enclosing, 0);
                                child.name = name;
                                out.add(new Function(name.isEmpty() ? NAME_OMITTED : name, ranges, new ArrayList<>()));
                                long forward = Math.max(target(d, Dw.AT_SPECIFICATION), target(d, Dw.AT_ABSTRACT_ORIGIN));
                                if (forward > dieOffset) {
                                    forwardRefs.put(forward, out.size() - 1);
                                }
                            }
                        }
                        if (!hasCode && u.dieAt(dieOffset).find(AT_INLINE) >= 0) {
                            inlineOrigins.add((long) dieOffset);
                        }
                        Integer referrer = forwardRefs.remove((long) dieOffset);
                        if (referrer != null) {
                            String name = child.name != null ? child.name : name(u.dieAt(dieOffset), enclosing, 0);
                            if (!name.isEmpty()) {
                                Function f = out.get(referrer);
                                out.set(referrer, new Function(name, f.ranges(), f.lines()));
                            }
                        }
                    } else if (tag == TAG_NAMESPACE || tag == TAG_CLASS || tag == TAG_STRUCT || tag == TAG_UNION
                            || tag == TAG_MODULE) {
                        child = new Scope(Scope.NAMED, u, dieOffset, parent, null);
                    }
                } else if (parent.kind == Scope.FUNCTION) {
                    if (tag == TAG_CLASS || tag == TAG_STRUCT || tag == TAG_UNION || tag == Dw.TAG_INLINED_SUBROUTINE) {
                        child = new Scope(Scope.NAMED, u, dieOffset, parent, null);
                    }
                }
                if (a.hasChildren()) {
                    open.add(child);
                } else if (open.isEmpty()) {
                    break;
                }
            }
            out.sort(Comparator.comparingLong(Function::address));
            return out;
        }

        /**
         * {@code ComputeQualifiedName}, then the abstract origin's name: this DIE's demangled linkage name,
         * else its specification's; else its name (or its specification's, or the raw linkage name that did
         * not demangle) qualified with the specification's enclosing scope or {@code enclosing}; "" when none.
         */
        String name(Die d, String enclosing, int depth) throws DwarfException {
            Optional<String> linkage = linkageOf(d);
            if (linkage.isPresent()) {
                Optional<String> demangled = demangler.apply(linkage.get());
                if (demangled.isPresent()) {
                    return demangled.get();
                }
            }
            // Breakpad knows a specification or origin only if its walk visited that DIE (a subprogram in
            // a scope it descends into, seen before: declarations precede definitions).
            long spec = target(d, Dw.AT_SPECIFICATION);
            Die specDie = null;
            if (spec >= 0 && depth < MAX_CHAIN && declScopes.containsKey(spec)) {
                specDie = d.unit().data().dieAt(spec);
                if (specDie != null && !specDie.isNull()) {
                    Optional<String> specLinkage = linkageOf(specDie);
                    if (specLinkage.isPresent()) {
                        Optional<String> demangled = demangler.apply(specLinkage.get());
                        if (demangled.isPresent()) {
                            return demangled.get();
                        }
                    }
                } else {
                    specDie = null;
                }
            }
            Optional<String> unqualified = nameOf(d);
            if (unqualified.isEmpty() && specDie != null) {
                unqualified = nameOf(specDie);
            }
            if (unqualified.isEmpty()) {
                unqualified = linkage;
            }
            if (unqualified.isPresent()) {
                String scope = specDie != null ? declScopes.getOrDefault(spec, "") : enclosing;
                return qualify(scope, unqualified.get());
            }
            long origin = target(d, Dw.AT_ABSTRACT_ORIGIN);
            if (origin >= 0 && depth < MAX_CHAIN && inlineOrigins.contains(origin)) {
                Die o = d.unit().data().dieAt(origin);
                if (o != null && !o.isNull()) {
                    return name(o, declScopes.getOrDefault(origin, ""), depth + 1);
                }
            }
            return "";
        }
    }

    private static Optional<String> nameOf(Die d) throws DwarfException {
        int i = d.find(AT_NAME);
        return i >= 0 ? d.unit().string(d, i) : Optional.empty();
    }

    private static Optional<String> linkageOf(Die d) throws DwarfException {
        int i = d.find(Dw.AT_LINKAGE_NAME);
        if (i < 0) {
            i = d.find(Dw.AT_MIPS_LINKAGE_NAME);
        }
        return i >= 0 ? d.unit().string(d, i) : Optional.empty();
    }

    private static long target(Die d, int attr) {
        int i = d.find(attr);
        if (i < 0) {
            return -1;
        }
        long t = d.unit().reference(d, i);
        return t == d.offset() ? -1 : t;
    }

    /** Ranges by start address, as Breakpad's range-list handler sorts them. */
    private static long[] sortedRanges(long[] ranges) {
        int n = ranges.length / 2;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (x, y) -> Long.compareUnsigned(ranges[2 * x], ranges[2 * y]));
        long[] out = new long[2 * n];
        for (int i = 0; i < n; i++) {
            out[2 * i] = ranges[2 * order[i]];
            out[2 * i + 1] = ranges[2 * order[i] + 1];
        }
        return out;
    }

    private static String qualify(String parent, String name) {
        return parent.isEmpty() ? name : parent + "::" + name;
    }

    private static boolean emptyRanges(long[] ranges) {
        for (int i = 0; i + 1 < ranges.length; i += 2) {
            if (ranges[i + 1] != ranges[i]) {
                return false;
            }
        }
        return true;
    }

    /** The unit's line spans in program order, as {@code DwarfLineToModule::AddLine} keeps them. */
    private static List<Line> lines(Unit u) throws DwarfException {
        LineTable t = u.lineTable();
        List<Line> out = new ArrayList<>();
        if (t == null) {
            return out;
        }
        long omittedEnd = 0;
        for (int s : t.sequencesInProgramOrder()) {
            int first = t.sequenceFirst(s);
            int endRow = t.sequenceEnd(s) - 1; // the end_sequence row
            for (int r = first; r < endRow; r++) {
                long address = t.address(r);
                long length = t.address(r + 1) - address;
                if (length == 0) {
                    continue;
                }
                if (Long.compareUnsigned(address + length, address) < 0) {
                    length = -address;
                }
                if (address == 0 || address == omittedEnd) {
                    omittedEnd = address + length;
                    continue;
                }
                omittedEnd = 0;
                Optional<String> file = t.files.path(t.file(r));
                if (file.isEmpty()) {
                    continue;
                }
                out.add(new Line(address, length, file.get(), t.line(r) & 0xffffffffL));
            }
        }
        return out;
    }

    /** A function range with the function it belongs to. */
    private record Range(long address, long size, Function function) {
        boolean within(long a) {
            return Long.compareUnsigned(a - address, size) < 0;
        }
    }

    private static boolean within(Line l, long a) {
        return Long.compareUnsigned(a - l.address(), l.size()) < 0;
    }

    /** {@code DwarfCUToModule::AssignLinesToFunctions}: one sweep over ranges and lines by address. */
    private static void assignLines(List<Function> functions, List<Line> unsortedLines) {
        List<Line> lines = new ArrayList<>(unsortedLines);
        lines.sort((x, y) -> Long.compareUnsigned(x.address(), y.address()));
        List<Range> ranges = new ArrayList<>();
        for (Function f : functions) {
            for (int i = 0; i + 1 < f.ranges().length; i += 2) {
                long size = f.ranges()[i + 1] - f.ranges()[i];
                if (size != 0) {
                    ranges.add(new Range(f.ranges()[i], size, f));
                }
            }
        }
        ranges.sort((x, y) -> Long.compareUnsigned(x.address(), y.address()));
        int ri = 0;
        int li = 0;
        Range range = ri < ranges.size() ? ranges.get(ri) : null;
        Line line = li < lines.size() ? lines.get(li) : null;
        long current;
        if (range != null && line != null) {
            current = Long.compareUnsigned(range.address(), line.address()) < 0 ? range.address() : line.address();
        } else if (line != null) {
            current = line.address();
        } else if (range != null) {
            current = range.address();
        } else {
            return;
        }
        if (current == -1L) {
            return;
        }
        long guard = 4L * (ranges.size() + lines.size()) + 4; // each step passes a range or line boundary
        while ((range != null || line != null) && guard-- > 0) {
            long next;
            if (range != null && Long.compareUnsigned(current, range.address()) >= 0) {
                if (line != null && Long.compareUnsigned(current, line.address()) >= 0) {
                    long rangeLeft = range.size() - (current - range.address());
                    long lineLeft = line.size() - (current - line.address());
                    next = current + (Long.compareUnsigned(rangeLeft, lineLeft) < 0 ? rangeLeft : lineLeft);
                    range.function().lines().add(new Line(current, next - current, line.file(), line.line()));
                } else if (line != null && range.within(line.address())) {
                    next = line.address();
                } else {
                    next = range.address() + range.size();
                }
            } else if (line != null && Long.compareUnsigned(current, line.address()) >= 0) {
                next = range != null && within(line, range.address()) ? range.address() : line.address() + line.size();
            } else if (range != null && line != null) {
                next = Long.compareUnsigned(range.address(), line.address()) < 0 ? range.address() : line.address();
            } else {
                next = range != null ? range.address() : line.address();
            }
            if (next == 0 || next == -1L) {
                break;
            }
            while (ri < ranges.size() && Long.compareUnsigned(next, ranges.get(ri).address()) >= 0
                    && !ranges.get(ri).within(next)) {
                ri++;
            }
            range = ri < ranges.size() ? ranges.get(ri) : null;
            while (li < lines.size() && Long.compareUnsigned(next, lines.get(li).address()) >= 0
                    && !within(lines.get(li), next)) {
                li++;
            }
            line = li < lines.size() ? lines.get(li) : null;
            if (Long.compareUnsigned(next, current) <= 0) {
                break; // malformed sizes: Breakpad asserts here
            }
            current = next;
        }
    }
}
