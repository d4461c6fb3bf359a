package dev.crashkit.symbolicate.dwarf;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * One frame of the inline chain DWARF gives for an address. For the innermost frame, file, line
 * and column come from the line table; for every outer frame they are the call site recorded on
 * the inlined subroutine it contains (DW_AT_call_file/line/column).
 *
 * @param linkageName DW_AT_linkage_name / DW_AT_MIPS_linkage_name (raw, mangled), following
 *     DW_AT_abstract_origin and DW_AT_specification
 * @param name DW_AT_name, following the same references
 * @param file full path of the source file, empty when DWARF does not say
 * @param line line number, 0 when unknown
 * @param column column, 0 when unknown
 * @param inlined true for a DW_TAG_inlined_subroutine, false for the concrete function
 * @param declLine DW_AT_decl_line of the function, 0 when absent
 * @param startAddress DW_AT_low_pc of this subroutine entry, when it has one
 * @param lineProblem why file (and, for the innermost frame, line) are missing: the unit's line
 *     program is damaged ("file: problem"); the function still comes from the DIEs, as in
 *     llvm-symbolizer and addr2line
 */
public record SourceFrame(Optional<String> linkageName, Optional<String> name, Optional<String> file, long line,
        long column, boolean inlined, long declLine, OptionalLong startAddress, Optional<String> lineProblem) {

    /** A frame whose unit's line program, if any, was read. */
    public SourceFrame(Optional<String> linkageName, Optional<String> name, Optional<String> file, long line,
            long column, boolean inlined, long declLine, OptionalLong startAddress) {
        this(linkageName, name, file, line, column, inlined, declLine, startAddress, Optional.empty());
    }

    /**
     * The linkage name when there is one, else the plain name. Not {@code Optional.or} with a
     * lambda: asked once per frame, and a capturing lambda is an allocation through a method
     * handle on C1 (and one more class linked at run time).
     */
    public Optional<String> functionName() {
        return linkageName.isPresent() ? linkageName : name;
    }
}
