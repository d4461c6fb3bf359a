package dev.crashkit.symbolicate.breakpad;

import dev.crashkit.core.model.DebugId;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;

/**
 * Breakpad module ids and our {@link DebugId}s. A Breakpad id is a GUID (32 hex digits) and an age
 * (hex, "0" for ELF and Mach-O), upper case:
 * <ul>
 * <li>Mach-O: the LC_UUID's 16 bytes in order, age 0 (Breakpad {@code src/common/mac/dump_syms.cc},
 *     {@code DumpSymbols::Identifier}: {@code FileID::ConvertIdentifierToString} of the UUID, dashes removed,
 *     "0" appended);</li>
 * <li>ELF: the first 16 bytes of the GNU build-id (zero-padded when shorter) read as a little-endian
 *     GUID, i.e. bytes 0–3, 4–5 and 6–7 each reversed, then the rest in order, age 0
 *     (Breakpad {@code src/common/linux/file_id.cc}, {@code FileID::ConvertIdentifierToUUIDString}: the
 *     first 16 bytes, zero-padded, with {@code htonl}/{@code htons} applied to the three fields on a
 *     little-endian host; checked against {@code dump_syms} output in testdata/breakpad);</li>
 * <li>Windows: the PDB's GUID and age; no report of ours names a PDB, so such files match by name only.</li>
 * </ul>
 * The whole build-id is in {@code INFO CODE_ID} when {@code dump_syms} found one; without it a
 * {@code .sym} is found from a report's build-id through its Breakpad form ({@link #breakpadId}).
 */
public final class BreakpadIds {
    private BreakpadIds() {
    }

    /** The Breakpad id of {@code id}: upper-case GUID then age 0, as {@code dump_syms} writes it in MODULE. */
    public static String breakpadId(DebugId id) {
        byte[] raw = id.bytes();
        byte[] guid = new byte[16];
        System.arraycopy(raw, 0, guid, 0, Math.min(16, raw.length));
        if (id.kind() == DebugId.Kind.BUILD_ID) {
            swap(guid);
        }
        return HexFormat.of().withUpperCase().formatHex(guid) + "0";
    }

    /**
     * Both Breakpad ids a 16-byte identity may have: a 16-byte id is read as a Mach-O UUID by
     * {@link DebugId#parse}, but an ELF linker may also write a 16-byte build-id ({@code --build-id=md5}),
     * whose Breakpad id is byte-swapped. Other lengths have one.
     */
    public static java.util.List<String> breakpadIds(DebugId id) {
        String first = breakpadId(id);
        if (id.bytes().length != 16) {
            return java.util.List.of(first);
        }
        byte[] guid = id.bytes();
        if (id.kind() == DebugId.Kind.UUID) {
            swap(guid);
        }
        String other = HexFormat.of().withUpperCase().formatHex(guid) + "0";
        return other.equals(first) ? java.util.List.of(first) : java.util.List.of(first, other);
    }

    /**
     * The identity a report gives for {@code module}: the build-id of {@code INFO CODE_ID} when its
     * Breakpad form is the MODULE id; for Mac and iOS the UUID; for an ELF module without a code id
     * the 16 bytes the GUID holds (a report naming a longer build-id finds it by {@link #breakpadId}).
     * Empty for an age other than 0 (a PDB) or an id that is not 32 hex digits and an age.
     */
    static Optional<DebugId> debugId(BreakpadModule module) {
        String id = module.id();
        if (id.length() != 33 || id.charAt(32) != '0' || !isHex(id)) {
            return Optional.empty();
        }
        byte[] guid = HexFormat.of().parseHex(id.substring(0, 32).toLowerCase(Locale.ROOT));
        String os = module.os().toLowerCase(Locale.ROOT);
        if (os.equals("mac") || os.equals("ios")) {
            return Optional.of(DebugId.uuid(guid));
        }
        if (os.equals("windows")) {
            return Optional.empty();
        }
        if (module.codeId().isPresent()) {
            String code = module.codeId().get();
            if (!code.isEmpty() && code.length() % 2 == 0 && isHex(code)) {
                DebugId buildId = DebugId.buildId(HexFormat.of().parseHex(code.toLowerCase(Locale.ROOT)));
                if (breakpadId(buildId).equals(id)) {
                    return Optional.of(buildId);
                }
            }
        }
        swap(guid);
        return Optional.of(DebugId.buildId(guid));
    }

    /** Reverses bytes 0–3, 4–5 and 6–7: a GUID's little-endian fields and the bytes in order swap alike. */
    private static void swap(byte[] g) {
        reverse(g, 0, 4);
        reverse(g, 4, 6);
        reverse(g, 6, 8);
    }

    private static void reverse(byte[] b, int from, int to) {
        for (int i = from, j = to - 1; i < j; i++, j--) {
            byte t = b[i];
            b[i] = b[j];
            b[j] = t;
        }
    }

    private static boolean isHex(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.digit(s.charAt(i), 16) < 0 || s.charAt(i) > 'f') {
                return false;
            }
        }
        return true;
    }
}
