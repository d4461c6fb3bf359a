package dev.crashkit.symbolicate.symcache;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * What a symbol cache file was built from: the image identity and every input file with its
 * size and modification time, in the order the loader considered them. A cache answers only for
 * exactly this key, so a changed, added or removed input makes it stale. The file name is a
 * readable stem plus a hash of the key.
 *
 * <p>Some inputs are only known once the module is loaded (an ELF debug file found through
 * {@code .gnu_debuglink}): they are {@link #withExtraFile extra} lines after the key proper. The
 * file name hashes the key proper; the whole is stored in the cache, and a cache matches when its
 * key proper is the same bytes and every extra file is unchanged now.
 */
public final class SymCacheKey {
    private static final String EXTRA = "extra=";
    private final String stem;
    private final byte[] bytes;
    private final byte[] extras;

    private SymCacheKey(String stem, byte[] bytes, byte[] extras) {
        this.stem = stem;
        this.bytes = bytes;
        this.extras = extras;
    }

    /** Starts a key whose file name begins with {@code stem} (an identity; unsafe characters replaced). */
    public static Builder builder(String stem) {
        return new Builder(stem);
    }

    /** Builds a key line by line. */
    public static final class Builder {
        private final String stem;
        private final StringBuilder text = new StringBuilder("crashkit-symcache-key/1\n");

        private Builder(String stem) {
            this.stem = safeStem(stem);
        }

        /** A named value (tabs and newlines in it are escaped, so lines cannot run together). */
        public Builder field(String name, String value) {
            text.append(name).append('=').append(escape(value)).append('\n');
            return this;
        }

        /** A file the cache depends on: its real path (links resolved), size and modification time (ns). */
        public Builder file(String name, Path file) throws IOException {
            text.append(name).append('=').append(fileLine(file)).append('\n');
            return this;
        }

        public SymCacheKey build() {
            return new SymCacheKey(stem, text.toString().getBytes(StandardCharsets.UTF_8), new byte[0]);
        }
    }

    /**
     * {@code stem} with each code point other than {@code [A-Za-z0-9._-]} replaced by {@code _}, as
     * {@code replaceAll("[^A-Za-z0-9._-]", "_")} does, without compiling a regular expression (its
     * character classes link lambdas; this runs on the path of every run that opens a cache).
     */
    static String safeStem(String stem) {
        StringBuilder b = new StringBuilder(stem.length());
        for (int i = 0; i < stem.length(); ) {
            int c = stem.codePointAt(i);
            boolean safe = c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
                    || c == '.' || c == '_' || c == '-';
            b.append(safe ? (char) c : '_');
            i += Character.charCount(c);
        }
        return b.toString();
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n");
    }

    private static String unescape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                b.append(n == 'n' ? '\n' : n == 't' ? '\t' : n);
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static String fileLine(Path file) throws IOException {
        // The real path: one file reached through a link (a linked dSYM folder, a symlinked
        // debug-file tree) is one cache, not one per way of naming it.
        Path real = file.toRealPath();
        BasicFileAttributes a = Files.readAttributes(real, BasicFileAttributes.class);
        return escape(real.toString()) + "\t" + a.size() + "\t"
                + a.lastModifiedTime().to(TimeUnit.NANOSECONDS);
    }

    /** This key plus a file learnt while loading (its path, size and modification time now). */
    public SymCacheKey withExtraFile(Path file) throws IOException {
        byte[] line = (EXTRA + fileLine(file) + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] more = Arrays.copyOf(extras, extras.length + line.length);
        System.arraycopy(line, 0, more, extras.length, line.length);
        return new SymCacheKey(stem, bytes, more);
    }

    /** The cache file's name: stem, 64-bit FNV-1a of the key, {@code .symc}. */
    String fileName() {
        long h = 0xcbf29ce484222325L;
        for (byte b : bytes) {
            h = (h ^ (b & 0xff)) * 0x100000001b3L;
        }
        String s = stem.length() > 80 ? stem.substring(0, 80) : stem;
        // Sixteen hex digits, as String.format("%016x") wrote them, without a Formatter.
        String hex = Long.toHexString(h);
        return s + "-" + "0000000000000000".substring(hex.length()) + hex + ".symc";
    }

    /** What is stored: the key proper, then the extra lines. */
    byte[] bytes() {
        byte[] all = Arrays.copyOf(bytes, bytes.length + extras.length);
        System.arraycopy(extras, 0, all, bytes.length, extras.length);
        return all;
    }

    /** Whether a stored key is this key proper followed by extra files that are all unchanged. */
    boolean matches(byte[] stored) {
        if (stored.length < bytes.length || !Arrays.equals(bytes, 0, bytes.length, stored, 0, bytes.length)) {
            return false;
        }
        String rest = new String(stored, bytes.length, stored.length - bytes.length, StandardCharsets.UTF_8);
        if (rest.isEmpty()) {
            return true;
        }
        if (!rest.endsWith("\n")) {
            return false;
        }
        for (String line : rest.substring(0, rest.length() - 1).split("\n", -1)) {
            int tab = line.indexOf('\t');
            if (!line.startsWith(EXTRA) || tab < 0) {
                return false;
            }
            String path = unescape(line.substring(EXTRA.length(), tab));
            try {
                if (!line.substring(EXTRA.length()).equals(fileLine(Path.of(path)))) {
                    return false;
                }
            } catch (IOException | RuntimeException e) {
                return false; // gone, unreadable or not a path here: stale
            }
        }
        return true;
    }

    /**
     * A file a stored key names, as it was when the cache was built.
     *
     * @param file       its real path
     * @param size       its size in bytes
     * @param mtimeNanos its modification time, nanoseconds since the epoch
     * @param member     the archive member the debug-file entry before it named, when it was one
     */
    public record Input(Path file, long size, long mtimeNanos, Optional<String> member) {
    }

    /**
     * The files a stored key names ({@link Builder#file} and {@link #withExtraFile} lines); a
     * {@code file} line after an {@code entry} line of a member (see {@code SymbolCaching.key}) carries
     * that member's name. Lines that name no file here are skipped.
     */
    static List<Input> inputs(byte[] stored) {
        List<Input> out = new ArrayList<>();
        Optional<String> member = Optional.empty();
        for (String line : new String(stored, StandardCharsets.UTF_8).split("\n")) {
            if (line.startsWith("entry=")) {
                String[] fields = unescape(line.substring("entry=".length())).split("\t", -1);
                member = fields.length == 5 && !fields[4].equals("-") ? Optional.of(fields[4]) : Optional.empty();
                continue;
            }
            boolean file = line.startsWith("file=");
            if (!file && !line.startsWith(EXTRA)) {
                continue;
            }
            String[] fields = line.substring(line.indexOf('=') + 1).split("\t", -1);
            try {
                if (fields.length == 3) {
                    out.add(new Input(Path.of(unescape(fields[0])), Long.parseLong(fields[1]), Long.parseLong(fields[2]),
                            file ? member : Optional.empty()));
                }
            } catch (java.nio.file.InvalidPathException | NumberFormatException e) {
                // names no file here
            }
            member = Optional.empty();
        }
        return out;
    }

    @Override
    public String toString() {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
