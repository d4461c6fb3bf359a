package dev.crashkit.symbolicate.sources;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.core.CrashkitException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Symbol servers from a JSON file, so tokens need not be on the command line (where other users
 * can see them in the process list):
 *
 * <pre>{@code
 * {"servers": [
 *   {"layout": "unified", "url": "https://symbols.example.com/",
 *    "headers": {"Authorization": "Bearer ${env:SYMBOLS_TOKEN}"}},
 *   {"layout": "debuginfod", "url": "https://debuginfod.elfutils.org/"}]}
 * }</pre>
 *
 * {@code ${env:NAME}} in a header value is replaced by that environment variable; a missing one
 * is an error that names the variable, never a value.
 */
public final class SourceConfigFile {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern ENV = Pattern.compile("\\$\\{env:([A-Za-z_][A-Za-z0-9_]*)}");

    private SourceConfigFile() {
    }

    /** The servers listed in {@code file}, in order. */
    public static List<SymbolServer> read(Path file, Map<String, String> environment) throws CrashkitException {
        JsonNode root;
        try {
            root = JSON.readTree(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            throw new CrashkitException(file + ": no such file");
        } catch (JsonProcessingException e) {
            throw new CrashkitException(file + ": not valid JSON (line " + e.getLocation().getLineNr() + ")");
        } catch (IOException e) {
            throw new CrashkitException(file + ": cannot read: " + e.getMessage(), e);
        }
        if (root == null || !root.path("servers").isArray()) {
            throw new CrashkitException(file + ": expected {\"servers\": [...]}");
        }
        List<SymbolServer> out = new ArrayList<>();
        int i = 0;
        for (JsonNode s : root.get("servers")) {
            String where = file + ": servers[" + i++ + "]";
            if (!s.path("layout").isTextual() || !s.path("url").isTextual()) {
                throw new CrashkitException(where + ": needs \"layout\" and \"url\" strings");
            }
            SymbolServer server;
            try {
                server = SymbolServer.parse(s.get("layout").asText() + "=" + s.get("url").asText());
                JsonNode headers = s.path("headers");
                if (!headers.isMissingNode() && !headers.isObject()) {
                    throw new CrashkitException(where + ": \"headers\" must be an object");
                }
                for (Iterator<Map.Entry<String, JsonNode>> it = headers.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> h = it.next();
                    if (!h.getValue().isTextual()) {
                        throw new CrashkitException(where + ": header " + h.getKey() + " must be a string");
                    }
                    server = server.withHeader(new SymbolServer.Header(h.getKey(),
                            expand(h.getValue().asText(), environment, where + ": header " + h.getKey())));
                }
            } catch (IllegalArgumentException e) {
                throw new CrashkitException(where + ": " + e.getMessage());
            }
            out.add(server);
        }
        return out;
    }

    private static String expand(String value, Map<String, String> environment, String where)
            throws CrashkitException {
        Matcher m = ENV.matcher(value);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            String v = environment.get(m.group(1));
            if (v == null) {
                throw new CrashkitException(where + ": environment variable " + m.group(1) + " is not set");
            }
            m.appendReplacement(b, Matcher.quoteReplacement(v));
        }
        m.appendTail(b);
        return b.toString();
    }
}
