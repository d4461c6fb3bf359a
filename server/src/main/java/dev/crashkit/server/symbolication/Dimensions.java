package dev.crashkit.server.symbolication;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * What a report says about where and when it crashed, as its format carries it; searched and counted
 * per group. Every field may be absent.
 *
 * @param appVersion the app's version as the format writes it ({@code 1.2 (42)}: version and build)
 * @param os         the OS and its version ({@code iPhone OS 17.1 (21B74)})
 * @param device     the device model ({@code iPhone14,5}, {@code Mac14,2})
 * @param crashTime  when it crashed, epoch milliseconds (the report's clock, not the server's)
 * @param user       the install's or user's identity as the report gives it, prefixed with the field it came
 *                   from ({@code sentry.user.id:42}); only its salted hash is stored (see {@code UserHashes})
 */
public record Dimensions(Optional<String> appVersion, Optional<String> os, Optional<String> device,
                         OptionalLong crashTime, Optional<String> user) {
    /** Longest value kept (a label, not a document). */
    static final int MAX_LENGTH = 200;

    public Dimensions {
        appVersion = clip(appVersion);
        os = clip(os);
        device = clip(device);
        user = clip(user);
    }

    /** Without a user identity (what the stored row gives back: only its hash is kept). */
    public Dimensions(Optional<String> appVersion, Optional<String> os, Optional<String> device,
                      OptionalLong crashTime) {
        this(appVersion, os, device, crashTime, Optional.empty());
    }

    public static Dimensions none() {
        return new Dimensions(Optional.empty(), Optional.empty(), Optional.empty(), OptionalLong.empty());
    }

    private static Optional<String> clip(Optional<String> v) {
        return v.map(String::strip).filter(s -> !s.isEmpty())
                .map(s -> s.length() > MAX_LENGTH ? s.substring(0, MAX_LENGTH) : s);
    }
}
