package dev.crashkit.symbolicate.dwarf;

import java.nio.ByteBuffer;
import java.util.ArrayList;
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
        Map<Long, Abbrev> sparse = new HashMap<>();
        long maxDenseCode = 0;
        while (true) {
            long code = c.uleb();
            if (code == 0) {
                break;
            }
            int tag = (int) c.uleb();
            boolean children = c.u8() != 0;
            List<long[]> specs = new ArrayList<>();
            while (true) {
                int attr = (int) c.uleb();
                int form = (int) c.uleb();
                if (attr == 0 && form == 0) {
                    break;
                }
                long implicit = form == Dw.FORM_IMPLICIT_CONST ? c.sleb() : 0;
                specs.add(new long[] {attr, form, implicit});
            }
            int n = specs.size();
            int[] attrs = new int[n];
            int[] forms = new int[n];
            long[] consts = new long[n];
            for (int i = 0; i < n; i++) {
                attrs[i] = (int) specs.get(i)[0];
                forms[i] = (int) specs.get(i)[1];
                consts[i] = specs.get(i)[2];
            }
            Abbrev a = new Abbrev(code, tag, children, attrs, forms, consts);
            list.add(a);
            sparse.put(code, a);
            if (code > 0 && code < 1 << 20) {
                maxDenseCode = Math.max(maxDenseCode, code);
            }
        }
        // Codes are almost always 1..n: index them in an array, keep the map for the odd rest.
        Abbrev[] dense = new Abbrev[(int) maxDenseCode + 1];
        for (Abbrev a : list) {
            if (a.code() > 0 && a.code() < dense.length) {
                dense[(int) a.code()] = a;
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
