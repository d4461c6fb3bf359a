package dev.crashkit.symbolicate.demangle.swift;

/** Types, generic signatures and SIL function types of the pre-Swift-4 mangling. */
abstract class OldTypeParser extends OldDemanglerBase {

    abstract Node context();

    abstract Node entity();

    Node declarationName(Kind kind) {
        Node ctx = context();
        Node name = declName();
        Node decl = Node.of(kind, ctx, name);
        subs.push(decl);
        return decl;
    }

    Node protocolName() {
        return Node.of(Kind.Type, protocolNameImpl());
    }

    private Node protocolNameGivenContext(Node ctx) {
        Node name = declName();
        Node proto = Node.of(Kind.Protocol, ctx, name);
        subs.push(proto);
        return proto;
    }

    private Node protocolNameImpl() {
        if (nextIf('S')) {
            Node sub = substitutionIndex();
            if (sub.kind == Kind.Protocol) {
                return sub;
            }
            req(sub.kind == Kind.Module);
            return protocolNameGivenContext(sub);
        }
        if (nextIf('s')) {
            return protocolNameGivenContext(new Node(Kind.Module, STDLIB));
        }
        return declarationName(Kind.Protocol);
    }

    Node nominalType() {
        if (nextIf('S')) {
            return substitutionIndex();
        }
        if (nextIf('V')) {
            return declarationName(Kind.Structure);
        }
        if (nextIf('O')) {
            return declarationName(Kind.Enum);
        }
        if (nextIf('C')) {
            return declarationName(Kind.Class);
        }
        if (nextIf('P')) {
            return declarationName(Kind.Protocol);
        }
        throw fail();
    }

    Node boundGenericArgs(Node nominal) {
        enter();
        Node r = boundGenericArgsBody(nominal);
        leave();
        return r;
    }

    private Node boundGenericArgsBody(Node nominal) {
        req(!nominal.isEmpty());
        Node parent = nominal.first();
        if (parent.kind != Kind.Module && parent.kind != Kind.Function && parent.kind != Kind.Extension) {
            parent = boundGenericArgs(parent);
            nominal = Node.of(nominal.kind, parent, req(nominal.get(1)));
        }
        Node args = new Node(Kind.TypeList);
        while (!nextIf('_')) {
            args.add(type());
            req(!isEmpty());
        }
        if (args.isEmpty()) {
            return nominal;
        }
        Kind k;
        switch (nominal.kind) {
            case Class: k = Kind.BoundGenericClass; break;
            case Structure: k = Kind.BoundGenericStructure; break;
            case Enum: k = Kind.BoundGenericEnum; break;
            default: throw fail();
        }
        return Node.of(k, Node.of(Kind.Type, nominal), args);
    }

    Node protocolList() {
        Node types = new Node(Kind.TypeList);
        while (!nextIf('_')) {
            types.add(protocolName());
        }
        return Node.of(Kind.ProtocolList, types);
    }

    Node protocolConformance() {
        Node type = type();
        Node proto = protocolName();
        Node ctx = context();
        return Node.of(Kind.ProtocolConformance, type, proto, ctx);
    }

    private Node dependentMemberTypeName(Node base) {
        Node assoc;
        if (nextIf('S')) {
            assoc = substitutionIndex();
            req(assoc.kind == Kind.DependentAssociatedTypeRef);
        } else {
            Node proto = null;
            if (nextIf('P')) {
                proto = protocolName();
            }
            assoc = identifier(Kind.DependentAssociatedTypeRef);
            if (proto != null) {
                assoc.add(proto);
            }
            subs.push(assoc);
        }
        return Node.of(Kind.DependentMemberType, base, assoc);
    }

    Node associatedTypeSimple() {
        Node base = genericParamIndex();
        return dependentMemberTypeName(Node.of(Kind.Type, base));
    }

    Node associatedTypeCompound() {
        Node base = genericParamIndex();
        while (!nextIf('_')) {
            base = dependentMemberTypeName(Node.of(Kind.Type, base));
        }
        return base;
    }

    private Node dependentType() {
        req(!isEmpty());
        int c = peek();
        if (c != 'd' && c != '_' && !(c >= '0' && c <= '9')) {
            return dependentMemberTypeName(type());
        }
        return genericParamIndex();
    }

    private Node constrainedType() {
        Node t;
        if (nextIf('w')) {
            t = associatedTypeSimple();
        } else if (nextIf('W')) {
            t = associatedTypeCompound();
        } else {
            t = genericParamIndex();
        }
        return Node.of(Kind.Type, t);
    }

    Node genericSignature(boolean pseudo) {
        Node sig = new Node(pseudo ? Kind.DependentPseudogenericSignature : Kind.DependentGenericSignature);
        long count = -1;
        while (peek() != 'R' && peek() != 'r') {
            req(!isEmpty());
            if (nextIf('z')) {
                count = 0;
            } else {
                count = index() + 1;
            }
            sig.add(new Node(Kind.DependentGenericParamCount, count));
        }
        if (count == -1) {
            sig.add(new Node(Kind.DependentGenericParamCount, 1));
        }
        if (nextIf('r')) {
            return sig;
        }
        req(nextIf('R'));
        while (!nextIf('r')) {
            sig.add(genericRequirement());
        }
        return sig;
    }

    private Node genericRequirement() {
        Node constrained = constrainedType();
        if (nextIf('z')) {
            return Node.of(Kind.DependentGenericSameTypeRequirement, constrained, type());
        }
        if (nextIf('l')) {
            String name;
            long size = -1;
            long align = -1;
            int c = next();
            switch (c) {
                case 'U': case 'R': case 'N': case 'T': case 'B': case 'C': case 'D':
                    break;
                case 'E': case 'M':
                    size = natural();
                    req(nextIf('_'));
                    align = natural();
                    break;
                case 'e': case 'm':
                    size = natural();
                    break;
                default:
                    throw fail();
            }
            name = String.valueOf((char) c);
            Node r = Node.of(Kind.DependentGenericLayoutRequirement, constrained, new Node(Kind.Identifier, name));
            if (size >= 0) {
                r.add(new Node(Kind.Number, size));
                if (align >= 0) {
                    r.add(new Node(Kind.Number, align));
                }
            }
            return r;
        }
        req(!isEmpty());
        Node constraint;
        int c = peek();
        if (c == 'C') {
            constraint = type();
        } else if (c == 'S') {
            pos++;
            Node sub = substitutionIndex();
            Node typeName;
            if (sub.kind == Kind.Protocol || sub.kind == Kind.Class) {
                typeName = sub;
            } else {
                req(sub.kind == Kind.Module);
                typeName = protocolNameGivenContext(sub);
            }
            constraint = Node.of(Kind.Type, typeName);
        } else {
            constraint = protocolName();
        }
        return Node.of(Kind.DependentGenericConformanceRequirement, constrained, constraint);
    }

    private Node archetypeType() {
        enter();
        Node r = archetypeTypeBody();
        leave();
        return r;
    }

    private Node archetypeTypeBody() {
        if (nextIf('Q')) {
            return associatedTypeRef(archetypeType());
        }
        if (nextIf('S')) {
            return associatedTypeRef(substitutionIndex());
        }
        if (nextIf('s')) {
            return associatedTypeRef(new Node(Kind.Module, STDLIB));
        }
        throw fail();
    }

    private Node associatedTypeRef(Node root) {
        Node name = identifier(null);
        Node assoc = Node.of(Kind.AssociatedTypeRef, root, name);
        subs.push(assoc);
        return assoc;
    }

    private Node tuple(boolean variadic) {
        Node tuple = new Node(Kind.Tuple);
        Node elt = null;
        while (!nextIf('_')) {
            req(!isEmpty());
            elt = new Node(Kind.TupleElement);
            if (isStartOfIdentifier(peek())) {
                elt.add(identifier(Kind.TupleElementName));
            }
            elt.add(type());
            tuple.add(elt);
        }
        if (variadic && elt != null) {
            elt.insert(0, new Node(Kind.VariadicMarker));
        }
        return tuple;
    }

    Node type() {
        enter();
        Node r = Node.of(Kind.Type, typeImpl());
        leave();
        return r;
    }

    private Node functionType(Kind kind) {
        boolean throwing = nextIf('z');
        Node in = type();
        Node out = type();
        Node f = new Node(kind);
        if (throwing) {
            f.add(new Node(Kind.ThrowsAnnotation));
        }
        f.add(Node.of(Kind.ArgumentTuple, in));
        f.add(Node.of(Kind.ReturnType, out));
        return f;
    }

    private Node typeImpl() {
        int c = next();
        switch (c) {
            case 'B': return OldBuiltins.parse(this);
            case 'a': return declarationName(Kind.TypeAlias);
            case 'b': return functionType(Kind.ObjCBlock);
            case 'c': return functionType(Kind.CFunctionPointer);
            case 'D': return Node.of(Kind.DynamicSelf, type());
            case 'E':
                req(nextIf("RR"));
                return new Node(Kind.ErrorType, "");
            case 'F': return functionType(Kind.FunctionType);
            case 'f': return functionType(Kind.UncurriedFunctionType);
            case 'G': return boundGenericArgs(nominalType());
            case 'X': return specialType();
            case 'K': return functionType(Kind.AutoClosureType);
            case 'M': return Node.of(Kind.Metatype, type());
            case 'P':
                if (nextIf('M')) {
                    return Node.of(Kind.ExistentialMetatype, type());
                }
                return protocolList();
            case 'Q':
                if (nextIf('u')) {
                    return new Node(Kind.OpaqueReturnType);
                }
                if (nextIf('U')) {
                    return Node.of(Kind.OpaqueReturnType, new Node(Kind.OpaqueReturnTypeIndex, index()));
                }
                return archetypeType();
            case 'q': return dependentType();
            case 'x': return dependentGenericParamType(0, 0);
            case 'w': return associatedTypeSimple();
            case 'W': return associatedTypeCompound();
            case 'R': return Node.of(Kind.InOut, typeImpl());
            case 'k': return Node.of(Kind.NoDerivative, typeImpl());
            case 'S': return substitutionIndex();
            case 'T': return tuple(false);
            case 't': return tuple(true);
            case 'u': {
                Node sig = genericSignature(false);
                Node sub = type();
                return Node.of(Kind.DependentGenericType, sig, sub);
            }
            default:
                if (isStartOfNominalType(c)) {
                    return declarationName(c == 'C' ? Kind.Class : c == 'V' ? Kind.Structure : Kind.Enum);
                }
                throw fail();
        }
    }

    private Node specialType() {
        int c = next();
        switch (c) {
            case 'b': return Node.of(Kind.SILBoxType, type());
            case 'B': {
                Node sig = null;
                if (nextIf('G')) {
                    sig = genericSignature(false);
                }
                Node layout = new Node(Kind.SILBoxLayout);
                while (!nextIf('_')) {
                    Kind k;
                    if (nextIf('m')) {
                        k = Kind.SILBoxMutableField;
                    } else if (nextIf('i')) {
                        k = Kind.SILBoxImmutableField;
                    } else {
                        throw fail();
                    }
                    layout.add(Node.of(k, type()));
                }
                Node box = Node.of(Kind.SILBoxTypeWithLayout, layout);
                if (sig != null) {
                    Node args = new Node(Kind.TypeList);
                    while (!nextIf('_')) {
                        args.add(type());
                    }
                    box.add(sig);
                    box.add(args);
                }
                return box;
            }
            case 'M': {
                Node repr = metatypeRepresentation();
                return Node.of(Kind.Metatype, repr, type());
            }
            case 'P': {
                if (nextIf('M')) {
                    Node repr = metatypeRepresentation();
                    return Node.of(Kind.ExistentialMetatype, repr, type());
                }
                return protocolList();
            }
            case 'f': return functionType(Kind.ThinFunctionType);
            case 'o': return Node.of(Kind.Unowned, type());
            case 'u': return Node.of(Kind.Unmanaged, type());
            case 'w': return Node.of(Kind.Weak, type());
            case 'F': return implFunctionType();
            default: throw fail();
        }
    }

    private Node metatypeRepresentation() {
        switch (next()) {
            case 't': return new Node(Kind.MetatypeRepresentation, "@thin");
            case 'T': return new Node(Kind.MetatypeRepresentation, "@thick");
            case 'o': return new Node(Kind.MetatypeRepresentation, "@objc_metatype");
            default: throw fail();
        }
    }

    private Node implFunctionType() {
        Node type = new Node(Kind.ImplFunctionType);
        String callee;
        if (nextIf('t')) {
            callee = "@convention(thin)";
        } else {
            callee = implConvention('c');
        }
        req(callee);
        type.add(new Node(Kind.ImplConvention, callee));
        if (nextIf('C')) {
            String conv;
            switch (next()) {
                case 'b': conv = "block"; break;
                case 'c': conv = "c"; break;
                case 'm': conv = "method"; break;
                case 'O': conv = "objc_method"; break;
                case 'w': conv = "witness_method"; break;
                default: throw fail();
            }
            type.add(Node.of(Kind.ImplFunctionConvention, new Node(Kind.ImplFunctionConventionName, conv)));
        }
        if (nextIf('G')) {
            type.add(genericSignature(false));
        } else if (nextIf('g')) {
            type.add(genericSignature(true));
        }
        req(nextIf('_'));
        while (!nextIf('_')) {
            type.add(implParameterOrResult(Kind.ImplParameter));
        }
        while (!nextIf('_')) {
            type.add(implParameterOrResult(Kind.ImplResult));
        }
        return type;
    }

    /** ctx: 'c' callee, 'p' parameter, 'r' result. */
    private String implConvention(char ctx) {
        int c = peek();
        String r;
        switch (c) {
            case 'a': r = ctx == 'r' ? "@autoreleased" : null; break;
            case 'd': r = ctx == 'c' ? "@callee_unowned" : "@unowned"; break;
            case 'D': r = ctx == 'r' ? "@unowned_inner_pointer" : null; break;
            case 'g': r = ctx == 'c' ? "@callee_guaranteed" : ctx == 'p' ? "@guaranteed" : null; break;
            case 'e': r = ctx == 'p' ? "@deallocating" : null; break;
            case 'i': r = ctx == 'p' ? "@in" : ctx == 'r' ? "@out" : null; break;
            case 'l': r = ctx == 'p' ? "@inout" : null; break;
            case 'o': r = ctx == 'c' ? "@callee_owned" : "@owned"; break;
            default: r = null;
        }
        if (r != null) {
            pos++;
        }
        return r;
    }

    private Node implParameterOrResult(Kind kind) {
        if (nextIf('z')) {
            req(kind == Kind.ImplResult);
            kind = Kind.ImplErrorResult;
        }
        String conv = req(implConvention(kind == Kind.ImplParameter ? 'p' : 'r'));
        Node t = type();
        return Node.of(kind, new Node(Kind.ImplConvention, conv), t);
    }
}
