package dev.crashkit.symbolicate.cli;

import dev.crashkit.symbolicate.SymbolicationException;
import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.model.CrashReport;
import dev.crashkit.symbolicate.output.JsonReportWriter;
import dev.crashkit.symbolicate.output.TextReportWriter;
import dev.crashkit.symbolicate.report.ReportException;
import dev.crashkit.symbolicate.report.crashreport.CrashReportJson;
import dev.crashkit.symbolicate.symbolize.DebugFileIndex;
import dev.crashkit.symbolicate.symbolize.ImageStatus;
import dev.crashkit.symbolicate.symbolize.ModuleCache;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.Symbolizer;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** The default command: symbolicate one crash report. */
@Command(name = "symbolicate", mixinStandardHelpOptions = true, subcommands = {AtosCommand.class}, version = "crashkit symbolicate 0.1",
        description = "Symbolicate a crash report with dSYMs / unstripped binaries matched by UUID.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:all frames that have an image were looked up in a debug file",
                "1:done, but some images had no (readable) debug file",
                "2:usage error", "3:unreadable or invalid input", "4:internal error"})
public final class SymbolicateCommand implements Callable<Integer> {

    enum Format { text, json }

    enum Demangle { simplified, full, none }

    @Spec
    CommandSpec spec;

    // Optional for picocli so that sub-commands (atos, demangle, ...) can be used without it; call() requires it.
    @Parameters(index = "0", arity = "0..1", paramLabel = "REPORT", description = "crash report (crashreport/1 JSON)")
    Path report;

    @Option(names = {"--dsym", "--symbols"}, paramLabel = "PATH",
            description = ".dSYM bundle, DWARF file, unstripped Mach-O, or folder searched recursively")
    List<Path> dsyms = new ArrayList<>();

    @Option(names = "--format", defaultValue = "text", description = "text or json (default: ${DEFAULT-VALUE})")
    Format format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "write here instead of standard output")
    Path output;

    @Option(names = "--demangle", defaultValue = "simplified",
            description = "simplified (as Apple crash reports), full, or none (default: ${DEFAULT-VALUE})")
    Demangle demangle;

    @Option(names = {"-v", "--verbose"}, description = "list every file skipped while scanning --dsym folders")
    boolean verbose;

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        if (report == null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Missing required parameter: 'REPORT'");
        }
        CrashReport input = readReport(report);
        DebugFileIndex index = scanDebugFiles(dsyms, verbose, err);
        Symbolizer symbolizer = new Symbolizer(new ModuleCache(index), style());
        SymbolicatedReport result = symbolizer.symbolicate(input);
        write(result);
        for (ImageStatus s : result.images()) {
            if (s.status() == ImageStatus.Status.UNREADABLE || s.status() == ImageStatus.Status.UUID_MISMATCH) {
                err.println("warning: " + s.image().name() + ": " + s.detail().orElse(s.status().jsonName()));
            }
        }
        err.flush();
        return result.missingDebugFiles() ? ExitCodes.MISSING_DEBUG_FILES : ExitCodes.OK;
    }

    /**
     * Indexes the --dsym paths. Files skipped inside folders are summarised in one line unless
     * verbose: a symbol folder full of unrelated files should not bury the output.
     */
    static DebugFileIndex scanDebugFiles(List<Path> paths, boolean verbose, PrintWriter err)
            throws SymbolicationException {
        List<String> skipped = new ArrayList<>();
        DebugFileIndex index = DebugFileIndex.scan(paths, m -> {
            if (m.startsWith("skipping ") && !verbose) {
                skipped.add(m);
            } else {
                err.println("warning: " + m);
            }
        });
        if (!skipped.isEmpty()) {
            err.println("warning: skipped " + skipped.size() + " unreadable Mach-O file(s) under --dsym"
                    + " (--verbose lists them)");
        }
        return index;
    }

    private Optional<DemangleStyle> style() {
        switch (demangle) {
            case full: return Optional.of(DemangleStyle.FULL);
            case none: return Optional.empty();
            default: return Optional.of(DemangleStyle.SIMPLIFIED);
        }
    }

    static CrashReport readReport(Path file) throws SymbolicationException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ReportException(file + ": no such file");
        } catch (java.nio.charset.MalformedInputException e) {
            throw new ReportException(file + ": not a text crash report (invalid UTF-8)");
        } catch (IOException e) {
            throw new ReportException(file + ": cannot read: " + e.getMessage(), e);
        }
        if (!CrashReportJson.matches(text)) {
            throw new ReportException(file + ": not a known crash report format (expected crashreport/1 JSON)");
        }
        return CrashReportJson.read(text, file.toString());
    }

    private void write(SymbolicatedReport result) throws IOException {
        if (output == null) {
            PrintWriter w = spec.commandLine().getOut();
            render(result, w);
            w.flush();
            return;
        }
        try (Writer w = Files.newBufferedWriter(output, StandardCharsets.UTF_8)) {
            render(result, w);
        } catch (IOException e) {
            throw new SymbolicationException(output + ": cannot write: " + e.getMessage(), e);
        }
    }

    private void render(SymbolicatedReport result, Writer w) throws IOException {
        if (format == Format.json) {
            JsonReportWriter.write(result, w);
        } else {
            TextReportWriter.write(result, w);
        }
    }
}
