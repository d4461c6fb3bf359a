/**
 * The stack unwinder, shared by live capture (in-process and ptrace) and offline re-unwinding.
 * {@link dev.crashkit.core.unwind.Unwinder#forArch} picks one unwinder per CPU (x86-64, arm64), each
 * of which tries DWARF call-frame information ({@code .eh_frame}, {@code .eh_frame_hdr},
 * {@code .debug_frame}, read through a never-faulting {@link dev.crashkit.core.unwind.Memory}), then
 * frame records ({@link dev.crashkit.core.unwind.FramePointerWalker}; on arm64 first the link register
 * of a leaf), then a stack scan for return addresses just after a call; arm64 strips
 * pointer-authentication bits. Each frame is labelled with its {@link dev.crashkit.core.model.Trust},
 * and the trust of a frame bounds how far its caller may be scanned for. Register names map to DWARF
 * numbers in one table per CPU, {@link dev.crashkit.core.unwind.X86Registers64} and
 * {@link dev.crashkit.core.unwind.Arm64Registers}. Knows no object-file format: callers hand it a
 * {@link dev.crashkit.core.unwind.CodeMap}.
 */
package dev.crashkit.core.unwind;
