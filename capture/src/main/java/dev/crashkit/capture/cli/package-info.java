/** The {@code capture --pid} command line (hand-parsed: the library needs no CLI library). */
package dev.crashkit.capture.cli;
