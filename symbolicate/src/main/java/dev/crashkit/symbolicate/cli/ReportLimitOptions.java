package dev.crashkit.symbolicate.cli;

import dev.crashkit.symbolicator.InputLimits;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** Per-report bounds of the commands that read reports (README "Limits"). */
final class ReportLimitOptions {
    private static final InputLimits DEFAULTS = InputLimits.defaults();

    @Option(names = "--max-report-size", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "largest report read, in bytes, or with K, M or G (default: 256M, at most 2G)")
    long maxBytes = DEFAULTS.maxBytes();

    @Option(names = "--max-threads", paramLabel = "N", description = "threads per report (default: ${DEFAULT-VALUE})")
    int maxThreads = DEFAULTS.maxThreads();

    @Option(names = "--max-frames", paramLabel = "N",
            description = "frames per report, all threads together (default: ${DEFAULT-VALUE})")
    int maxFrames = DEFAULTS.maxFrames();

    @Option(names = "--max-images", paramLabel = "N", description = "images per report (default: ${DEFAULT-VALUE})")
    int maxImages = DEFAULTS.maxImages();

    InputLimits limits(CommandSpec spec) {
        try {
            return new InputLimits(maxBytes, maxThreads, maxFrames, maxImages);
        } catch (IllegalArgumentException e) {
            throw UsageErrors.of(spec, e.getMessage());
        }
    }

    /** {@code 1000}, {@code 64K}, {@code 256M}, {@code 1G} (binary multiples). */
    static final class SizeConverter implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            String v = value.strip().toUpperCase(Locale.ROOT);
            int shift = 0;
            if (v.endsWith("B")) {
                v = v.substring(0, v.length() - 1);
            }
            if (v.endsWith("K")) {
                shift = 10;
            } else if (v.endsWith("M")) {
                shift = 20;
            } else if (v.endsWith("G")) {
                shift = 30;
            }
            if (shift > 0) {
                v = v.substring(0, v.length() - 1);
            }
            try {
                long n = Long.parseLong(v);
                if (n < 0 || n > (Long.MAX_VALUE >> shift)) {
                    throw new NumberFormatException();
                }
                return n << shift;
            } catch (NumberFormatException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not a size (e.g. 1000, 64K, 256M, 1G)");
            }
        }
    }
}
