package dev.crashkit.symbolicate.demangle.swift;

/** Parser for the pre-Swift-4 mangling ({@code _T...}) and ObjC runtime names ({@code _TtC...}). */
final class OldDemangler extends OldTypeParser {

    /** The tree of a whole symbol, or null when the input is not a valid old-style mangled name. */
    Node demangleTopLevel(byte[] input) {
        reset(input, 0);
        try {
            req(nextIf("_T"));
            Node top = new Node(Kind.Global);
            if (nextIf("TS")) {
                do {
                    top.add(specializedAttribute());
                    subs.clear();
                } while (nextIf("_TTS"));
                req(nextIf("_T"));
            } else if (nextIf("To")) {
                top.add(new Node(Kind.ObjCAttribute));
            } else if (nextIf("TO")) {
                top.add(new Node(Kind.NonObjCAttribute));
            } else if (nextIf("TD")) {
                top.add(new Node(Kind.DynamicAttribute));
            } else if (nextIf("Td")) {
                top.add(new Node(Kind.DirectMethodReferenceAttribute));
            } else if (nextIf("TV")) {
                top.add(new Node(Kind.VTableAttribute));
            }
            top.add(global());
            if (!isEmpty()) {
                top.add(new Node(Kind.Suffix, slice(pos, end)));
            }
            return top;
        } catch (ParseFailure e) {
            return null;
        }
    }

    private Node global() {
        enter();
        Node r = globalImpl();
        leave();
        return r;
    }

    private Node globalImpl() {
        req(!isEmpty());
        if (nextIf('M')) {
            if (nextIf('P')) {
                return Node.of(Kind.GenericTypeMetadataPattern, type());
            }
            if (nextIf('a')) {
                return Node.of(Kind.TypeMetadataAccessFunction, type());
            }
            if (nextIf('L')) {
                return Node.of(Kind.TypeMetadataLazyCache, type());
            }
            if (nextIf('m')) {
                return Node.of(Kind.Metaclass, type());
            }
            if (nextIf('n')) {
                return Node.of(Kind.NominalTypeDescriptor, type());
            }
            if (nextIf('f')) {
                return Node.of(Kind.FullTypeMetadata, type());
            }
            if (nextIf('p')) {
                return Node.of(Kind.ProtocolDescriptor, protocolName());
            }
            return Node.of(Kind.TypeMetadata, type());
        }
        if (nextIf("PA")) {
            Node fwd = new Node(nextIf('o') ? Kind.PartialApplyObjCForwarder : Kind.PartialApplyForwarder);
            if (nextIf("__T")) {
                fwd.add(global());
            }
            return fwd;
        }
        if (nextIf('t')) {
            return Node.of(Kind.TypeMangling, type());
        }
        if (nextIf('w')) {
            int a = next();
            int b = next();
            String name = req(ValueWitnessKind.name((char) a, (char) b));
            return Node.of(Kind.ValueWitness, type()).withText(name);
        }
        if (nextIf('W')) {
            if (nextIf('V')) {
                return Node.of(Kind.ValueWitnessTable, type());
            }
            if (nextIf('o')) {
                return Node.of(Kind.WitnessTableOffset, entity());
            }
            if (nextIf('v')) {
                long dir;
                if (nextIf('d')) {
                    dir = 0;
                } else if (nextIf('i')) {
                    dir = 1;
                } else {
                    throw fail();
                }
                return Node.of(Kind.FieldOffset, new Node(Kind.Directness, dir), entity());
            }
            if (nextIf('P')) {
                return Node.of(Kind.ProtocolWitnessTable, protocolConformance());
            }
            if (nextIf('G')) {
                return Node.of(Kind.GenericProtocolWitnessTable, protocolConformance());
            }
            if (nextIf('I')) {
                return Node.of(Kind.GenericProtocolWitnessTableInstantiationFunction, protocolConformance());
            }
            if (nextIf('l')) {
                Node t = type();
                return Node.of(Kind.LazyProtocolWitnessTableAccessor, t, protocolConformance());
            }
            if (nextIf('L')) {
                Node t = type();
                return Node.of(Kind.LazyProtocolWitnessTableCacheVariable, t, protocolConformance());
            }
            if (nextIf('a')) {
                return Node.of(Kind.ProtocolWitnessTableAccessor, protocolConformance());
            }
            if (nextIf('t')) {
                Node conf = protocolConformance();
                return Node.of(Kind.AssociatedTypeMetadataAccessor, conf, declName());
            }
            if (nextIf('T')) {
                Node conf = protocolConformance();
                Node name = declName();
                return Node.of(Kind.AssociatedTypeWitnessTableAccessor, conf, name, protocolName());
            }
            throw fail();
        }
        if (nextIf('T')) {
            if (nextIf('R')) {
                return reabstractSignature(new Node(Kind.ReabstractionThunkHelper));
            }
            if (nextIf('r')) {
                return reabstractSignature(new Node(Kind.ReabstractionThunk));
            }
            if (nextIf('W')) {
                Node conf = protocolConformance();
                return Node.of(Kind.ProtocolWitness, conf, entity());
            }
            throw fail();
        }
        return entity();
    }

    private Node reabstractSignature(Node thunk) {
        if (nextIf('G')) {
            thunk.add(genericSignature(false));
        }
        thunk.add(type());
        thunk.add(type());
        return thunk;
    }

    private Node specializedAttribute() {
        boolean notReAbstracted = false;
        if (nextIf('g') || (notReAbstracted = nextIf('r'))) {
            Node spec = new Node(notReAbstracted ? Kind.GenericSpecializationNotReAbstracted : Kind.GenericSpecialization);
            if (nextIf('q')) {
                spec.add(new Node(Kind.IsSerialized));
            }
            spec.add(new Node(Kind.SpecializationPassID, next() - '0'));
            while (!nextIf('_')) {
                Node param = Node.of(Kind.GenericSpecializationParam, type());
                while (!nextIf('_')) {
                    param.add(protocolConformance());
                }
                spec.add(param);
            }
            return spec;
        }
        if (nextIf('f')) {
            Node spec = new Node(Kind.FunctionSignatureSpecialization);
            if (nextIf('q')) {
                spec.add(new Node(Kind.IsSerialized));
            }
            spec.add(new Node(Kind.SpecializationPassID, next() - '0'));
            long paramCount = 0;
            while (!nextIf('_')) {
                spec.add(funcSigParam(paramCount++));
            }
            return spec;
        }
        throw fail();
    }

    private Node paramKind(long k) {
        return new Node(Kind.FunctionSignatureSpecializationParamKind, k);
    }

    private Node payload(String s) {
        return new Node(Kind.FunctionSignatureSpecializationParamPayload, s);
    }

    private Node funcSigParam(long idx) {
        Node param = new Node(Kind.FunctionSignatureSpecializationParam, idx);
        if (nextIf("n_")) {
            return param;
        }
        if (nextIf("cp")) {
            if (nextIf("fr")) {
                Node name = identifier(null);
                req(nextIf('_'));
                param.add(paramKind(FunctionSpecializations.CONSTANT_PROP_FUNCTION));
                return param.add(payload(name.text()));
            }
            if (nextIf('g')) {
                Node name = identifier(null);
                req(nextIf('_'));
                param.add(paramKind(FunctionSpecializations.CONSTANT_PROP_GLOBAL));
                return param.add(payload(name.text()));
            }
            if (nextIf('i')) {
                String s = readUntilUnderscore();
                param.add(paramKind(FunctionSpecializations.CONSTANT_PROP_INTEGER));
                return param.add(payload(s));
            }
            if (nextIf("fl")) {
                String s = readUntilUnderscore();
                param.add(paramKind(FunctionSpecializations.CONSTANT_PROP_FLOAT));
                return param.add(payload(s));
            }
            if (nextIf("se")) {
                int enc = next();
                req(enc == '0' || enc == '1');
                req(nextIf('v'));
                Node str = identifier(null);
                req(nextIf('_'));
                param.add(paramKind(FunctionSpecializations.CONSTANT_PROP_STRING));
                param.add(payload(enc == '0' ? "u8" : "u16"));
                return param.add(payload(str.text()));
            }
            throw fail();
        }
        if (nextIf("cl")) {
            Node name = identifier(null);
            param.add(paramKind(FunctionSpecializations.CLOSURE_PROP));
            param.add(payload(name.text()));
            while (peek() != '_') {
                req(!isEmpty());
                param.add(type());
            }
            req(nextIf('_'));
            return param;
        }
        if (nextIf("i_")) {
            return param.add(paramKind(FunctionSpecializations.BOX_TO_VALUE));
        }
        if (nextIf("k_")) {
            return param.add(paramKind(FunctionSpecializations.BOX_TO_STACK));
        }
        long v = 0;
        if (nextIf('d')) {
            v |= FunctionSpecializations.DEAD;
        }
        if (nextIf('g')) {
            v |= FunctionSpecializations.OWNED_TO_GUARANTEED;
        }
        if (nextIf('o')) {
            v |= FunctionSpecializations.GUARANTEED_TO_OWNED;
        }
        if (nextIf('s')) {
            v |= FunctionSpecializations.SROA;
        }
        req(nextIf('_'));
        req(v != 0);
        return param.add(paramKind(v));
    }

    private String readUntilUnderscore() {
        int start = pos;
        while (!isEmpty() && peek() != '_') {
            pos++;
        }
        req(nextIf('_'));
        return slice(start, pos - 1);
    }

    @Override
    Node context() {
        enter();
        Node r = contextBody();
        leave();
        return r;
    }

    private Node contextBody() {
        req(!isEmpty());
        if (nextIf('E')) {
            Node module = module();
            Node type = context();
            return Node.of(Kind.Extension, module, type);
        }
        if (nextIf('e')) {
            Node module = module();
            Node sig = genericSignature(false);
            Node type = context();
            return Node.of(Kind.Extension, module, type, sig);
        }
        if (nextIf('S')) {
            return substitutionIndex();
        }
        if (nextIf('s')) {
            return new Node(Kind.Module, STDLIB);
        }
        if (nextIf('G')) {
            return boundGenericArgs(nominalType());
        }
        if (isStartOfEntity(peek())) {
            return entity();
        }
        return module();
    }

    @Override
    Node entity() {
        enter();
        Node r = entityImpl();
        leave();
        return r;
    }

    private Node entityImpl() {
        boolean isStatic = nextIf('Z');
        Kind basic;
        if (nextIf('F')) {
            basic = Kind.Function;
        } else if (nextIf('v')) {
            basic = Kind.Variable;
        } else if (nextIf('I')) {
            basic = Kind.Initializer;
        } else if (nextIf('i')) {
            basic = Kind.Subscript;
        } else {
            return nominalType();
        }
        Node ctx = context();
        Kind kind;
        boolean hasType = true;
        boolean wrap = false;
        Node name = null;
        int c = next();
        switch (c) {
            case 'D': kind = Kind.Deallocator; hasType = false; break;
            case 'Z': kind = Kind.IsolatedDeallocator; hasType = false; break;
            case 'd': kind = Kind.Destructor; hasType = false; break;
            case 'e': kind = Kind.IVarInitializer; hasType = false; break;
            case 'E': kind = Kind.IVarDestroyer; hasType = false; break;
            case 'C': kind = Kind.Allocator; break;
            case 'c': kind = Kind.Constructor; break;
            case 'a': case 'l': {
                wrap = true;
                boolean mutable = c == 'a';
                switch (next()) {
                    case 'O': kind = mutable ? Kind.OwningMutableAddressor : Kind.OwningAddressor; break;
                    case 'o': kind = mutable ? Kind.NativeOwningMutableAddressor : Kind.NativeOwningAddressor; break;
                    case 'p': kind = mutable ? Kind.NativePinningMutableAddressor : Kind.NativePinningAddressor; break;
                    case 'u': kind = mutable ? Kind.UnsafeMutableAddressor : Kind.UnsafeAddressor; break;
                    default: throw fail();
                }
                name = declName();
                break;
            }
            case 'g': kind = Kind.Getter; wrap = true; name = declName(); break;
            case 'G': kind = Kind.GlobalGetter; wrap = true; name = declName(); break;
            case 's': kind = Kind.Setter; wrap = true; name = declName(); break;
            case 'm': kind = Kind.MaterializeForSet; wrap = true; name = declName(); break;
            case 'w': kind = Kind.WillSet; wrap = true; name = declName(); break;
            case 'W': kind = Kind.DidSet; wrap = true; name = declName(); break;
            case 'U': kind = Kind.ExplicitClosure; name = indexAsNode(); break;
            case 'u': kind = Kind.ImplicitClosure; name = indexAsNode(); break;
            default:
                if (basic == Kind.Initializer) {
                    if (c == 'A') {
                        kind = Kind.DefaultArgumentInitializer;
                        name = indexAsNode();
                    } else if (c == 'i') {
                        kind = Kind.Initializer;
                    } else {
                        throw fail();
                    }
                    hasType = false;
                } else {
                    pos--;
                    kind = basic;
                    name = declName();
                }
        }
        Node entity = new Node(kind);
        if (wrap) {
            boolean isSubscript = false;
            if (name.kind == Kind.Identifier && "subscript".equals(name.text)) {
                isSubscript = true;
                name = null;
            } else if (name.kind == Kind.PrivateDeclName && name.size() > 1
                    && "subscript".equals(name.get(1).text)) {
                isSubscript = true;
                name = Node.of(Kind.PrivateDeclName, name.first());
            }
            Node storage = Node.of(isSubscript ? Kind.Subscript : Kind.Variable, ctx);
            if (!isSubscript && name != null) {
                storage.add(name);
            }
            if (hasType) {
                storage.add(type());
            }
            if (isSubscript && name != null) {
                storage.add(name);
            }
            entity.add(storage);
        } else {
            entity.add(ctx);
            if (name != null) {
                entity.add(name);
            }
            if (hasType) {
                entity.add(type());
            }
        }
        return isStatic ? Node.of(Kind.Static, entity) : entity;
    }
}
