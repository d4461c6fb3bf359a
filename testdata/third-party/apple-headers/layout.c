/*
 * The sizes, field offsets, constants and prototypes that capture/darwin binds, from Apple's open-source
 * headers (xnu, dyld; see PROVENANCE.md). Compiled with clang for arm64-apple-macos11 and
 * x86_64-apple-macos11 by make_layout.sh, which reads the values back out of the assembly: every
 * value is an initialised 64-bit word of crashkit_values, its name the line of crashkit_names at the
 * same index. A prototype that does not match the one in Apple's header stops the compile.
 */
#include <stddef.h>
#include <stdint.h>
#include <mach/kern_return.h>
#include <mach/thread_status.h>
#include <mach/thread_info.h>
#include <mach/vm_types.h>
#include <mach/message.h>
#include <mach/machine.h>
#include <mach-o/loader.h>
#include <mach-o/dyld.h>
#include <mach/mach_init.h>

/* The C prototypes the Java side binds (MachNative), checked against the headers' declarations. */
#define SAME(a, b) _Static_assert(__builtin_types_compatible_p(a, b), #a " is not " #b)
SAME(__typeof__(&_dyld_image_count), uint32_t (*)(void));
SAME(__typeof__(&_dyld_get_image_header), const struct mach_header *(*)(uint32_t));
SAME(__typeof__(&_dyld_get_image_vmaddr_slide), intptr_t (*)(uint32_t));
SAME(__typeof__(&_dyld_get_image_name), const char *(*)(uint32_t));
SAME(__typeof__(&mach_thread_self), mach_port_t (*)(void));
SAME(__typeof__(mach_task_self_), mach_port_t);

#define V(name, expr) X(#name, (long long)(expr))
#define VALUES \
  V(KERN_SUCCESS, KERN_SUCCESS) \
  V(THREAD_IDENTIFIER_INFO, THREAD_IDENTIFIER_INFO) \
  V(THREAD_IDENTIFIER_INFO_COUNT, THREAD_IDENTIFIER_INFO_COUNT) \
  V(sizeof_thread_identifier_info, sizeof(struct thread_identifier_info)) \
  V(offsetof_thread_identifier_info_thread_id, offsetof(struct thread_identifier_info, thread_id)) \
  V(sizeof_thread_identifier_info_thread_id, sizeof(((struct thread_identifier_info *)0)->thread_id)) \
  V(sizeof_natural_t, sizeof(natural_t)) \
  V(sizeof_mach_port_t, sizeof(mach_port_t)) \
  V(sizeof_thread_act_t, sizeof(thread_act_t)) \
  V(sizeof_mach_msg_type_number_t, sizeof(mach_msg_type_number_t)) \
  V(sizeof_thread_state_flavor_t, sizeof(thread_state_flavor_t)) \
  V(sizeof_thread_flavor_t, sizeof(thread_flavor_t)) \
  V(sizeof_kern_return_t, sizeof(kern_return_t)) \
  V(sizeof_vm_size_t, sizeof(vm_size_t)) \
  V(sizeof_vm_address_t, sizeof(vm_address_t)) \
  V(sizeof_pointer, sizeof(void *)) \
  V(sizeof_size_t, sizeof(size_t)) \
  V(sizeof_uint32_t, sizeof(uint32_t)) \
  V(sizeof_return__dyld_image_count, sizeof(_dyld_image_count())) \
  V(sizeof_return__dyld_get_image_vmaddr_slide, sizeof(_dyld_get_image_vmaddr_slide(0))) \
  V(sizeof_return_mach_thread_self, sizeof(mach_thread_self())) \
  V(sizeof_mach_task_self_, sizeof(mach_task_self_)) \
  V(MH_MAGIC_64, MH_MAGIC_64) \
  V(LC_SEGMENT_64, LC_SEGMENT_64) \
  V(LC_UUID, LC_UUID) \
  V(sizeof_mach_header_64, sizeof(struct mach_header_64)) \
  V(offsetof_mach_header_64_magic, offsetof(struct mach_header_64, magic)) \
  V(offsetof_mach_header_64_cputype, offsetof(struct mach_header_64, cputype)) \
  V(offsetof_mach_header_64_cpusubtype, offsetof(struct mach_header_64, cpusubtype)) \
  V(offsetof_mach_header_64_filetype, offsetof(struct mach_header_64, filetype)) \
  V(offsetof_mach_header_64_ncmds, offsetof(struct mach_header_64, ncmds)) \
  V(offsetof_mach_header_64_sizeofcmds, offsetof(struct mach_header_64, sizeofcmds)) \
  V(offsetof_load_command_cmd, offsetof(struct load_command, cmd)) \
  V(offsetof_load_command_cmdsize, offsetof(struct load_command, cmdsize)) \
  V(sizeof_load_command, sizeof(struct load_command)) \
  V(sizeof_segment_command_64, sizeof(struct segment_command_64)) \
  V(offsetof_segment_command_64_segname, offsetof(struct segment_command_64, segname)) \
  V(sizeof_segment_command_64_segname, sizeof(((struct segment_command_64 *)0)->segname)) \
  V(offsetof_segment_command_64_vmaddr, offsetof(struct segment_command_64, vmaddr)) \
  V(offsetof_segment_command_64_vmsize, offsetof(struct segment_command_64, vmsize)) \
  V(sizeof_uuid_command, sizeof(struct uuid_command)) \
  V(offsetof_uuid_command_uuid, offsetof(struct uuid_command, uuid)) \
  V(sizeof_uuid_command_uuid, sizeof(((struct uuid_command *)0)->uuid)) \
  V(CPU_TYPE_ARM64, CPU_TYPE_ARM64) \
  V(CPU_TYPE_X86_64, CPU_TYPE_X86_64) \
  V(CPU_SUBTYPE_ARM64_ALL, CPU_SUBTYPE_ARM64_ALL) \
  V(CPU_SUBTYPE_ARM64E, CPU_SUBTYPE_ARM64E) \
  V(CPU_SUBTYPE_X86_64_ALL, CPU_SUBTYPE_X86_64_ALL) \
  ARCH_VALUES

#if defined(__arm64__)
#define ARCH_VALUES \
  V(ARM_THREAD_STATE64, ARM_THREAD_STATE64) \
  V(ARM_THREAD_STATE64_COUNT, ARM_THREAD_STATE64_COUNT) \
  V(sizeof_arm_thread_state64_t, sizeof(arm_thread_state64_t)) \
  V(offsetof_arm_thread_state64_t_x, offsetof(arm_thread_state64_t, __x)) \
  V(offsetof_arm_thread_state64_t_fp, offsetof(arm_thread_state64_t, __fp)) \
  V(offsetof_arm_thread_state64_t_lr, offsetof(arm_thread_state64_t, __lr)) \
  V(offsetof_arm_thread_state64_t_sp, offsetof(arm_thread_state64_t, __sp)) \
  V(offsetof_arm_thread_state64_t_pc, offsetof(arm_thread_state64_t, __pc)) \
  V(sizeof_arm_thread_state64_t_pc, sizeof(((arm_thread_state64_t *)0)->__pc))
#elif defined(__x86_64__)
#define ARCH_VALUES \
  V(x86_THREAD_STATE64, x86_THREAD_STATE64) \
  V(x86_THREAD_STATE64_COUNT, x86_THREAD_STATE64_COUNT) \
  V(sizeof_x86_thread_state64_t, sizeof(x86_thread_state64_t)) \
  V(offsetof_x86_thread_state64_t_rbp, offsetof(x86_thread_state64_t, __rbp)) \
  V(offsetof_x86_thread_state64_t_rsp, offsetof(x86_thread_state64_t, __rsp)) \
  V(offsetof_x86_thread_state64_t_rip, offsetof(x86_thread_state64_t, __rip)) \
  V(sizeof_x86_thread_state64_t_rip, sizeof(((x86_thread_state64_t *)0)->__rip))
#endif

#define X(name, value) value,
__attribute__((used)) const long long crashkit_values[] = { VALUES };
#undef X
#define X(name, value) name "\n"
__attribute__((used)) const char crashkit_names[] = VALUES;
