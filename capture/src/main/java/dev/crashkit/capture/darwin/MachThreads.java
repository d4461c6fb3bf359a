package dev.crashkit.capture.darwin;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@link ThreadSource} over this task's Mach threads. NEVER RUN on a Mac (see the README). */
public final class MachThreads implements ThreadSource {
    private final int task = MachNative.taskSelf();
    private final DarwinArch arch;

    public MachThreads(DarwinArch arch) {
        this.arch = arch;
    }

    @Override
    public List<Long> threads() {
        Memory list = new Memory(8);
        Memory count = new Memory(DarwinLayout.NATURAL_BYTES);
        if (MachNative.task_threads(task, list, count) != MachNative.KERN_SUCCESS) {
            return List.of();
        }
        int n = count.getInt(0);
        Pointer ports = list.getPointer(0);
        List<Long> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add((long) ports.getInt((long) DarwinLayout.PORT_BYTES * i));
        }
        // The array is out-of-line memory the kernel allocated in our task; the port rights stay
        // ours until the capture is done (a small leak per snapshot is avoided by deallocating).
        MachNative.vm_deallocate(task, Pointer.nativeValue(ports), (long) DarwinLayout.PORT_BYTES * n);
        return out;
    }

    @Override
    public long self() {
        return MachNative.mach_thread_self();
    }

    @Override
    public boolean suspend(long thread) {
        return MachNative.thread_suspend((int) thread) == MachNative.KERN_SUCCESS;
    }

    @Override
    public void resume(long thread) {
        MachNative.thread_resume((int) thread);
    }

    @Override
    public Optional<ThreadState> state(long thread) {
        Memory state = new Memory((long) DarwinLayout.NATURAL_BYTES * arch.stateWords());
        Memory count = new Memory(DarwinLayout.NATURAL_BYTES);
        count.setInt(0, arch.stateWords());
        if (MachNative.thread_get_state((int) thread, arch.flavor(), state, count) != MachNative.KERN_SUCCESS) {
            return Optional.empty();
        }
        byte[] b = state.getByteArray(0, DarwinLayout.NATURAL_BYTES * arch.stateWords());
        return Optional.of(arch == DarwinArch.ARM64 ? ThreadState.arm64(b) : ThreadState.x86_64(b));
    }

    @Override
    public Optional<String> name(long thread) {
        Pointer p = MachNative.pthread_from_mach_thread_np((int) thread);
        if (p == null) {
            return Optional.empty();
        }
        byte[] buf = new byte[64];
        if (MachNative.pthread_getname_np(p, buf, buf.length) != 0 || buf[0] == 0) {
            return Optional.empty();
        }
        int len = 0;
        while (len < buf.length && buf[len] != 0) {
            len++;
        }
        return Optional.of(new String(buf, 0, len, StandardCharsets.UTF_8));
    }

    @Override
    public void release(long thread) {
        MachNative.mach_port_deallocate(task, (int) thread);
    }

    @Override
    public long id(long thread) {
        Memory info = new Memory((long) DarwinLayout.NATURAL_BYTES * MachNative.THREAD_IDENTIFIER_INFO_COUNT);
        Memory count = new Memory(DarwinLayout.NATURAL_BYTES);
        count.setInt(0, MachNative.THREAD_IDENTIFIER_INFO_COUNT);
        if (MachNative.thread_info((int) thread, MachNative.THREAD_IDENTIFIER_INFO, info, count)
                != MachNative.KERN_SUCCESS) {
            return thread;
        }
        return info.getLong(DarwinLayout.THREAD_ID_OFFSET);
    }
}
