package dev.crashkit.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A folder of reports holding an Xcode crash point: its logs are inputs, its own JSON files are not. */
class InputListingTest {
    @TempDir
    Path dir;

    private static void file(Path p) throws Exception {
        Files.createDirectories(p.getParent());
        Files.writeString(p, "x");
    }

    @Test
    void onlyTheLogsOfACrashPointAreListed() throws Exception {
        Path bundle = dir.resolve("App 1.0.xccrashpoint");
        file(bundle.resolve("PointInfo.json"));
        file(bundle.resolve("Filters/Filter_A/DistributionInfo.json"));
        file(bundle.resolve("Filters/Filter_A/Logs/a.crash"));
        file(bundle.resolve("Filters/Filter_A/Logs/LocallySymbolicated/b.crash"));
        file(bundle.resolve("Other/c.crash"));
        file(dir.resolve("loose.ips"));
        List<String> listed = InputListing.expand(List.of(dir.toString()), new Configuration());
        List<String> names = listed.stream().map(s -> s.substring(s.indexOf(dir.getFileName().toString())
                + dir.getFileName().toString().length() + 1)).sorted().toList();
        assertEquals(List.of("App 1.0.xccrashpoint/Filters/Filter_A/Logs/LocallySymbolicated/b.crash",
                "App 1.0.xccrashpoint/Filters/Filter_A/Logs/a.crash", "loose.ips"), names);
        // The bundle given itself: the same logs.
        assertEquals(2, InputListing.expand(List.of(bundle.toString()), new Configuration()).size());
    }
}
