package dev.crashkit.symbolicate.format;

import java.nio.ByteBuffer;

/**
 * A section of call-frame information.
 *
 * @param name       the container's spelling ({@code .eh_frame}, {@code __eh_frame}, {@code .debug_frame})
 * @param address    link-time address of its first byte ({@code .eh_frame} pointers are relative to it)
 * @param data       its bytes
 * @param debugFrame true for {@code .debug_frame} (absolute link-time addresses, other CIE ids)
 */
public record UnwindSection(String name, long address, ByteBuffer data, boolean debugFrame) {
}
