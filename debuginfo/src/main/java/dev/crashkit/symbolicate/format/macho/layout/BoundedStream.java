package dev.crashkit.symbolicate.format.macho.layout;

import io.kaitai.struct.ByteBufferKaitaiStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;

/**
 * A Kaitai stream that checks a byte count against what is left before allocating it. The
 * runtime's own stream allocates {@code size:} bytes first and fails only when it copies them, so
 * a hostile 2 GB size field (an export trie node's terminal size, a load command list) would cost
 * 2 GB of heap before the error.
 */
public final class BoundedStream extends ByteBufferKaitaiStream {
    public BoundedStream(ByteBuffer buffer) {
        super(buffer);
    }

    @Override
    protected byte[] readBytesNotAligned(long n) {
        if (n < 0 || n > size() - pos()) {
            // Reported as cut-off data, as the runtime itself would after allocating.
            throw new BufferUnderflowException();
        }
        return super.readBytesNotAligned(n);
    }
}
