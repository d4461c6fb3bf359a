package dev.crashkit.capture.linux;

/** One line of {@code /proc/<pid>/maps}. */
public record Mapping(long start, long end, String perms, long offset, String path) {
    public boolean executable() {
        return perms.length() > 2 && perms.charAt(2) == 'x';
    }

    public boolean readable() {
        return !perms.isEmpty() && perms.charAt(0) == 'r';
    }

    public boolean contains(long address) {
        return Long.compareUnsigned(address, start) >= 0 && Long.compareUnsigned(address, end) < 0;
    }
}
