/**
 * Debug files: the {@code ObjectFile} contract, Mach-O and ELF through the Kaitai parsers generated from
 * ksy/ (package {@code format.kaitai}, never exported), DWARF, Breakpad symbol files, symbol tables, the symbol cache, the
 * debug-file index and archives, symbol servers.
 *
 * <p>Exports: only to the symbolicator, whose facade ({@code dev.crashkit.symbolicator}) is the public API;
 * the command line, the server and Spark may not reach in here (build-tools/ModuleExports.java checks it).
 */
module dev.crashkit.debuginfo {
    requires transitive dev.crashkit.core;
    requires kaitai.struct.runtime;
    requires com.fasterxml.jackson.databind;
    requires org.apache.commons.compress;
    requires org.apache.commons.io;
    requires aircompressor;
    requires java.net.http;

    exports dev.crashkit.symbolicate.breakpad to dev.crashkit.symbolicator;
    exports dev.crashkit.symbolicate.bytes to dev.crashkit.symbolicator;
    exports dev.crashkit.symbolicate.dwarf to dev.crashkit.symbolicator;
    exports dev.crashkit.symbolicate.format to dev.crashkit.symbolicator;
    exports dev.crashkit.symbolicate.format.detect to dev.crashkit.symbolicator;
    exports dev.crashkit.symbolicate.format.elf to dev.crashkit.symbolicator;
    exports dev.crashkit.symbolicate.format.macho to dev.crashkit.symbolicator;
    exports dev.crashkit.symbolicate.format.macho.layout to dev.crashkit.symbolicator;
    exports dev.crashkit.symbolicate.format.macho.names to dev.crashkit.symbolicator;
    exports dev.crashkit.symbolicate.format.macho.unwind to dev.crashkit.symbolicator;
    exports dev.crashkit.symbolicate.locate to dev.crashkit.symbolicator;
    exports dev.crashkit.symbolicate.sources to dev.crashkit.symbolicator;
    exports dev.crashkit.symbolicate.symcache to dev.crashkit.symbolicator;
    exports dev.crashkit.symbolicate.symtab to dev.crashkit.symbolicator;
}
