/**
 * HotSpot JVM fatal error logs ({@code hs_err_pid<N>.log}), JDK 8 to 25, Linux, macOS and Windows: the
 * reader keeps the log's text and where its frame lines are; the crashed thread is the {@code Native frames:}
 * list, whose {@code C}/{@code V} frames are placed in the images of {@code Dynamic libraries:} (the log has
 * no build-ids: images are matched with debug files by file name). The writer rewrites the log with each
 * {@code C}/{@code V} line extended by the symbolicated function, file:line and inlined calls.
 */
package dev.crashkit.symbolicate.report.hserr;
