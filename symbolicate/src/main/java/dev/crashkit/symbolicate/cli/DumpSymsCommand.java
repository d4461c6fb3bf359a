package dev.crashkit.symbolicate.cli;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.symbolicator.DumpSyms;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code dump-syms [-c] [-d] [-n NAME] [-o OS] [-a ARCH] [-g DSYM] [--store DIR] FILE}: a Breakpad symbol file for an
 * ELF file, a Mach-O file or a dSYM, as Breakpad's {@code dump_syms} (Linux and Mac) writes it, to standard output
 * or into a symbol store.
 */
@Command(name = "dump-syms", mixinStandardHelpOptions = true,
        description = "Write a Breakpad symbol file (.sym) for an ELF file, a Mach-O file (thin or universal) or a"
                + " dSYM, as Breakpad's dump_syms does.")
public final class DumpSymsCommand implements Callable<Integer> {
    @Option(names = "-c", description = "Do not write STACK CFI records.")
    boolean noCfi;

    @Option(names = "-d", description = "Write INLINE_ORIGIN and INLINE records for inlined calls, as dump_syms -d"
            + " (from the DWARF of an ELF file or a dSYM; a Mach-O binary's stabs have none).")
    boolean inlines;

    @Option(names = "-n", paramLabel = "NAME", description = "Module name (default: the file's name).")
    String name;

    @Option(names = "-o", paramLabel = "OS", description = "Operating system of an ELF file's MODULE line (default: Linux; Mach-O is always mac).")
    String os = "Linux";

    @Option(names = {"-a", "--arch"}, paramLabel = "ARCH",
            description = "Slice of a universal Mach-O file (x86_64, arm64, arm64e, i386, ...), as dump_syms -a;"
                    + " required when the file has more than one.")
    String arch;

    @Option(names = {"-g", "--dsym"}, paramLabel = "DSYM",
            description = "The binary's dSYM (bundle or DWARF file): symbols and lines from the dSYM, STACK CFI"
                    + " from both, as dump_syms -g DSYM BINARY.")
    Path dsym;

    @Option(names = "--store", paramLabel = "DIR",
            description = "Write DIR/NAME/DEBUGID/NAME.sym (the symbol-server layout) instead of standard output.")
    Path store;

    @Parameters(paramLabel = "FILE", description = "ELF executable, library or debug file; Mach-O binary or dylib; .dSYM bundle or its DWARF file.")
    Path file;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec != null ? spec.commandLine().getErr() : new PrintWriter(System.err, true);
        try {
            DumpSyms dump = DumpSyms.open(file, Optional.ofNullable(dsym), Optional.ofNullable(arch),
                    Optional.ofNullable(name), os, !noCfi, inlines);
            if (store != null) {
                Path written = dump.writeTo(store);
                if (spec != null) {
                    spec.commandLine().getOut().println(written);
                    spec.commandLine().getOut().flush();
                }
            } else {
                Writer out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16);
                dump.write(out);
                out.flush();
            }
            return ExitCodes.OK;
        } catch (CrashkitException e) {
            err.println("error: " + e.getMessage());
            err.flush();
            return ExitCodes.INVALID_INPUT;
        } catch (IOException e) {
            err.println("error: cannot write: " + e.getMessage());
            err.flush();
            return ExitCodes.INVALID_INPUT;
        }
    }
}
