package dev.crashkit.symbolicate.report;

import dev.crashkit.core.model.CrashReport;
import java.util.Objects;

/**
 * A report as read: the format-neutral model, the detected format, and the format's own document
 * (original JSON tree, text lines ...) that a writer of the same format needs to write it back.
 */
public record ParsedReport(CrashReport model, ReportFormat format, ReportDocument document) {
    public ParsedReport {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(document, "document");
    }
}
