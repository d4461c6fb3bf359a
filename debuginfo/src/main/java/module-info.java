/**
 * Debug files: the {@code ObjectFile} contract, Mach-O and ELF through the Kaitai parsers generated from
 * ksy/ (package {@code format.kaitai}, never exported), DWARF, symbol tables, the symbol cache, the
 * debug-file index and archives, symbol servers.
 *
 * <p>Exports: the packages other modules' main code uses (jdeps), to be narrowed when the clients go
 * through the symbolicator's facade.
 */
module dev.crashkit.debuginfo {
    requires transitive dev.crashkit.core;
    requires kaitai.struct.runtime;
    requires com.fasterxml.jackson.databind;
    requires org.apache.commons.compress;
    requires org.apache.commons.io;
    requires java.net.http;

    exports dev.crashkit.symbolicate.bytes;
    exports dev.crashkit.symbolicate.dwarf;
    exports dev.crashkit.symbolicate.format;
    exports dev.crashkit.symbolicate.format.detect;
    exports dev.crashkit.symbolicate.format.elf;
    exports dev.crashkit.symbolicate.format.macho;
    exports dev.crashkit.symbolicate.format.macho.layout;
    exports dev.crashkit.symbolicate.format.macho.names;
    exports dev.crashkit.symbolicate.locate;
    exports dev.crashkit.symbolicate.sources;
    exports dev.crashkit.symbolicate.symcache;
    exports dev.crashkit.symbolicate.symtab;
}
