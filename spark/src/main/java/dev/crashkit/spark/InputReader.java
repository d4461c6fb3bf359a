package dev.crashkit.spark;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
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
        BufferedInputStream in;
        try {
            Path p = new Path(file);
            FileSystem fs = p.getFileSystem(conf);
            in = new BufferedInputStream(fs.open(p), 1 << 16);
        } catch (IOException e) {
            return List.of(InputRecord.failed(file, file, file + ": cannot open: " + e.getMessage())).iterator();
        }
        try {
            in.mark((int) max + 1);
            Line first = Line.read(in, max);
            if (first.bytes() != null && ExportLine.isExportRecord(first.bytes())) {
                return new ExportRecords(file, in, first.bytes(), max);
            }
            in.reset();
            byte[] data = in.readNBytes((int) max + 1);
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
