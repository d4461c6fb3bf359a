package dev.crashkit.server.web;

import io.javalin.http.Context;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/** Request bodies read with a size limit (checked on the declared length first, then while reading). */
final class Bodies {
    private Bodies() {
    }

    /** A body read into memory, holding {@code mib} permits of the budget until {@link #close()}. */
    static final class Held implements AutoCloseable {
        final byte[] bytes;
        private final MemoryBudget budget;
        private int mib;

        private Held(byte[] bytes, MemoryBudget budget, int mib) {
            this.bytes = bytes;
            this.budget = budget;
            this.mib = mib;
        }

        @Override
        public void close() {
            budget.give(mib);
            mib = 0;
        }
    }

    /** Reads a whole body, at most {@code limit} bytes, taking memory from {@code budget} as it goes. */
    static Held read(Context ctx, long limit, String what, MemoryBudget budget) throws IOException {
        long declared = ctx.contentLength();
        if (declared > limit) {
            throw new ApiError(413, what + " larger than the limit of " + limit + " bytes");
        }
        int held = 0;
        try {
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
                    int needed = (int) ((total + MemoryBudget.MIB - 1) / MemoryBudget.MIB);
                    if (needed > held) {
                        budget.take(needed - held);
                        held = needed;
                    }
                    out.write(buf, 0, n);
                }
            }
            if (total == 0) {
                throw new ApiError(400, "empty body");
            }
            Held h = new Held(out.toByteArray(), budget, held);
            held = 0;
            return h;
        } finally {
            budget.give(held);
        }
    }
}
