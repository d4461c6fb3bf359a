package dev.crashkit.symbolicate.demangle.swift;

/** The one- and two-letter standard library substitutions ({@code Si}, {@code SS}, {@code ScT}...). */
final class StandardTypes {
    private StandardTypes() {
    }

    static Node create(int c, boolean concurrency) {
        if (concurrency) {
            switch (c) {
                case 'A': return t(Kind.Protocol, "Actor");
                case 'C': return t(Kind.Structure, "CheckedContinuation");
                case 'c': return t(Kind.Structure, "UnsafeContinuation");
                case 'E': return t(Kind.Structure, "CancellationError");
                case 'e': return t(Kind.Structure, "UnownedSerialExecutor");
                case 'F': return t(Kind.Protocol, "Executor");
                case 'f': return t(Kind.Protocol, "SerialExecutor");
                case 'G': return t(Kind.Structure, "TaskGroup");
                case 'g': return t(Kind.Structure, "ThrowingTaskGroup");
                case 'h': return t(Kind.Protocol, "TaskExecutor");
                case 'I': return t(Kind.Protocol, "AsyncIteratorProtocol");
                case 'i': return t(Kind.Protocol, "AsyncSequence");
                case 'J': return t(Kind.Structure, "UnownedJob");
                case 'M': return t(Kind.Class, "MainActor");
                case 'P': return t(Kind.Structure, "TaskPriority");
                case 'S': return t(Kind.Structure, "AsyncStream");
                case 's': return t(Kind.Structure, "AsyncThrowingStream");
                case 'T': return t(Kind.Structure, "Task");
                case 't': return t(Kind.Structure, "UnsafeCurrentTask");
                default: return null;
            }
        }
        switch (c) {
            case 'A': return t(Kind.Structure, "AutoreleasingUnsafeMutablePointer");
            case 'a': return t(Kind.Structure, "Array");
            case 'b': return t(Kind.Structure, "Bool");
            case 'c': return t(Kind.Structure, "UnicodeScalar");
            case 'D': return t(Kind.Structure, "Dictionary");
            case 'd': return t(Kind.Structure, "Double");
            case 'f': return t(Kind.Structure, "Float");
            case 'h': return t(Kind.Structure, "Set");
            case 'I': return t(Kind.Structure, "DefaultIndices");
            case 'i': return t(Kind.Structure, "Int");
            case 'J': return t(Kind.Structure, "Character");
            case 'N': return t(Kind.Structure, "ClosedRange");
            case 'n': return t(Kind.Structure, "Range");
            case 'O': return t(Kind.Structure, "ObjectIdentifier");
            case 'P': return t(Kind.Structure, "UnsafePointer");
            case 'p': return t(Kind.Structure, "UnsafeMutablePointer");
            case 'R': return t(Kind.Structure, "UnsafeBufferPointer");
            case 'r': return t(Kind.Structure, "UnsafeMutableBufferPointer");
            case 'S': return t(Kind.Structure, "String");
            case 's': return t(Kind.Structure, "Substring");
            case 'u': return t(Kind.Structure, "UInt");
            case 'V': return t(Kind.Structure, "UnsafeRawPointer");
            case 'v': return t(Kind.Structure, "UnsafeMutableRawPointer");
            case 'W': return t(Kind.Structure, "UnsafeRawBufferPointer");
            case 'w': return t(Kind.Structure, "UnsafeMutableRawBufferPointer");
            case 'q': return t(Kind.Enum, "Optional");
            case 'B': return t(Kind.Protocol, "BinaryFloatingPoint");
            case 'E': return t(Kind.Protocol, "Encodable");
            case 'e': return t(Kind.Protocol, "Decodable");
            case 'F': return t(Kind.Protocol, "FloatingPoint");
            case 'G': return t(Kind.Protocol, "RandomNumberGenerator");
            case 'H': return t(Kind.Protocol, "Hashable");
            case 'j': return t(Kind.Protocol, "Numeric");
            case 'K': return t(Kind.Protocol, "BidirectionalCollection");
            case 'k': return t(Kind.Protocol, "RandomAccessCollection");
            case 'L': return t(Kind.Protocol, "Comparable");
            case 'l': return t(Kind.Protocol, "Collection");
            case 'M': return t(Kind.Protocol, "MutableCollection");
            case 'm': return t(Kind.Protocol, "RangeReplaceableCollection");
            case 'Q': return t(Kind.Protocol, "Equatable");
            case 'T': return t(Kind.Protocol, "Sequence");
            case 't': return t(Kind.Protocol, "IteratorProtocol");
            case 'U': return t(Kind.Protocol, "UnsignedInteger");
            case 'X': return t(Kind.Protocol, "RangeExpression");
            case 'x': return t(Kind.Protocol, "Strideable");
            case 'Y': return t(Kind.Protocol, "RawRepresentable");
            case 'y': return t(Kind.Protocol, "StringProtocol");
            case 'Z': return t(Kind.Protocol, "SignedInteger");
            case 'z': return t(Kind.Protocol, "BinaryInteger");
            default: return null;
        }
    }

    private static Node t(Kind kind, String name) {
        return NewSpecialTypeParser.swiftType(kind, name);
    }
}
