package dev.crashkit.capture.linux;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OwnThreadsTest {
    @Test
    void hotSpotCompilerThreadsAreRecognisedByTheirKernelNames() {
        // The kernel keeps 15 bytes of a thread name: "C2 CompilerThread0" reads "C2 CompilerThre".
        assertTrue(OwnThreads.isCompiler("C2 CompilerThre"));
        assertTrue(OwnThreads.isCompiler("C1 CompilerThre"));
        assertFalse(OwnThreads.isCompiler("main"));
        assertFalse(OwnThreads.isCompiler("GC Thread#0"));
        assertFalse(OwnThreads.isCompiler("VM Thread"));
        assertFalse(OwnThreads.isCompiler("C2 worker"), "an application thread named like it");
    }
}
