package dev.crashkit.symbolicate.demangle.cpp;

import dev.crashkit.symbolicate.demangle.cpp.NameNodes.ConversionOperatorType;
import dev.crashkit.symbolicate.demangle.cpp.NameNodes.GlobalQualifiedName;
import dev.crashkit.symbolicate.demangle.cpp.NameNodes.NameType;
import dev.crashkit.symbolicate.demangle.cpp.NameNodes.NameWithTemplateArgs;
import dev.crashkit.symbolicate.demangle.cpp.NameNodes.QualifiedName;

/** Names inside expressions: operator names and {@code <unresolved-name>} (dependent names like {@code T::x}). */
abstract class UnresolvedNameParser extends LiteralParser {

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
    final Node parseUnresolvedName(boolean global) {
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
        } else if (gnu && look() == 'S' && look(1) == 't') {
            // "sr St<name>...": libiberty reads any type after sr (cplus_demangle_type), so std::name<args>
            // with its template arguments; LLVM's unresolved-type takes only a substitution and fails here.
            soFar = parseType();
            if (soFar == null) {
                return null;
            }
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
