package dev.crashkit.symbolicate.cli;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.formats.ReportRenderer;
import dev.crashkit.symbolicate.output.OutputFormat;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.symbolize.ImageStatus;
import dev.crashkit.symbolicate.symbolize.ModuleCache;
import dev.crashkit.symbolicate.symbolize.Reunwinder;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.Symbolizer;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** The default command: symbolicate one crash report. */
@Command(name = "symbolicate", mixinStandardHelpOptions = true, subcommands = {AtosCommand.class, DemangleCommand.class, BatchCommand.class}, version = "crashkit symbolicate 0.1",
        description = "Symbolicate a crash report with dSYMs / unstripped binaries matched by UUID.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:all frames that have an image were looked up in a debug file",
                "1:done, but some images had no (readable) debug file",
                "2:usage error", "3:unreadable or invalid input", "4:internal error"})
public final class SymbolicateCommand implements Callable<Integer> {


    @Spec
    CommandSpec spec;

    // Optional for picocli so that sub-commands (atos, demangle, ...) can be used without it; call() requires it.
    @Parameters(index = "0", arity = "0..1", paramLabel = "REPORT",
            description = "crash report: crashreport/1, Apple .ips or .crash, KSCrash/SentryCrash JSON, .plcrash, Sentry event (detected from content)")
    Path report;

    @Option(names = "--format", defaultValue = "text",
            description = "text, json (symbolicated/1) or same (the input's format, symbolicated) (default: ${DEFAULT-VALUE})")
    OutputFormat format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "write here instead of standard output")
    Path output;

    @Mixin
    DebugFileOptions debugFiles = new DebugFileOptions();

    @Option(names = "--reunwind", description = "unwind threads again from the registers and stack a capture saved "
            + "(x86-64 ELF; needs the very binaries, matched by build-id, among --dsym)")
    boolean reunwind;

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        if (report == null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Missing required parameter: 'REPORT'");
        }
        ParsedReport input = ReportFormats.standard().read(report);
        ModuleCache modules = debugFiles.modules(err);
        if (reunwind) {
            // Threads that carry registers + a stack window are unwound again with the binaries' CFI.
            CrashReport again = new Reunwinder(modules, m -> err.println("warning: " + m)).reunwind(input.model());
            input = new ParsedReport(again, input.format(), input.document());
        }
        Symbolizer symbolizer = new Symbolizer(modules, debugFiles.style());
        ReportRenderer.Rendered rendered = ReportRenderer.render(input, symbolizer, format);
        SymbolicatedReport result = rendered.result();
        write(rendered.text());
        for (ImageStatus s : result.images()) {
            if (s.status() == ImageStatus.Status.UNREADABLE || s.status() == ImageStatus.Status.UUID_MISMATCH) {
                err.println("warning: " + s.image().name() + ": " + s.detail().orElse(s.status().jsonName()));
            }
        }
        debugFiles.lookups().summarise();
        err.flush();
        return result.missingDebugFiles() ? ExitCodes.MISSING_DEBUG_FILES : ExitCodes.OK;
    }

    private void write(String text) throws IOException {
        if (output == null) {
            PrintWriter w = spec.commandLine().getOut();
            w.write(text);
            w.flush();
            return;
        }
        try (Writer w = Files.newBufferedWriter(output, StandardCharsets.UTF_8)) {
            w.write(text);
        } catch (IOException e) {
            throw new CrashkitException(output + ": cannot write: " + e.getMessage(), e);
        }
    }
}
