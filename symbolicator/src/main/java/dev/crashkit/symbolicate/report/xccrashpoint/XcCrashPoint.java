package dev.crashkit.symbolicate.report.xccrashpoint;

import dev.crashkit.core.ReportException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * An Xcode Organizer crash point ({@code NAME.xccrashpoint}), a folder: {@code PointInfo.json},
 * {@code DistributionInfo.json}, and under {@code Filters/<filter>/Logs/} the crash logs of that
 * crash point (legacy {@code .crash} text, sometimes already symbolicated locally). Every file under a
 * {@code Logs} folder is a log; the bundle's own JSON files are not reports.
 */
public final class XcCrashPoint {
    /** More logs than Organizer ever exports for one crash point; beyond it, use {@code batch}. */
    public static final int MAX_LOGS = 10_000;

    private XcCrashPoint() {
    }

    /** A log of the bundle: its path, and its path inside the bundle ('/'-separated). */
    public record Log(Path file, String part) {
    }

    /** Whether {@code folder} is a crash point: named {@code *.xccrashpoint}, or holding {@code Filters/}. */
    public static boolean isBundle(Path folder) {
        if (!Files.isDirectory(folder)) {
            return false;
        }
        Path name = folder.getFileName();
        if (name != null && name.toString().toLowerCase(Locale.ROOT).endsWith(".xccrashpoint")) {
            return true;
        }
        return Files.isDirectory(folder.resolve("Filters")) && Files.isRegularFile(folder.resolve("PointInfo.json"));
    }

    /** Whether a file found while walking {@code bundle} is one of its logs. */
    public static boolean isLog(Path bundle, Path file) {
        Path rel = bundle.relativize(file);
        if (rel.getNameCount() < 4 || !rel.getName(0).toString().equals("Filters")) {
            return false;
        }
        for (int i = 2; i < rel.getNameCount() - 1; i++) {
            if (rel.getName(i).toString().equals("Logs")) {
                return !rel.getFileName().toString().startsWith(".");
            }
        }
        return false;
    }

    /**
     * The bundle's logs in path order (each filter's logs together).
     *
     * @throws ReportException the bundle cannot be listed, has no log, or more than {@link #MAX_LOGS}
     */
    public static List<Log> logs(Path bundle) throws ReportException {
        List<Log> logs = new ArrayList<>();
        Path filters = bundle.resolve("Filters");
        if (Files.isDirectory(filters)) {
            try (Stream<Path> s = Files.walk(filters)) {
                for (Path p : (Iterable<Path>) s::iterator) {
                    if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) && isLog(bundle, p)) {
                        if (logs.size() == MAX_LOGS) {
                            throw new ReportException(bundle + ": more than " + MAX_LOGS
                                    + " logs in this crash point; symbolicate them with batch");
                        }
                        logs.add(new Log(p, bundle.relativize(p).toString().replace('\\', '/')));
                    }
                }
            } catch (IOException | UncheckedIOException e) {
                throw new ReportException(bundle + ": cannot list the crash point: " + e.getMessage(), e);
            }
        }
        if (logs.isEmpty()) {
            throw new ReportException(bundle + ": an Xcode crash point without logs (nothing under Filters/*/Logs/)");
        }
        logs.sort((a, b) -> a.part().compareTo(b.part()));
        return logs;
    }
}
