package dev.crashkit.spark;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reads one input file on an executor: a report file becomes one record; a JSON-lines export
 * (its first line is an export record, see {@link ExportLine}) becomes one record per non-blank
 * line, streamed, so an export of any size is read in bounded memory. Nothing here throws for
 * bad input: an unreadable file, an oversized report or a broken line is a failed record.
 */
final class InputReader {

    private InputReader() {
    }

    static Iterator<InputRecord> read(String file, Configuration conf) {
        long max = Symbolicator.MAX_REPORT_BYTES;
        InputStream in;
        try {
            in = open(new Path(file), conf);
        } catch (IOException | IllegalArgumentException e) {
            return List.of(InputRecord.failed(file, file, file + ": cannot open: " + e.getMessage())).iterator();
        }
        try {
            Head head = Head.read(in, max);
            byte[] line = head.firstLine();
            if (line != null && ExportLine.isExportRecord(line)) {
                InputStream rest = new SequenceInputStream(new ByteArrayInputStream(head.afterFirstLine()), in);
                return new ExportRecords(file, new BufferedInputStream(rest, 1 << 16), line, max);
            }
            // A report: what the first-line search read, then the rest.
            byte[] data = head.bytes();
            if (!head.ended() && data.length <= max) {
                byte[] more = in.readNBytes((int) (max + 1 - data.length));
                byte[] all = Arrays.copyOf(data, data.length + more.length);
                System.arraycopy(more, 0, all, data.length, more.length);
                data = all;
            }
            in.close();
            if (data.length > max) {
                return List.of(InputRecord.failed(file, file, file + ": report too large (over " + max + " bytes)"))
                        .iterator();
            }
            return List.of(InputRecord.of(file, file, data)).iterator();
        } catch (IOException e) {
            closeQuietly(in);
            return List.of(InputRecord.failed(file, file, file + ": cannot read: " + e.getMessage())).iterator();
        }
    }

    /**
     * Local files through {@code java.nio} (Hadoop's local file system stats each file, looks for a
     * {@code .crc} beside it and allocates a buffer of {@code io.file.buffer.size}, 64 KiB under Spark,
     * per report: most of this reader's time at 20,000 reports); other schemes through Hadoop.
     */
    private static InputStream open(Path p, Configuration conf) throws IOException {
        String scheme = p.toUri().getScheme();
        if (scheme == null || scheme.equals("file")) {
            return Files.newInputStream(java.nio.file.Path.of(p.toUri().getPath()));
        }
        FileSystem fs = p.getFileSystem(conf);
        return fs.open(p);
    }

    /**
     * The start of a file up to the end of its first line (or the whole file, when it has one line, or
     * {@code max + 1} bytes, when the line is longer), read in blocks.
     *
     * @param bytes        everything read, possibly past the first line's end
     * @param lineEnd      index of the first {@code '\n'} in {@code bytes}, or -1
     * @param ended        true when the file ended within {@code bytes}
     * @param max          the most bytes a report (and so an export's line) may have
     */
    record Head(byte[] bytes, int lineEnd, boolean ended, long max) {
        static Head read(InputStream in, long max) throws IOException {
            byte[] buf = new byte[8192];
            int n = 0;
            while (true) {
                if (n == buf.length) {
                    if (n > max) {
                        return new Head(Arrays.copyOf(buf, n), -1, false, max);
                    }
                    buf = Arrays.copyOf(buf, (int) Math.min((long) n * 2, max + 1 + 8192));
                }
                int got = in.read(buf, n, buf.length - n);
                if (got < 0) {
                    return new Head(Arrays.copyOf(buf, n), -1, true, max);
                }
                for (int i = n; i < n + got; i++) {
                    if (buf[i] == '\n') {
                        return new Head(Arrays.copyOf(buf, n + got), i, false, max);
                    }
                }
                n += got;
            }
        }

        /** The first line without its terminator ({@code \r\n} too); null for an empty file or a line over the limit. */
        byte[] firstLine() {
            if (bytes.length == 0) {
                return null;
            }
            int end = lineEnd >= 0 ? lineEnd : bytes.length;
            if ((lineEnd < 0 && !ended) || end > max) {
                return null; // longer than a report may be: not read whole
            }
            if (end > 0 && bytes[end - 1] == '\r') {
                end--;
            }
            return Arrays.copyOf(bytes, end);
        }

        /** What was read past the first line's {@code '\n'}. */
        byte[] afterFirstLine() {
            return lineEnd < 0 ? new byte[0] : Arrays.copyOfRange(bytes, lineEnd + 1, bytes.length);
        }
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException e) {
            // already failed; the record says why
        }
    }

    /** A line without its terminator; null bytes at the end of input, {@code tooLong} when it exceeded the limit. */
    record Line(byte[] bytes, boolean tooLong) {
        static Line read(InputStream in, long max) throws IOException {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int b;
            boolean any = false;
            boolean tooLong = false;
            while ((b = in.read()) >= 0) {
                any = true;
                if (b == '\n') {
                    break;
                }
                if (out.size() < max) {
                    out.write(b);
                } else {
                    tooLong = true; // keep reading to the end of the line, dropping the bytes
                }
            }
            if (!any) {
                return new Line(null, false);
            }
            byte[] bytes = out.toByteArray();
            int n = bytes.length;
            if (n > 0 && bytes[n - 1] == '\r') {
                bytes = java.util.Arrays.copyOf(bytes, n - 1);
            }
            return new Line(bytes, tooLong);
        }

        boolean blank() {
            for (byte x : bytes) {
                if (x != ' ' && x != '\t') {
                    return false;
                }
            }
            return true;
        }
    }

    /** The records of an export, read line by line as Spark asks for them; closes the file at the end. */
    private static final class ExportRecords implements Iterator<InputRecord> {
        private final String file;
        private final InputStream in;
        private final long max;
        private long lineNumber = 1;
        private InputRecord next;
        private boolean done;

        ExportRecords(String file, InputStream in, byte[] firstLine, long max) {
            this.file = file;
            this.in = in;
            this.max = max;
            this.next = ExportLine.parse(file, 1, firstLine);
        }

        @Override
        public boolean hasNext() {
            while (next == null && !done) {
                advance();
            }
            return next != null;
        }

        @Override
        public InputRecord next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            InputRecord r = next;
            next = null;
            return r;
        }

        private void advance() {
            try {
                Line line = Line.read(in, max);
                if (line.bytes() == null) {
                    finish();
                    return;
                }
                lineNumber++;
                String source = file + ":" + lineNumber;
                if (line.tooLong()) {
                    next = InputRecord.failed(source, source, source + ": report too large (over " + max + " bytes)");
                } else if (!line.blank()) {
                    next = ExportLine.parse(file, lineNumber, line.bytes());
                }
            } catch (IOException e) {
                String source = file + ":" + (lineNumber + 1);
                next = InputRecord.failed(source, source, source + ": cannot read: " + e.getMessage());
                finish();
            }
        }

        private void finish() {
            done = true;
            closeQuietly(in);
        }
    }
}
