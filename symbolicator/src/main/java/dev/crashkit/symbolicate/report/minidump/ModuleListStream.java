package dev.crashkit.symbolicate.report.minidump;

import dev.crashkit.core.ReportException;
import dev.crashkit.core.model.DebugId;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code MINIDUMP_MODULE_LIST}: a count, then 108-byte {@code MINIDUMP_MODULE} records, each naming
 * its path (a {@code MINIDUMP_STRING}) and a CodeView record that identifies the build:
 * <ul>
 * <li>{@code BpEL} (Breakpad's {@code MDCVInfoELF}): the ELF GNU build-id, kept whole as our
 * {@link DebugId#buildId} so that it matches the binaries' notes;</li>
 * <li>{@code RSDS} (PDB 7.0: GUID, age, PDB name): on macOS/iOS dumps Crashpad stores the Mach-O
 * UUID there as a GUID, so the UUID is the GUID with its first three fields byte-swapped back; on
 * Windows it is the PDB's GUID, kept as a UUID (our model has no PDB age); on Linux older Breakpad
 * clients stored the build-id's first 16 bytes, kept as a 16-byte build-id.</li>
 * </ul>
 * A module whose name or CodeView record lies outside the file is kept without them, noted.
 */
final class ModuleListStream {
    private static final int MODULE_SIZE = 108;
    private static final long RSDS = 0x53445352L;
    private static final long BPEL = 0x4270454cL;
    /** GNU build-ids are 16 or 20 bytes; anything this long is no build-id. */
    private static final int MAX_BUILD_ID = 1024;

    private ModuleListStream() {
    }

    static List<DumpModule> read(MinidumpBytes b, StreamDirectory.Stream s, SystemInfo system,
                                 List<String> problems) throws ReportException {
        long count = ThreadListStream.entries(b, s, MODULE_SIZE, "module list");
        long first = s.size() == 8 + count * MODULE_SIZE ? s.rva() + 8 : s.rva() + 4;
        List<DumpModule> out = new ArrayList<>((int) count);
        for (long i = 0; i < count; i++) {
            long at = first + i * MODULE_SIZE;
            long base = b.u64(at);
            long size = b.u32(at + 8);
            long nameRva = b.u32(at + 20);
            String path;
            try {
                path = b.utf16(nameRva, "module " + i + " name");
            } catch (ReportException e) {
                problems.add("module " + i + " at 0x" + Long.toHexString(base) + ": name is not in the file");
                path = "<module " + i + ">";
            }
            long cvSize = b.u32(at + 76);
            long cvRva = b.u32(at + 80);
            Optional<DebugId> id = Optional.empty();
            Optional<String> breakpadId = Optional.empty();
            if (cvSize != 0 && !b.fits(cvRva, cvSize)) {
                problems.add("module " + i + " at 0x" + Long.toHexString(base) + ": CodeView record is not in the file");
            } else if (cvSize >= 4) {
                long sig = b.u32(cvRva);
                if (sig == BPEL && cvSize > 4 + MAX_BUILD_ID) {
                    problems.add("module " + i + " at 0x" + Long.toHexString(base) + ": build-id of " + (cvSize - 4)
                            + " bytes, more than " + MAX_BUILD_ID + ": left out");
                } else if (sig == BPEL && cvSize > 4) {
                    byte[] buildId = b.copy(cvRva + 4, (int) cvSize - 4);
                    id = Optional.of(DebugId.buildId(buildId));
                    byte[] guid = new byte[16];
                    System.arraycopy(buildId, 0, guid, 0, Math.min(16, buildId.length));
                    breakpadId = Optional.of(guidText(guid) + "0");
                } else if (sig == RSDS && cvSize >= 24) {
                    byte[] guid = b.copy(cvRva + 4, 16);
                    long age = b.u32(cvRva + 20);
                    id = Optional.of(system.isApple() || isWindows(system) ? DebugId.uuid(swapped(guid))
                            : DebugId.buildId(guid));
                    breakpadId = Optional.of(guidText(guid) + Long.toHexString(age).toUpperCase(Locale.ROOT));
                }
            }
            out.add(new DumpModule(base, size, path, id, breakpadId));
        }
        return out;
    }

    private static boolean isWindows(SystemInfo s) {
        return s.platform() <= 3;
    }

    /** A GUID's bytes as stored (little-endian Data1, Data2, Data3) in canonical, big-endian order. */
    static byte[] swapped(byte[] g) {
        byte[] u = g.clone();
        u[0] = g[3];
        u[1] = g[2];
        u[2] = g[1];
        u[3] = g[0];
        u[4] = g[5];
        u[5] = g[4];
        u[6] = g[7];
        u[7] = g[6];
        return u;
    }

    /** Breakpad's GUID text: the canonical bytes as 32 upper-case hex digits. */
    private static String guidText(byte[] guid) {
        return HexFormat.of().withUpperCase().formatHex(swapped(guid));
    }
}
