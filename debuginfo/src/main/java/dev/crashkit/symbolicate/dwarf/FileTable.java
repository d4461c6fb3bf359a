package dev.crashkit.symbolicate.dwarf;

import java.util.Optional;

/**
 * Directory and file entries of a line-program header, turned into full paths the way
 * llvm-symbolizer prints them (absolute file name as is; otherwise compilation directory, include
 * directory and file name joined, with DWARF 5's directory 0 standing for the compilation dir).
 */
final class FileTable {
    private final int version;
    private final String[] dirs;
    private final String[] names;
    private final long[] dirIndexes;
    private final String compDir;
    private final String[] resolved;

    FileTable(int version, String[] dirs, String[] names, long[] dirIndexes, String compDir) {
        this.version = version;
        this.dirs = dirs;
        this.names = names;
        this.dirIndexes = dirIndexes;
        this.compDir = compDir;
        this.resolved = new String[names.length];
    }

    /** The full path of a file index (1-based before DWARF 5, 0-based from 5 on). */
    Optional<String> path(long index) {
        // Bounded before the cast: (int) of an index of 2^32 + k (decl_file, DW_LNS_set_file) would be k.
        if (index < 0 || index > names.length) {
            return Optional.empty();
        }
        int i = version >= 5 ? (int) index : (int) index - 1;
        if (i < 0 || i >= names.length) {
            return Optional.empty();
        }
        if (resolved[i] == null) {
            resolved[i] = resolve(i);
        }
        return Optional.of(resolved[i]);
    }

    /**
     * A file index as Breakpad's {@code DwarfLineToModule} resolves it: as {@link #path}, except that before
     * DWARF 5 index 0 is defined too, as an empty name in the compilation directory ({@code "DIR/"}).
     */
    Optional<String> breakpadPath(long index) {
        if (version >= 5 || index != 0) {
            return path(index);
        }
        return Optional.of(compDir.isEmpty() || compDir.endsWith("/") ? compDir : compDir + "/");
    }

    private String resolve(int i) {
        String name = names[i];
        if (name.startsWith("/")) {
            return name;
        }
        long dirIndex = dirIndexes[i];
        String includeDir = "";
        if (version >= 5) {
            if (dirIndex >= 0 && dirIndex < dirs.length) {
                includeDir = dirs[(int) dirIndex];
            }
        } else if (dirIndex > 0 && dirIndex <= dirs.length) {
            includeDir = dirs[(int) dirIndex - 1];
        }
        StringBuilder path = new StringBuilder();
        if ((version < 5 || dirIndex != 0) && !compDir.isEmpty() && !includeDir.startsWith("/")) {
            append(path, compDir);
        }
        append(path, includeDir);
        append(path, name);
        return path.toString();
    }

    /** Joins like llvm::sys::path::append (POSIX style). */
    private static void append(StringBuilder path, String component) {
        if (component.isEmpty()) {
            return;
        }
        if (path.length() > 0 && path.charAt(path.length() - 1) == '/') {
            int k = 0;
            while (k < component.length() && component.charAt(k) == '/') {
                k++;
            }
            path.append(component, k, component.length());
            return;
        }
        if (path.length() > 0 && component.charAt(0) != '/') {
            path.append('/');
        }
        path.append(component);
    }
}
