package dev.crashkit.symbolicate.demangle.cpp;

import dev.crashkit.symbolicate.demangle.cpp.NameNodes.AbiTagAttr;
import dev.crashkit.symbolicate.demangle.cpp.NameNodes.NameType;
import dev.crashkit.symbolicate.demangle.cpp.NameNodes.SpecialSubstitution;
import dev.crashkit.symbolicate.demangle.cpp.TemplateNodes.ForwardTemplateReference;
import dev.crashkit.symbolicate.demangle.cpp.TemplateNodes.ParameterPack;
import dev.crashkit.symbolicate.demangle.cpp.TemplateNodes.TemplateArgs;
import dev.crashkit.symbolicate.demangle.cpp.TemplateNodes.TemplateArgumentPack;
import dev.crashkit.symbolicate.demangle.cpp.TemplateNodes.TemplateParamQualifiedArg;
import java.util.ArrayList;

/**
 * Cursor, tables and the shared small productions of the Itanium mangling grammar
 * (numbers, substitutions, template parameters and arguments). The grammar is split over
 * {@link ParserCore}, {@link ExprParser} and {@link Parser} only to keep files small.
 *
 * <p>Parse methods return null when the input does not match, which makes the whole name fail
 * and be returned unchanged. Recursion is bounded by {@link #MAX_DEPTH}.
 */
abstract class ParserCore {
    private static final int MAX_DEPTH = 256;
    private static final long SATURATE = 1L << 40;

    String s;
    /** The characters of {@link #s}; array access is cheaper than String.charAt on the hot path. */
    char[] in;
    int pos;
    int end;
    private int depth;

    /** Temporary stack of nodes being collected into arrays. */
    final NodeList names = new NodeList(32);
    /** Substitution candidates, referenced as S_, S0_, S1_ ... */
    final NodeList subs = new NodeList(32);
    /** Template arguments of the current encoding, referenced as T_, T0_ ... */
    NodeList outerTemplateParams = new NodeList(8);
    private final NodeList rootOuterTemplateParams = outerTemplateParams;
    /** Template parameter lists by level (TL0_ ...); element 0 is outerTemplateParams; null entries allowed. */
    ArrayList<NodeList> templateParams = new ArrayList<>(4);
    private final ArrayList<NodeList> rootTemplateParams = templateParams;
    /** Template parameters used before their arguments were parsed (conversion operators). */
    final ArrayList<ForwardTemplateReference> forwardTemplateRefs = new ArrayList<>(2);

    boolean tryToParseTemplateArgs = true;
    boolean permitForwardTemplateReferences;
    boolean inConstraintExpr;
    int parsingLambdaParamsAtLevel = -1;
    final int[] numSyntheticTemplateParameters = new int[3];

    /** Template parameter tables for nested encodings, reused across names (index = nesting). */
    @SuppressWarnings("unchecked")
    private ArrayList<NodeList>[] scopeParams = new ArrayList[4];
    private NodeList[] scopeOuter = new NodeList[4];
    private int scopeDepth;

    /** Prepares this (reused) parser for the text {@code s[start, end)}. */
    final void reset(String s, int start, int end) {
        this.s = s;
        this.in = s.toCharArray();
        this.pos = start;
        this.end = end;
        depth = 0;
        scopeDepth = 0;
        names.clear();
        subs.clear();
        // A bailed-out parse may have left a nested scope's tables installed.
        outerTemplateParams = rootOuterTemplateParams;
        templateParams = rootTemplateParams;
        outerTemplateParams.clear();
        templateParams.clear();
        forwardTemplateRefs.clear();
        tryToParseTemplateArgs = true;
        permitForwardTemplateReferences = false;
        inConstraintExpr = false;
        parsingLambdaParamsAtLevel = -1;
        numSyntheticTemplateParameters[0] = 0;
        numSyntheticTemplateParameters[1] = 0;
        numSyntheticTemplateParameters[2] = 0;
    }

    /** Starts empty template parameter tables; the caller saved the current ones. */
    final void openTemplateScope() {
        int d = scopeDepth++;
        if (d == scopeParams.length) {
            scopeParams = java.util.Arrays.copyOf(scopeParams, d * 2);
            scopeOuter = java.util.Arrays.copyOf(scopeOuter, d * 2);
        }
        if (scopeParams[d] == null) {
            scopeParams[d] = new ArrayList<>(2);
            scopeOuter[d] = new NodeList(8);
        }
        // No node keeps a reference to these tables (nodes copy what they need), so reuse is safe.
        templateParams = scopeParams[d];
        outerTemplateParams = scopeOuter[d];
        templateParams.clear();
        outerTemplateParams.clear();
    }

    final void closeTemplateScope(ArrayList<NodeList> savedParams, NodeList savedOuter) {
        scopeDepth--;
        templateParams = savedParams;
        outerTemplateParams = savedOuter;
    }

    // ---- grammar entry points implemented by subclasses ----

    abstract Node parseType();

    abstract Node parseExpr();

    abstract Node parseEncoding();

    abstract Node parseName(NameState state);

    abstract Node parseConstraintExpr();

    /** Counts one level of grammar recursion; deeply nested input is rejected, not followed. */
    final void enter() {
        if (++depth > MAX_DEPTH) {
            throw Bail.INSTANCE;
        }
    }

    final void leave() {
        depth--;
    }

    // ---- cursor ----

    final char look() {
        return pos < end ? in[pos] : '\0';
    }

    final char look(int ahead) {
        return end - pos <= ahead ? '\0' : in[pos + ahead];
    }

    final int numLeft() {
        return end - pos;
    }

    final boolean consumeIf(char ch) {
        if (pos < end && in[pos] == ch) {
            pos++;
            return true;
        }
        return false;
    }

    final boolean consumeIf(String prefix) {
        int n = prefix.length();
        if (end - pos < n) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (in[pos + i] != prefix.charAt(i)) {
                return false;
            }
        }
        pos += n;
        return true;
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    // ---- numbers and names ----

    /** {@code [n] <decimal>}; "" when no digits follow (the 'n' stays consumed, as in LLVM). */
    final String parseNumber(boolean allowNegative) {
        int start = pos;
        if (allowNegative) {
            consumeIf('n');
        }
        if (pos >= end || !isDigit(in[pos])) {
            return "";
        }
        while (pos < end && isDigit(in[pos])) {
            pos++;
        }
        return s.substring(start, pos);
    }

    final String parseNumber() {
        return parseNumber(false);
    }

    /** A decimal number, or -1 when none is present. Saturates instead of overflowing. */
    final long parsePositiveInteger() {
        if (!isDigit(look())) {
            return -1;
        }
        long v = 0;
        while (isDigit(look())) {
            v = Math.min(v * 10 + (in[pos++] - '0'), SATURATE);
        }
        return v;
    }

    final String parseBareSourceName() {
        long n = parsePositiveInteger();
        if (n < 0 || numLeft() < n) {
            return "";
        }
        String r = s.substring(pos, pos + (int) n);
        pos += (int) n;
        return r;
    }

    final Node parseSourceName() {
        long n = parsePositiveInteger();
        if (n <= 0 || numLeft() < n) {
            return null;
        }
        int len = (int) n;
        if (s.startsWith("_GLOBAL__N", pos) && len >= 10) {
            pos += len;
            return Builtins.ANONYMOUS_NAMESPACE;
        }
        Node name = new NameType(in, pos, pos + len);
        pos += len;
        return name;
    }

    final int parseCVQualifiers() {
        int q = 0;
        if (consumeIf('r')) {
            q |= TypeNodes.QUAL_RESTRICT;
        }
        if (consumeIf('V')) {
            q |= TypeNodes.QUAL_VOLATILE;
        }
        if (consumeIf('K')) {
            q |= TypeNodes.QUAL_CONST;
        }
        return q;
    }

    /** {@code <abi-tags> ::= B <source-name> ...}. */
    final Node parseAbiTags(Node n) {
        while (consumeIf('B')) {
            String tag = parseBareSourceName();
            if (tag.isEmpty()) {
                return null;
            }
            n = new AbiTagAttr(n, tag);
        }
        return n;
    }

    /** {@code <seq-id> ::= <0-9A-Z>+}; -1 when absent. */
    final long parseSeqId() {
        char c = look();
        if (!isDigit(c) && !(c >= 'A' && c <= 'Z')) {
            return -1;
        }
        long id = 0;
        for (;;) {
            c = look();
            if (isDigit(c)) {
                id = Math.min(id * 36 + (c - '0'), SATURATE);
            } else if (c >= 'A' && c <= 'Z') {
                id = Math.min(id * 36 + (c - 'A' + 10), SATURATE);
            } else {
                return id;
            }
            pos++;
        }
    }

    /** {@code S_}, {@code S <seq-id> _} and the abbreviations {@code Sa Sb Ss Si So Sd}. */
    final Node parseSubstitution() {
        if (!consumeIf('S')) {
            return null;
        }
        char c = look();
        if (c >= 'a' && c <= 'z') {
            int kind;
            switch (c) {
                case 'a': kind = SpecialSubstitution.ALLOCATOR; break;
                case 'b': kind = SpecialSubstitution.BASIC_STRING; break;
                case 'd': kind = SpecialSubstitution.IOSTREAM; break;
                case 'i': kind = SpecialSubstitution.ISTREAM; break;
                case 'o': kind = SpecialSubstitution.OSTREAM; break;
                case 's': kind = SpecialSubstitution.STRING; break;
                default: return null;
            }
            pos++;
            Node special = new SpecialSubstitution(kind, false);
            // ABI tags on an abbreviation make a new substitutable component.
            Node withTags = parseAbiTags(special);
            if (withTags != special) {
                if (withTags == null) {
                    return null;
                }
                subs.add(withTags);
            }
            return withTags;
        }
        if (consumeIf('_')) {
            return subs.isEmpty() ? null : subs.get(0);
        }
        long index = parseSeqId();
        if (index < 0) {
            return null;
        }
        index++;
        if (!consumeIf('_') || index >= subs.size()) {
            return null;
        }
        return subs.get((int) index);
    }

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
        while (templateParams.size() > size) {
            templateParams.remove(templateParams.size() - 1);
        }
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

    /** Extra facts about a {@code <name>} that matter when it names a function. */
    static final class NameState {
        boolean ctorDtorConversion;
        boolean endsWithTemplateArgs;
        int cvQualifiers;
        int referenceQualifier;
        final int forwardTemplateRefsBegin;
        boolean hasExplicitObjectParameter;

        NameState(ParserCore p) {
            forwardTemplateRefsBegin = p.forwardTemplateRefs.size();
        }
    }
}
