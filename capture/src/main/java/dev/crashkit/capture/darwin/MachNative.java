package dev.crashkit.capture.darwin;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;

/**
 * libSystem's Mach, pthread and dyld calls, bound with JNA direct mapping on first use.
 * NEVER RUN: written from the Darwin headers on a Linux machine; see the README.
 */
final class MachNative {
    static final int KERN_SUCCESS = DarwinLayout.KERN_SUCCESS;
    static final int THREAD_IDENTIFIER_INFO = DarwinLayout.THREAD_IDENTIFIER_INFO;
    static final int THREAD_IDENTIFIER_INFO_COUNT = DarwinLayout.THREAD_IDENTIFIER_INFO_COUNT;

    static {
        Native.register(MachNative.class, NativeLibrary.getInstance("System"));
    }

    private MachNative() {
    }

    /** {@code mach_task_self()} is a macro over this global. */
    static int taskSelf() {
        return NativeLibrary.getInstance("System").getGlobalVariableAddress("mach_task_self_").getInt(0);
    }

    static native int mach_thread_self();

    static native int task_threads(int task, Pointer threadList, Pointer count);

    static native int thread_suspend(int thread);

    static native int thread_resume(int thread);

    static native int thread_get_state(int thread, int flavor, Pointer state, Pointer count);

    static native int thread_info(int thread, int flavor, Pointer info, Pointer count);

    static native int vm_read_overwrite(int task, long address, long size, long data, Pointer outSize);

    static native int vm_deallocate(int task, long address, long size);

    static native int mach_port_deallocate(int task, int name);

    static native Pointer pthread_from_mach_thread_np(int thread);

    static native int pthread_getname_np(Pointer thread, byte[] name, long len);

    static native int _dyld_image_count();

    static native Pointer _dyld_get_image_header(int index);

    static native long _dyld_get_image_vmaddr_slide(int index);

    static native String _dyld_get_image_name(int index);
}
