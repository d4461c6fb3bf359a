/**
 * Grouping of crash reports: {@link dev.crashkit.symbolicate.group.CrashSignature} computes the key that
 * decides which reports are the same crash (used by the ingest server and the Spark job alike).
 */
package dev.crashkit.symbolicate.group;
