package dev.crashkit.symbolicate.demangle.cpp;

/**
 * Formats the hex digits of a mangled floating-point literal the way LLVM does on x86-64 Linux:
 * glibc {@code printf} with {@code %af} (float), {@code %a} (double) or {@code %LaL} (80-bit
 * x87 long double).
 */
final class HexFloat {
    private HexFloat() {
    }

    static String format(String hex) {
        switch (hex.length()) {
            case 8: {
                float f = Float.intBitsToFloat((int) Long.parseLong(hex, 16));
                return formatDouble(Double.doubleToRawLongBits(f)) + "f";
            }
            case 16:
                return formatDouble(Long.parseUnsignedLong(hex, 16));
            default:
                return formatX87(Integer.parseInt(hex.substring(0, 4), 16), Long.parseUnsignedLong(hex.substring(4), 16))
                    + "L";
        }
    }

    /** glibc's {@code %a} for an IEEE double given as raw bits. */
    static String formatDouble(long bits) {
        String sign = bits < 0 ? "-" : "";
        int exp = (int) ((bits >>> 52) & 0x7ff);
        long frac = bits & 0xfffffffffffffL;
        if (exp == 0x7ff) {
            return frac == 0 ? sign + "inf" : sign + "nan";
        }
        if (exp == 0 && frac == 0) {
            return sign + "0x0p+0";
        }
        String lead = exp == 0 ? "0" : "1";
        int e = exp == 0 ? -1022 : exp - 1023;
        return sign + "0x" + lead + fraction(frac, 13) + "p" + (e >= 0 ? "+" : "") + e;
    }

    /** glibc's {@code %La} for the x87 80-bit format: the first hex digit holds the integer bit. */
    static String formatX87(int signExp, long mantissa) {
        String sign = (signExp & 0x8000) != 0 ? "-" : "";
        int exp = signExp & 0x7fff;
        if (exp == 0x7fff) {
            return (mantissa << 1) == 0 ? sign + "inf" : sign + "nan";
        }
        if (exp == 0 && mantissa == 0) {
            return sign + "0x0p+0";
        }
        int lead = (int) (mantissa >>> 60);
        int e = (exp == 0 ? 1 : exp) - 16383 - 3;
        return sign + "0x" + Integer.toHexString(lead) + fraction(mantissa & 0x0fffffffffffffffL, 15) + "p"
            + (e >= 0 ? "+" : "") + e;
    }

    /** ".digits" of {@code frac} as {@code digits} hex digits without trailing zeros, or "" when zero. */
    private static String fraction(long frac, int digits) {
        if (frac == 0) {
            return "";
        }
        StringBuilder sb = new StringBuilder(digits + 1).append('.');
        String h = Long.toHexString(frac);
        for (int i = h.length(); i < digits; i++) {
            sb.append('0');
        }
        sb.append(h);
        int n = sb.length();
        while (sb.charAt(n - 1) == '0') {
            n--;
        }
        sb.setLength(n);
        return sb.toString();
    }
}
