package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.symbolicate.format.macho.MachOImage;
import dev.crashkit.symbolicate.format.macho.Segment;
import dev.crashkit.symbolicate.symtab.SymbolTable;
import java.nio.file.Path;
import java.util.List;

/**
 * Everything loaded for one image identity: the file that answers, its link-time layout and its
 * symbol index. Immutable; shared between reports and threads.
 *
 * @param textVmaddr link-time address of the image header (Mach-O __TEXT vmaddr)
 * @param segments   link-time segments, used to find the image of an address when the report
 *                   gives no size
 */
public record DebugModule(Path file, String arch, long textVmaddr, List<Segment> segments, SymbolTable symbols) {

    /**
     * Everything known about {@code linkAddress}: inline chain innermost first, concrete function
     * last; empty when no function covers the address.
     */
    public List<ResolvedSymbol> lookup(long linkAddress) {
        int i = symbols.indexOf(linkAddress);
        if (i < 0) {
            return List.of();
        }
        return List.of(ResolvedSymbol.fromSymbolTable(symbols.name(i), symbols.start(i)));
    }

    public static DebugModule of(MachOImage image, SymbolTable symbols) {
        List<Segment> mapped = image.segments().stream()
                .filter(s -> s.vmsize() != 0 && !s.name().equals("__PAGEZERO"))
                .toList();
        return new DebugModule(image.file(), image.arch(), image.textVmaddr(), mapped, symbols);
    }
}
