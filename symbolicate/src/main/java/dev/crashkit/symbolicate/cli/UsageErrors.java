package dev.crashkit.symbolicate.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * picocli's usage error, made here and typed as a {@link RuntimeException} for the classes every
 * run links ({@link SymbolicateCommand}, {@link ReportLimitOptions}): a method of theirs that
 * threw a {@code ParameterException} itself would make the class-data archive check, when the
 * class is linked, that picocli's exception is a {@code Throwable}, which loads it from the jar
 * (picocli's classes are too old a format to be archived), and opening the 4,500-entry jar costs
 * a warm run ~20 ms (BENCHMARKS.md, warm one report). Only a run with a usage error loads this class.
 */
final class UsageErrors {
    private UsageErrors() {
    }

    /** The exception picocli reports as a usage error (exit 2) for {@code spec}'s command. */
    static RuntimeException of(CommandSpec spec, String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
