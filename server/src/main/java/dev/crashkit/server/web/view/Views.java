package dev.crashkit.server.web.view;

import java.util.List;
import java.util.Optional;

/** Page models handed to the JTE templates (public records: the generated template classes read them). */
public final class Views {
    private Views() {
    }

    /** A bar of a per-day chart: {@code height} in pixels out of {@link #CHART_HEIGHT}. */
    public record Bar(int x, int height, String label) {
        public int y() {
            return CHART_HEIGHT - height;
        }
    }

    /** Chart height in pixels. */
    public static final int CHART_HEIGHT = 24;

    /** A crash group as listed; {@code users} the distinct installs/users among its reports that name one. */
    public record GroupRow(String id, String title, long count, String firstSeen, String lastSeen,
                           List<String> versions, List<Bar> bars, String status, long users) {
    }

    /**
     * A list's filters as given ("" when not), the choices offered for some, and where the form goes.
     *
     * @param statuses the status choices ("" first: any)
     */
    public record Filters(String action, String status, String version, String os, String device, String exception,
                          String q, String since, String until, List<String> statuses, List<String> versions,
                          List<String> oses, List<String> devices) {
    }

    /** @param next the query string of the next page, when there is one */
    public record GroupsPage(List<GroupRow> groups, long queue, Filters filters, Optional<String> next) {
    }

    public record ReportRow(String id, String status, String format, String receivedAt, String version, String os,
                            String device, String crashTime) {
    }

    /** A bar of the per-version chart: {@code percent} of the widest; {@code encoded} the version for a URL. */
    public record VersionBar(String version, String encoded, long reports, int percent) {
    }

    /** An activity entry as shown. */
    public record ActivityRow(String at, String kind, String text, Optional<String> reportId) {
    }

    public record GroupPage(GroupRow group, String exception, List<String> frames, List<ReportRow> reports,
                            List<Bar> bars, Optional<String> resolvedInVersion, List<VersionBar> versions,
                            List<ActivityRow> activity, Optional<String> next, Optional<String> error) {
    }

    public record ReportsPage(List<ReportRow> reports, Filters filters, Optional<String> next) {
    }

    /** One printed frame; {@code app} frames are highlighted. */
    public record FrameLine(String text, boolean app, Optional<String> location) {
    }

    /** One thread; {@code note} says what of it is not shown (frames past the page's or the server's limit). */
    public record ThreadView(String title, boolean crashed, List<FrameLine> frames, Optional<String> note) {
    }

    /**
     * A missing debug file.
     *
     * @param how for a system image's, where to get it (empty: the app's, to upload from its build)
     */
    public record MissingRow(String debugId, String image, String arch, long reports, long frames,
                             Optional<String> how) {
    }

    /** A report; {@code missing} the app's images it waits for, {@code missingSystem} system images without symbols. */
    public record ReportPage(ReportRow report, Optional<String> groupId, Optional<String> groupTitle,
                             Optional<String> error, Optional<String> javaException, List<MissingRow> missing,
                             List<MissingRow> missingSystem, List<ThreadView> threads) {
    }

    /** The missing debug files: the app's ({@code missing}) and, apart, the system's ({@code system}). */
    public record MissingPage(List<MissingRow> missing, List<MissingRow> system, Optional<String> message,
                              Optional<String> error) {
    }

    public record LoginPage(boolean failed) {
    }
}
