package dev.crashkit.capture.jvm;

import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import dev.crashkit.core.unwind.Memory;
import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The OS thread id of a Java thread of this JVM, read from HotSpot's own structures as its
 * serviceability agent does: {@code java.lang.Thread.eetop} holds the address of the VM's
 * {@code JavaThread}, whose {@code _osthread} points to the {@code OSThread} holding the kernel's
 * {@code _thread_id} (the {@code nid} of {@code Thread.print}). The two field offsets come from
 * the table HotSpot exports for that agent ({@code gHotSpotVMStructs}), not from guesses; a JVM
 * without that table (not HotSpot) yields empty, and callers fall back to {@code Thread.print}.
 * This replaces the platform MBean server, whose first use costs 100+ ms of CPU.
 */
final class HotSpotThreadIds {
    /** Field offsets, fixed for the life of the JVM. */
    record Layout(long eetop, long osThread, long threadId) {
    }

    private static final int MAX_ENTRIES = 100_000;
    private static volatile Optional<Layout> layout;

    private final Layout offsets;
    private final sun.misc.Unsafe unsafe;
    private final Memory memory;
    private final byte[] buf = new byte[8];

    private HotSpotThreadIds(Layout offsets, sun.misc.Unsafe unsafe, Memory memory) {
        this.offsets = offsets;
        this.unsafe = unsafe;
        this.memory = memory;
    }

    /**
     * Reads through {@code memory} (which must not fault: a thread can exit and its JavaThread be
     * freed while we read); empty when this JVM does not offer the table or the field.
     */
    static Optional<HotSpotThreadIds> open(Memory memory) {
        Optional<Layout> l = layout;
        if (l == null) {
            l = readLayout();
            layout = l;
        }
        Optional<sun.misc.Unsafe> u = unsafe();
        if (l.isEmpty() || u.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new HotSpotThreadIds(l.get(), u.get(), memory));
    }

    /** {@code t}'s kernel thread id; empty when it has not started, has exited, or reads fail. */
    OptionalLong tid(Thread t) {
        long javaThread = unsafe.getLongVolatile(t, offsets.eetop());
        if (javaThread == 0) {
            return OptionalLong.empty();
        }
        if (memory.read(javaThread + offsets.osThread(), buf, 0, 8) != 8) {
            return OptionalLong.empty();
        }
        long osThread = le(buf, 8);
        if (osThread == 0 || memory.read(osThread + offsets.threadId(), buf, 0, 4) != 4) {
            return OptionalLong.empty();
        }
        long tid = le(buf, 4);
        return tid > 0 ? OptionalLong.of(tid) : OptionalLong.empty();
    }

    private static long le(byte[] b, int n) {
        long v = 0;
        for (int i = n - 1; i >= 0; i--) {
            v = (v << 8) | (b[i] & 0xff);
        }
        return v;
    }

    private static Optional<sun.misc.Unsafe> unsafe() {
        try {
            Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return Optional.of((sun.misc.Unsafe) f.get(null));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Optional<Layout> readLayout() {
        try {
            long eetop = unsafe().orElseThrow().objectFieldOffset(Thread.class.getDeclaredField("eetop"));
            Optional<NativeLibrary> jvm = libjvm();
            if (jvm.isEmpty()) {
                return Optional.empty();
            }
            VmStructs structs = new VmStructs(jvm.get());
            // JavaThread::_osthread on JDK 17; declared in the base class Thread on some other releases.
            OptionalLong osThread = structs.offset("JavaThread", "_osthread");
            if (osThread.isEmpty()) {
                osThread = structs.offset("Thread", "_osthread");
            }
            OptionalLong threadId = structs.offset("OSThread", "_thread_id");
            if (osThread.isEmpty() || threadId.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(new Layout(eetop, osThread.getAsLong(), threadId.getAsLong()));
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            // Not HotSpot, or a HotSpot without the table: the Thread.print path takes over.
            return Optional.empty();
        }
    }

    /** The process's global symbols (the launcher loads libjvm RTLD_GLOBAL), else libjvm by path. */
    private static Optional<NativeLibrary> libjvm() {
        try {
            NativeLibrary self = NativeLibrary.getProcess();
            self.getGlobalVariableAddress("gHotSpotVMStructs");
            return Optional.of(self);
        } catch (UnsatisfiedLinkError e) {
            // an embedding that loaded libjvm privately
        }
        Path lib = Path.of(System.getProperty("java.home"), "lib", "server", "libjvm.so");
        try {
            NativeLibrary jvm = NativeLibrary.getInstance(lib.toString());
            jvm.getGlobalVariableAddress("gHotSpotVMStructs");
            return Optional.of(jvm);
        } catch (UnsatisfiedLinkError e) {
            return Optional.empty();
        }
    }

    /**
     * HotSpot's table of field offsets ({@code VMStructEntry[]}, ended by an entry without a type
     * name). The table and its strings are static data of libjvm, which is never unloaded, so they
     * are read directly.
     */
    private static final class VmStructs {
        private final Pointer entries;
        private final long stride;
        private final long typeName;
        private final long fieldName;
        private final long isStatic;
        private final long offset;

        VmStructs(NativeLibrary jvm) {
            entries = jvm.getGlobalVariableAddress("gHotSpotVMStructs").getPointer(0);
            stride = jvm.getGlobalVariableAddress("gHotSpotVMStructEntryArrayStride").getLong(0);
            typeName = jvm.getGlobalVariableAddress("gHotSpotVMStructEntryTypeNameOffset").getLong(0);
            fieldName = jvm.getGlobalVariableAddress("gHotSpotVMStructEntryFieldNameOffset").getLong(0);
            isStatic = jvm.getGlobalVariableAddress("gHotSpotVMStructEntryIsStaticOffset").getLong(0);
            offset = jvm.getGlobalVariableAddress("gHotSpotVMStructEntryOffsetOffset").getLong(0);
        }

        /** The offset of non-static field {@code field} of VM type {@code type}. */
        OptionalLong offset(String type, String field) {
            if (entries == null || stride <= 0) {
                return OptionalLong.empty();
            }
            for (int i = 0; i < MAX_ENTRIES; i++) {
                long at = i * stride;
                Pointer t = entries.getPointer(at + typeName);
                if (t == null) {
                    break;
                }
                Pointer f = entries.getPointer(at + fieldName);
                if (f != null && entries.getInt(at + isStatic) == 0 && t.getString(0).equals(type)
                        && f.getString(0).equals(field)) {
                    return OptionalLong.of(entries.getLong(at + offset));
                }
            }
            return OptionalLong.empty();
        }
    }
}
