package dev.crashkit.symbolicate.demangle.swift;

/** The {@code -classify} rules of swift-demangle: thunk detection, thunk target, calling convention. */
final class Classifier {
    private Classifier() {
    }

    private static String stripSuffix(String name) {
        if (!name.isEmpty() && Character.isDigit(name.charAt(name.length() - 1))) {
            int dot = name.indexOf('.');
            if (dot >= 0) {
                return name.substring(0, dot);
            }
        }
        return name;
    }

    private static String stripAsyncContinuation(String name) {
        if (!name.endsWith("_")) {
            return name;
        }
        int i = name.length() - 1;
        while (i > 0 && Character.isDigit(name.charAt(i - 1))) {
            i--;
        }
        String s = name.substring(0, i);
        if (s.endsWith("TQ") || s.endsWith("TY")) {
            return s.substring(0, s.length() - 2);
        }
        return name;
    }

    static boolean isThunk(SwiftDemangler d, String name) {
        if (NewDemangler.prefixLength(name) != 0) {
            String n = stripAsyncContinuation(stripSuffix(name));
            if (n.endsWith("TA") || n.endsWith("Ta") || n.endsWith("To") || n.endsWith("TO") || n.endsWith("TR")
                    || n.endsWith("Tr") || n.endsWith("TW") || n.endsWith("fC")) {
                Node root = d.parse(n);
                if (root == null || root.isEmpty()) {
                    return false;
                }
                switch (root.first().kind) {
                    case ObjCAttribute: case NonObjCAttribute: case PartialApplyObjCForwarder:
                    case PartialApplyForwarder: case ReabstractionThunkHelper: case ReabstractionThunk:
                    case ProtocolWitness: case Allocator:
                        return true;
                    default:
                        return false;
                }
            }
            return false;
        }
        if (name.startsWith("_T")) {
            String r = name.substring(2);
            return r.startsWith("To") || r.startsWith("TO") || r.startsWith("PA_") || r.startsWith("PAo_");
        }
        return false;
    }

    static String thunkTarget(SwiftDemangler d, String name) {
        if (NewDemangler.prefixLength(name) != 0) {
            if (!stripSuffix(name).equals(name)) {
                return "";
            }
            String n = stripAsyncContinuation(name);
            if (n.endsWith("TR") || n.endsWith("Tr") || n.endsWith("TW")) {
                return "";
            }
            if (n.endsWith("fC")) {
                return n.substring(0, n.length() - 1) + "c";
            }
            return n.substring(0, n.length() - 2);
        }
        String r = name.substring(2);
        if (r.startsWith("PA_")) {
            return r.substring(3);
        }
        if (r.startsWith("PAo_")) {
            return r.substring(4);
        }
        return "_T" + r.substring(2);
    }

    static boolean hasSwiftCallingConvention(Node root) {
        if (root.kind != Kind.Global || root.isEmpty()) {
            return false;
        }
        switch (root.first().kind) {
            case TypeMetadataAccessFunction: case ValueWitness: case ProtocolWitnessTableAccessor:
            case GenericProtocolWitnessTableInstantiationFunction: case LazyProtocolWitnessTableAccessor:
            case AssociatedTypeMetadataAccessor: case AssociatedTypeWitnessTableAccessor:
            case BaseWitnessTableAccessor: case ObjCAttribute:
                return false;
            default:
                return true;
        }
    }
}
