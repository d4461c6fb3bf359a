/** Linux primitives: procfs, program headers in memory, process_vm_readv, ptrace, the in-process snapshot. */
package dev.crashkit.capture.linux;
