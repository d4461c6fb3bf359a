/**
 * Hangs: a watchdog thread that notices a watched thread (the AWT event-dispatch thread, or one that
 * ticks a {@link dev.crashkit.capture.hang.HangWatch}) not answering for a threshold, captures every
 * thread while it is still stuck, and spools one {@code "kind": "hang"} report per hang.
 */
package dev.crashkit.capture.hang;
