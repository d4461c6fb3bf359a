package dev.crashkit.symbolicate.sources;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One place to ask for debug files: a layout, a base URL ({@code http://}, {@code https://} or
 * {@code file://}) and optional request headers (an {@code Authorization} token). Headers never
 * appear in {@link #toString()} or any message: only {@link #describe()} is printed, which also
 * hides passwords in the URL and its query string (pre-signed URLs carry tokens there).
 */
public record SymbolServer(Layout layout, URI base, List<Header> headers) {

    /** One request header. {@link #toString()} hides the value. */
    public record Header(String name, String value) {
        public Header {
            if (!name.matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+")) {
                throw new IllegalArgumentException("bad header name \"" + name + "\"");
            }
            if (value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0) {
                throw new IllegalArgumentException("header " + name + ": value spans lines");
            }
        }

        /** Parses {@code Name: value}. */
        public static Header parse(String text) {
            int colon = text.indexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException("header must be 'Name: value'");
            }
            return new Header(text.substring(0, colon).trim(), text.substring(colon + 1).trim());
        }

        @Override
        public String toString() {
            return name + ": <redacted>";
        }
    }

    public SymbolServer {
        headers = List.copyOf(headers);
        String scheme = base.getScheme() == null ? "" : base.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") && !scheme.equals("file")) {
            throw new IllegalArgumentException("symbol server URL must be http://, https:// or file://, not \""
                    + redact(base) + "\"");
        }
        if (!scheme.equals("file") && (base.getHost() == null || base.getHost().isEmpty())) {
            throw new IllegalArgumentException("symbol server URL has no host: \"" + redact(base) + "\"");
        }
        base = withTrailingSlash(base);
    }

    /** Parses {@code LAYOUT=URL} as given to {@code --symbol-server}. */
    public static SymbolServer parse(String spec) {
        int eq = spec.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException("expected LAYOUT=URL (layouts: " + layoutNames() + "), got \""
                    + spec.replaceAll("//[^/@]*@", "//***@") + "\"");
        }
        String name = spec.substring(0, eq).trim();
        Layout layout = Layout.named(name).orElseThrow(() ->
                new IllegalArgumentException("unknown symbol server layout \"" + name + "\" (layouts: " + layoutNames() + ")"));
        return new SymbolServer(layout, uri(spec.substring(eq + 1).trim()), List.of());
    }

    /**
     * The servers in a {@code DEBUGINFOD_URLS} value: URLs separated by white space, as every
     * debuginfod client reads them. Blank or absent gives none.
     */
    public static List<SymbolServer> fromDebuginfodUrls(String value) {
        List<SymbolServer> out = new ArrayList<>();
        if (value == null) {
            return out;
        }
        for (String url : value.trim().split("\\s+")) {
            if (!url.isEmpty()) {
                out.add(new SymbolServer(Layout.DEBUGINFOD, uri(url), List.of()));
            }
        }
        return out;
    }

    /** The servers named by {@code DEBUGINFOD_URLS} in {@code environment}. */
    public static List<SymbolServer> fromEnvironment(Map<String, String> environment) {
        return fromDebuginfodUrls(environment.get("DEBUGINFOD_URLS"));
    }

    /** The same server with one more header. */
    public SymbolServer withHeader(Header header) {
        List<Header> h = new ArrayList<>(headers);
        h.add(header);
        return new SymbolServer(layout, base, h);
    }

    /** True for {@code file://} servers (no network, so allowed {@code --offline}). */
    public boolean isLocal() {
        return base.getScheme().equalsIgnoreCase("file");
    }

    /** {@code layout=url}, the key {@code --symbol-server-header} matches on (headers not included). */
    public String key() {
        return layout.flagName() + "=" + base;
    }

    /** For messages: layout and URL with any password and query string hidden. */
    public String describe() {
        return layout.flagName() + "=" + redact(base);
    }

    @Override
    public String toString() {
        return describe();
    }

    /** The URL with user-info and query hidden, safe to print. */
    static String redact(URI uri) {
        StringBuilder b = new StringBuilder();
        if (uri.getScheme() != null) {
            b.append(uri.getScheme()).append(':');
        }
        if (uri.getRawAuthority() != null) {
            b.append("//");
            if (uri.getRawUserInfo() != null) {
                b.append("***@");
            }
            b.append(uri.getHost() == null ? "" : uri.getHost());
            if (uri.getPort() >= 0) {
                b.append(':').append(uri.getPort());
            }
        } else if (uri.getScheme() != null && uri.getScheme().equalsIgnoreCase("file")) {
            b.append("//");
        }
        b.append(uri.getRawPath() == null ? "" : uri.getRawPath());
        if (uri.getRawQuery() != null) {
            b.append("?***");
        }
        return b.toString();
    }

    private static URI uri(String text) {
        try {
            return new URI(text);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("bad symbol server URL: " + e.getReason());
        }
    }

    private static URI withTrailingSlash(URI u) {
        String path = u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath();
        if (!path.endsWith("/")) {
            path += "/";
        }
        // Rebuilt from the raw parts so percent-escapes survive; a fragment means nothing here.
        String authority = u.getRawAuthority() == null ? "" : "//" + u.getRawAuthority();
        String query = u.getRawQuery() == null ? "" : "?" + u.getRawQuery();
        return uri(u.getScheme() + ":" + authority + path + query);
    }

    /**
     * The URL of {@code relative} below the base. A query string on the base (a storage
     * signature that covers a whole bucket) is carried over to every file.
     */
    public URI resolve(String relative) {
        URI noQuery = uri(base.getScheme() + ":" + (base.getRawAuthority() == null ? "" : "//" + base.getRawAuthority())
                + base.getRawPath());
        URI r = noQuery.resolve(relative);
        return base.getRawQuery() == null ? r : uri(r + "?" + base.getRawQuery());
    }

    private static String layoutNames() {
        StringBuilder b = new StringBuilder();
        for (Layout l : Layout.values()) {
            b.append(b.length() == 0 ? "" : ", ").append(l.flagName());
        }
        return b.toString();
    }
}
