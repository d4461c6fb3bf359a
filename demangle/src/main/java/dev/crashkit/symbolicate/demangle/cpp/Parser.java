package dev.crashkit.symbolicate.demangle.cpp;

import dev.crashkit.symbolicate.demangle.cpp.NameNodes.LocalName;
import dev.crashkit.symbolicate.demangle.cpp.NameNodes.ModuleName;
import dev.crashkit.symbolicate.demangle.cpp.SpecialNodes.SpecialName;

/** The {@code <encoding>} and {@code <special-name>} parts of the grammar, local names, and the entry point. */
final class Parser extends NameParser {

    Parser() {
    }

    /**
     * {@code _Z <encoding> [.suffix]}, {@code ___Z <encoding> _block_invoke[_][<n>]} or a bare
     * {@code <type>}, parsed from the start position to the end; null when the text is not a
     * complete mangled name.
     */
    Node parse() {
        if (consumeIf("_Z")) {
            Node encoding = parseEncoding();
            if (encoding == null) {
                return null;
            }
            if (look() == '.') {
                encoding = new SpecialNodes.DotSuffix(encoding, s.substring(pos, end));
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
        // A bare <type> (reached only through the "__imp_" prefix, as in llvm-cxxfilt).
        Node type = parseType();
        return type != null && numLeft() == 0 && forwardTemplateRefs.isEmpty() ? type : null;
    }

    // ---- encodings ----

    @Override
    Node parseEncoding() {
        enter();
        // The template parameters of an encoding are unrelated to those of the enclosing context.
        ParamLevels savedParams = templateParams;
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
            attrs = new SpecialNodes.EnableIfAttr(names.popFrom(begin));
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
                    t = new FunctionNodes.ExplicitObjectParameter(t);
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
        return new FunctionNodes.FunctionEncoding(ret, name, params, attrs, requires, state.cvQualifiers,
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
                    return second == null ? null : new SpecialNodes.CtorVtableSpecialName(second, first);
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
                case 'T': {
                    // GNU transactional-memory clones (libiberty's d_special_name; LLVM leaves them mangled).
                    if (gnu && (look(2) == 't' || look(2) == 'n')) {
                        boolean transaction = look(2) == 't';
                        pos += 3;
                        return special(transaction ? "transaction clone for " : "non-transaction clone for ",
                                parseEncoding());
                    }
                    return null;
                }
                case 'I': {
                    pos += 2;
                    ModuleName module = parseModuleNameOpt(null);
                    if (module == MODULE_ERROR || module == null) {
                        return null;
                    }
                    return new SpecialName("initializer for module ", module);
                }
                default:
                    return null;
            }
        }
        return null;
    }

    /** {@code Z <encoding> E <entity> [<discriminator>]}, {@code ... E s}, {@code ... E d [<n>] _ <entity>}. */
    @Override
    Node parseLocalName(NameState state) {
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
        ParamLevels savedParams = templateParams;
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
}
