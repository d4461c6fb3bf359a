package dev.crashkit.symbolicate.demangle.cpp;

import dev.crashkit.symbolicate.demangle.cpp.NameNodes.NameType;
import dev.crashkit.symbolicate.demangle.cpp.NameNodes.NameWithTemplateArgs;
import dev.crashkit.symbolicate.demangle.cpp.TypeNodes.PostfixQualifiedType;

/** The {@code <type>} part of the grammar. */
abstract class TypeParser extends ExprParser {

    TypeParser() {
    }

    /** Set by {@link #parseUnscopedName}: whether it returned a bare substitution. */
    boolean unscopedWasSubstitution;

    abstract Node parseUnscopedName(NameState state, boolean allowSubst);

    @Override
    final Node parseType() {
        enter();
        Node r = parseTypeImpl();
        leave();
        return r;
    }

    private Node parseTypeImpl() {
        Node result;
        char c = look();
        switch (c) {
            case 'r':
            case 'V':
            case 'K': {
                int after = 0;
                if (look(after) == 'r') {
                    after++;
                }
                if (look(after) == 'V') {
                    after++;
                }
                if (look(after) == 'K') {
                    after++;
                }
                char a = look(after);
                char b = look(after + 1);
                if (a == 'F' || (a == 'D' && (b == 'o' || b == 'O' || b == 'w' || b == 'x'))) {
                    result = parseFunctionType();
                } else {
                    result = parseQualifiedType();
                }
                break;
            }
            case 'U':
                result = parseQualifiedType();
                break;
            case 'u': {
                // Vendor extended types are substitution candidates, unlike other builtins.
                pos++;
                String name = parseBareSourceName();
                if (name.isEmpty()) {
                    return null;
                }
                if (consumeIf('I')) {
                    Node base = parseType();
                    if (base == null || !consumeIf('E')) {
                        return null;
                    }
                    result = new TypeNodes.TransformedType(name, base);
                } else {
                    result = new NameType(name);
                }
                break;
            }
            case 'D': {
                Node builtin = parseDBuiltin();
                if (builtin != null) {
                    return builtin;
                }
                char d = look(1);
                if (d == 'F' || d == 'B' || d == 'U' || d == 'k' || d == 'K') {
                    // _FloatN, _BitInt and constrained auto are not substitution candidates (as in LLVM).
                    return parseDType();
                }
                result = parseDType();
                break;
            }
            case 'F':
                result = parseFunctionType();
                break;
            case 'A':
                result = parseArrayType();
                break;
            case 'M':
                result = parsePointerToMemberType();
                break;
            case 'T': {
                // Possibly an elaborated type specifier on a <class-enum-type>.
                char n = look(1);
                if (n == 's' || n == 'u' || n == 'e') {
                    result = parseClassEnumType();
                    break;
                }
                result = parseTemplateParam();
                if (result == null) {
                    return null;
                }
                // <template-template-param> <template-args>, when allowed here.
                // LLVM 19 does not make the bare template-template-param a substitution
                // candidate here (fixed after 19, llvm-project#108009); we match 19.
                if (tryToParseTemplateArgs && look() == 'I') {
                    Node ta = parseTemplateArgs();
                    if (ta == null) {
                        return null;
                    }
                    result = new NameWithTemplateArgs(result, ta);
                }
                break;
            }
            case 'P': {
                pos++;
                Node ptr = parseType();
                if (ptr == null) {
                    return null;
                }
                result = new TypeNodes.PointerType(ptr);
                break;
            }
            case 'R':
            case 'O': {
                pos++;
                Node ref = parseType();
                if (ref == null) {
                    return null;
                }
                result = new TypeNodes.ReferenceType(ref, c == 'O');
                break;
            }
            case 'C':
            case 'G': {
                pos++;
                Node t = parseType();
                if (t == null) {
                    return null;
                }
                result = new PostfixQualifiedType(t, c == 'C' ? " complex" : " imaginary");
                break;
            }
            case 'S': {
                if (look(1) != 't') {
                    result = parseUnscopedName(null, true);
                    boolean isSubst = unscopedWasSubstitution;
                    if (result == null) {
                        return null;
                    }
                    // A substitution, or a <template-template-param> followed by <template-args>.
                    if (look() == 'I' && (!isSubst || tryToParseTemplateArgs)) {
                        if (!isSubst) {
                            subs.add(result);
                        }
                        Node ta = parseTemplateArgs();
                        if (ta == null) {
                            return null;
                        }
                        result = new NameWithTemplateArgs(result, ta);
                    } else if (isSubst) {
                        // A bare substitution is not re-inserted into the table.
                        return result;
                    }
                    break;
                }
                result = parseClassEnumType();
                break;
            }
            default: {
                Node builtin = Builtins.letter(c);
                if (builtin != null) {
                    pos++;
                    return builtin;
                }
                result = parseClassEnumType();
                break;
            }
        }
        // Builtins and substitutions returned early: they are not substitution candidates.
        if (result != null) {
            subs.add(result);
        }
        return result;
    }

    /** Builtin types spelled {@code D?}; null when {@code D?} is not a builtin (the cursor is unchanged then). */
    private Node parseDBuiltin() {
        String name;
        switch (look(1)) {
            case 'd': name = "decimal64"; break;
            case 'e': name = "decimal128"; break;
            case 'f': name = "decimal32"; break;
            case 'h': name = "half"; break;
            case 'i': name = "char32_t"; break;
            case 's': name = "char16_t"; break;
            case 'u': name = "char8_t"; break;
            case 'a': name = "auto"; break;
            case 'c': name = "decltype(auto)"; break;
            case 'n': name = gnu ? "decltype(nullptr)" : "std::nullptr_t"; break; // libiberty spells it out
            default: return null;
        }
        pos += 2;
        return new NameType(name);
    }

    /** {@code D?} types that are not plain builtins; null on failure. */
    private Node parseDType() {
        switch (look(1)) {
            case 'F': {
                // LLVM 19 has no DF16b (std::bfloat16_t), so neither do we.
                pos += 2;
                Node dim = new NameType(parseNumber());
                if (!consumeIf('_')) {
                    return null;
                }
                return new TypeNodes.BinaryFPType(dim);
            }
            case 'B':
            case 'U': {
                boolean signed = look(1) == 'B';
                pos += 2;
                Node size = isDigit(look()) ? new NameType(parseNumber()) : parseExpr();
                if (size == null || !consumeIf('_')) {
                    return null;
                }
                return new TypeNodes.BitIntType(size, signed);
            }
            case 'k':
            case 'K': {
                String kind = look(1) == 'k' ? " auto" : " decltype(auto)";
                pos += 2;
                Node constraint = parseName(null);
                return constraint == null ? null : new PostfixQualifiedType(constraint, kind);
            }
            case 't':
            case 'T':
                return parseDecltype();
            case 'v':
                return parseVectorType();
            case 'p': {
                pos += 2;
                Node child = parseType();
                return child == null ? null : new TemplateNodes.ParameterPackExpansion(child);
            }
            case 'o':
            case 'O':
            case 'w':
            case 'x':
                return parseFunctionType();
            default:
                return null;
        }
    }

    /** {@code [<CV>] [<exception-spec>] [Dx] F [Y] <return> <params> [<ref>] E}. */
    private Node parseFunctionType() {
        int cv = parseCVQualifiers();
        Node exceptionSpec = null;
        if (consumeIf("Do")) {
            exceptionSpec = Builtins.NOEXCEPT;
        } else if (consumeIf("DO")) {
            Node e = parseExpr();
            if (e == null || !consumeIf('E')) {
                return null;
            }
            exceptionSpec = new FunctionNodes.NoexceptSpec(e);
        } else if (consumeIf("Dw")) {
            int begin = names.size();
            while (!consumeIf('E')) {
                Node t = parseType();
                if (t == null) {
                    return null;
                }
                names.add(t);
            }
            exceptionSpec = new FunctionNodes.DynamicExceptionSpec(names.popFrom(begin));
        }
        consumeIf("Dx"); // transaction safe
        if (!consumeIf('F')) {
            return null;
        }
        consumeIf('Y'); // extern "C"
        Node ret = parseType();
        if (ret == null) {
            return null;
        }
        int refQual = TypeNodes.REF_NONE;
        int begin = names.size();
        for (;;) {
            if (consumeIf('E')) {
                break;
            }
            if (consumeIf('v')) {
                continue;
            }
            if (consumeIf("RE")) {
                refQual = TypeNodes.REF_LVALUE;
                break;
            }
            if (consumeIf("OE")) {
                refQual = TypeNodes.REF_RVALUE;
                break;
            }
            Node t = parseType();
            if (t == null) {
                return null;
            }
            names.add(t);
        }
        return new FunctionNodes.FunctionType(ret, names.popFrom(begin), cv, refQual, exceptionSpec);
    }

    /** {@code Dv <number> _ <type>}, {@code Dv <number> _ p}, {@code Dv [<expr>] _ <type>}. */
    private Node parseVectorType() {
        if (!consumeIf("Dv")) {
            return null;
        }
        char c = look();
        if (c >= '1' && c <= '9') {
            Node dim = new NameType(parseNumber());
            if (!consumeIf('_')) {
                return null;
            }
            if (consumeIf('p')) {
                return new TypeNodes.PixelVectorType(dim);
            }
            Node elem = parseType();
            return elem == null ? null : new TypeNodes.VectorType(elem, dim);
        }
        if (!consumeIf('_')) {
            Node dim = parseExpr();
            if (dim == null || !consumeIf('_')) {
                return null;
            }
            Node elem = parseType();
            return elem == null ? null : new TypeNodes.VectorType(elem, dim);
        }
        Node elem = parseType();
        return elem == null ? null : new TypeNodes.VectorType(elem, null);
    }

    @Override
    final Node parseDecltype() {
        if (!consumeIf('D')) {
            return null;
        }
        if (!consumeIf('t') && !consumeIf('T')) {
            return null;
        }
        Node e = parseExpr();
        if (e == null || !consumeIf('E')) {
            return null;
        }
        return new ExprNodes.EnclosingExpr("decltype", e, Prec.PRIMARY);
    }

    private Node parseArrayType() {
        if (!consumeIf('A')) {
            return null;
        }
        Node dim = null;
        if (isDigit(look())) {
            dim = new NameType(parseNumber());
            if (!consumeIf('_')) {
                return null;
            }
        } else if (!consumeIf('_')) {
            dim = parseExpr();
            if (dim == null || !consumeIf('_')) {
                return null;
            }
        }
        Node t = parseType();
        return t == null ? null : new TypeNodes.ArrayType(t, dim);
    }

    private Node parsePointerToMemberType() {
        if (!consumeIf('M')) {
            return null;
        }
        Node cls = parseType();
        if (cls == null) {
            return null;
        }
        Node member = parseType();
        return member == null ? null : new TypeNodes.PointerToMemberType(cls, member);
    }

    /** {@code <name>} or {@code Ts/Tu/Te <name>} (dependent elaborated type specifiers). */
    private Node parseClassEnumType() {
        String elab = null;
        if (consumeIf("Ts")) {
            elab = "struct";
        } else if (consumeIf("Tu")) {
            elab = "union";
        } else if (consumeIf("Te")) {
            elab = "enum";
        }
        Node name = parseName(null);
        if (name == null) {
            return null;
        }
        return elab != null ? new TypeNodes.ElaboratedTypeSpefType(elab, name) : name;
    }

    /** {@code U <source-name> [<template-args>] <type>} (vendor qualifier) or {@code <CV> <type>}. */
    private Node parseQualifiedType() {
        enter();
        Node r = parseQualifiedTypeImpl();
        leave();
        return r;
    }

    private Node parseQualifiedTypeImpl() {
        if (consumeIf('U')) {
            String qual = parseBareSourceName();
            if (qual.isEmpty()) {
                return null;
            }
            if (qual.startsWith("objcproto")) {
                // U <len> objcproto <len> <protocol> <type>: spelled objc_object<Protocol>.
                String proto = protocolName(qual.substring("objcproto".length()));
                if (proto.isEmpty()) {
                    return null;
                }
                Node child = parseQualifiedType();
                return child == null ? null : new TypeNodes.ObjCProtoName(child, proto);
            }
            Node ta = null;
            if (look() == 'I') {
                ta = parseTemplateArgs();
                if (ta == null) {
                    return null;
                }
            }
            Node child = parseQualifiedType();
            return child == null ? null : new TypeNodes.VendorExtQualType(child, qual, ta);
        }
        int quals = parseCVQualifiers();
        Node t = parseType();
        if (t == null) {
            return null;
        }
        return quals != 0 ? new TypeNodes.QualType(t, quals) : t;
    }

    /** The {@code <length> <identifier>} inside an objcproto qualifier; "" when malformed. */
    private static String protocolName(String src) {
        int i = 0;
        long n = 0;
        if (src.isEmpty() || !isDigit(src.charAt(0))) {
            return "";
        }
        while (i < src.length() && isDigit(src.charAt(i))) {
            n = Math.min(n * 10 + (src.charAt(i++) - '0'), 1L << 40);
        }
        if (src.length() - i < n) {
            return "";
        }
        return src.substring(i, i + (int) n);
    }
}
