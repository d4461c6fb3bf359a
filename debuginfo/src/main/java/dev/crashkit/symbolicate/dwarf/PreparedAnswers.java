package dev.crashkit.symbolicate.dwarf;

import java.util.List;
import java.util.Map;

/**
 * Answers worked out before the lookups that need them (in parallel, unit by unit): per address,
 * its frames or the {@link DwarfException} its unit met, so a failure is reported by the lookup
 * that asks, as it would have been without preparing.
 */
public final class PreparedAnswers {
    private PreparedAnswers() {
    }

    /** The frames kept for {@code address}, or null when none was prepared; a kept failure is thrown. */
    @SuppressWarnings("unchecked")
    public static List<SourceFrame> get(Map<Long, Object> answers, long address) throws DwarfException {
        Object kept = answers.get(address);
        if (kept instanceof DwarfException e) {
            throw e;
        }
        return (List<SourceFrame>) kept;
    }
}
