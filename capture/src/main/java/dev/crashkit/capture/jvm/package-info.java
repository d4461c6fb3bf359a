/** The JVM's own view of its threads ({@code Thread.print}) and JIT-compiled code (perf map). */
package dev.crashkit.capture.jvm;
