package dev.crashkit.symbolicate.cli;

public final class Main {
    public static void main(String[] args) {
    }
}
