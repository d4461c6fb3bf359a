package dev.crashkit.capture.darwin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.jna.Pointer;
import dev.crashkit.core.model.Arch;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Darwin bindings against Apple's headers: every size, offset and constant the Java side uses
 * equals what clang computes from xnu's and dyld's headers for each target
 * (testdata/third-party/apple-headers: fetch.sh, layout.c, make_layout.sh wrote darwin-layout.json).
 */
class DarwinLayoutTest {
    private static final Path LAYOUT = Path.of("testdata/third-party/apple-headers/darwin-layout.json");

    private static JsonNode layout(String target) throws Exception {
        JsonNode t = new ObjectMapper().readTree(LAYOUT.toFile()).path("targets").path(target);
        assertTrue(t.isObject(), "no values for " + target + " in " + LAYOUT);
        return t;
    }

    private static long value(JsonNode t, String name) {
        JsonNode v = t.get(name);
        assertTrue(v != null && v.canConvertToLong(), name + " missing from " + LAYOUT);
        return v.asLong();
    }

    @ParameterizedTest
    @ValueSource(strings = {"arm64-apple-macos11", "x86_64-apple-macos11"})
    void constantsSizesAndOffsetsAgreeWithTheHeaders(String target) throws Exception {
        JsonNode t = layout(target);
        assertEquals(value(t, "KERN_SUCCESS"), DarwinLayout.KERN_SUCCESS);
        assertEquals(value(t, "sizeof_mach_port_t"), DarwinLayout.PORT_BYTES);
        assertEquals(value(t, "sizeof_thread_act_t"), DarwinLayout.PORT_BYTES, "task_threads' array elements");
        assertEquals(value(t, "sizeof_natural_t"), DarwinLayout.NATURAL_BYTES);
        assertEquals(value(t, "sizeof_mach_msg_type_number_t"), DarwinLayout.NATURAL_BYTES);
        assertEquals(value(t, "sizeof_vm_size_t"), DarwinLayout.VM_SIZE_BYTES);

        assertEquals(value(t, "THREAD_IDENTIFIER_INFO"), DarwinLayout.THREAD_IDENTIFIER_INFO);
        assertEquals(value(t, "THREAD_IDENTIFIER_INFO_COUNT"), DarwinLayout.THREAD_IDENTIFIER_INFO_COUNT);
        assertEquals(value(t, "sizeof_thread_identifier_info"),
                (long) DarwinLayout.THREAD_IDENTIFIER_INFO_COUNT * DarwinLayout.NATURAL_BYTES);
        assertEquals(value(t, "offsetof_thread_identifier_info_thread_id"), DarwinLayout.THREAD_ID_OFFSET);
        assertEquals(8, value(t, "sizeof_thread_identifier_info_thread_id"), "read with getLong");

        assertEquals(value(t, "MH_MAGIC_64"), Integer.toUnsignedLong(DarwinLayout.MH_MAGIC_64));
        assertEquals(value(t, "sizeof_mach_header_64"), DarwinLayout.MACH_HEADER_64_SIZE);
        assertEquals(value(t, "offsetof_mach_header_64_magic"), 0);
        assertEquals(value(t, "offsetof_mach_header_64_cputype"), DarwinLayout.MH_CPUTYPE);
        assertEquals(value(t, "offsetof_mach_header_64_cpusubtype"), DarwinLayout.MH_CPUSUBTYPE);
        assertEquals(value(t, "offsetof_mach_header_64_filetype"), DarwinLayout.MH_FILETYPE);
        assertEquals(value(t, "offsetof_mach_header_64_ncmds"), DarwinLayout.MH_NCMDS);
        assertEquals(value(t, "offsetof_mach_header_64_sizeofcmds"), DarwinLayout.MH_SIZEOFCMDS);
        assertEquals(value(t, "offsetof_load_command_cmd"), 0);
        assertEquals(value(t, "offsetof_load_command_cmdsize"), DarwinLayout.LC_CMDSIZE);
        assertEquals(value(t, "sizeof_load_command"), DarwinLayout.LOAD_COMMAND_SIZE);
        assertEquals(value(t, "LC_SEGMENT_64"), DarwinLayout.LC_SEGMENT_64);
        assertEquals(value(t, "sizeof_segment_command_64"), DarwinLayout.SEGMENT_COMMAND_64_SIZE);
        assertEquals(value(t, "offsetof_segment_command_64_segname"), DarwinLayout.SEG_SEGNAME);
        assertEquals(value(t, "sizeof_segment_command_64_segname"), DarwinLayout.SEG_SEGNAME_BYTES);
        assertEquals(value(t, "offsetof_segment_command_64_vmaddr"), DarwinLayout.SEG_VMADDR);
        assertEquals(value(t, "offsetof_segment_command_64_vmsize"), DarwinLayout.SEG_VMSIZE);
        assertEquals(value(t, "LC_UUID"), DarwinLayout.LC_UUID);
        assertEquals(value(t, "sizeof_uuid_command"), DarwinLayout.UUID_COMMAND_SIZE);
        assertEquals(value(t, "offsetof_uuid_command_uuid"), DarwinLayout.UUID_OFFSET);
        assertEquals(value(t, "sizeof_uuid_command_uuid"), DarwinLayout.UUID_BYTES);

        // MachHeader.arch() names images by cputype/cpusubtype through the core's Mach-O table.
        assertEquals(Arch.Known.ARM64.label(), Arch.machO((int) value(t, "CPU_TYPE_ARM64"),
                (int) value(t, "CPU_SUBTYPE_ARM64_ALL")).label());
        assertEquals(Arch.Known.X86_64.label(), Arch.machO((int) value(t, "CPU_TYPE_X86_64"),
                (int) value(t, "CPU_SUBTYPE_X86_64_ALL")).label());
        assertEquals("arm64e", Arch.machO((int) value(t, "CPU_TYPE_ARM64"), (int) value(t, "CPU_SUBTYPE_ARM64E")).label());
    }

    @ParameterizedTest
    @ValueSource(strings = {"arm64-apple-macos11", "x86_64-apple-macos11"})
    void threadStateFlavorCountAndRegisters(String target) throws Exception {
        JsonNode t = layout(target);
        boolean arm = target.startsWith("arm64");
        DarwinArch arch = arm ? DarwinArch.ARM64 : DarwinArch.X86_64;
        String flavor = arm ? "ARM_THREAD_STATE64" : "x86_THREAD_STATE64";
        String struct = arm ? "arm_thread_state64_t" : "x86_thread_state64_t";
        assertEquals(value(t, flavor), arch.flavor());
        assertEquals(value(t, flavor + "_COUNT"), arch.stateWords());
        long size = value(t, "sizeof_" + struct);
        assertEquals(size, (long) arch.stateWords() * value(t, "sizeof_natural_t"));

        // A state whose every 64-bit word holds its own offset: each register decodes from where the header puts it.
        byte[] state = new byte[(int) size];
        for (int at = 0; at + 8 <= state.length; at += 8) {
            for (int i = 0; i < 8; i++) {
                state[at + i] = (byte) ((long) at >>> (8 * i));
            }
        }
        ThreadState s = arm ? ThreadState.arm64(state) : ThreadState.x86_64(state);
        if (arm) {
            assertEquals(value(t, "offsetof_arm_thread_state64_t_pc"), s.pc());
            assertEquals(value(t, "offsetof_arm_thread_state64_t_sp"), s.sp());
            assertEquals(value(t, "offsetof_arm_thread_state64_t_fp"), s.fp());
            assertEquals(value(t, "offsetof_arm_thread_state64_t_lr"), s.lr().getAsLong());
            assertEquals(8, value(t, "sizeof_arm_thread_state64_t_pc"));
        } else {
            assertEquals(value(t, "offsetof_x86_thread_state64_t_rip"), s.pc());
            assertEquals(value(t, "offsetof_x86_thread_state64_t_rsp"), s.sp());
            assertEquals(value(t, "offsetof_x86_thread_state64_t_rbp"), s.fp());
            assertTrue(s.lr().isEmpty());
            assertEquals(8, value(t, "sizeof_x86_thread_state64_t_rip"));
        }
    }

    /**
     * Each JNA-bound function's Java parameter and return widths equal the C types' sizes. The C types are
     * those of Apple's declarations: dyld's and mach_init.h's prototypes are checked by layout.c itself
     * (a mismatch stops its compile); the Mach routines' come from xnu's MIG definitions
     * (osfmk/mach/task.defs, thread_act.defs, vm_map.defs, mach_port.defs), and pthread's from
     * libpthread's pthread.h, whose generated or libc-dependent headers cannot be compiled here.
     */
    @ParameterizedTest
    @ValueSource(strings = {"arm64-apple-macos11", "x86_64-apple-macos11"})
    void everyBoundFunctionHasTheHeadersWidths(String target) throws Exception {
        JsonNode t = layout(target);
        Map<String, List<String>> c = new TreeMap<>();
        // return type first, then the parameters
        c.put("task_threads", List.of("kern_return_t", "mach_port_t", "pointer", "pointer"));
        c.put("thread_suspend", List.of("kern_return_t", "mach_port_t"));
        c.put("thread_resume", List.of("kern_return_t", "mach_port_t"));
        c.put("thread_get_state", List.of("kern_return_t", "mach_port_t", "thread_state_flavor_t", "pointer", "pointer"));
        c.put("thread_info", List.of("kern_return_t", "mach_port_t", "thread_flavor_t", "pointer", "pointer"));
        c.put("vm_read_overwrite", List.of("kern_return_t", "mach_port_t", "vm_address_t", "vm_size_t", "vm_address_t",
                "pointer"));
        c.put("vm_deallocate", List.of("kern_return_t", "mach_port_t", "vm_address_t", "vm_size_t"));
        c.put("mach_port_deallocate", List.of("kern_return_t", "mach_port_t", "mach_port_t"));
        c.put("mach_thread_self", List.of("return_mach_thread_self"));
        c.put("pthread_from_mach_thread_np", List.of("pointer", "mach_port_t"));
        c.put("pthread_getname_np", List.of("kern_return_t", "pointer", "pointer", "size_t"));
        c.put("_dyld_image_count", List.of("return__dyld_image_count"));
        c.put("_dyld_get_image_header", List.of("pointer", "uint32_t"));
        c.put("_dyld_get_image_vmaddr_slide", List.of("return__dyld_get_image_vmaddr_slide", "uint32_t"));
        c.put("_dyld_get_image_name", List.of("pointer", "uint32_t"));

        List<String> bound = new ArrayList<>();
        for (Method m : MachNative.class.getDeclaredMethods()) {
            if (!Modifier.isNative(m.getModifiers())) {
                continue;
            }
            bound.add(m.getName());
            List<String> types = c.get(m.getName());
            assertTrue(types != null, m.getName() + " is bound but not checked here: add its C types");
            assertEquals(types.size() - 1, m.getParameterCount(), m.getName());
            assertEquals(value(t, "sizeof_" + types.get(0)), width(m.getReturnType()), m.getName() + " returns");
            for (int i = 0; i < m.getParameterCount(); i++) {
                assertEquals(value(t, "sizeof_" + types.get(i + 1)), width(m.getParameterTypes()[i]),
                        m.getName() + " parameter " + i);
            }
        }
        assertEquals(c.keySet(), new java.util.TreeSet<>(bound), "every checked function is bound");
        // mach_task_self() is a macro over this global, read with getInt.
        assertEquals(4, value(t, "sizeof_mach_task_self_"));
    }

    private static long width(Class<?> type) {
        if (type == int.class) {
            return 4;
        }
        if (type == long.class) {
            return 8;
        }
        if (type == Pointer.class || type == String.class || type.isArray()) {
            return 8; // a pointer on 64-bit Darwin (sizeof_pointer in the table)
        }
        throw new AssertionError("no C width known for " + type);
    }
}
