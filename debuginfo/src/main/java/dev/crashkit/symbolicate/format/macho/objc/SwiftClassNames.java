package dev.crashkit.symbolicate.format.macho.objc;

/**
 * The Objective-C runtime name of a Swift class, as the runtime shows it: {@code _TtC6Shapes6Canvas}
 * is {@code Shapes.Canvas} (objc4 copySwiftV1DemangledName, which also reads only this simple
 * form: one module and one class; {@code s} is the standard library). Anything else is kept as it is.
 */
final class SwiftClassNames {
    private SwiftClassNames() {
    }

    static String readable(String name) {
        if (!name.startsWith("_TtC")) {
            return name;
        }
        int[] at = {4};
        String module;
        if (name.startsWith("s", 4) && name.length() > 5 && Character.isDigit(name.charAt(5))) {
            module = "Swift";
            at[0] = 5;
        } else {
            module = identifier(name, at);
        }
        String cls = identifier(name, at);
        if (module == null || cls == null || at[0] != name.length()) {
            return name;
        }
        return module + "." + cls;
    }

    /** A length-prefixed identifier at {@code at[0]}, advancing it; null when there is none. */
    private static String identifier(String s, int[] at) {
        int i = at[0];
        int len = 0;
        while (i < s.length() && Character.isDigit(s.charAt(i)) && len < 10_000) {
            len = len * 10 + (s.charAt(i++) - '0');
        }
        if (i == at[0] || len == 0 || i + len > s.length()) {
            return null;
        }
        at[0] = i + len;
        return s.substring(i, i + len);
    }
}
