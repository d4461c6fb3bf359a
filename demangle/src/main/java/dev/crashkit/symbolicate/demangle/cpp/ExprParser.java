package dev.crashkit.symbolicate.demangle.cpp;

import dev.crashkit.symbolicate.demangle.cpp.ExprNodes.BinaryExpr;
import dev.crashkit.symbolicate.demangle.cpp.ExprNodes.CallExpr;
import dev.crashkit.symbolicate.demangle.cpp.ExprNodes.EnclosingExpr;
import dev.crashkit.symbolicate.demangle.cpp.ExprNodes.PrefixExpr;
import dev.crashkit.symbolicate.demangle.cpp.LiteralNodes.InitListExpr;
import dev.crashkit.symbolicate.demangle.cpp.NameNodes.NameType;
import dev.crashkit.symbolicate.demangle.cpp.TemplateNodes.ParameterPackExpansion;

/** The {@code <expression>} part of the grammar: operators, casts, new/delete, folds, calls. */
abstract class ExprParser extends UnresolvedNameParser {

    ExprParser() {
    }

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
            return new EnclosingExpr("sizeof... ", new SpecialNodes.NodeArrayNode(names.popFrom(begin)), Prec.PRIMARY);
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
}
