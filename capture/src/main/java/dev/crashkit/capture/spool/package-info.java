/** The crash spool: reports written atomically, left for the uploader. */
package dev.crashkit.capture.spool;
