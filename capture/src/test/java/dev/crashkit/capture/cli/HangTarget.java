package dev.crashkit.capture.cli;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * A process with a thread named "hang-me" that loops (sleeping 20 ms a round) for a second, then,
 * with the arguments {@code block FIFO}, blocks reading a line from the named pipe, then loops again.
 */
public final class HangTarget {
    private HangTarget() {
    }

    public static void main(String[] args) throws Exception {
        boolean block = args.length > 0 && args[0].equals("block");
        Thread t = new Thread(() -> {
            try {
                loop(1_000);
                if (block) {
                    System.out.println("blocking");
                    System.out.flush();
                    try (java.io.InputStream in = new java.io.FileInputStream(args[1])) {
                        new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).readLine();
                    }
                }
                loop(Long.MAX_VALUE / 2);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, "hang-me");
        t.start();
        System.out.println("started");
        System.out.flush();
        t.join();
    }

    private static void loop(long millis) throws InterruptedException {
        long end = System.currentTimeMillis() + millis;
        while (System.currentTimeMillis() < end) {
            Thread.sleep(20);
        }
    }
}
