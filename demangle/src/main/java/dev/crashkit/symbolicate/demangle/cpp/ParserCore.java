package dev.crashkit.symbolicate.demangle.cpp;

import dev.crashkit.symbolicate.demangle.cpp.NameNodes.AbiTagAttr;
import dev.crashkit.symbolicate.demangle.cpp.NameNodes.NameType;
import dev.crashkit.symbolicate.demangle.cpp.SpecialNodes.SpecialSubstitution;
import dev.crashkit.symbolicate.demangle.cpp.TemplateNodes.ForwardTemplateReference;
import java.util.ArrayList;

/**
 * Cursor, tables and the shared small productions of the Itanium mangling grammar (numbers,
 * source names, qualifiers, substitutions). The recursive-descent parser is one object whose
 * grammar is split, only to keep files small, over a chain of classes: ParserCore,
 * {@link TemplateArgParser}, {@link LiteralParser}, {@link UnresolvedNameParser},
 * {@link ExprParser}, {@link TypeParser}, {@link NameParser} and finally {@link Parser}.
 * It follows the structure of LLVM's ItaniumDemangle.h (LLVM 19 behaviour) so that output matches
 * llvm-cxxfilt-19.
 *
 * <p>Parse methods return null when the input does not match, which makes the whole name fail
 * and be returned unchanged. Recursion is bounded by {@link #MAX_DEPTH}.
 */
abstract class ParserCore {

    private static final int MAX_DEPTH = 512;
    private static final long SATURATE = 1L << 40;

    String s;

    /** The characters of {@link #s}; array access is cheaper than String.charAt on the hot path. */
    char[] in;
    int pos;
    /** Parse GNU extensions LLVM leaves mangled ({@code GTt}/{@code GTn} transaction clones): libiberty mode. */
    boolean gnu;
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
    ParamLevels templateParams = new ParamLevels();
    private final ParamLevels rootTemplateParams = templateParams;

    /** Template parameters used before their arguments were parsed (conversion operators). */
    final ArrayList<ForwardTemplateReference> forwardTemplateRefs = new ArrayList<>(2);
    boolean tryToParseTemplateArgs = true;
    boolean permitForwardTemplateReferences;
    boolean inConstraintExpr;
    int parsingLambdaParamsAtLevel = -1;
    final int[] numSyntheticTemplateParameters = new int[3];

    /** Template parameter tables for nested encodings, reused across names (index = nesting). */
    private ParamLevels[] scopeParams = new ParamLevels[4];
    private NodeList[] scopeOuter = new NodeList[4];
    private int scopeDepth;

    /** Prepares this (reused) parser for the text {@code s[start, end)}. */
    final void reset(String s, int start, int end) {
        this.s = s;
        // The buffer is reused for the next name: trees live only for one demangle call.
        if (in == null || in.length < s.length() || in.length > 4096 && s.length() < 1024) {
            in = new char[Math.max(s.length(), 128)];
        }
        s.getChars(0, s.length(), in, 0);
        this.pos = start;
        this.end = end;
        depth = 0;
        scopeDepth = 0;
        names.renew(16);
        subs.renew(16);
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
            scopeParams[d] = new ParamLevels();
            scopeOuter[d] = new NodeList(8);
        }
        // No node keeps a reference to these tables (nodes copy what they need), so reuse is safe.
        templateParams = scopeParams[d];
        outerTemplateParams = scopeOuter[d];
        templateParams.clear();
        outerTemplateParams.clear();
    }

    final void closeTemplateScope(ParamLevels savedParams, NodeList savedOuter) {
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
