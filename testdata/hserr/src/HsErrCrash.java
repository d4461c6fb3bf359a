/** Dies in native code so that the JVM writes an hs_err log: args MODE LIBRARY, MODE native or jvm. */
public class HsErrCrash {
    static native int touch(long address);

    static native int badHandle(long handle);

    public static void main(String[] args) {
        System.load(args[1]);
        if (args[0].equals("native")) {
            int sum = 0;
            for (int i = 0; i < 200_000; i++) {
                sum += step(0);  // compiled by the JIT: a "J" frame when it faults below
            }
            System.out.println(sum + step(16));
        } else {
            System.out.println(viaJava(8));
        }
    }

    static int step(long address) {
        return touch(address) + 1;
    }

    static int viaJava(long handle) {
        return badHandle(handle) + 1;
    }
}
