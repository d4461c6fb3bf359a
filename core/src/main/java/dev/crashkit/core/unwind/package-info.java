/**
 * The stack unwinder, shared by live capture (in-process and ptrace) and offline re-unwinding:
 * DWARF call-frame information ({@code .eh_frame}, {@code .eh_frame_hdr}, {@code .debug_frame}) read
 * through a never-faulting {@link dev.crashkit.core.unwind.Memory}, then the one
 * {@link dev.crashkit.core.unwind.FramePointerWalker}, then a stack scan; each frame labelled with its
 * {@link dev.crashkit.core.model.Trust}. Register names map to DWARF numbers in one table,
 * {@link dev.crashkit.core.unwind.X86Registers64}. Knows no object-file format: callers hand it a
 * {@link dev.crashkit.core.unwind.CodeMap}.
 */
package dev.crashkit.core.unwind;
