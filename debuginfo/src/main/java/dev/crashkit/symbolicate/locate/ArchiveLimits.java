package dev.crashkit.symbolicate.locate;

/**
 * Bounds that keep hostile archives harmless.
 *
 * @param maxMemberBytes largest member that may be extracted (declared or actual size)
 * @param maxRatio       largest compressed-to-expanded ratio accepted for a member (bomb guard)
 * @param maxMembers     members listed per archive before giving up
 */
public record ArchiveLimits(long maxMemberBytes, long maxRatio, int maxMembers) {
    /** 4 GiB per member, ratio 1000 (deflate cannot honestly exceed ~1032), 1M members. */
    public static ArchiveLimits defaults() {
        return new ArchiveLimits(4L << 30, 1000, 1_000_000);
    }
}
