package dev.crashkit.server.sentry;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/**
 * Undoes a request's {@code Content-Encoding} (none, {@code gzip}, {@code deflate}: zlib-wrapped, or raw
 * as some clients send it) with a limit on the decoded size, checked as it grows: a small body that
 * inflates past the limit (a decompression bomb) is refused before it is held.
 */
public final class ContentEncodings {
    private ContentEncodings() {
    }

    /** Told of the decoded size as it grows, to account for memory (may refuse by throwing). */
    @FunctionalInterface
    public interface Growth {
        void reached(long bytes);
    }

    /** The body decodes to more than the limit. */
    public static final class TooLarge extends Exception {
        TooLarge(String message) {
            super(message);
        }
    }

    /** An encoding that is unknown or a body that is not in it. */
    public static final class BadEncoding extends Exception {
        BadEncoding(String message) {
            super(message);
        }
    }

    /** The decoded body; {@code body} itself when there is no encoding. */
    public static byte[] decode(byte[] body, String encoding, long limit, Growth growth)
            throws TooLarge, BadEncoding {
        String e = encoding == null ? "" : encoding.strip().toLowerCase(Locale.ROOT);
        switch (e) {
            case "", "identity":
                return body;
            case "gzip", "x-gzip":
                try {
                    return inflate(new GZIPInputStream(new ByteArrayInputStream(body)), limit, growth, e);
                } catch (IOException ex) {
                    throw new BadEncoding("body is not gzip: " + ex.getMessage());
                }
            case "deflate":
                try {
                    return inflate(new InflaterInputStream(new ByteArrayInputStream(body)), limit, growth, e);
                } catch (BadEncoding ex) {
                    // Some clients send raw deflate under this name (no zlib header).
                    return inflate(new InflaterInputStream(new ByteArrayInputStream(body), new Inflater(true)), limit,
                            growth, e);
                }
            default:
                throw new BadEncoding("unsupported Content-Encoding " + encoding + " (use gzip or deflate)");
        }
    }

    private static byte[] inflate(InputStream in, long limit, Growth growth, String encoding)
            throws TooLarge, BadEncoding {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        long total = 0;
        try (in) {
            int n;
            while ((n = in.read(buf)) > 0) {
                total += n;
                if (total > limit) {
                    throw new TooLarge("body decompresses to more than the limit of " + limit + " bytes");
                }
                growth.reached(total);
                out.write(buf, 0, n);
            }
        } catch (IOException ex) {
            throw new BadEncoding("body is not " + encoding + ": " + ex.getMessage());
        }
        return out.toByteArray();
    }
}
