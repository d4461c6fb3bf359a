package dev.crashkit.symbolicate.demangle.swift;

/** {@code B...} builtin types of the pre-Swift-4 mangling. */
final class OldBuiltins {
    private OldBuiltins() {
    }

    /** Sizes are unsigned 64-bit in swift and print that way even after wrapping around. */
    private static String size(OldDemanglerBase p) {
        long n = p.natural();
        OldDemanglerBase.req(p.nextIf('_'));
        return Long.toUnsignedString(n);
    }

    static Node parse(OldDemanglerBase p) {
        int c = p.next();
        String name;
        switch (c) {
            case 'b': name = "Builtin.BridgeObject"; break;
            case 'B': name = "Builtin.UnsafeValueBuffer"; break;
            case 'f': name = "Builtin.FPIEEE" + size(p); break;
            case 'i': name = "Builtin.Int" + size(p); break;
            case 'v': {
                String elts = Long.toUnsignedString(p.natural());
                OldDemanglerBase.req(p.nextIf('B'));
                if (p.nextIf('i')) {
                    name = "Builtin.Vec" + elts + "xInt" + size(p);
                } else if (p.nextIf('f')) {
                    name = "Builtin.Vec" + elts + "xFPIEEE" + size(p);
                } else if (p.nextIf('p')) {
                    name = "Builtin.Vec" + elts + "xRawPointer";
                } else {
                    throw OldDemanglerBase.fail();
                }
                break;
            }
            case 'O': name = "Builtin.UnknownObject"; break;
            case 'o': name = "Builtin.NativeObject"; break;
            case 'p': name = "Builtin.RawPointer"; break;
            case 't': name = "Builtin.SILToken"; break;
            case 'w': name = "Builtin.Word"; break;
            default: throw OldDemanglerBase.fail();
        }
        return new Node(Kind.BuiltinTypeName, name);
    }
}
