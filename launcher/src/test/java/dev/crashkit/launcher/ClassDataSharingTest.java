package dev.crashkit.launcher;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A JVM refused its start-up cache when java.vm.info lacks "sharing" (ClassDataSharing). */
class ClassDataSharingTest {
    @Test
    void onlyAJvmThatSaysSharingShares() {
        assertTrue(ClassDataSharing.isOn("mixed mode, sharing"));
        assertTrue(ClassDataSharing.isOn("interpreted mode, sharing"));
        assertFalse(ClassDataSharing.isOn("mixed mode"));
        assertFalse(ClassDataSharing.isOn("interpreted mode"));
        assertFalse(ClassDataSharing.isOn(null));
    }

    /** The running JVM (surefire's, on the JDK's own archive) says "sharing"; one started with -Xshare:off does not. */
    @Test
    void realJvmsSayWhetherTheyShare() throws Exception {
        assertTrue(ClassDataSharing.isOn(System.getProperty("java.vm.info")), System.getProperty("java.vm.info"));
        assertFalse(ClassDataSharing.isOn(ChildJvmTest.output(java(), "-Xshare:off", "-XshowSettings:properties", "-version")
                .lines().filter(l -> l.strip().startsWith("java.vm.info =")).findFirst().orElseThrow()));
    }

    private static String java() {
        return ChildJvm.java().orElseThrow().toString();
    }
}
