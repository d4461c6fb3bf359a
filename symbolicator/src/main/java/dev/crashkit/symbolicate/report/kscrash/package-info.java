/** KSCrash and SentryCrash JSON reports (decimal addresses, runtime dladdr names). */
package dev.crashkit.symbolicate.report.kscrash;
