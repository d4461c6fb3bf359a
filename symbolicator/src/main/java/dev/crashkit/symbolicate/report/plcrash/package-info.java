/**
 * PLCrashReporter {@code .plcrash} reports: magic, version byte, protobuf read with protobuf-java's
 * CodedInputStream (field numbers of PLCrashReport.proto, no generated code).
 */
package dev.crashkit.symbolicate.report.plcrash;
