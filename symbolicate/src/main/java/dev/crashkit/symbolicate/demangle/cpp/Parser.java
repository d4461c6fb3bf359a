package dev.crashkit.symbolicate.demangle.cpp;

import dev.crashkit.symbolicate.demangle.cpp.NameNodes.CtorDtorName;
import dev.crashkit.symbolicate.demangle.cpp.NameNodes.LocalName;
import dev.crashkit.symbolicate.demangle.cpp.NameNodes.ModuleName;
import dev.crashkit.symbolicate.demangle.cpp.NameNodes.NameWithTemplateArgs;
import dev.crashkit.symbolicate.demangle.cpp.NameNodes.NestedName;
import dev.crashkit.symbolicate.demangle.cpp.NameNodes.SpecialName;
import dev.crashkit.symbolicate.demangle.cpp.NameNodes.SpecialSubstitution;
import java.util.ArrayList;

/** The {@code <name>}, {@code <encoding>} and {@code <special-name>} parts of the grammar, and the entry point. */
final class Parser extends TypeParser {

    /** The scope after {@link #parseCtorDtorName}, which expands an abbreviated std:: scope. */
    private Node ctorScope;

    Parser() {
    }

    /**
     * {@code _Z <encoding> [.suffix]} or {@code ___Z <encoding> _block_invoke[_][<n>]}, parsed from
     * the start position to the end; null when the text is not a complete mangled name.
     */
    Node parse() {
        if (consumeIf("_Z")) {
            Node encoding = parseEncoding();
            if (encoding == null) {
                return null;
            }
            if (look() == '.') {
                encoding = new NameNodes.DotSuffix(encoding, s.substring(pos, end));
                pos = end;
            }
            return numLeft() == 0 && forwardTemplateRefs.isEmpty() ? encoding : null;
        }
        if (consumeIf("___Z")) {
            Node encoding = parseEncoding();
            if (encoding == null || !consumeIf("_block_invoke")) {
                return null;
            }
            boolean requireNumber = consumeIf('_');
            if (parseNumber().isEmpty() && requireNumber) {
                return null;
            }
            if (look() == '.') {
                pos = end;
            }
            if (numLeft() != 0 || !forwardTemplateRefs.isEmpty()) {
                return null;
            }
            return new SpecialName("invocation function for block in ", encoding);
        }
        return null;
    }

    // ---- encodings ----

    @Override
    Node parseEncoding() {
        enter();
        // The template parameters of an encoding are unrelated to those of the enclosing context.
        ArrayList<NodeList> savedParams = templateParams;
        NodeList savedOuter = outerTemplateParams;
        openTemplateScope();
        Node r = parseEncodingImpl();
        closeTemplateScope(savedParams, savedOuter);
        leave();
        return r;
    }

    private boolean isEndOfEncoding() {
        // Characters that may follow an <encoding> and cannot start a <type>.
        char c = look();
        return numLeft() == 0 || c == 'E' || c == '.' || c == '_';
    }

    private Node parseEncodingImpl() {
        if (look() == 'G' || look() == 'T') {
            return parseSpecialName();
        }
        NameState state = new NameState(this);
        Node name = parseName(state);
        if (name == null || !resolveForwardTemplateRefs(state)) {
            return null;
        }
        if (isEndOfEncoding()) {
            return name;
        }
        Node attrs = null;
        if (consumeIf("Ua9enable_ifI")) {
            int begin = names.size();
            while (!consumeIf('E')) {
                Node arg = parseTemplateArg();
                if (arg == null) {
                    return null;
                }
                names.add(arg);
            }
            attrs = new NameNodes.EnableIfAttr(names.popFrom(begin));
        }
        Node ret = null;
        if (!state.ctorDtorConversion && state.endsWithTemplateArgs) {
            ret = parseType();
            if (ret == null) {
                return null;
            }
        }
        Node[] params = Node.EMPTY;
        if (!consumeIf('v')) {
            int begin = names.size();
            do {
                Node t = parseType();
                if (t == null) {
                    return null;
                }
                if (state.hasExplicitObjectParameter && begin == names.size()) {
                    t = new TypeNodes.ExplicitObjectParameter(t);
                }
                names.add(t);
            } while (!isEndOfEncoding() && look() != 'Q');
            params = names.popFrom(begin);
        }
        Node requires = null;
        if (consumeIf('Q')) {
            requires = parseConstraintExpr();
            if (requires == null) {
                return null;
            }
        }
        return new TypeNodes.FunctionEncoding(ret, name, params, attrs, requires, state.cvQualifiers,
            state.referenceQualifier);
    }

    /** {@code h <n> _} or {@code v <n> _ <n> _}; true when well-formed (the offsets are not printed). */
    private boolean parseCallOffset() {
        if (consumeIf('h')) {
            return !parseNumber(true).isEmpty() && consumeIf('_');
        }
        if (consumeIf('v')) {
            return !parseNumber(true).isEmpty() && consumeIf('_') && !parseNumber(true).isEmpty() && consumeIf('_');
        }
        return false;
    }

    private Node special(String text, Node child) {
        return child == null ? null : new SpecialName(text, child);
    }

    /** vtables, typeinfo, thunks, guard variables and other {@code T...}/{@code G...} names. */
    private Node parseSpecialName() {
        if (look() == 'T') {
            switch (look(1)) {
                case 'A':
                    pos += 2;
                    return special("template parameter object for ", parseTemplateArg());
                case 'V':
                    pos += 2;
                    return special("vtable for ", parseType());
                case 'T':
                    pos += 2;
                    return special("VTT for ", parseType());
                case 'I':
                    pos += 2;
                    return special("typeinfo for ", parseType());
                case 'S':
                    pos += 2;
                    return special("typeinfo name for ", parseType());
                case 'c':
                    pos += 2;
                    if (!parseCallOffset() || !parseCallOffset()) {
                        return null;
                    }
                    return special("covariant return thunk to ", parseEncoding());
                case 'C': {
                    pos += 2;
                    Node first = parseType();
                    if (first == null || parseNumber(true).isEmpty() || !consumeIf('_')) {
                        return null;
                    }
                    Node second = parseType();
                    return second == null ? null : new NameNodes.CtorVtableSpecialName(second, first);
                }
                case 'W':
                    pos += 2;
                    return special("thread-local wrapper routine for ", parseName(null));
                case 'H':
                    pos += 2;
                    return special("thread-local initialization routine for ", parseName(null));
                default: {
                    pos++;
                    boolean virtual = look() == 'v';
                    if (!parseCallOffset()) {
                        return null;
                    }
                    return special(virtual ? "virtual thunk to " : "non-virtual thunk to ", parseEncoding());
                }
            }
        }
        if (look() == 'G') {
            switch (look(1)) {
                case 'V':
                    pos += 2;
                    return special("guard variable for ", parseName(null));
                case 'R': {
                    pos += 2;
                    Node name = parseName(null);
                    if (name == null) {
                        return null;
                    }
                    boolean parsedSeqId = parseSeqId() >= 0;
                    if (!consumeIf('_') && parsedSeqId) {
                        return null;
                    }
                    return new SpecialName("reference temporary for ", name);
                }
                case 'I': {
                    pos += 2;
                    ModuleName[] module = new ModuleName[1];
                    if (!parseModuleNameOpt(module) || module[0] == null) {
                        return null;
                    }
                    return new SpecialName("initializer for module ", module[0]);
                }
                default:
                    return null;
            }
        }
        return null;
    }

    // ---- names ----

    @Override
    Node parseName(NameState state) {
        enter();
        Node r = parseNameImpl(state);
        leave();
        return r;
    }

    private Node parseNameImpl(NameState state) {
        if (look() == 'N') {
            return parseNestedName(state);
        }
        if (look() == 'Z') {
            return parseLocalName(state);
        }
        Node result = parseUnscopedName(state, true);
        boolean isSubst = unscopedWasSubstitution;
        if (result == null) {
            return null;
        }
        if (look() == 'I') {
            // An <unscoped-template-name> is substitutable.
            if (!isSubst) {
                subs.add(result);
            }
            Node ta = parseTemplateArgs(state != null);
            if (ta == null) {
                return null;
            }
            if (state != null) {
                state.endsWithTemplateArgs = true;
            }
            return new NameWithTemplateArgs(result, ta);
        }
        // A substitution here must be followed by <template-args>.
        return isSubst ? null : result;
    }

    /** {@code Z <encoding> E <entity> [<discriminator>]}, {@code ... E s}, {@code ... E d [<n>] _ <entity>}. */
    private Node parseLocalName(NameState state) {
        if (!consumeIf('Z')) {
            return null;
        }
        Node encoding = parseEncoding();
        if (encoding == null || !consumeIf('E')) {
            return null;
        }
        if (consumeIf('s')) {
            parseDiscriminator();
            return new LocalName(encoding, Builtins.STRING_LITERAL);
        }
        // The template parameters of the inner name are unrelated to those of the enclosing context.
        ArrayList<NodeList> savedParams = templateParams;
        NodeList savedOuter = outerTemplateParams;
        openTemplateScope();
        Node r = parseLocalEntity(state, encoding);
        closeTemplateScope(savedParams, savedOuter);
        return r;
    }

    private Node parseLocalEntity(NameState state, Node encoding) {
        if (consumeIf('d')) {
            parseNumber(true);
            if (!consumeIf('_')) {
                return null;
            }
            Node n = parseName(state);
            return n == null ? null : new LocalName(encoding, n);
        }
        Node entity = parseName(state);
        if (entity == null) {
            return null;
        }
        parseDiscriminator();
        return new LocalName(encoding, entity);
    }

    /** Skips {@code _ <digit>}, {@code __ <number> _}, or trailing digits at the end of the input. */
    private void parseDiscriminator() {
        if (pos >= end) {
            return;
        }
        char first = in[pos];
        if (first == '_') {
            int t = pos + 1;
            if (t != end) {
                if (isDigit(in[t])) {
                    pos = t + 1;
                } else if (in[t] == '_') {
                    t++;
                    while (t != end && isDigit(in[t])) {
                        t++;
                    }
                    if (t != end && in[t] == '_') {
                        pos = t + 1;
                    }
                }
            }
        } else if (isDigit(first)) {
            int t = pos + 1;
            while (t != end && isDigit(in[t])) {
                t++;
            }
            if (t == end) {
                pos = end;
            }
        }
    }

    /**
     * {@code <unqualified-name>} or {@code St <unqualified-name>}, or a bare substitution when
     * {@code allowSubst}; {@link #unscopedWasSubstitution} tells which on return.
     */
    @Override
    Node parseUnscopedName(NameState state, boolean allowSubst) {
        Node std = null;
        if (consumeIf("St")) {
            std = Builtins.STD;
        }
        Node res = null;
        boolean wasSubst = false;
        ModuleName module = null;
        if (look() == 'S') {
            Node sub = parseSubstitution();
            if (sub == null) {
                return null;
            }
            if (sub instanceof ModuleName m) {
                module = m;
            } else if (allowSubst && std == null) {
                res = sub;
                wasSubst = true;
            } else {
                return null;
            }
        }
        if (res == null || std != null) {
            res = parseUnqualifiedName(state, std, module);
        }
        unscopedWasSubstitution = wasSubst;
        return res;
    }

    /**
     * {@code [<module-name>] [F] [L] (<operator-name> | <ctor-dtor-name> | <source-name> |
     * <unnamed-type-name> | DC <source-name>+ E) [<abi-tags>]}, joined to {@code scope}.
     */
    private Node parseUnqualifiedName(NameState state, Node scope, ModuleName module) {
        ModuleName[] mod = {module};
        if (!parseModuleNameOpt(mod)) {
            return null;
        }
        module = mod[0];
        boolean memberLikeFriend = scope != null && consumeIf('F');
        consumeIf('L');
        Node result;
        char c = look();
        if (c >= '1' && c <= '9') {
            result = parseSourceName();
        } else if (c == 'U') {
            result = parseUnnamedTypeName(state);
        } else if (consumeIf("DC")) {
            int begin = names.size();
            do {
                Node binding = parseSourceName();
                if (binding == null) {
                    return null;
                }
                names.add(binding);
            } while (!consumeIf('E'));
            result = new NameNodes.StructuredBindingName(names.popFrom(begin));
        } else if (c == 'C' || c == 'D') {
            if (scope == null || module != null) {
                return null;
            }
            result = parseCtorDtorName(scope, state);
            scope = ctorScope;
        } else {
            result = parseOperatorName(state);
        }
        if (result != null && module != null) {
            result = new NameNodes.ModuleEntity(module, result);
        }
        if (result != null) {
            result = parseAbiTags(result);
        }
        if (result != null && memberLikeFriend) {
            result = new NameNodes.MemberLikeFriendName(scope, result);
        } else if (result != null && scope != null) {
            result = new NestedName(scope, result);
        }
        return result;
    }

    /** {@code (W [P] <source-name>)*}; false on failure. {@code module[0]} is updated in place. */
    private boolean parseModuleNameOpt(ModuleName[] module) {
        while (consumeIf('W')) {
            boolean partition = consumeIf('P');
            Node sub = parseSourceName();
            if (sub == null) {
                return false;
            }
            module[0] = new ModuleName(module[0], sub, partition);
            subs.add(module[0]);
        }
        return true;
    }

    /** {@code Ut [<n>] _}, {@code Ul <lambda-sig> E [<n>] _}, {@code Ub [<n>] _}. */
    @Override
    Node parseUnnamedTypeName(NameState state) {
        // <template-param>s refer to the innermost <template-args>.
        if (state != null) {
            templateParams.clear();
        }
        if (consumeIf("Ut")) {
            String count = parseNumber();
            return consumeIf('_') ? new NameNodes.UnnamedTypeName(count) : null;
        }
        if (consumeIf("Ul")) {
            int savedLevel = parsingLambdaParamsAtLevel;
            int oldLevels = templateParams.size();
            parsingLambdaParamsAtLevel = oldLevels;
            templateParams.add(new NodeList(4));
            Node r = parseLambda(templateParams.get(oldLevels));
            shrinkTemplateParams(oldLevels);
            parsingLambdaParamsAtLevel = savedLevel;
            return r;
        }
        if (consumeIf("Ub")) {
            parseNumber();
            return consumeIf('_') ? Builtins.BLOCK_LITERAL : null;
        }
        return null;
    }

    private Node parseLambda(NodeList lambdaParams) {
        int begin = names.size();
        while (isTemplateParamDecl()) {
            Node t = parseTemplateParamDecl(lambdaParams);
            if (t == null) {
                return null;
            }
            names.add(t);
        }
        Node[] templateParamDecls = names.popFrom(begin);
        // Without explicit template parameters, only 'auto' parameters may add a level later.
        if (templateParamDecls.length == 0) {
            templateParams.remove(templateParams.size() - 1);
        }
        Node requires1 = null;
        if (consumeIf('Q')) {
            requires1 = parseConstraintExpr();
            if (requires1 == null) {
                return null;
            }
        }
        if (!consumeIf('v')) {
            do {
                Node p = parseType();
                if (p == null) {
                    return null;
                }
                names.add(p);
            } while (look() != 'E' && look() != 'Q');
        }
        Node[] params = names.popFrom(begin);
        Node requires2 = null;
        if (consumeIf('Q')) {
            requires2 = parseConstraintExpr();
            if (requires2 == null) {
                return null;
            }
        }
        if (!consumeIf('E')) {
            return null;
        }
        String count = parseNumber();
        if (!consumeIf('_')) {
            return null;
        }
        return new NameNodes.ClosureTypeName(templateParamDecls, requires1, params, requires2, count);
    }

    /** {@code C[I]<1-5>} or {@code D<0,1,2,4,5>}; sets {@link #ctorScope}. */
    private Node parseCtorDtorName(Node scope, NameState state) {
        if (scope instanceof SpecialSubstitution ss && !ss.expanded) {
            scope = new SpecialSubstitution(ss.kind, true);
        }
        ctorScope = scope;
        if (consumeIf('C')) {
            boolean inherited = consumeIf('I');
            char v = look();
            if (v < '1' || v > '5') {
                return null;
            }
            pos++;
            if (state != null) {
                state.ctorDtorConversion = true;
            }
            if (inherited && parseName(state) == null) {
                return null;
            }
            ctorScope = scope;
            return new CtorDtorName(scope, false);
        }
        char v = look(1);
        if (look() == 'D' && (v == '0' || v == '1' || v == '2' || v == '4' || v == '5')) {
            pos += 2;
            if (state != null) {
                state.ctorDtorConversion = true;
            }
            return new CtorDtorName(scope, true);
        }
        return null;
    }

    /** {@code N [<CV>] [<ref>] <prefix> <unqualified-name> E} (also {@code NH} for explicit object parameters). */
    private Node parseNestedName(NameState state) {
        if (!consumeIf('N')) {
            return null;
        }
        if (!consumeIf('H')) {
            int cv = parseCVQualifiers();
            if (state != null) {
                state.cvQualifiers = cv;
            }
            int ref = consumeIf('O') ? TypeNodes.REF_RVALUE : consumeIf('R') ? TypeNodes.REF_LVALUE : TypeNodes.REF_NONE;
            if (state != null) {
                state.referenceQualifier = ref;
            }
        } else if (state != null) {
            state.hasExplicitObjectParameter = true;
        }
        Node soFar = null;
        while (!consumeIf('E')) {
            if (state != null) {
                state.endsWithTemplateArgs = false;
            }
            char c = look();
            if (c == 'T') {
                if (soFar != null) {
                    return null;
                }
                soFar = parseTemplateParam();
            } else if (c == 'I') {
                if (soFar == null) {
                    return null;
                }
                Node ta = parseTemplateArgs(state != null);
                if (ta == null) {
                    return null;
                }
                // <template-args> <template-args> cannot come from a C++ entity.
                if (soFar instanceof NameWithTemplateArgs) {
                    return null;
                }
                if (state != null) {
                    state.endsWithTemplateArgs = true;
                }
                soFar = new NameWithTemplateArgs(soFar, ta);
            } else if (c == 'D' && (look(1) == 't' || look(1) == 'T')) {
                if (soFar != null) {
                    return null;
                }
                soFar = parseDecltype();
            } else {
                ModuleName module = null;
                if (c == 'S') {
                    Node sub;
                    if (look(1) == 't') {
                        pos += 2;
                        sub = Builtins.STD;
                    } else {
                        sub = parseSubstitution();
                    }
                    if (sub == null) {
                        return null;
                    }
                    if (sub instanceof ModuleName m) {
                        module = m;
                    } else if (soFar != null) {
                        return null;
                    } else {
                        soFar = sub;
                        continue; // not a new substitution candidate
                    }
                }
                soFar = parseUnqualifiedName(state, soFar, module);
            }
            if (soFar == null) {
                return null;
            }
            subs.add(soFar);
            // <data-member-prefix> := <member source-name> [<template-args>] M (no longer used)
            consumeIf('M');
        }
        if (soFar == null || subs.isEmpty()) {
            return null;
        }
        subs.removeLast();
        return soFar;
    }
}
