package dev.crashkit.server.web;

import io.javalin.http.Context;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/** Request bodies read with a size limit (checked on the declared length first, then while reading). */
final class Bodies {
    private Bodies() {
    }

    static byte[] read(Context ctx, long limit, String what) throws IOException {
        long declared = ctx.contentLength();
        if (declared > limit) {
            throw new ApiError(413, what + " larger than the limit of " + limit + " bytes");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(declared > 0 ? (int) declared : 8192);
        byte[] buf = new byte[1 << 16];
        long total = 0;
        try (InputStream in = ctx.req().getInputStream()) {
            int n;
            while ((n = in.read(buf)) > 0) {
                total += n;
                if (total > limit) {
                    throw new ApiError(413, what + " larger than the limit of " + limit + " bytes");
                }
                out.write(buf, 0, n);
            }
        }
        if (total == 0) {
            throw new ApiError(400, "empty body");
        }
        return out.toByteArray();
    }
}
