package dev.crashkit.symbolicate.demangle.cpp;

import dev.crashkit.symbolicate.demangle.cpp.NameNodes.NameType;
import dev.crashkit.symbolicate.demangle.cpp.TemplateNodes.ForwardTemplateReference;
import dev.crashkit.symbolicate.demangle.cpp.TemplateNodes.ParameterPack;
import dev.crashkit.symbolicate.demangle.cpp.TemplateNodes.TemplateArgs;
import dev.crashkit.symbolicate.demangle.cpp.TemplateNodes.TemplateArgumentPack;
import dev.crashkit.symbolicate.demangle.cpp.TemplateNodes.TemplateParamQualifiedArg;

/** Template parameters ({@code T_}, {@code TL1_0_}), parameter declarations and {@code <template-args>}. */
abstract class TemplateArgParser extends ParserCore {

    // ---- template parameters and arguments ----

    /** {@code T_}, {@code T <n> _}, {@code TL <level> _ [<n>] _}. */
    final Node parseTemplateParam() {
        int begin = pos;
        if (!consumeIf('T')) {
            return null;
        }
        long level = 0;
        if (consumeIf('L')) {
            level = parsePositiveInteger();
            if (level < 0) {
                return null;
            }
            level++;
            if (!consumeIf('_')) {
                return null;
            }
        }
        long index = 0;
        if (!consumeIf('_')) {
            index = parsePositiveInteger();
            if (index < 0) {
                return null;
            }
            index++;
            if (!consumeIf('_')) {
                return null;
            }
        }
        // Enclosing levels are not tracked inside constraints; print the mangled numbering.
        if (inConstraintExpr) {
            return new NameType(in, begin, pos - 1);
        }
        // A forward reference to arguments further ahead (conversion operator types).
        if (permitForwardTemplateReferences && level == 0) {
            ForwardTemplateReference ref = new ForwardTemplateReference((int) Math.min(index, Integer.MAX_VALUE));
            forwardTemplateRefs.add(ref);
            return ref;
        }
        if (level >= templateParams.size() || templateParams.get((int) level) == null
            || index >= templateParams.get((int) level).size()) {
            // In a generic lambda, 'auto' parameters are mangled as invented template parameters.
            if (parsingLambdaParamsAtLevel == level && level <= templateParams.size()) {
                if (level == templateParams.size()) {
                    templateParams.add(null);
                }
                return Builtins.AUTO;
            }
            return null;
        }
        return templateParams.get((int) level).get((int) index);
    }

    final boolean isTemplateParamDecl() {
        return look() == 'T' && "yptnk".indexOf(look(1)) >= 0 && look(1) != '\0';
    }

    /** {@code Ty}, {@code Tk <name>}, {@code Tn <type>}, {@code Tt <decl>* E}, {@code Tp <decl>}. */
    final Node parseTemplateParamDecl(NodeList params) {
        enter();
        Node r = parseTemplateParamDeclImpl(params);
        leave();
        return r;
    }

    private Node invent(int kind, NodeList params) {
        int index = numSyntheticTemplateParameters[kind]++;
        Node n = new TemplateNodes.SyntheticTemplateParamName(kind, index);
        if (params != null) {
            params.add(n);
        }
        return n;
    }

    private Node parseTemplateParamDeclImpl(NodeList params) {
        if (consumeIf("Ty")) {
            return new TemplateNodes.TypeTemplateParamDecl(invent(TemplateNodes.PARAM_TYPE, params));
        }
        if (consumeIf("Tk")) {
            Node constraint = parseName(null);
            if (constraint == null) {
                return null;
            }
            return new TemplateNodes.ConstrainedTypeTemplateParamDecl(constraint,
                invent(TemplateNodes.PARAM_TYPE, params));
        }
        if (consumeIf("Tn")) {
            Node name = invent(TemplateNodes.PARAM_NON_TYPE, params);
            Node type = parseType();
            return type == null ? null : new TemplateNodes.NonTypeTemplateParamDecl(name, type);
        }
        if (consumeIf("Tt")) {
            Node name = invent(TemplateNodes.PARAM_TEMPLATE, params);
            int begin = names.size();
            int oldLevels = templateParams.size();
            NodeList inner = new NodeList(4);
            templateParams.add(inner);
            Node requires = null;
            try {
                while (!consumeIf('E')) {
                    Node p = parseTemplateParamDecl(inner);
                    if (p == null) {
                        return null;
                    }
                    names.add(p);
                    if (consumeIf('Q')) {
                        requires = parseConstraintExpr();
                        if (requires == null || !consumeIf('E')) {
                            return null;
                        }
                        break;
                    }
                }
            } finally {
                shrinkTemplateParams(oldLevels);
            }
            return new TemplateNodes.TemplateTemplateParamDecl(name, names.popFrom(begin), requires);
        }
        if (consumeIf("Tp")) {
            Node p = parseTemplateParamDecl(params);
            return p == null ? null : new TemplateNodes.TemplateParamPackDecl(p);
        }
        return null;
    }

    final void shrinkTemplateParams(int size) {
        templateParams.shrinkTo(size);
    }

    /** {@code <template-arg>}: a type, {@code X expr E}, a literal, {@code J args E}, or a decl-qualified arg. */
    final Node parseTemplateArg() {
        enter();
        Node r = parseTemplateArgImpl();
        leave();
        return r;
    }

    private Node parseTemplateArgImpl() {
        switch (look()) {
            case 'X': {
                pos++;
                Node arg = parseExpr();
                return arg == null || !consumeIf('E') ? null : arg;
            }
            case 'J': {
                pos++;
                int begin = names.size();
                while (!consumeIf('E')) {
                    Node arg = parseTemplateArg();
                    if (arg == null) {
                        return null;
                    }
                    names.add(arg);
                }
                return new TemplateArgumentPack(names.popFrom(begin));
            }
            case 'L': {
                if (look(1) == 'Z') {
                    pos += 2;
                    Node arg = parseEncoding();
                    return arg == null || !consumeIf('E') ? null : arg;
                }
                return parseExprPrimary();
            }
            case 'T': {
                if (!isTemplateParamDecl()) {
                    return parseType();
                }
                Node param = parseTemplateParamDecl(null);
                if (param == null) {
                    return null;
                }
                Node arg = parseTemplateArg();
                return arg == null ? null : new TemplateParamQualifiedArg(param, arg);
            }
            default:
                return parseType();
        }
    }

    abstract Node parseExprPrimary();

    /**
     * {@code I <template-arg>* [Q <requires>] E}. With {@code tagTemplates} the arguments become
     * the table that {@code T_} refers to (they belong to the encoding being parsed).
     */
    final Node parseTemplateArgs(boolean tagTemplates) {
        if (!consumeIf('I')) {
            return null;
        }
        if (tagTemplates) {
            templateParams.clear();
            templateParams.add(outerTemplateParams);
            outerTemplateParams.clear();
        }
        int begin = names.size();
        Node requires = null;
        while (!consumeIf('E')) {
            Node arg = parseTemplateArg();
            if (arg == null) {
                return null;
            }
            names.add(arg);
            if (tagTemplates) {
                Node entry = arg;
                if (arg instanceof TemplateParamQualifiedArg q) {
                    entry = q.arg;
                }
                if (arg instanceof TemplateArgumentPack pack) {
                    entry = new ParameterPack(pack.elements);
                }
                outerTemplateParams.add(entry);
            }
            if (consumeIf('Q')) {
                requires = parseConstraintExpr();
                if (requires == null || !consumeIf('E')) {
                    return null;
                }
                break;
            }
        }
        return new TemplateArgs(names.popFrom(begin), requires);
    }

    final Node parseTemplateArgs() {
        return parseTemplateArgs(false);
    }

    /** Points pending forward references at the encoding's template arguments; false on failure. */
    final boolean resolveForwardTemplateRefs(NameState state) {
        for (int i = state.forwardTemplateRefsBegin; i < forwardTemplateRefs.size(); i++) {
            ForwardTemplateReference ref = forwardTemplateRefs.get(i);
            if (templateParams.isEmpty() || templateParams.get(0) == null
                || ref.index >= templateParams.get(0).size()) {
                return false;
            }
            ref.ref = templateParams.get(0).get(ref.index);
        }
        while (forwardTemplateRefs.size() > state.forwardTemplateRefsBegin) {
            forwardTemplateRefs.remove(forwardTemplateRefs.size() - 1);
        }
        return true;
    }
}
