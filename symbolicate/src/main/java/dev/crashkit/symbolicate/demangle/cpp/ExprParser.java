package dev.crashkit.symbolicate.demangle.cpp;

import dev.crashkit.symbolicate.demangle.cpp.ExprNodes.BinaryExpr;
import dev.crashkit.symbolicate.demangle.cpp.ExprNodes.CallExpr;
import dev.crashkit.symbolicate.demangle.cpp.ExprNodes.EnclosingExpr;
import dev.crashkit.symbolicate.demangle.cpp.ExprNodes.PrefixExpr;
import dev.crashkit.symbolicate.demangle.cpp.LiteralNodes.BracedExpr;
import dev.crashkit.symbolicate.demangle.cpp.LiteralNodes.InitListExpr;
import dev.crashkit.symbolicate.demangle.cpp.LiteralNodes.IntegerLiteral;
import dev.crashkit.symbolicate.demangle.cpp.NameNodes.ConversionOperatorType;
import dev.crashkit.symbolicate.demangle.cpp.NameNodes.GlobalQualifiedName;
import dev.crashkit.symbolicate.demangle.cpp.NameNodes.NameType;
import dev.crashkit.symbolicate.demangle.cpp.NameNodes.NameWithTemplateArgs;
import dev.crashkit.symbolicate.demangle.cpp.NameNodes.QualifiedName;
import dev.crashkit.symbolicate.demangle.cpp.TemplateNodes.ParameterPackExpansion;

/** The {@code <expression>} part of the grammar: operators, literals and unresolved names. */
abstract class ExprParser extends ParserCore {

    ExprParser() {
    }

    abstract Node parseUnnamedTypeName(NameState state);

    @Override
    final Node parseExpr() {
        enter();
        Node r = parseExprImpl();
        leave();
        return r;
    }

    private Node parseBinaryExpr(String op, int prec) {
        Node lhs = parseExpr();
        if (lhs == null) {
            return null;
        }
        Node rhs = parseExpr();
        return rhs == null ? null : new BinaryExpr(lhs, op, rhs, prec);
    }

    private Node parsePrefixExpr(String op, int prec) {
        Node e = parseExpr();
        return e == null ? null : new PrefixExpr(op, e, prec);
    }

    /** Parses expressions until {@code E}; null on failure. */
    private Node[] parseExprsUntilE() {
        int begin = names.size();
        while (!consumeIf('E')) {
            Node e = parseExpr();
            if (e == null) {
                return null;
            }
            names.add(e);
        }
        return names.popFrom(begin);
    }

    private Node parseExprImpl() {
        boolean global = consumeIf("gs");
        Operators.Info op = numLeft() >= 2 ? Operators.lookup(look(), look(1)) : null;
        if (op != null) {
            pos += 2;
            return parseOperatorExpr(op, global);
        }
        if (numLeft() < 2) {
            return null;
        }
        char c = look();
        if (c == 'L') {
            return parseExprPrimary();
        }
        if (c == 'T') {
            return parseTemplateParam();
        }
        if (c == 'f') {
            // Disambiguate a fold expression from a <function-param>.
            if (look(1) == 'p' || (look(1) == 'L' && isDigit(look(2)))) {
                return parseFunctionParam();
            }
            return parseFoldExpr();
        }
        if (consumeIf("il")) {
            Node[] inits = parseBracedUntilE();
            return inits == null ? null : new InitListExpr(null, inits);
        }
        if (consumeIf("mc")) {
            return parsePointerToMemberConversionExpr(Prec.UNARY);
        }
        if (consumeIf("nx")) {
            Node e = parseExpr();
            return e == null ? null : new EnclosingExpr("noexcept ", e, Prec.UNARY);
        }
        if (c == 'r' && (look(1) == 'q' || look(1) == 'Q')) {
            return parseRequiresExpr();
        }
        if (consumeIf("so")) {
            return parseSubobjectExpr();
        }
        if (consumeIf("sp")) {
            Node child = parseExpr();
            return child == null ? null : new ParameterPackExpansion(child);
        }
        if (consumeIf("sZ")) {
            if (look() == 'T') {
                Node r = parseTemplateParam();
                return r == null ? null : new ExprNodes.SizeofParamPackExpr(r);
            }
            Node fp = parseFunctionParam();
            return fp == null ? null : new EnclosingExpr("sizeof... ", fp, Prec.PRIMARY);
        }
        if (consumeIf("sP")) {
            int begin = names.size();
            while (!consumeIf('E')) {
                Node arg = parseTemplateArg();
                if (arg == null) {
                    return null;
                }
                names.add(arg);
            }
            return new EnclosingExpr("sizeof... ", new NameNodes.NodeArrayNode(names.popFrom(begin)), Prec.PRIMARY);
        }
        if (consumeIf("tl")) {
            Node type = parseType();
            if (type == null) {
                return null;
            }
            Node[] inits = parseBracedUntilE();
            return inits == null ? null : new InitListExpr(type, inits);
        }
        if (consumeIf("tr")) {
            return Builtins.THROW;
        }
        if (consumeIf("tw")) {
            Node e = parseExpr();
            return e == null ? null : new ExprNodes.ThrowExpr(e);
        }
        if (consumeIf('u')) {
            return parseVendorExpr();
        }
        // Only unresolved names remain.
        return parseUnresolvedName(global);
    }

    private Node[] parseBracedUntilE() {
        int begin = names.size();
        while (!consumeIf('E')) {
            Node e = parseBracedExpr();
            if (e == null) {
                return null;
            }
            names.add(e);
        }
        return names.popFrom(begin);
    }

    /** {@code u <source-name> <template-arg>* E}, including the legacy {@code __uuidof} forms. */
    private Node parseVendorExpr() {
        Node name = parseSourceName();
        if (name == null) {
            return null;
        }
        Node uuid = null;
        boolean isUuid = false;
        if (name instanceof NameType nt && nt.nameEquals("__uuidof")) {
            if (consumeIf('t')) {
                uuid = parseType();
                isUuid = true;
            } else if (consumeIf('z')) {
                uuid = parseExpr();
                isUuid = true;
            }
        }
        int begin = names.size();
        if (isUuid) {
            if (uuid == null) {
                return null;
            }
            names.add(uuid);
        } else {
            while (!consumeIf('E')) {
                Node e = parseTemplateArg();
                if (e == null) {
                    return null;
                }
                names.add(e);
            }
        }
        return new CallExpr(name, names.popFrom(begin), false, Prec.POSTFIX);
    }

    private Node parseOperatorExpr(Operators.Info op, boolean global) {
        String sym = op.symbol();
        switch (op.kind()) {
            case Operators.BINARY:
                return parseBinaryExpr(sym, op.prec());
            case Operators.PREFIX:
                return parsePrefixExpr(sym, op.prec());
            case Operators.POSTFIX: {
                if (consumeIf('_')) {
                    return parsePrefixExpr(sym, op.prec());
                }
                Node e = parseExpr();
                return e == null ? null : new ExprNodes.PostfixExpr(e, sym, op.prec());
            }
            case Operators.ARRAY: {
                Node base = parseExpr();
                if (base == null) {
                    return null;
                }
                Node index = parseExpr();
                return index == null ? null : new ExprNodes.ArraySubscriptExpr(base, index, op.prec());
            }
            case Operators.MEMBER: {
                Node lhs = parseExpr();
                if (lhs == null) {
                    return null;
                }
                Node rhs = parseExpr();
                return rhs == null ? null : new ExprNodes.MemberExpr(lhs, sym, rhs, op.prec());
            }
            case Operators.NEW:
                return parseNewExpr(op, global);
            case Operators.DEL: {
                Node e = parseExpr();
                return e == null ? null : new ExprNodes.DeleteExpr(e, global, op.flag(), op.prec());
            }
            case Operators.CALL: {
                Node callee = parseExpr();
                if (callee == null) {
                    return null;
                }
                Node[] args = parseExprsUntilE();
                return args == null ? null : new CallExpr(callee, args, op.flag(), op.prec());
            }
            case Operators.CCAST:
                return parseCCast(op);
            case Operators.CONDITIONAL: {
                Node cond = parseExpr();
                if (cond == null) {
                    return null;
                }
                Node lhs = parseExpr();
                if (lhs == null) {
                    return null;
                }
                Node rhs = parseExpr();
                return rhs == null ? null : new ExprNodes.ConditionalExpr(cond, lhs, rhs, op.prec());
            }
            case Operators.NAMED_CAST: {
                Node type = parseType();
                if (type == null) {
                    return null;
                }
                Node e = parseExpr();
                return e == null ? null : new ExprNodes.CastExpr(sym, type, e, op.prec());
            }
            case Operators.OF_ID_OP: {
                Node arg = op.flag() ? parseType() : parseExpr();
                return arg == null ? null : new EnclosingExpr(sym, arg, op.prec());
            }
            default:
                // NAME_ONLY: not valid as an expression operand.
                return null;
        }
    }

    /** {@code [gs] nw <expression>* _ <type> [pi <expression>*] E}. */
    private Node parseNewExpr(Operators.Info op, boolean global) {
        int begin = names.size();
        while (!consumeIf('_')) {
            Node e = parseExpr();
            if (e == null) {
                return null;
            }
            names.add(e);
        }
        Node[] exprList = names.popFrom(begin);
        Node type = parseType();
        if (type == null) {
            return null;
        }
        boolean haveInits = consumeIf("pi");
        int initsBegin = names.size();
        while (!consumeIf('E')) {
            if (!haveInits) {
                return null;
            }
            Node init = parseExpr();
            if (init == null) {
                return null;
            }
            names.add(init);
        }
        return new ExprNodes.NewExpr(exprList, type, names.popFrom(initsBegin), global, op.flag(), op.prec());
    }

    /** {@code cv <type> <expression>} or {@code cv <type> _ <expression>* E}. */
    private Node parseCCast(Operators.Info op) {
        boolean saved = tryToParseTemplateArgs;
        tryToParseTemplateArgs = false;
        Node type = parseType();
        tryToParseTemplateArgs = saved;
        if (type == null) {
            return null;
        }
        int begin = names.size();
        boolean many = consumeIf('_');
        while (!consumeIf('E')) {
            Node e = parseExpr();
            if (e == null) {
                return null;
            }
            names.add(e);
            if (!many) {
                break;
            }
        }
        Node[] exprs = names.popFrom(begin);
        if (!many && exprs.length != 1) {
            return null;
        }
        return new ExprNodes.ConversionExpr(type, exprs, op.prec());
    }

    private Node parseFunctionParam() {
        if (consumeIf("fpT")) {
            return Builtins.THIS;
        }
        if (consumeIf("fp")) {
            parseCVQualifiers();
            String num = parseNumber();
            return consumeIf('_') ? new ExprNodes.FunctionParam(num) : null;
        }
        if (consumeIf("fL")) {
            if (parseNumber().isEmpty() || !consumeIf('p')) {
                return null;
            }
            parseCVQualifiers();
            String num = parseNumber();
            return consumeIf('_') ? new ExprNodes.FunctionParam(num) : null;
        }
        return null;
    }

    private Node parseFoldExpr() {
        if (!consumeIf('f')) {
            return null;
        }
        boolean leftFold;
        boolean hasInit;
        switch (look()) {
            case 'L': leftFold = true; hasInit = true; break;
            case 'R': leftFold = false; hasInit = true; break;
            case 'l': leftFold = true; hasInit = false; break;
            case 'r': leftFold = false; hasInit = false; break;
            default: return null;
        }
        pos++;
        Operators.Info op = numLeft() >= 2 ? Operators.lookup(look(), look(1)) : null;
        if (op == null) {
            return null;
        }
        pos += 2;
        if (!(op.kind() == Operators.BINARY || (op.kind() == Operators.MEMBER && op.name().endsWith("*")))) {
            return null;
        }
        Node pack = parseExpr();
        if (pack == null) {
            return null;
        }
        Node init = null;
        if (hasInit) {
            init = parseExpr();
            if (init == null) {
                return null;
            }
        }
        if (leftFold && init != null) {
            Node t = pack;
            pack = init;
            init = t;
        }
        return new ExprNodes.FoldExpr(leftFold, op.symbol(), pack, init);
    }

    private Node parsePointerToMemberConversionExpr(int prec) {
        Node type = parseType();
        if (type == null) {
            return null;
        }
        Node e = parseExpr();
        if (e == null) {
            return null;
        }
        parseNumber(true);
        return consumeIf('E') ? new ExprNodes.PointerToMemberConversionExpr(type, e, prec) : null;
    }

    /** {@code so <type> <expr> [<offset>] <union-selector>* [p] E}. */
    private Node parseSubobjectExpr() {
        Node type = parseType();
        if (type == null) {
            return null;
        }
        Node e = parseExpr();
        if (e == null) {
            return null;
        }
        String offset = parseNumber(true);
        while (consumeIf('_')) {
            parseNumber();
        }
        consumeIf('p');
        return consumeIf('E') ? new ExprNodes.SubobjectExpr(type, e, offset) : null;
    }

    @Override
    final Node parseConstraintExpr() {
        // Within a constraint, all enclosing template parameter lists are in scope.
        boolean saved = inConstraintExpr;
        inConstraintExpr = true;
        Node r = parseExpr();
        inConstraintExpr = saved;
        return r;
    }

    private Node parseRequiresExpr() {
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
    private Node parseBracedExpr() {
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

    // ---- names inside expressions ----

    /**
     * {@code <operator-name>}: a two-letter operator, {@code cv <type>} (conversion),
     * {@code li <source-name>} (literal operator) or {@code v <digit> <source-name>} (vendor).
     */
    final Node parseOperatorName(NameState state) {
        Operators.Info op = numLeft() >= 2 ? Operators.lookup(look(), look(1)) : null;
        if (op != null) {
            pos += 2;
            if (op.kind() == Operators.CCAST) {
                boolean savedTemplate = tryToParseTemplateArgs;
                boolean savedPermit = permitForwardTemplateReferences;
                tryToParseTemplateArgs = false;
                // In an encoding, the type may use template parameters whose arguments come later.
                permitForwardTemplateReferences = permitForwardTemplateReferences || state != null;
                Node type = parseType();
                tryToParseTemplateArgs = savedTemplate;
                permitForwardTemplateReferences = savedPermit;
                if (type == null) {
                    return null;
                }
                if (state != null) {
                    state.ctorDtorConversion = true;
                }
                return new ConversionOperatorType(type);
            }
            if (op.kind() >= Operators.UNNAMEABLE) {
                return null;
            }
            if (op.kind() == Operators.MEMBER && !op.flag()) {
                return null;
            }
            return new NameType(op.name());
        }
        if (consumeIf("li")) {
            Node sn = parseSourceName();
            return sn == null ? null : new NameNodes.LiteralOperator(sn);
        }
        if (consumeIf('v')) {
            if (isDigit(look())) {
                pos++;
                Node sn = parseSourceName();
                return sn == null ? null : new ConversionOperatorType(sn);
            }
            return null;
        }
        return null;
    }

    /** {@code <simple-id> ::= <source-name> [<template-args>]}. */
    private Node parseSimpleId() {
        Node sn = parseSourceName();
        if (sn == null) {
            return null;
        }
        if (look() == 'I') {
            Node ta = parseTemplateArgs();
            return ta == null ? null : new NameWithTemplateArgs(sn, ta);
        }
        return sn;
    }

    private Node parseDestructorName() {
        Node r = isDigit(look()) ? parseSimpleId() : parseUnresolvedType();
        return r == null ? null : new NameNodes.DtorName(r);
    }

    /** {@code <unresolved-type>}: a template parameter, decltype or substitution. */
    private Node parseUnresolvedType() {
        if (look() == 'T') {
            Node tp = parseTemplateParam();
            if (tp == null) {
                return null;
            }
            subs.add(tp);
            return tp;
        }
        if (look() == 'D') {
            Node dt = parseDecltype();
            if (dt == null) {
                return null;
            }
            subs.add(dt);
            return dt;
        }
        return parseSubstitution();
    }

    abstract Node parseDecltype();

    private Node parseBaseUnresolvedName() {
        if (isDigit(look())) {
            return parseSimpleId();
        }
        if (consumeIf("dn")) {
            return parseDestructorName();
        }
        consumeIf("on");
        Node oper = parseOperatorName(null);
        if (oper == null) {
            return null;
        }
        if (look() == 'I') {
            Node ta = parseTemplateArgs();
            return ta == null ? null : new NameWithTemplateArgs(oper, ta);
        }
        return oper;
    }

    /** {@code <unresolved-name>}: dependent names such as {@code T::x}, {@code N::f} or {@code ::g}. */
    private Node parseUnresolvedName(boolean global) {
        Node soFar;
        if (consumeIf("srN")) {
            soFar = parseUnresolvedType();
            if (soFar == null) {
                return null;
            }
            if (look() == 'I') {
                Node ta = parseTemplateArgs();
                if (ta == null) {
                    return null;
                }
                soFar = new NameWithTemplateArgs(soFar, ta);
            }
            while (!consumeIf('E')) {
                Node qual = parseSimpleId();
                if (qual == null) {
                    return null;
                }
                soFar = new QualifiedName(soFar, qual);
            }
            Node base = parseBaseUnresolvedName();
            return base == null ? null : new QualifiedName(soFar, base);
        }
        if (!consumeIf("sr")) {
            soFar = parseBaseUnresolvedName();
            if (soFar == null) {
                return null;
            }
            return global ? new GlobalQualifiedName(soFar) : soFar;
        }
        soFar = null;
        if (isDigit(look())) {
            do {
                Node qual = parseSimpleId();
                if (qual == null) {
                    return null;
                }
                if (soFar != null) {
                    soFar = new QualifiedName(soFar, qual);
                } else if (global) {
                    soFar = new GlobalQualifiedName(qual);
                } else {
                    soFar = qual;
                }
            } while (!consumeIf('E'));
        } else {
            soFar = parseUnresolvedType();
            if (soFar == null) {
                return null;
            }
            if (look() == 'I') {
                Node ta = parseTemplateArgs();
                if (ta == null) {
                    return null;
                }
                soFar = new NameWithTemplateArgs(soFar, ta);
            }
        }
        Node base = parseBaseUnresolvedName();
        return base == null ? null : new QualifiedName(soFar, base);
    }
}
