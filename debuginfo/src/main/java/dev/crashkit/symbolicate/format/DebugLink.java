package dev.crashkit.symbolicate.format;

/**
 * The {@code .gnu_debuglink} of a stripped ELF file: where its separate debug file is and the
 * CRC-32 (zlib polynomial) of that file's whole contents.
 *
 * @param fileName the debug file's name (no directory)
 * @param crc32 expected CRC-32 of the debug file, unsigned
 */
public record DebugLink(String fileName, long crc32) {
}
