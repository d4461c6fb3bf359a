package dev.crashkit.spark;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * Expands {@code --input} arguments on the driver through Hadoop's file systems (local paths,
 * {@code file:}, {@code hdfs:}, {@code s3a:} …): a glob is expanded, a folder is listed
 * recursively, a file is taken as it is. Names starting with {@code .} or {@code _} inside folders
 * ({@code .DS_Store}, {@code _SUCCESS}, checksum files) are skipped, as Spark's own readers do;
 * a file named explicitly is always taken. The list is sorted and free of repeats.
 */
final class InputListing {

    private InputListing() {
    }

    /**
     * @throws InputException an argument matches nothing, or only folders without files (the message names it)
     */
    static List<String> expand(List<String> inputs, Configuration conf) throws InputException {
        TreeSet<String> files = new TreeSet<>();
        for (String arg : inputs) {
            Path pattern = new Path(arg);
            FileStatus[] matches;
            try {
                FileSystem fs = pattern.getFileSystem(conf);
                matches = fs.globStatus(pattern);
                if (matches == null || matches.length == 0) {
                    throw new InputException(arg + ": no such file or folder");
                }
                int before = files.size();
                for (FileStatus m : matches) {
                    if (m.isDirectory()) {
                        listFolder(fs, m.getPath(), files);
                    } else {
                        files.add(m.getPath().toString());
                    }
                }
                if (files.size() == before && Arrays.stream(matches).allMatch(FileStatus::isDirectory)) {
                    throw new InputException(arg + ": no report files in this folder");
                }
            } catch (IOException e) {
                throw new InputException(arg + ": cannot list: " + e.getMessage());
            }
        }
        return new ArrayList<>(files);
    }

    private static void listFolder(FileSystem fs, Path folder, TreeSet<String> files) throws IOException {
        RemoteIterator<LocatedFileStatus> it = fs.listFiles(folder, true);
        while (it.hasNext()) {
            LocatedFileStatus f = it.next();
            if (!hidden(folder, f.getPath())) {
                files.add(f.getPath().toString());
            }
        }
    }

    /** True when any path part below {@code root} starts with "." or "_". */
    private static boolean hidden(Path root, Path file) {
        for (Path p = file; p != null && !p.equals(root) && p.depth() > root.depth(); p = p.getParent()) {
            String name = p.getName();
            if (name.startsWith(".") || name.startsWith("_")) {
                return true;
            }
        }
        return false;
    }

    /** An input argument that matches nothing or cannot be listed. */
    static final class InputException extends Exception {
        InputException(String message) {
            super(message);
        }
    }
}
