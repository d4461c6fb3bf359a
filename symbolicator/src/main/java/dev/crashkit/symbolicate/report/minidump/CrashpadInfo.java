package dev.crashkit.symbolicate.report.minidump;

import dev.crashkit.core.ReportException;
import java.util.List;
import java.util.Map;

/**
 * Crashpad's info stream ({@code MinidumpCrashpadInfo}): the process's simple annotations (a
 * key/value dictionary of UTF-8 strings) and each module's ({@code MinidumpModuleCrashpadInfo}),
 * the latter keyed {@code module:key}. Broken parts are noted and skipped.
 */
final class CrashpadInfo {
    private CrashpadInfo() {
    }

    static void read(MinidumpBytes b, StreamDirectory.Stream s, List<DumpModule> modules, Map<String, String> out,
                     List<String> problems) {
        if (s.size() < 52) {
            problems.add("Crashpad info stream of " + s.size() + " bytes, needs 52");
            return;
        }
        dictionary(b, b.u32(s.rva() + 36), b.u32(s.rva() + 40), "", out, problems);
        long listSize = b.u32(s.rva() + 44);
        long listRva = b.u32(s.rva() + 48);
        if (listSize == 0) {
            return;
        }
        if (listSize < 4 || !b.fits(listRva, listSize)) {
            problems.add("Crashpad module info list is not in the file");
            return;
        }
        long count = b.u32(listRva);
        if (count * 12 > listSize - 4) {
            problems.add("Crashpad module info list claims " + count + " entries in " + listSize + " bytes");
            return;
        }
        for (long i = 0; i < count; i++) {
            long at = listRva + 4 + i * 12;
            long index = b.u32(at);
            long size = b.u32(at + 4);
            long rva = b.u32(at + 8);
            String module = index < modules.size() ? modules.get((int) index).name() : "module " + index;
            if (size < 20 || !b.fits(rva, size)) {
                problems.add("Crashpad info of " + module + " is not in the file");
                continue;
            }
            dictionary(b, b.u32(rva + 12), b.u32(rva + 16), module + ":", out, problems);
        }
    }

    /** A {@code MinidumpSimpleStringDictionary}: a count, then (key RVA, value RVA) pairs. */
    private static void dictionary(MinidumpBytes b, long size, long rva, String prefix, Map<String, String> out,
                                   List<String> problems) {
        if (size == 0) {
            return;
        }
        if (size < 4 || !b.fits(rva, size)) {
            problems.add("Crashpad annotations " + (prefix.isEmpty() ? "" : "of " + prefix) + "not in the file");
            return;
        }
        long count = b.u32(rva);
        if (count * 8 > size - 4) {
            problems.add("Crashpad annotations claim " + count + " entries in " + size + " bytes");
            return;
        }
        for (long i = 0; i < count; i++) {
            long at = rva + 4 + i * 8;
            try {
                out.put(prefix + b.utf8(b.u32(at), "annotation key"), b.utf8(b.u32(at + 4), "annotation value"));
            } catch (ReportException e) {
                problems.add(e.getMessage().substring(b.source().length() + 2));
            }
        }
    }
}
