package dev.crashkit.symbolicate.format.elf;

import dev.crashkit.core.ObjectFormatException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The GNU symbol versions of a .dynsym: {@code .gnu.version} (one u16 index per symbol, bit 15 =
 * hidden) names an entry of {@code .gnu.version_d} (versions this file defines) or
 * {@code .gnu.version_r} (versions it needs from others). Index 0 (local) and 1 (global, the
 * base version) carry no version, as llvm-nm and readelf print them.
 *
 * <p>The chains of both tables are walked at most as many steps as their sections have room
 * for, so a crafted {@code vd_next}/{@code vn_next} loop ends.
 */
final class ElfSymbolVersions {
    static final long SHT_GNU_VERDEF = 0x6ffffffdL;
    static final long SHT_GNU_VERNEED = 0x6ffffffeL;
    static final long SHT_GNU_VERSYM = 0x6fffffffL;
    private static final int VERDEF_SIZE = 20;
    private static final int VERDAUX_SIZE = 8;
    private static final int VERNEED_SIZE = 16;
    private static final int VERNAUX_SIZE = 16;

    private final ByteBuffer versym;
    private final Map<Integer, String> names;

    private ElfSymbolVersions(ByteBuffer versym, Map<Integer, String> names) {
        this.versym = versym;
        this.names = names;
    }

    /** No versions (a .symtab, or a .dynsym without .gnu.version). */
    static ElfSymbolVersions none() {
        return new ElfSymbolVersions(ByteBuffer.allocate(0), Map.of());
    }

    /** The versions of the symbol table at {@code dynsym}, from the sections of {@code file}. */
    static ElfSymbolVersions of(ElfFile file, ElfSection dynsym) throws ObjectFormatException {
        List<ElfSection> sections = file.elfSections();
        Optional<ElfSection> versym = sections.stream()
                .filter(s -> s.type() == SHT_GNU_VERSYM && s.link() == dynsym.index() && !s.isNoBits()).findFirst();
        if (versym.isEmpty()) {
            return none();
        }
        Map<Integer, String> names = new HashMap<>();
        for (ElfSection s : sections) {
            if (s.isNoBits() || s.link() <= 0 || s.link() >= sections.size()) {
                continue;
            }
            if (s.type() == SHT_GNU_VERDEF) {
                readDefinitions(file.path(), file.sectionData(s), file.sectionData(sections.get((int) s.link())), names);
            } else if (s.type() == SHT_GNU_VERNEED) {
                readNeeds(file.path(), file.sectionData(s), file.sectionData(sections.get((int) s.link())), names);
            }
        }
        return new ElfSymbolVersions(file.sectionData(versym.get()).order(file.order()), names);
    }

    /** True when symbol {@code index}'s version is hidden (not the default one: {@code name@VERSION}). */
    boolean hidden(int index) {
        long at = 2L * index;
        return at + 2 <= versym.limit() && (versym.getShort((int) at) & 0x8000) != 0;
    }

    /** The version of symbol {@code index} of the table (0 = the null symbol); empty when it has none. */
    String of(int index) {
        long at = 2L * index;
        if (at + 2 > versym.limit()) {
            return "";
        }
        int v = versym.getShort((int) at) & 0x7fff;
        return v <= 1 ? "" : names.getOrDefault(v, "");
    }

    /** Verdef entries: u16 version, flags, ndx, cnt; u32 hash, aux, next; the first Verdaux names it. */
    private static void readDefinitions(Path path, ByteBuffer d, ByteBuffer strings, Map<Integer, String> out)
            throws ObjectFormatException {
        long at = 0;
        for (int steps = 0; steps <= d.limit() / VERDEF_SIZE; steps++) {
            check(path, ".gnu.version_d", d, at, VERDEF_SIZE);
            int ndx = d.getShort((int) at + 4) & 0xffff;
            int count = d.getShort((int) at + 6) & 0xffff;
            long aux = d.getInt((int) at + 12) & 0xffffffffL;
            long next = d.getInt((int) at + 16) & 0xffffffffL;
            if (count > 0) {
                check(path, ".gnu.version_d", d, at + aux, VERDAUX_SIZE);
                out.put(ndx, ElfFile.cstring(strings, d.getInt((int) (at + aux)) & 0xffffffffL));
            }
            if (next == 0) {
                return;
            }
            at += next;
        }
        throw new ObjectFormatException(path + ": .gnu.version_d entries form a loop");
    }

    /** Verneed entries (u16 version, cnt; u32 file, aux, next), each with cnt Vernaux (u32 hash; u16 flags, other; u32 name, next). */
    private static void readNeeds(Path path, ByteBuffer d, ByteBuffer strings, Map<Integer, String> out)
            throws ObjectFormatException {
        long at = 0;
        int budget = d.limit() / VERNAUX_SIZE + 1;
        for (int steps = 0; steps <= d.limit() / VERNEED_SIZE; steps++) {
            check(path, ".gnu.version_r", d, at, VERNEED_SIZE);
            int count = d.getShort((int) at + 2) & 0xffff;
            long aux = at + (d.getInt((int) at + 8) & 0xffffffffL);
            long next = d.getInt((int) at + 12) & 0xffffffffL;
            for (int i = 0; i < count; i++) {
                if (budget-- <= 0) {
                    throw new ObjectFormatException(path + ": .gnu.version_r entries form a loop");
                }
                check(path, ".gnu.version_r", d, aux, VERNAUX_SIZE);
                int other = d.getShort((int) aux + 6) & 0x7fff;
                out.putIfAbsent(other, ElfFile.cstring(strings, d.getInt((int) aux + 8) & 0xffffffffL));
                long auxNext = d.getInt((int) aux + 12) & 0xffffffffL;
                if (auxNext == 0) {
                    break;
                }
                aux += auxNext;
            }
            if (next == 0) {
                return;
            }
            at += next;
        }
        throw new ObjectFormatException(path + ": .gnu.version_r entries form a loop");
    }

    private static void check(Path path, String section, ByteBuffer d, long at, int size) throws ObjectFormatException {
        if (at < 0 || at > d.limit() - size) {
            throw new ObjectFormatException(path + ": " + section + " entry at 0x" + Long.toHexString(at)
                    + " lies outside the section: truncated or corrupt");
        }
    }
}
