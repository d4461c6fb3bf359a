package dev.crashkit.symbolicate.dwarf;

/** Decodes and skips attribute values of every DWARF 2-5 form (plus the GNU split/alt forms). */
final class FormReader {
    private FormReader() {
    }

    /** Reads the DIE at the cursor; a null entry gives a Die with a null abbreviation. */
    static Die read(Unit u, Cursor c) throws DwarfException {
        return read(u, c, null, null);
    }

    /**
     * {@link #read}, the values going into {@code scratchForms} / {@code scratchValues} when they are
     * long enough (else into new arrays): for a walk that decodes many entries and drops each one
     * before reading the next (no arrays per entry to allocate and collect). The arrays may then be
     * longer than the entry's attributes; only indexes its abbreviation gives are read.
     */
    static Die read(Unit u, Cursor c, int[] scratchForms, long[] scratchValues) throws DwarfException {
        int offset = c.pos();
        long code = c.uleb();
        if (code == 0) {
            return new Die(u, offset, null, new int[0], new long[0], c.pos());
        }
        Abbrev a = u.abbrevs().get(code);
        int n = a.attrs().length;
        boolean scratch = scratchForms != null && scratchForms.length >= n && scratchValues.length >= n;
        int[] forms = scratch ? scratchForms : new int[n];
        long[] values = scratch ? scratchValues : new long[n];
        for (int i = 0; i < n; i++) {
            int form = a.forms()[i];
            while (form == Dw.FORM_INDIRECT) {
                form = (int) c.uleb();
            }
            forms[i] = form;
            values[i] = form == Dw.FORM_IMPLICIT_CONST ? a.implicitConsts()[i] : value(u, c, form);
        }
        return new Die(u, offset, a, forms, values, c.pos());
    }

    /** Skips the attributes of a DIE of the given shape. */
    static void skipAttributes(Unit u, Abbrev a, Cursor c) throws DwarfException {
        int fixed = a.fixedSize(u.version(), u.addressSize(), u.offsetSize());
        if (fixed >= 0) {
            c.skip(fixed);
            return;
        }
        int[] forms = a.forms();
        for (int form : forms) {
            while (form == Dw.FORM_INDIRECT) {
                form = (int) c.uleb();
            }
            if (form != Dw.FORM_IMPLICIT_CONST) {
                value(u, c, form);
            }
        }
    }

    /** Reads one value and returns it raw; variable-size data is skipped and its offset returned. */
    static long value(Unit u, Cursor c, int form) throws DwarfException {
        switch (form) {
            case Dw.FORM_ADDR:
                return c.unsigned(u.addressSize());
            case Dw.FORM_DATA1, Dw.FORM_REF1, Dw.FORM_FLAG, Dw.FORM_STRX1, Dw.FORM_ADDRX1:
                return c.u8();
            case Dw.FORM_DATA2, Dw.FORM_REF2, Dw.FORM_STRX2, Dw.FORM_ADDRX2:
                return c.u16();
            case Dw.FORM_STRX3, Dw.FORM_ADDRX3:
                return c.u24();
            case Dw.FORM_DATA4, Dw.FORM_REF4, Dw.FORM_REF_SUP4, Dw.FORM_STRX4, Dw.FORM_ADDRX4:
                return c.u32();
            case Dw.FORM_DATA8, Dw.FORM_REF8, Dw.FORM_REF_SIG8, Dw.FORM_REF_SUP8:
                return c.u64();
            case Dw.FORM_DATA16: {
                long at = c.pos();
                c.skip(16);
                return at;
            }
            case Dw.FORM_SDATA:
                return c.sleb();
            case Dw.FORM_UDATA, Dw.FORM_REF_UDATA, Dw.FORM_STRX, Dw.FORM_ADDRX, Dw.FORM_LOCLISTX,
                    Dw.FORM_RNGLISTX, Dw.FORM_GNU_ADDR_INDEX, Dw.FORM_GNU_STR_INDEX:
                return c.uleb();
            case Dw.FORM_STRP, Dw.FORM_LINE_STRP, Dw.FORM_SEC_OFFSET, Dw.FORM_STRP_SUP,
                    Dw.FORM_GNU_REF_ALT, Dw.FORM_GNU_STRP_ALT:
                return c.unsigned(u.offsetSize());
            case Dw.FORM_REF_ADDR:
                // DWARF 2 sized DW_FORM_ref_addr like an address; later versions like an offset.
                return c.unsigned(u.version() <= 2 ? u.addressSize() : u.offsetSize());
            case Dw.FORM_STRING: {
                long at = c.pos();
                c.skipCString();
                return at;
            }
            case Dw.FORM_BLOCK1: {
                long at = c.pos();
                c.skip(c.u8());
                return at;
            }
            case Dw.FORM_BLOCK2: {
                long at = c.pos();
                c.skip(c.u16());
                return at;
            }
            case Dw.FORM_BLOCK4: {
                long at = c.pos();
                c.skip(c.u32());
                return at;
            }
            case Dw.FORM_BLOCK, Dw.FORM_EXPRLOC: {
                long at = c.pos();
                c.skip(c.uleb());
                return at;
            }
            case Dw.FORM_FLAG_PRESENT:
                return 1;
            default:
                throw new DwarfException("unknown attribute form 0x" + Integer.toHexString(form)
                        + " in unit at 0x" + Integer.toHexString(u.offset()));
        }
    }

    /** Size of a value of this form when it does not depend on the data, else -1. */
    static int fixedSize(int form, int version, int addressSize, int offsetSize) {
        return switch (form) {
            case Dw.FORM_ADDR -> addressSize;
            case Dw.FORM_DATA1, Dw.FORM_REF1, Dw.FORM_FLAG, Dw.FORM_STRX1, Dw.FORM_ADDRX1 -> 1;
            case Dw.FORM_DATA2, Dw.FORM_REF2, Dw.FORM_STRX2, Dw.FORM_ADDRX2 -> 2;
            case Dw.FORM_STRX3, Dw.FORM_ADDRX3 -> 3;
            case Dw.FORM_DATA4, Dw.FORM_REF4, Dw.FORM_REF_SUP4, Dw.FORM_STRX4, Dw.FORM_ADDRX4 -> 4;
            case Dw.FORM_DATA8, Dw.FORM_REF8, Dw.FORM_REF_SIG8, Dw.FORM_REF_SUP8 -> 8;
            case Dw.FORM_DATA16 -> 16;
            case Dw.FORM_STRP, Dw.FORM_LINE_STRP, Dw.FORM_SEC_OFFSET, Dw.FORM_STRP_SUP, Dw.FORM_GNU_REF_ALT,
                    Dw.FORM_GNU_STRP_ALT -> offsetSize;
            case Dw.FORM_REF_ADDR -> version <= 2 ? addressSize : offsetSize;
            case Dw.FORM_FLAG_PRESENT, Dw.FORM_IMPLICIT_CONST -> 0;
            default -> -1;
        };
    }

    static boolean isAddressForm(int form) {
        return form == Dw.FORM_ADDR || form == Dw.FORM_ADDRX || form == Dw.FORM_ADDRX1 || form == Dw.FORM_ADDRX2
                || form == Dw.FORM_ADDRX3 || form == Dw.FORM_ADDRX4 || form == Dw.FORM_GNU_ADDR_INDEX;
    }

    static boolean isConstantForm(int form) {
        return switch (form) {
            case Dw.FORM_DATA1, Dw.FORM_DATA2, Dw.FORM_DATA4, Dw.FORM_DATA8, Dw.FORM_UDATA, Dw.FORM_SDATA,
                    Dw.FORM_IMPLICIT_CONST -> true;
            default -> false;
        };
    }
}
