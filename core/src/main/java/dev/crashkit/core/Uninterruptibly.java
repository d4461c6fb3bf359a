package dev.crashkit.core;

/** Waiting that an interrupt does not cut short: the interrupt is kept for the caller to see afterwards. */
public final class Uninterruptibly {
    private Uninterruptibly() {
    }

    /**
     * Waits for {@code thread} to end (which also makes everything it wrote visible here); an
     * interrupt met while waiting is restored on the current thread once it has ended.
     *
     * @param thread the thread to wait for
     */
    public static void join(Thread thread) {
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
