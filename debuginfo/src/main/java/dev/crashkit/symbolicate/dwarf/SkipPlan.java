package dev.crashkit.symbolicate.dwarf;

/**
 * How to step over the attribute values of one abbreviation without decoding them: a list of
 * steps, a non-negative step skipping that many bytes (adjacent fixed-size forms merged), a
 * negative one a variable-size value. Built per abbreviation and unit shape; forms it has no step
 * for (DW_FORM_indirect, 2- and 4-byte block lengths, which depend on the byte order, unknown
 * forms) leave the abbreviation to {@link FormReader#skipAttributes}.
 */
final class SkipPlan {
    static final int LEB = -1;
    static final int CSTRING = -2;
    static final int BLOCK1 = -3;
    static final int BLOCK_LEB = -4;

    private SkipPlan() {
    }

    /** The steps for {@code forms}, or null when one of them has none. */
    static int[] of(int[] forms, int version, int addressSize, int offsetSize) {
        int[] steps = new int[forms.length];
        int n = 0;
        for (int form : forms) {
            int fixed = FormReader.fixedSize(form, version, addressSize, offsetSize);
            int step;
            if (fixed >= 0) {
                if (n > 0 && steps[n - 1] >= 0) {
                    steps[n - 1] += fixed;
                    continue;
                }
                step = fixed;
            } else {
                step = switch (form) {
                    case Dw.FORM_SDATA, Dw.FORM_UDATA, Dw.FORM_REF_UDATA, Dw.FORM_STRX, Dw.FORM_ADDRX,
                            Dw.FORM_LOCLISTX, Dw.FORM_RNGLISTX, Dw.FORM_GNU_ADDR_INDEX, Dw.FORM_GNU_STR_INDEX -> LEB;
                    case Dw.FORM_STRING -> CSTRING;
                    case Dw.FORM_BLOCK1 -> BLOCK1;
                    case Dw.FORM_BLOCK, Dw.FORM_EXPRLOC -> BLOCK_LEB;
                    default -> 0x7fffffff;
                };
                if (step == 0x7fffffff) {
                    return null;
                }
            }
            steps[n++] = step;
        }
        return java.util.Arrays.copyOf(steps, n);
    }

    /**
     * Steps over the values at section offset {@code pos} ({@code bytes[base + pos]}), reading
     * nothing at or past {@code limit}: the offset after them, or -1 when they do not end before
     * {@code limit} or a block length is out of range (the caller then reads them the checked way).
     */
    static int skip(byte[] bytes, int base, int pos, int limit, int[] steps) {
        for (int step : steps) {
            if (step >= 0) {
                if (step > limit - pos) {
                    return -1;
                }
                pos += step;
                continue;
            }
            switch (step) {
                case LEB -> {
                    do {
                        if (pos >= limit) {
                            return -1;
                        }
                    } while (bytes[base + pos++] < 0);
                }
                case CSTRING -> {
                    do {
                        if (pos >= limit) {
                            return -1;
                        }
                    } while (bytes[base + pos++] != 0);
                }
                case BLOCK1 -> {
                    if (pos >= limit) {
                        return -1;
                    }
                    int length = bytes[base + pos++] & 0xff;
                    if (length > limit - pos) {
                        return -1;
                    }
                    pos += length;
                }
                default -> { // BLOCK_LEB
                    long length = 0;
                    int shift = 0;
                    int b;
                    do {
                        if (pos >= limit) {
                            return -1;
                        }
                        b = bytes[base + pos++];
                        if (shift < 64) {
                            length |= (long) (b & 0x7f) << shift;
                        }
                        shift += 7;
                    } while (b < 0);
                    if (length < 0 || length > limit - pos) {
                        return -1;
                    }
                    pos += (int) length;
                }
            }
        }
        return pos;
    }
}
