package dev.crashkit.symbolicate.demangle.swift;

/**
 * Special types ({@code X...}), SIL implementation function types ({@code I...}), standard and multi
 * substitutions ({@code S...}, {@code A...}) and symbolic references of the Swift 4+ mangling.
 */
abstract class NewSpecialTypeParser extends NewGenericParser {

    Node specialType() {
        int c = nextOrFail();
        switch (c) {
            case 'E': return popFunctionType(Kind.NoEscapeFunctionType, false);
            case 'A': return popFunctionType(Kind.EscapingAutoClosureType, false);
            case 'f': return popFunctionType(Kind.ThinFunctionType, false);
            case 'K': return popFunctionType(Kind.AutoClosureType, false);
            case 'U': return popFunctionType(Kind.UncurriedFunctionType, false);
            case 'L': return popFunctionType(Kind.EscapingObjCBlock, false);
            case 'B': return popFunctionType(Kind.ObjCBlock, false);
            case 'O': return popFunctionType(Kind.CalledOnceFunctionType, false);
            case 'C': return popFunctionType(Kind.CFunctionPointer, false);
            case 'y': return popFunctionParams(Kind.YieldTypes);
            case 'g': case 'G': {
                Node t = popType();
                Node sig = c == 'G' ? pop(Kind.DependentGenericSignature) : null;
                return sig != null ? Node.of(Kind.ExtendedExistentialTypeShape, sig, t)
                        : Node.of(Kind.ExtendedExistentialTypeShape, t);
            }
            case 'j': {
                Node retro = popRetroactiveConformances();
                Node args = new Node(Kind.TypeList);
                Node t;
                while ((t = pop(Kind.Type)) != null) {
                    args.add(t);
                }
                args.reverseFrom(0);
                Node shape = req(pop(k -> k == Kind.UniqueExtendedExistentialTypeShapeSymbolicReference
                        || k == Kind.NonUniqueExtendedExistentialTypeShapeSymbolicReference));
                return retro != null ? typeOf(Kind.SymbolicExtendedExistentialType, shape, args, retro)
                        : typeOf(Kind.SymbolicExtendedExistentialType, shape, args);
            }
            case 'z': {
                int d = nextOrFail();
                if (d == 'B') {
                    return popFunctionType(Kind.ObjCBlock, true);
                }
                if (d == 'C') {
                    return popFunctionType(Kind.CFunctionPointer, true);
                }
                throw fail();
            }
            case 'o': return typeOf(Kind.Unowned, popType());
            case 'u': return typeOf(Kind.Unmanaged, popType());
            case 'w': return typeOf(Kind.Weak, popType());
            case 'b': return typeOf(Kind.SILBoxType, popType());
            case 'D': return typeOf(Kind.DynamicSelf, popType());
            case 'M': {
                Node repr = metatypeRepresentation();
                return typeOf(Kind.Metatype, repr, popType());
            }
            case 'm': {
                Node repr = metatypeRepresentation();
                return typeOf(Kind.ExistentialMetatype, repr, popType());
            }
            case 'P': {
                Node reqs = new Node(Kind.ConstrainedExistentialRequirementList);
                boolean first;
                do {
                    first = pop(Kind.FirstElementMarker) != null;
                    reqs.add(req(pop(Kind::isRequirement)));
                } while (!first);
                reqs.reverseFrom(0);
                return typeOf(Kind.ConstrainedExistential, popType(), reqs);
            }
            case 'p': return typeOf(Kind.ExistentialMetatype, popType());
            case 'c': {
                Node superclass = popType();
                Node protocols = protocolList();
                return typeOf(Kind.ProtocolListWithClass, protocols, superclass);
            }
            case 'l': return typeOf(Kind.ProtocolListWithAnyObject, protocolList());
            case 'X': case 'x': {
                Node sig = null;
                Node genericArgs = null;
                if (c == 'X') {
                    sig = req(pop(Kind.DependentGenericSignature));
                    genericArgs = popTypeList();
                }
                Node fields = popTypeList();
                Node layout = new Node(Kind.SILBoxLayout);
                for (int i = 0; i < fields.size(); i++) {
                    Node f = fields.get(i);
                    req(f.kind == Kind.Type);
                    if (is(f.first(), Kind.InOut)) {
                        layout.add(Node.of(Kind.SILBoxMutableField, type(req(f.first().first()))));
                    } else {
                        layout.add(Node.of(Kind.SILBoxImmutableField, f));
                    }
                }
                Node box = Node.of(Kind.SILBoxTypeWithLayout, layout);
                if (sig != null) {
                    box.add(sig);
                    box.add(genericArgs);
                }
                return type(box);
            }
            case 'Y': return anyGenericType(Kind.OtherNominalType);
            case 'Z': {
                Node types = popTypeList();
                Node name = req(pop(Kind.Identifier));
                Node parent = popContext();
                return Node.of(Kind.AnonymousContext, name, parent, types);
            }
            case 'e': return type(new Node(Kind.ErrorType));
            case 'S': {
                switch (nextOrFail()) {
                    case 'q': return typeOf(Kind.SugaredOptional, popType());
                    case 'a': return typeOf(Kind.SugaredArray, popType());
                    case 'D': {
                        Node value = popType();
                        Node key = popType();
                        return typeOf(Kind.SugaredDictionary, key, value);
                    }
                    case 'A': {
                        Node element = popType();
                        Node count = popType();
                        return typeOf(Kind.SugaredInlineArray, count, element);
                    }
                    case 'p': return typeOf(Kind.SugaredParen, popType());
                    default: throw fail();
                }
            }
            default:
                throw fail();
        }
    }

    // ---- SIL function types

    private Node implConvention(Kind kind) {
        String attr;
        switch (peek()) {
            case 'i': attr = "@in"; break;
            case 'c': attr = "@in_constant"; break;
            case 'l': attr = "@inout"; break;
            case 'b': attr = "@inout_aliasable"; break;
            case 'n': attr = "@in_guaranteed"; break;
            case 'X': attr = "@in_cxx"; break;
            case 'x': attr = "@owned"; break;
            case 'g': attr = "@guaranteed"; break;
            case 'e': attr = "@deallocating"; break;
            case 'y': attr = "@unowned"; break;
            case 'v': attr = "@pack_owned"; break;
            case 'p': attr = "@pack_guaranteed"; break;
            case 'm': attr = "@pack_inout"; break;
            default: return null;
        }
        next();
        return Node.of(kind, new Node(Kind.ImplConvention, attr));
    }

    private Node implResultConvention(Kind kind) {
        String attr;
        switch (peek()) {
            case 'r': attr = "@out"; break;
            case 'o': attr = "@owned"; break;
            case 'd': attr = "@unowned"; break;
            case 'u': attr = "@unowned_inner_pointer"; break;
            case 'a': attr = "@autoreleased"; break;
            case 'k': attr = "@pack_out"; break;
            case 'l': attr = "@guaranteed_address"; break;
            case 'g': attr = "@guaranteed"; break;
            case 'm': attr = "@inout"; break;
            default: return null;
        }
        next();
        return Node.of(kind, new Node(Kind.ImplConvention, attr));
    }

    private Node differentiability() {
        return new Node(Kind.ImplParameterResultDifferentiability, nextIf('w') ? "@noDerivative" : "");
    }

    Node implFunctionType() {
        Node type = new Node(Kind.ImplFunctionType);
        if (nextIf('s')) {
            Node[] retro = new Node[1];
            java.util.List<Node> lists = boundGenerics(retro);
            Node sig = req(pop(Kind.DependentGenericSignature));
            req(lists.size() == 1);
            Node subs = Node.of(Kind.ImplPatternSubstitutions, sig, lists.get(0));
            addIf(subs, retro[0]);
            type.add(subs);
        }
        if (nextIf('I')) {
            Node[] retro = new Node[1];
            java.util.List<Node> lists = boundGenerics(retro);
            req(lists.size() == 1);
            Node subs = Node.of(Kind.ImplInvocationSubstitutions, lists.get(0));
            addIf(subs, retro[0]);
            type.add(subs);
        }
        Node genSig = pop(Kind.DependentGenericSignature);
        if (genSig != null && nextIf('P')) {
            genSig = genSig.withKind(Kind.DependentPseudogenericSignature);
        }
        if (nextIf('e')) {
            type.add(new Node(Kind.ImplEscaping));
        }
        if (nextIf('A')) {
            type.add(new Node(Kind.ImplErasedIsolation));
        }
        if (nextIf('N')) {
            type.add(new Node(Kind.ImplNonisolatedNonsendingIsolation));
        }
        if (nextIf('O')) {
            type.add(new Node(Kind.ImplCalledOnceFunction));
        }
        int d = peek();
        if (d == 'f' || d == 'r' || d == 'd' || d == 'l') {
            next();
            type.add(new Node(Kind.ImplDifferentiabilityKind, d));
        }
        String callee;
        switch (nextOrFail()) {
            case 'y': callee = "@callee_unowned"; break;
            case 'g': callee = "@callee_guaranteed"; break;
            case 'x': callee = "@callee_owned"; break;
            case 't': callee = "@convention(thin)"; break;
            default: throw fail();
        }
        type.add(new Node(Kind.ImplConvention, callee));
        String conv = null;
        boolean hasClangType = false;
        switch (peek()) {
            case 'B': conv = "block"; break;
            case 'C': conv = "c"; break;
            case 'z':
                next();
                if (peek() == 'B') {
                    conv = "block";
                } else if (peek() == 'C') {
                    conv = "c";
                } else {
                    pushBack();
                    break;
                }
                hasClangType = true;
                break;
            case 'M': conv = "method"; break;
            case 'O': conv = "objc_method"; break;
            case 'K': conv = "closure"; break;
            case 'W': conv = "witness_method"; break;
            default: break;
        }
        if (conv != null) {
            next();
            Node fc = Node.of(Kind.ImplFunctionConvention, new Node(Kind.ImplFunctionConventionName, conv));
            if (hasClangType) {
                fc.add(clangType());
            }
            type.add(fc);
        }
        if (nextIf('A')) {
            type.add(new Node(Kind.ImplCoroutineKind, "yield_once"));
        } else if (nextIf('I')) {
            type.add(new Node(Kind.ImplCoroutineKind, "yield_once_2"));
        } else if (nextIf('G')) {
            type.add(new Node(Kind.ImplCoroutineKind, "yield_many"));
        }
        if (nextIf('h')) {
            type.add(new Node(Kind.ImplFunctionAttribute, "@Sendable"));
        }
        if (nextIf('H')) {
            type.add(new Node(Kind.ImplFunctionAttribute, "@async"));
        }
        if (nextIf('T')) {
            type.add(new Node(Kind.ImplSendingResult));
        }
        addIf(type, genSig);
        int numTypes = 0;
        Node p;
        while ((p = implConvention(Kind.ImplParameter)) != null) {
            p.add(differentiability());
            if (nextIf('T')) {
                p.add(new Node(Kind.ImplParameterSending, "sending"));
            }
            if (nextIf('I')) {
                p.add(new Node(Kind.ImplParameterIsolated, "isolated"));
            }
            if (nextIf('L')) {
                p.add(new Node(Kind.ImplParameterImplicitLeading, "sil_implicit_leading_param"));
            }
            type.add(p);
            numTypes++;
        }
        while ((p = implResultConvention(Kind.ImplResult)) != null) {
            p.add(differentiability());
            type.add(p);
            numTypes++;
        }
        while (nextIf('Y')) {
            type.add(req(implConvention(Kind.ImplYield)));
            numTypes++;
        }
        if (nextIf('z')) {
            type.add(req(implResultConvention(Kind.ImplErrorResult)));
            numTypes++;
        }
        match('_');
        int n = type.size();
        for (int i = 0; i < numTypes; i++) {
            req(n - i - 1 >= 0);
            type.get(n - i - 1).add(popType());
        }
        return type(type);
    }

    // ---- substitutions

    Node standardSubstitution() {
        int c = nextOrFail();
        switch (c) {
            case 'o': return new Node(Kind.Module, OBJC_MODULE);
            case 'C': return new Node(Kind.Module, C_MODULE);
            case 'g': {
                Node opt = typeOf(Kind.BoundGenericEnum, swiftType(Kind.Enum, "Optional"),
                        Node.of(Kind.TypeList, popType()));
                addSubst(opt);
                return opt;
            }
            default: {
                pushBack();
                int repeat = natural();
                req(repeat <= MAX_REPEAT);
                boolean second = nextIf('c');
                Node nd = StandardTypes.create(nextOrFail(), second);
                req(nd);
                for (int i = repeat; i > 1; i--) {
                    push(nd);
                }
                return nd;
            }
        }
    }

    static Node swiftType(Kind kind, String name) {
        return typeOf(kind, new Node(Kind.Module, STDLIB), new Node(Kind.Identifier, name));
    }

    Node multiSubstitutions() {
        int repeat = -1;
        while (true) {
            int c = next();
            if (c == 0) {
                throw fail();
            }
            if (isLower(c)) {
                push(pushMulti(repeat, c - 'a'));
                repeat = -1;
                continue;
            }
            if (isUpper(c)) {
                return pushMulti(repeat, c - 'A');
            }
            if (c == '_') {
                int idx = repeat + 27;
                req(idx >= 0 && idx < subs.size());
                return subs.get(idx);
            }
            pushBack();
            repeat = natural();
            req(repeat >= 0);
        }
    }

    private Node pushMulti(int repeat, int idx) {
        req(idx < subs.size() && repeat <= MAX_REPEAT);
        Node nd = subs.get(idx);
        for (int i = repeat; i > 1; i--) {
            push(nd);
        }
        return nd;
    }

    /** Without a resolver (we have no binary image) symbolic references become opaque reference nodes. */
    Node symbolicReference(int rawKind) {
        req(pos + 4 <= end);
        long value = (text[pos] & 0xFFL) | (text[pos + 1] & 0xFFL) << 8 | (text[pos + 2] & 0xFFL) << 16
                | (long) text[pos + 3] << 24;
        pos += 4;
        Node n;
        switch (rawKind) {
            case 1: case 2: n = new Node(Kind.TypeSymbolicReference, value); break;
            case 9: n = new Node(Kind.AccessorFunctionReference, value); break;
            case 0x0a: n = new Node(Kind.UniqueExtendedExistentialTypeShapeSymbolicReference, value); break;
            case 0x0b: n = new Node(Kind.NonUniqueExtendedExistentialTypeShapeSymbolicReference, value); break;
            case 0x0c: n = new Node(Kind.ObjectiveCProtocolSymbolicReference, value); break;
            default: throw fail();
        }
        if (rawKind == 1 || rawKind == 2 || rawKind == 0x0c) {
            addSubst(n);
        }
        return n;
    }
}
