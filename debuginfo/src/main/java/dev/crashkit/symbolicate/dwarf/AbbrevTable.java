package dev.crashkit.symbolicate.dwarf;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The abbreviation declarations at one offset of .debug_abbrev (shared by the units using it). */
final class AbbrevTable {
    private final Abbrev[] dense;
    private final Map<Long, Abbrev> sparse;

    private AbbrevTable(Abbrev[] dense, Map<Long, Abbrev> sparse) {
        this.dense = dense;
        this.sparse = sparse;
    }

    static AbbrevTable parse(ByteBuffer abbrevSection, long offset) throws DwarfException {
        if (offset < 0 || offset >= abbrevSection.limit()) {
            throw new DwarfException("abbreviation offset 0x" + Long.toHexString(offset) + " outside .debug_abbrev");
        }
        Cursor c = new Cursor(abbrevSection, (int) offset);
        List<Abbrev> list = new ArrayList<>();
        long maxDenseCode = 0;
        // One set of growing arrays for the attribute specifications of all declarations: no array
        // per specification (GCC gives each unit a table of its own, hundreds of declarations each).
        int[] attrs = new int[16];
        int[] forms = new int[16];
        long[] consts = new long[16];
        while (true) {
            long code = c.uleb();
            if (code == 0) {
                break;
            }
            int tag = (int) c.uleb();
            boolean children = c.u8() != 0;
            int n = 0;
            while (true) {
                int attr = (int) c.uleb();
                int form = (int) c.uleb();
                if (attr == 0 && form == 0) {
                    break;
                }
                if (n == attrs.length) {
                    attrs = Arrays.copyOf(attrs, n * 2);
                    forms = Arrays.copyOf(forms, n * 2);
                    consts = Arrays.copyOf(consts, n * 2);
                }
                attrs[n] = attr;
                forms[n] = form;
                consts[n++] = form == Dw.FORM_IMPLICIT_CONST ? c.sleb() : 0;
            }
            Abbrev a = new Abbrev(code, tag, children, Arrays.copyOf(attrs, n), Arrays.copyOf(forms, n),
                    Arrays.copyOf(consts, n));
            list.add(a);
            if (code > 0 && code < 1 << 20) {
                maxDenseCode = Math.max(maxDenseCode, code);
            }
        }
        // Codes are almost always 1..n: index them in an array, keep a map for the odd rest. A repeated
        // code resolves to its last declaration.
        Abbrev[] dense = new Abbrev[(int) maxDenseCode + 1];
        Map<Long, Abbrev> sparse = new HashMap<>();
        for (Abbrev a : list) {
            if (a.code() > 0 && a.code() < dense.length) {
                dense[(int) a.code()] = a;
            } else {
                sparse.put(a.code(), a);
            }
        }
        return new AbbrevTable(dense, sparse);
    }

    Abbrev get(long code) throws DwarfException {
        Abbrev a = code > 0 && code < dense.length ? dense[(int) code] : sparse.get(code);
        if (a == null) {
            throw new DwarfException("unknown abbreviation code " + code);
        }
        return a;
    }
}
