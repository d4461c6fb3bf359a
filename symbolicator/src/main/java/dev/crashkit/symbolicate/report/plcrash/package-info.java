/**
 * PLCrashReporter {@code .plcrash} reports: magic, version byte, protobuf read through the classes
 * protoc generates from PLCrashReporter's {@code PLCrashReport.proto} (src/main/proto; package
 * {@code coop.plausible.crashreporter}, internal).
 */
package dev.crashkit.symbolicate.report.plcrash;
