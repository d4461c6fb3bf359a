package dev.crashkit.server.web;

import dev.crashkit.server.store.Search;
import dev.crashkit.server.store.Triage;
import io.javalin.http.Context;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The search parameters the API and the pages share: {@code status}, {@code version}, {@code os},
 * {@code device}, {@code exception}, {@code since}, {@code until}, {@code q}, {@code project} (and
 * {@code group} for reports), {@code limit} and {@code cursor}; each checked (a bad one is a 400 naming it).
 */
final class Paging {
    /** The parameters that filter (those a next-page link carries along). */
    static final String[] FILTERS = {"status", "version", "os", "device", "exception", "since", "until", "q", "project",
        "group"};

    /** A request's filter, page size and cursor. */
    record Request(Search.Filter filter, int limit, Optional<Search.Cursor> cursor, Map<String, String> given) {
        /** The query string of the page after this one (the same filters, {@code next}'s cursor). */
        String nextQuery(Search.Cursor next) {
            StringBuilder q = new StringBuilder();
            for (Map.Entry<String, String> e : given.entrySet()) {
                q.append(q.length() == 0 ? "?" : "&").append(e.getKey()).append('=').append(encode(e.getValue()));
            }
            return q.append(q.length() == 0 ? "?" : "&").append("cursor=").append(next.encode()).toString();
        }
    }

    private Paging() {
    }

    /** For {@code /api/groups} and the groups page: a status must be a group status. */
    static Request groups(Context ctx, int defaultLimit) {
        Request r = parse(ctx, defaultLimit, false);
        r.filter().status().ifPresent(s -> {
            if (!Triage.STATUSES.contains(s)) {
                throw new ApiError(400, "status must be one of " + String.join(", ", Triage.STATUSES));
            }
        });
        return r;
    }

    /** For {@code /api/reports}: a status is a report's (pending, symbolicated, partial, failed). */
    static Request reports(Context ctx, int defaultLimit) {
        Request r = parse(ctx, defaultLimit, true);
        r.filter().status().ifPresent(s -> {
            if (!java.util.List.of("pending", "symbolicated", "partial", "failed").contains(s)) {
                throw new ApiError(400, "status must be one of pending, symbolicated, partial, failed");
            }
        });
        return r;
    }

    private static Request parse(Context ctx, int defaultLimit, boolean reports) {
        if (ctx.queryParam("offset") != null) {
            throw new ApiError(400, "offset is replaced by cursor (the next_cursor of the previous page)");
        }
        Map<String, String> given = new LinkedHashMap<>();
        for (String name : FILTERS) {
            if (!reports && name.equals("group")) {
                continue;
            }
            String v = ctx.queryParam(name);
            if (v != null && !v.isBlank()) {
                if (v.length() > Search.MAX_QUERY) {
                    throw new ApiError(400, name + " longer than " + Search.MAX_QUERY + " characters");
                }
                given.put(name, v.strip());
            }
        }
        OptionalLong since = given.containsKey("since") ? OptionalLong.of(Params.time(given.get("since"), "since"))
                : OptionalLong.empty();
        OptionalLong until = given.containsKey("until") ? OptionalLong.of(Params.time(given.get("until"), "until"))
                : OptionalLong.empty();
        Search.Filter f = new Search.Filter(opt(given, "status"), opt(given, "version"), opt(given, "os"),
                opt(given, "device"), opt(given, "exception"), since, until, opt(given, "q"), opt(given, "project"),
                opt(given, "group"));
        int limit = Params.intParam(ctx.queryParam("limit"), defaultLimit, 1, 1000, "limit");
        Optional<Search.Cursor> cursor = Optional.empty();
        String c = ctx.queryParam("cursor");
        if (c != null && !c.isBlank()) {
            cursor = Search.Cursor.decode(c);
            if (cursor.isEmpty()) {
                throw new ApiError(400, "cursor is not one this server gave (use next_cursor as it came)");
            }
        }
        if (ctx.queryParam("limit") != null && !ctx.queryParam("limit").isBlank()) {
            given.put("limit", String.valueOf(limit));
        }
        return new Request(f, limit, cursor, given);
    }

    private static Optional<String> opt(Map<String, String> given, String name) {
        return Optional.ofNullable(given.get(name));
    }

    static String encode(String v) {
        return URLEncoder.encode(v, StandardCharsets.UTF_8);
    }
}
