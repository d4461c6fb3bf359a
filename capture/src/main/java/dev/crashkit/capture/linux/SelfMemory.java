package dev.crashkit.capture.linux;

import com.sun.jna.Pointer;
import dev.crashkit.symbolicate.unwind.Memory;
import java.util.List;

/**
 * This process's memory: bytes inside the readable segments of loaded images (code, CFI) are
 * read directly, which costs far less than a system call; everything else (stacks) goes through
 * {@code process_vm_readv} so that a bad address cannot fault. Direct reads assume no image is
 * unloaded during the snapshot (the JVM never unloads its libraries; JNI code rarely does).
 */
public final class SelfMemory implements Memory {
    private final ProcessMemory slow = ProcessMemory.self();
    private long[] starts = new long[0];
    private long[] ends = new long[0];

    /**
     * Lets the parts of {@code images}' segments that {@code maps} shows as readable file mappings
     * be read directly (a segment's program header alone does not prove every page is mapped).
     */
    public void trust(List<LoadedImage> images, ProcMaps maps) {
        java.util.List<long[]> ranges = new java.util.ArrayList<>();
        for (Mapping m : maps.mappings()) {
            if (!m.readable() || !(m.path().startsWith("/") || m.path().equals("[vdso]"))) {
                continue;
            }
            for (LoadedImage img : images) {
                if (img.contains(m.start())) {
                    ranges.add(new long[] {m.start(), m.end()});
                    break;
                }
            }
        }
        ranges.sort((a, b) -> Long.compareUnsigned(a[0], b[0]));
        starts = ranges.stream().mapToLong(r -> r[0]).toArray();
        ends = ranges.stream().mapToLong(r -> r[1]).toArray();
    }

    public ProcessMemory processMemory() {
        return slow;
    }

    @Override
    public int read(long address, byte[] dst, int off, int len) {
        int i = java.util.Arrays.binarySearch(starts, address);
        if (i < 0) {
            i = -i - 2;
        }
        if (i >= 0 && Long.compareUnsigned(address, ends[i]) < 0 && Long.compareUnsigned(address + len, ends[i]) <= 0
                && Long.compareUnsigned(address + len, address) >= 0) {
            new Pointer(address).read(0, dst, off, len);
            return len;
        }
        return slow.read(address, dst, off, len);
    }
}
