/** Sentry event JSON from Apple clients: debug_meta images and threads (frames outermost first). */
package dev.crashkit.symbolicate.report.sentry;
