package dev.crashkit.symbolicate.demangle.cpp;

import dev.crashkit.symbolicate.demangle.cpp.LiteralNodes.BracedExpr;
import dev.crashkit.symbolicate.demangle.cpp.LiteralNodes.IntegerLiteral;

/** {@code <expr-primary>} literals, braced initializers, constraints and requires-expressions. */
abstract class LiteralParser extends TemplateArgParser {

    abstract Node parseUnnamedTypeName(NameState state);

    @Override
    final Node parseConstraintExpr() {
        // Within a constraint, all enclosing template parameter lists are in scope.
        boolean saved = inConstraintExpr;
        inConstraintExpr = true;
        Node r = parseExpr();
        inConstraintExpr = saved;
        return r;
    }

    final Node parseRequiresExpr() {
        Node[] params = Node.EMPTY;
        if (consumeIf("rQ")) {
            int begin = names.size();
            while (!consumeIf('_')) {
                Node type = parseType();
                if (type == null) {
                    return null;
                }
                names.add(type);
            }
            params = names.popFrom(begin);
        } else if (!consumeIf("rq")) {
            return null;
        }
        int begin = names.size();
        do {
            Node constraint = null;
            if (consumeIf('X')) {
                Node e = parseExpr();
                if (e == null) {
                    return null;
                }
                boolean noexcept = consumeIf('N');
                Node typeReq = null;
                if (consumeIf('R')) {
                    typeReq = parseName(null);
                    if (typeReq == null) {
                        return null;
                    }
                }
                constraint = new LiteralNodes.ExprRequirement(e, noexcept, typeReq);
            } else if (consumeIf('T')) {
                Node type = parseType();
                if (type == null) {
                    return null;
                }
                constraint = new LiteralNodes.TypeRequirement(type);
            } else if (consumeIf('Q')) {
                Node nested = parseExpr();
                if (nested == null) {
                    return null;
                }
                constraint = new LiteralNodes.NestedRequirement(nested);
            }
            if (constraint == null) {
                return null;
            }
            names.add(constraint);
        } while (!consumeIf('E'));
        return new LiteralNodes.RequiresExpr(params, names.popFrom(begin));
    }

    /** {@code <braced-expression>}: an expression or a designated initializer. */
    final Node parseBracedExpr() {
        if (look() == 'd') {
            switch (look(1)) {
                case 'i': {
                    pos += 2;
                    Node field = parseSourceName();
                    if (field == null) {
                        return null;
                    }
                    Node init = parseBracedExprNested();
                    return init == null ? null : new BracedExpr(field, init, false);
                }
                case 'x': {
                    pos += 2;
                    Node index = parseExpr();
                    if (index == null) {
                        return null;
                    }
                    Node init = parseBracedExprNested();
                    return init == null ? null : new BracedExpr(index, init, true);
                }
                case 'X': {
                    pos += 2;
                    Node first = parseExpr();
                    if (first == null) {
                        return null;
                    }
                    Node last = parseExpr();
                    if (last == null) {
                        return null;
                    }
                    Node init = parseBracedExprNested();
                    return init == null ? null : new LiteralNodes.BracedRangeExpr(first, last, init);
                }
                default:
                    break;
            }
        }
        return parseExpr();
    }

    private Node parseBracedExprNested() {
        enter();
        Node r = parseBracedExpr();
        leave();
        return r;
    }

    private Node parseIntegerLiteral(String type) {
        String n = parseNumber(true);
        return !n.isEmpty() && consumeIf('E') ? new IntegerLiteral(type, n) : null;
    }

    private Node parseFloatingLiteral(int digits) {
        if (numLeft() <= digits) {
            return null;
        }
        for (int i = 0; i < digits; i++) {
            char h = in[pos + i];
            if (!isDigit(h) && !(h >= 'a' && h <= 'f')) {
                return null;
            }
        }
        String data = s.substring(pos, pos + digits);
        pos += digits;
        return consumeIf('E') ? new LiteralNodes.FloatLiteral(data) : null;
    }

    /** {@code L <type> <value> E}, {@code L <mangled-name> E} and the other {@code <expr-primary>} forms. */
    @Override
    final Node parseExprPrimary() {
        if (!consumeIf('L')) {
            return null;
        }
        switch (look()) {
            case 'w': pos++; return parseIntegerLiteral("wchar_t");
            case 'b':
                if (consumeIf("b0E")) {
                    return new LiteralNodes.BoolExpr(false);
                }
                if (consumeIf("b1E")) {
                    return new LiteralNodes.BoolExpr(true);
                }
                return null;
            case 'c': pos++; return parseIntegerLiteral("char");
            case 'a': pos++; return parseIntegerLiteral("signed char");
            case 'h': pos++; return parseIntegerLiteral("unsigned char");
            case 's': pos++; return parseIntegerLiteral("short");
            case 't': pos++; return parseIntegerLiteral("unsigned short");
            case 'i': pos++; return parseIntegerLiteral("");
            case 'j': pos++; return parseIntegerLiteral("u");
            case 'l': pos++; return parseIntegerLiteral("l");
            case 'm': pos++; return parseIntegerLiteral("ul");
            case 'x': pos++; return parseIntegerLiteral("ll");
            case 'y': pos++; return parseIntegerLiteral("ull");
            case 'n': pos++; return parseIntegerLiteral("__int128");
            case 'o': pos++; return parseIntegerLiteral("unsigned __int128");
            case 'f': pos++; return parseFloatingLiteral(8);
            case 'd': pos++; return parseFloatingLiteral(16);
            case 'e': pos++; return parseFloatingLiteral(20);
            case '_': {
                if (consumeIf("_Z")) {
                    Node r = parseEncoding();
                    if (r != null && consumeIf('E')) {
                        return r;
                    }
                }
                return null;
            }
            case 'A': {
                Node t = parseType();
                // The string contents are not part of the mangling.
                return t != null && consumeIf('E') ? new LiteralNodes.StringLiteral(t) : null;
            }
            case 'D':
                if (consumeIf("Dn")) {
                    consumeIf('0');
                    if (consumeIf('E')) {
                        return Builtins.NULLPTR;
                    }
                }
                return null;
            case 'T':
                // Invalid per the ABI discussion; LLVM rejects it.
                return null;
            case 'U': {
                if (look(1) != 'l') {
                    return null;
                }
                Node t = parseUnnamedTypeName(null);
                return t != null && consumeIf('E') ? new LiteralNodes.LambdaExpr(t) : null;
            }
            default: {
                // Possibly an enumerator of a named type.
                Node t = parseType();
                if (t == null) {
                    return null;
                }
                String n = parseNumber(true);
                if (n.isEmpty() || !consumeIf('E')) {
                    return null;
                }
                return new LiteralNodes.EnumLiteral(t, n);
            }
        }
    }
}
