package dev.crashkit.capture.report;

import java.util.List;
import java.util.OptionalLong;

/**
 * What the JVM says about one of its threads (from a {@code Thread.print} dump).
 *
 * @param nativeId the OS thread id ({@code nid}), which joins it to a native thread
 * @param stack    the dump's lines for this thread: "at ..." frames and "- locked ..." notes
 */
public record JavaThread(String name, OptionalLong javaId, long nativeId, String state, List<String> stack) {
    public JavaThread {
        stack = List.copyOf(stack);
    }
}
