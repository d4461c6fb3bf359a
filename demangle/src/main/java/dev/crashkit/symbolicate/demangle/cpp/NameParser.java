package dev.crashkit.symbolicate.demangle.cpp;

import dev.crashkit.symbolicate.demangle.cpp.NameNodes.CtorDtorName;
import dev.crashkit.symbolicate.demangle.cpp.NameNodes.ModuleName;
import dev.crashkit.symbolicate.demangle.cpp.NameNodes.NameWithTemplateArgs;
import dev.crashkit.symbolicate.demangle.cpp.NameNodes.NestedName;
import dev.crashkit.symbolicate.demangle.cpp.SpecialNodes.SpecialSubstitution;

/** {@code <name>}: nested, unscoped and unqualified names, constructors, lambdas and modules. */
abstract class NameParser extends TypeParser {

    /** The scope after {@link #parseCtorDtorName}, which expands an abbreviated std:: scope. */
    private Node ctorScope;

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
        if (look() == 'W') {
            module = parseModuleNameOpt(module);
            if (module == MODULE_ERROR) {
                return null;
            }
        }
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

    /** Returned by {@link #parseModuleNameOpt} for malformed input. */
    static final ModuleName MODULE_ERROR = new ModuleName(null, Builtins.STD, false);

    /** {@code (W [P] <source-name>)*} appended to {@code module}; {@link #MODULE_ERROR} on failure. */
    final ModuleName parseModuleNameOpt(ModuleName module) {
        while (consumeIf('W')) {
            boolean partition = consumeIf('P');
            Node sub = parseSourceName();
            if (sub == null) {
                return MODULE_ERROR;
            }
            module = new ModuleName(module, sub, partition);
            subs.add(module);
        }
        return module;
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
            templateParams.removeLast();
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
            Node base = inherited ? parseName(state) : null;
            if (inherited && base == null) {
                return null;
            }
            ctorScope = scope;
            // An inheriting constructor: libiberty names it after the base class it inherits from
            // (d_ctor_dtor_name's last name), LLVM after the class it constructs.
            return new CtorDtorName(gnu && base != null ? base : scope, false);
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

    /** {@code Z <encoding> E <entity>}: a name local to a function. */
    abstract Node parseLocalName(NameState state);
}
