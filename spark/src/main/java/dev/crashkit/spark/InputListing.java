package dev.crashkit.spark;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

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

    /**
     * Lists with {@code listStatus}, folder by folder: {@code listFiles} builds a
     * {@code LocatedFileStatus} per file, which on the local file system without Hadoop's native
     * library forks {@code ls} for each file's permissions (100,000 reports: minutes of forks).
     */
    private static void listFolder(FileSystem fs, Path folder, TreeSet<String> files) throws IOException {
        ArrayDeque<Listed> folders = new ArrayDeque<>(List.of(new Listed(folder, Place.of(Place.OUTSIDE, folder))));
        while (!folders.isEmpty()) {
            Listed here = folders.pop();
            for (FileStatus f : fs.listStatus(here.folder())) {
                String name = f.getPath().getName();
                if (name.startsWith(".") || name.startsWith("_")) {
                    continue;
                }
                if (f.isDirectory()) {
                    Place inner = Place.of(here.place(), f.getPath());
                    if (inner != Place.SKIPPED) {
                        folders.push(new Listed(f.getPath(), inner));
                    }
                } else if (here.place() == Place.OUTSIDE || here.place() == Place.LOGS) {
                    files.add(f.getPath().toString());
                }
            }
        }
    }

    private record Listed(Path folder, Place place) {
    }

    /**
     * Where a folder lies with respect to an Xcode crash point ({@code NAME.xccrashpoint}): only the logs
     * under its {@code Filters/<filter>/Logs/} are reports, as the command line and batch read it (its
     * {@code PointInfo.json} and {@code DistributionInfo.json} are not). Told by the folder's name here,
     * one listing per folder as before.
     */
    enum Place {
        OUTSIDE, BUNDLE, FILTERS, FILTER, LOGS, SKIPPED;

        static Place of(Place parent, Path folder) {
            String name = folder.getName();
            return switch (parent) {
                case OUTSIDE -> name.toLowerCase(java.util.Locale.ROOT).endsWith(".xccrashpoint") ? BUNDLE : OUTSIDE;
                case BUNDLE -> name.equals("Filters") ? FILTERS : SKIPPED;
                case FILTERS -> FILTER;
                case FILTER -> name.equals("Logs") ? LOGS : FILTER;
                case LOGS -> LOGS;
                case SKIPPED -> SKIPPED;
            };
        }
    }

    /** An input argument that matches nothing or cannot be listed. */
    static final class InputException extends Exception {
        InputException(String message) {
            super(message);
        }
    }
}
