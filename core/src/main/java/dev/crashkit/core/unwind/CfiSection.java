package dev.crashkit.core.unwind;

import java.util.Map;

/**
 * Reads CIEs and FDEs of one {@code .eh_frame} or {@code .debug_frame} section through a
 * {@link Memory} in which the section lives at {@code address} (its runtime address for a loaded
 * image, so that pc-relative pointers come out as runtime addresses). CIEs are cached.
 */
public final class CfiSection {
    /** An entry larger than this is treated as corrupt rather than copied. */
    private static final int MAX_ENTRY = 1 << 20;

    private final Memory memory;
    private final long address;
    private final boolean debugFrame;
    /** Size of a {@code .debug_frame} address (4 in 32-bit files); {@code .eh_frame} encodes its own. */
    private final int addressSize;
    private final Map<Long, Cie> cies = new java.util.concurrent.ConcurrentHashMap<>();
    /** Parsed FDEs by address: a warm unwinder then needs no memory reads for CFI at all. */
    private final Map<Long, Fde> fdes = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * @param memory     where the section's bytes can be read
     * @param address    address of the section's first byte in {@code memory}
     * @param debugFrame true for {@code .debug_frame} (CIE ids and pointers differ from {@code .eh_frame})
     */
    public CfiSection(Memory memory, long address, boolean debugFrame) {
        this(memory, address, debugFrame, 8);
    }

    /**
     * @param memory      where the section's bytes can be read
     * @param address     address of the section's first byte in {@code memory}
     * @param debugFrame  true for {@code .debug_frame} (CIE ids and pointers differ from {@code .eh_frame})
     * @param addressSize size in bytes of a {@code .debug_frame} FDE's address and length (4 or 8)
     */
    public CfiSection(Memory memory, long address, boolean debugFrame, int addressSize) {
        this.memory = memory;
        this.address = address;
        this.debugFrame = debugFrame;
        this.addressSize = addressSize;
    }

    /**
     * The address of the section's first byte in its memory.
     *
     * @return the section's address
     */
    public long address() {
        return address;
    }

    Memory memory() {
        return memory;
    }

    boolean debugFrame() {
        return debugFrame;
    }

    /** The bytes of the entry at {@code at} (length field included), or null at the zero terminator. */
    CfiBytes entry(long at) throws CfiException {
        byte[] head = new byte[12];
        int got = memory.read(at, head, 0, 12);
        if (got < 4) {
            throw new CfiException(String.format("CFI entry at 0x%x is unreadable", at));
        }
        long len = (head[0] & 0xffL) | (head[1] & 0xffL) << 8 | (head[2] & 0xffL) << 16 | (head[3] & 0xffL) << 24;
        int headLen = 4;
        if (len == 0xffffffffL) {
            if (got < 12) {
                throw new CfiException(String.format("64-bit CFI entry at 0x%x is unreadable", at));
            }
            len = 0;
            for (int i = 11; i >= 4; i--) {
                len = (len << 8) | (head[i] & 0xff);
            }
            headLen = 12;
        }
        if (len == 0) {
            return null;
        }
        if (len < 0 || len > MAX_ENTRY) {
            throw new CfiException(String.format("CFI entry at 0x%x claims %d bytes", at, len));
        }
        int total = headLen + (int) len;
        byte[] all = new byte[total];
        if (memory.read(at, all, 0, total) != total) {
            throw new CfiException(String.format("CFI entry at 0x%x (%d bytes) is not fully readable", at, total));
        }
        CfiBytes b = new CfiBytes(all, at);
        b.offset(headLen);
        return b;
    }

    /** True when {@code headLen}-bytes entry reading width is 64-bit (length escape). */
    private static boolean wide(CfiBytes b) {
        return b.offset() == 12;
    }

    /** The FDE at {@code at}, or null when the entry there is a CIE or the terminator (scanners skip those). */
    Fde fdeAt(long at) throws CfiException {
        Fde known = fdes.get(at);
        if (known != null) {
            return known;
        }
        Fde fde = parseFde(at);
        if (fde != null) {
            fdes.put(at, fde);
        }
        return fde;
    }

    private Fde parseFde(long at) throws CfiException {
        CfiBytes b = entry(at);
        if (b == null) {
            return null;
        }
        boolean wide = wide(b);
        long idField = b.here();
        long id = wide ? b.u64() : b.u32();
        long cieAddress;
        if (debugFrame) {
            if (id == (wide ? -1L : 0xffffffffL)) {
                return null;
            }
            cieAddress = address + id;
        } else {
            if (id == 0) {
                return null;
            }
            cieAddress = idField - id;
        }
        Cie cie = cie(cieAddress);
        long begin = debugFrame ? (addressSize == 4 ? b.u32() : b.u64()) : b.encoded(cie.fdeEncoding(), 0);
        long range = debugFrame ? (addressSize == 4 ? b.u32() : b.u64()) : b.encoded(cie.fdeEncoding() & 0x0f, 0);
        if (cie.augmented()) {
            b.skip(b.uleb());
        }
        byte[] insns = java.util.Arrays.copyOfRange(b.array(), b.offset(), b.size());
        return new Fde(at, cie, begin, begin + range, insns);
    }

    /** Length in bytes of the entry at {@code at} (0 at the terminator), to step through a section. */
    long entrySize(long at) throws CfiException {
        CfiBytes b = entry(at);
        return b == null ? 0 : b.size();
    }

    Cie cie(long at) throws CfiException {
        Cie known = cies.get(at);
        if (known != null) {
            return known;
        }
        CfiBytes b = entry(at);
        if (b == null) {
            throw new CfiException(String.format("CIE pointer 0x%x hits a terminator", at));
        }
        boolean wide = wide(b);
        long id = wide ? b.u64() : b.u32();
        boolean isCie = debugFrame ? id == (wide ? -1L : 0xffffffffL) : id == 0;
        if (!isCie) {
            throw new CfiException(String.format("entry at 0x%x is not a CIE", at));
        }
        int version = b.u8();
        if (version != 1 && version != 3 && version != 4) {
            throw new CfiException(String.format("CIE at 0x%x has unsupported version %d", at, version));
        }
        String aug = b.cstring();
        if (version == 4) {
            b.u8(); // address size
            b.u8(); // segment selector size
        }
        long codeAlign = b.uleb();
        long dataAlign = b.sleb();
        int ra = version == 1 ? b.u8() : (int) b.uleb();
        int fdeEnc = 0;
        int lsdaEnc = CfiBytes.PE_OMIT;
        boolean signal = false;
        boolean augmented = aug.startsWith("z");
        if (augmented) {
            long augLen = b.uleb();
            int end = b.offset() + (int) Math.min(augLen, Integer.MAX_VALUE);
            for (int i = 1; i < aug.length(); i++) {
                switch (aug.charAt(i)) {
                    case 'R' -> fdeEnc = b.u8();
                    case 'L' -> lsdaEnc = b.u8();
                    case 'P' -> {
                        int enc = b.u8();
                        b.encoded(enc & 0x7f, 0);
                    }
                    case 'S' -> signal = true;
                    default -> { } // 'B', 'G' and vendor letters carry no data we need
                }
            }
            if (end > b.size() || end < b.offset()) {
                throw new CfiException(String.format("CIE at 0x%x: augmentation data overruns the entry", at));
            }
            b.offset(end);
        } else if (!aug.isEmpty()) {
            throw new CfiException(String.format("CIE at 0x%x has unknown augmentation \"%s\"", at, aug));
        }
        byte[] insns = java.util.Arrays.copyOfRange(b.array(), b.offset(), b.size());
        Cie cie = new Cie(at, codeAlign, dataAlign, ra, fdeEnc, lsdaEnc, augmented, signal, insns);
        cies.put(at, cie);
        return cie;
    }
}
