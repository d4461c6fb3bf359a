package dev.crashkit.symbolicate.symcache;

import dev.crashkit.symbolicate.dwarf.DwarfException;

/**
 * A lookup found the symbol cache damaged after it opened (a page failing its checksum, a record
 * out of range, the file unreadable): the cache cannot answer, and its module answers from the
 * debug files instead (see {@code SymbolCaching}).
 */
public final class DamagedSymCacheException extends DwarfException {
    public DamagedSymCacheException(String message) {
        super(message);
    }
}
