package dev.crashkit.symbolicate.cli;

import java.util.Arrays;
import picocli.CommandLine;

/** Command-line entry point. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("demangle")) {
            System.exit(new CommandLine(new DemangleCommand()).execute(Arrays.copyOfRange(args, 1, args.length)));
        }
        System.err.println("usage: symbolicate demangle [--simplified] [NAME...]");
        System.exit(2);
    }
}
