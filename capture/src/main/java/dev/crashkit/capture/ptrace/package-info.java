/** {@code capture --pid}: stop every thread of another process with ptrace, copy registers and stacks, unwind after detaching. */
package dev.crashkit.capture.ptrace;
