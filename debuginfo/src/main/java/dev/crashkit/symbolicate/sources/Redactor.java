package dev.crashkit.symbolicate.sources;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Removes secrets from any text about to be printed: header values, passwords in URLs and query
 * strings of every configured server. Messages are built without them in the first place; this
 * catches what a library exception might echo back.
 */
final class Redactor {
    private final List<String> secrets = new ArrayList<>();

    Redactor(List<SymbolServer> servers) {
        for (SymbolServer s : servers) {
            for (SymbolServer.Header h : s.headers()) {
                add(h.value());
                // "Bearer abc": the token alone may be echoed too.
                int space = h.value().indexOf(' ');
                if (space > 0) {
                    add(h.value().substring(space + 1).trim());
                }
            }
            add(s.base().getRawUserInfo());
            add(s.base().getRawQuery());
        }
        secrets.sort(Comparator.comparingInt(String::length).reversed());
    }

    private void add(String secret) {
        // Very short values ("a") would blank out ordinary words: only redact what could be a secret.
        if (secret != null && secret.length() >= 4) {
            secrets.add(secret);
        }
    }

    String scrub(String text) {
        if (text == null) {
            return "";
        }
        String out = text;
        for (String s : secrets) {
            out = out.replace(s, "<redacted>");
        }
        return out;
    }
}
