package dev.crashkit.symbolicate.format.macho.objc;

import dev.crashkit.symbolicate.format.kaitai.MachoObjc;
import dev.crashkit.symbolicate.format.macho.fixups.Pointers;
import dev.crashkit.symbolicate.format.macho.layout.MalformedImageException;
import dev.crashkit.symbolicate.format.macho.layout.Printable;
import dev.crashkit.symbolicate.format.macho.layout.VmMemory;
import io.kaitai.struct.KaitaiStream;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads method_list_t: big lists (24-byte entries of three pointers) and the small, relative lists
 * newer linkers write (12-byte entries of offsets from each field's own address; the name offset
 * leads to a selector reference, a pointer slot holding the selector string's address).
 *
 * <p>Each list is read once per image (a hostile file cannot make classes share one huge list to
 * multiply the work), every entry must lie inside the file, and the total of methods is capped.
 */
final class MethodLists {
    /** method_list_t header size; entries start here. */
    private static final int HEADER = 8;
    private static final int BIG_ENTRY = 24;
    private static final int SMALL_ENTRY = 12;
    /** Far above any real image (the largest system frameworks have tens of thousands of methods). */
    static final int MAX_METHODS = 4_000_000;

    private final VmMemory memory;
    private final Pointers pointers;
    private final Set<Long> seen = new HashSet<>();
    private int total;

    MethodLists(VmMemory memory, Pointers pointers) {
        this.memory = memory;
        this.pointers = pointers;
    }

    /**
     * Adds the methods of the list at {@code list} to {@code out}, each named
     * {@code <kind>[<owner> <selector>]}. Entries without an implementation are skipped.
     *
     * @throws MalformedImageException when the list or an entry's name is outside the file; the
     *                                 methods read before the bad entry are kept
     */
    void read(long list, char kind, String owner, List<ObjcMethod> out) throws MalformedImageException {
        if (list == 0 || !seen.add(list)) {
            return;
        }
        if ((list & 1) != 0) {
            // A relative list of lists: only the shared cache writes these.
            throw new MalformedImageException(memory.layout().file() + ": method list of " + Printable.quote(owner)
                    + " is a list of lists (shared-cache only)");
        }
        MachoObjc.MethodList header = new MachoObjc.MethodList(memory.stream(list, HEADER));
        long count = header.count();
        int entsize = header.entsize();
        boolean small = header.isSmall();
        if (entsize < (small ? SMALL_ENTRY : BIG_ENTRY)) {
            throw new MalformedImageException(memory.layout().file() + ": method list of " + Printable.quote(owner) + " at 0x"
                    + Long.toHexString(list) + " has " + entsize + "-byte entries, too small");
        }
        if (small && header.usesDirectSelectors()) {
            throw new MalformedImageException(memory.layout().file() + ": method list of " + Printable.quote(owner)
                    + " names selectors in the shared cache");
        }
        if (total + count > MAX_METHODS) {
            throw new MalformedImageException(memory.layout().file() + ": more than " + MAX_METHODS
                    + " Objective-C methods; the rest are not named");
        }
        // All entries must be in the file before any is read.
        KaitaiStream entries = memory.stream(list + HEADER, count * entsize);
        for (int i = 0; i < count; i++) {
            long entry = list + HEADER + (long) i * entsize;
            entries.seek((long) i * entsize);
            String selector;
            long imp;
            if (small) {
                MachoObjc.MethodSmall m = new MachoObjc.MethodSmall(entries);
                long selref = entry + m.name();
                selector = memory.cString(pointers.read(selref));
                imp = m.imp() == 0 ? 0 : entry + 8 + m.imp();
            } else {
                MachoObjc.MethodBig m = new MachoObjc.MethodBig(entries);
                long name = pointers.resolve(entry, m.name());
                imp = pointers.resolve(entry + 16, m.imp());
                if (imp == 0) {
                    continue; // a protocol's or an abstract entry: nothing runs here
                }
                selector = memory.cString(name);
            }
            if (imp != 0) {
                out.add(new ObjcMethod(kind + "[" + owner + " " + selector + "]", imp));
                total++;
            }
        }
    }
}
