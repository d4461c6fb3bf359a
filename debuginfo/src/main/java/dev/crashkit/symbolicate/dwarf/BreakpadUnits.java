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
     * @param inlines     the calls inlined into it (outermost, in DIE order), when inline records are read
     */
    public record Function(String name, long[] ranges, List<Line> lines, List<Inline> inlines) {
        /**
         * A function without inline records.
         *
         * @param name   its name
         * @param ranges its ranges as start/end pairs
         * @param lines  its lines
         */
        public Function(String name, long[] ranges, List<Line> lines) {
            this(name, ranges, lines, List.of());
        }

        /** Start of the first range: where Breakpad keys the function. */
        public long address() {
            return ranges[0];
        }
    }

    /**
     * The function an INLINE record names (Breakpad's {@code Module::InlineOrigin}). Its name can still change
     * while units are read: an origin first met as {@code <name omitted>} takes the name of the subprogram
     * that later defines it ({@code InlineOriginMap::GetOrCreateInlineOrigin}).
     */
    public static final class InlineOrigin {
        private String name;

        InlineOrigin(String name) {
            this.name = name;
        }

        /** @return the origin's name, {@link #NAME_OMITTED} when no subprogram named it */
        public String name() {
            return name;
        }
    }

    /**
     * One inlined call ({@code DW_TAG_inlined_subroutine}, Breakpad's {@code Module::Inline}).
     *
     * @param origin   the inlined function
     * @param ranges   its address ranges as start/end pairs, by start address (a pair may be empty)
     * @param callLine {@code DW_AT_call_line} (0 when absent)
     * @param callFile {@code DW_AT_call_file}'s path in the unit's line table, empty when it names none
     * @param depth    nesting depth: 0 for a call inlined straight into the function
     * @param children the calls inlined into this one, in DIE order
     */
    public record Inline(InlineOrigin origin, long[] ranges, long callLine, Optional<String> callFile, int depth,
            List<Inline> children) {
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
        forEachUnit(dwarf, demangler, false, sink);
    }

    /**
     * Reads every compilation unit, with or without inline records ({@code dump_syms -d}). With them, a
     * function's {@code DW_TAG_inlined_subroutine} children (and theirs, not through lexical blocks) become
     * {@link Inline}s, as {@code DwarfCUToModule::InlineHandler} reads them.
     *
     * @param dwarf     the DWARF of one image
     * @param demangler a linkage name's demangling as {@code __cxa_demangle} gives it, or empty when it fails
     * @param inlines   whether to read inlined calls
     * @param sink      receives each unit's functions
     * @throws DwarfException when a unit's entries or line program are corrupt
     */
    public static void forEachUnit(DwarfContext dwarf, java.util.function.Function<String, Optional<String>> demangler,
            boolean inlines, Sink sink) throws DwarfException {
        InlineOrigins origins = inlines ? new InlineOrigins() : null;
        // The enclosing scope of every subprogram seen so far, for definitions naming a declaration
        // (DW_AT_specification) in an earlier unit, as Breakpad keeps its specifications per file.
        Map<Long, String> declScopes = new HashMap<>();
        // Subprograms an abstract origin may name: those with DW_AT_inline and no code (Breakpad's origins).
        java.util.Set<Long> inlineOrigins = new java.util.HashSet<>();
        for (Unit u : dwarf.data().units) {
            if (u.isEmpty() || u.isTypeUnit()) {
                continue;
            }
            List<Function> functions = new Walk(u, declScopes, inlineOrigins, demangler, origins).functions();
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
        static final int INLINE = 3;
        final int kind;
        /** Inlined calls read inside a FUNCTION or INLINE scope, when inline records are read. */
        final List<Inline> inlines = new ArrayList<>();
        /** FUNCTION: the index of its Function in the unit's list, or -1; INLINE: the nesting depth. */
        int index = -1;
        /** FUNCTION: whether it has code or DW_AT_inline (Breakpad then records it as an inline origin). */
        boolean origin;
        /** FUNCTION: the DIE its origin is keyed by; INLINE: its DW_AT_abstract_origin (0 when absent). */
        long originKey;
        /** INLINE: the origin's name when its subprogram was seen, else NAME_OMITTED. */
        String originName;
        /** INLINE: ranges, call line and call file. */
        long[] ranges;
        long callLine;
        Optional<String> callFile;
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
        /** The file's origin map when inline records are read, else null. */
        private final InlineOrigins origins;

        Walk(Unit u, Map<Long, String> declScopes, java.util.Set<Long> inlineOrigins,
                java.util.function.Function<String, Optional<String>> demangler, InlineOrigins origins) {
            this.u = u;
            this.declScopes = declScopes;
            this.inlineOrigins = inlineOrigins;
            this.demangler = demangler;
            this.origins = origins;
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
                    finish(open.remove(open.size() - 1), open.isEmpty() ? null : open.get(open.size() - 1), out);
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
                                out.add(new Function(name.isEmpty() ? NAME_OMITTED : name, ranges, new ArrayList<>(),
                                        new ArrayList<>()));
                                child.index = out.size() - 1;
                                long forward = Math.max(target(d, Dw.AT_SPECIFICATION), target(d, Dw.AT_ABSTRACT_ORIGIN));
                                if (forward > dieOffset) {
                                    forwardRefs.put(forward, out.size() - 1);
                                }
                            }
                        }
                        boolean inlineAttr = u.dieAt(dieOffset).find(AT_INLINE) >= 0;
                        if (!hasCode && inlineAttr) {
                            inlineOrigins.add((long) dieOffset);
                        }
                        if (origins != null && (hasCode || inlineAttr)) {
                            child.origin = true;
                            if (child.name == null) {
                                child.name = name(u.dieAt(dieOffset), enclosing, 0);
                            }
                            child.originKey = specificationKey(u.dieAt(dieOffset));
                        }
                        Integer referrer = forwardRefs.remove((long) dieOffset);
                        if (referrer != null) {
                            String name = child.name != null ? child.name : name(u.dieAt(dieOffset), enclosing, 0);
                            if (!name.isEmpty()) {
                                Function f = out.get(referrer);
                                out.set(referrer, new Function(name, f.ranges(), f.lines(), f.inlines()));
                            }
                        }
                    } else if (tag == TAG_NAMESPACE || tag == TAG_CLASS || tag == TAG_STRUCT || tag == TAG_UNION
                            || tag == TAG_MODULE) {
                        child = new Scope(Scope.NAMED, u, dieOffset, parent, null);
                    }
                } else if (parent.kind == Scope.FUNCTION && origins != null && tag == Dw.TAG_INLINED_SUBROUTINE) {
                    child = inlineScope(dieOffset, parent, 0);
                } else if (parent.kind == Scope.INLINE) {
                    if (tag == Dw.TAG_INLINED_SUBROUTINE) {
                        child = inlineScope(dieOffset, parent, parent.index + 1);
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
                } else {
                    finish(child, parent, out);
                }
            }
            out.sort(Comparator.comparingLong(Function::address));
            return out;
        }

        /** An inlined call's attributes, as {@code InlineHandler} reads them before its children. */
        Scope inlineScope(int dieOffset, Scope parent, int depth) throws DwarfException {
            Scope s = new Scope(Scope.INLINE, u, dieOffset, parent, null);
            s.index = depth;
            Die d = u.dieAt(dieOffset);
            int o = d.find(Dw.AT_ABSTRACT_ORIGIN);
            s.originKey = o >= 0 ? u.reference(d, o) : 0;
            String name = "";
            if (o >= 0 && inlineOrigins.contains(s.originKey)) {
                Die origin = u.data().dieAt(s.originKey);
                if (origin != null && !origin.isNull()) {
                    name = name(origin, declScopes.getOrDefault(s.originKey, ""), 1);
                }
            }
            s.originName = name.isEmpty() ? NAME_OMITTED : name;
            // Breakpad's RangeListReader reads DW_AT_ranges only as sec_offset or rnglistx: DWARF 2 and 3's
            // data4/data8 offsets give no ranges, so such a call is left out (with the calls inside it).
            int rangesAttr = d.find(Dw.AT_RANGES);
            boolean readable = rangesAttr < 0 || d.forms()[rangesAttr] == Dw.FORM_SEC_OFFSET
                    || d.forms()[rangesAttr] == Dw.FORM_RNGLISTX;
            s.ranges = readable ? sortedRanges(RangeLists.of(d)) : new long[0];
            int line = d.find(Dw.AT_CALL_LINE);
            s.callLine = line >= 0 ? (int) d.values()[line] : 0; // Breakpad keeps it in an int
            // Without DW_AT_call_file (gcc -gdwarf-2 strict) Breakpad's field is never set; it reads as 0.
            int file = d.find(Dw.AT_CALL_FILE);
            LineTable t = u.lineTable();
            s.callFile = t == null ? Optional.empty() : t.files.breakpadPath(file >= 0 ? d.values()[file] : 0);
            return s;
        }

        /**
         * The end of a DIE: {@code InlineHandler::Finish} and the inline-origin part of
         * {@code FuncHandler::Finish}, run after the DIE's children as Breakpad runs them.
         */
        void finish(Scope s, Scope parent, List<Function> out) {
            if (origins == null) {
                return;
            }
            if (s.kind == Scope.INLINE) {
                if (s.ranges.length == 0 || parent == null) {
                    return;
                }
                origins.setReference(s.originKey, s.originKey);
                InlineOrigin origin = origins.getOrCreate(s.originKey, s.originName);
                parent.inlines.add(new Inline(origin, s.ranges, s.callLine, s.callFile, s.index,
                        List.copyOf(s.inlines)));
            } else if (s.kind == Scope.FUNCTION) {
                if (s.index >= 0) {
                    out.get(s.index).inlines().addAll(s.inlines);
                }
                if (s.origin) {
                    origins.setReference(s.dieOffset, s.originKey < 0 ? s.dieOffset : s.originKey);
                    origins.getOrCreate(s.dieOffset, s.name.isEmpty() ? NAME_OMITTED : s.name);
                }
            }
        }

        /**
         * The DIE a subprogram's origin is keyed by: the target of its DW_AT_specification or
         * DW_AT_abstract_origin (the later attribute, as Breakpad keeps the last it reads), else -1.
         */
        long specificationKey(Die d) {
            int spec = d.find(Dw.AT_SPECIFICATION);
            int origin = d.find(Dw.AT_ABSTRACT_ORIGIN);
            int i = Math.max(spec, origin);
            return i >= 0 ? u.reference(d, i) : -1;
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

    /**
     * Breakpad's {@code Module::InlineOriginMap} for one file: DIE offsets referring to others (a definition
     * to its declaration, an out-of-line copy to its abstract origin), and one origin per root of those
     * references.
     */
    private static final class InlineOrigins {
        private final Map<Long, Long> references = new HashMap<>();
        private final Map<Long, InlineOrigin> byRoot = new HashMap<>();

        InlineOrigin getOrCreate(long offset, String name) {
            long root = references.getOrDefault(offset, 0L);
            references.putIfAbsent(offset, 0L);
            // Follow the references to their root (declaration <- abstract origin <- copy); bounded, as a
            // forged chain or cycle must not make this quadratic.
            for (int steps = 0; steps < MAX_CHAIN; steps++) {
                Long next = references.get(root);
                if (next == null || next == root) {
                    break;
                }
                root = next;
            }
            InlineOrigin o = byRoot.get(root);
            if (o != null) {
                if (o.name.equals(NAME_OMITTED)) {
                    o.name = name;
                }
                return o;
            }
            o = new InlineOrigin(name);
            byRoot.put(root, o);
            return o;
        }

        void setReference(long offset, long specification) {
            Long current = references.get(offset);
            if (current == null) {
                references.put(offset, specification);
                return;
            }
            if (offset == specification || specification == current) {
                return;
            }
            InlineOrigin moved = byRoot.remove(current);
            if (moved != null) {
                byRoot.put(specification, moved);
            }
            references.put(offset, specification);
        }
    }
}
