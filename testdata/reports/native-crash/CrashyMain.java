// Calls into libcrashy through JNA and dies of the SIGSEGV in crashy_fault; run by build.sh under
// -XX:OnError so that `capture --pid` records the crashing JVM.
public final class CrashyMain {
    public interface Crashy extends com.sun.jna.Library {
        void crashy_level2(int v);
    }

    public static void main(String[] args) {
        Crashy lib = com.sun.jna.Native.load(args[0], Crashy.class);
        lib.crashy_level2(20);
    }
}
