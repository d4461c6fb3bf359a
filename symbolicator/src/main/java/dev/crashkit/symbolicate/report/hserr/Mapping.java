package dev.crashkit.symbolicate.report.hserr;

/**
 * One line of {@code Dynamic libraries:}: a Linux {@code /proc/self/maps} line, or a macOS or Windows one.
 *
 * @param start      first address
 * @param end        address after the last one; equal to {@code start} when the line gives no end (macOS)
 * @param executable whether the mapping is executable (macOS and Windows lines: a loaded image, always)
 * @param path       the mapped file
 */
record Mapping(long start, long end, boolean executable, String path) {
}
