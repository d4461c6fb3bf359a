/**
 * Finding debug files: {@link dev.crashkit.symbolicate.locate.DebugFileIndex} scans files, dSYM
 * bundles, folders and archives (zip, tar, tar.gz, listed without extracting) and indexes every
 * object by UUID / build-id; {@link dev.crashkit.symbolicate.locate.IndexCache} keeps that index between
 * runs; {@link dev.crashkit.symbolicate.locate.MemberStore} extracts the archive members a run needs.
 */
package dev.crashkit.symbolicate.locate;
