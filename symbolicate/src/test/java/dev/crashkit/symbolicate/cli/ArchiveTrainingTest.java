package dev.crashkit.symbolicate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The classes the archiving run loads (archive-classes.txt) all exist: a renamed or removed class
 * means the list is stale (build-tools/archive-classes.sh writes it again).
 */
class ArchiveTrainingTest {

    @Test
    void everyListedClassLoads() throws Exception {
        List<String> names = ArchiveTraining.listed();
        assertTrue(names.size() > 300, "classes listed: " + names.size());
        assertTrue(names.contains("dev.crashkit.symbolicate.symcache.SymCache"), "symbol cache path listed");
        assertTrue(names.contains("dev.crashkit.symbolicate.dwarf.LineProgram"), "DWARF path listed");
        List<String> missing = new ArrayList<>();
        for (String name : names) {
            try {
                Class.forName(name, false, ArchiveTraining.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                missing.add(name);
            }
        }
        assertEquals(List.of(), missing, "stale archive-classes.txt: run build-tools/archive-classes.sh");
    }
}
