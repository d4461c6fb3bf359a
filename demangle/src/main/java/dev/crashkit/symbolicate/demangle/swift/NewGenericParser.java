package dev.crashkit.symbolicate.demangle.swift;

import java.util.ArrayList;
import java.util.List;

/** Generic parameters, associated types, generic signatures and requirements, archetypes and packs. */
abstract class NewGenericParser extends NewTypeParser {

    // ---- generic parameters and signatures

    Node genericParamIndex() {
        if (nextIf('d')) {
            long d = index() + 1;
            long i = index();
            return dependentGenericParamType(d, i);
        }
        if (nextIf('z')) {
            return dependentGenericParamType(0, 0);
        }
        if (nextIf('s')) {
            return new Node(Kind.ConstrainedExistentialSelf);
        }
        return dependentGenericParamType(0, index() + 1);
    }

    Node popAssocTypeName() {
        Node proto = pop(Kind.Type);
        if (proto != null) {
            req(isProtocolNode(proto));
        } else {
            proto = pop(Kind.ProtocolSymbolicReference);
            if (proto == null) {
                proto = pop(Kind.ObjectiveCProtocolSymbolicReference);
            }
        }
        Node id = req(pop(Kind.Identifier));
        Node assoc = Node.of(Kind.DependentAssociatedTypeRef, id);
        addIf(assoc, proto);
        return assoc;
    }

    static boolean isProtocolNode(Node n) {
        if (n.kind == Kind.Type) {
            return n.first() != null && isProtocolNode(n.first());
        }
        return n.kind == Kind.Protocol || n.kind == Kind.ProtocolSymbolicReference
                || n.kind == Kind.ObjectiveCProtocolSymbolicReference;
    }

    Node popAssocTypePath() {
        Node path = new Node(Kind.AssocTypePath);
        boolean first;
        do {
            first = pop(Kind.FirstElementMarker) != null;
            path.add(popAssocTypeName());
        } while (!first);
        path.reverseFrom(0);
        return path;
    }

    Node associatedTypeSimple(Node genericParam) {
        Node name = popAssocTypeName();
        Node base = genericParam != null ? type(genericParam) : popType();
        return typeOf(Kind.DependentMemberType, base, name);
    }

    Node associatedTypeCompound(Node genericParam) {
        List<Node> names = new ArrayList<>();
        boolean first;
        do {
            first = pop(Kind.FirstElementMarker) != null;
            names.add(popAssocTypeName());
        } while (!first);
        Node base = genericParam != null ? type(genericParam) : popType();
        for (int i = names.size() - 1; i >= 0; i--) {
            base = typeOf(Kind.DependentMemberType, base, names.get(i));
        }
        return base;
    }

    Node genericSignature(boolean hasParamCounts) {
        Node sig = new Node(Kind.DependentGenericSignature);
        if (hasParamCounts) {
            while (!nextIf('l')) {
                long count = 0;
                if (!nextIf('z')) {
                    count = index() + 1;
                }
                sig.add(new Node(Kind.DependentGenericParamCount, count));
            }
        } else {
            sig.add(new Node(Kind.DependentGenericParamCount, 1));
        }
        int numCounts = sig.size();
        Node r;
        while ((r = pop(Kind::isRequirement)) != null) {
            sig.add(r);
        }
        sig.reverseFrom(numCounts);
        return sig;
    }

    Node genericRequirement() {
        char constraint;
        char typeKind;
        Node inverse = null;
        int c = nextOrFail();
        switch (c) {
            case 'V': constraint = 'V'; typeKind = 'g'; break;
            case 'v': constraint = 'v'; typeKind = 'g'; break;
            case 'c': constraint = 'b'; typeKind = 'a'; break;
            case 'C': constraint = 'b'; typeKind = 'c'; break;
            case 'b': constraint = 'b'; typeKind = 'g'; break;
            case 'B': constraint = 'b'; typeKind = 's'; break;
            case 't': constraint = 't'; typeKind = 'a'; break;
            case 'T': constraint = 't'; typeKind = 'c'; break;
            case 's': constraint = 't'; typeKind = 'g'; break;
            case 'S': constraint = 't'; typeKind = 's'; break;
            case 'm': constraint = 'l'; typeKind = 'a'; break;
            case 'M': constraint = 'l'; typeKind = 'c'; break;
            case 'l': constraint = 'l'; typeKind = 'g'; break;
            case 'L': constraint = 'l'; typeKind = 's'; break;
            case 'p': constraint = 'p'; typeKind = 'a'; break;
            case 'P': constraint = 'p'; typeKind = 'c'; break;
            case 'Q': constraint = 'p'; typeKind = 's'; break;
            case 'h': constraint = 'h'; typeKind = 'g'; break;
            case 'i': constraint = 'i'; typeKind = 'g'; inverse = indexAsNode(); break;
            case 'j': constraint = 'i'; typeKind = 'a'; inverse = indexAsNode(); break;
            case 'J': constraint = 'i'; typeKind = 'c'; inverse = indexAsNode(); break;
            case 'I': constraint = 'i'; typeKind = 's'; inverse = indexAsNode(); break;
            default:
                constraint = 'p';
                typeKind = 'g';
                pushBack();
        }
        Node constrType;
        switch (typeKind) {
            case 'g': constrType = type(genericParamIndex()); break;
            case 'a':
                constrType = associatedTypeSimple(genericParamIndex());
                addSubst(constrType);
                break;
            case 'c':
                constrType = associatedTypeCompound(genericParamIndex());
                addSubst(constrType);
                break;
            default: constrType = popType(); break;
        }
        switch (constraint) {
            case 'V': return Node.of(Kind.DependentGenericParamValueMarker, constrType, popType());
            case 'v': return Node.of(Kind.DependentGenericParamPackMarker, constrType);
            case 'p': return Node.of(Kind.DependentGenericConformanceRequirement, constrType, popProtocol());
            case 'i': return Node.of(Kind.DependentGenericInverseConformanceRequirement, constrType, inverse);
            case 'b': return Node.of(Kind.DependentGenericConformanceRequirement, constrType, popType());
            case 't': return Node.of(Kind.DependentGenericSameTypeRequirement, constrType, popType());
            case 'h': return Node.of(Kind.DependentGenericSameShapeRequirement, constrType, popType());
            default: {
                int l = nextOrFail();
                Node size = null;
                Node align = null;
                switch (l) {
                    case 'U': case 'R': case 'N': case 'C': case 'D': case 'T': case 'B':
                        break;
                    case 'E': case 'M':
                        size = indexAsNode();
                        align = indexAsNode();
                        break;
                    case 'e': case 'm': case 'S':
                        size = indexAsNode();
                        break;
                    default:
                        throw fail();
                }
                Node req = Node.of(Kind.DependentGenericLayoutRequirement, constrType,
                        new Node(Kind.Identifier, String.valueOf((char) l)));
                addIf(req, size);
                addIf(req, align);
                return req;
            }
        }
    }

    // ---- archetypes, opaque types and packs (operator 'Q')

    Node archetype() {
        int c = nextOrFail();
        switch (c) {
            case 'a': {
                Node ident = req(pop(Kind.Identifier));
                Node arch = popTypeAndGetChild();
                Node assoc = typeOf(Kind.AssociatedTypeRef, arch, ident);
                addSubst(assoc);
                return assoc;
            }
            case 'O':
                return Node.of(Kind.OpaqueReturnTypeOf, popContext());
            case 'o': {
                long idx = index();
                Node[] retro = new Node[1];
                List<Node> lists = boundGenerics(retro);
                Node name = req(pop());
                Node opaque = Node.of(Kind.OpaqueType, name, new Node(Kind.Index, idx));
                Node bound = new Node(Kind.TypeList);
                for (int i = lists.size() - 1; i >= 0; i--) {
                    bound.add(lists.get(i));
                }
                opaque.add(bound);
                addIf(opaque, retro[0]);
                Node t = type(opaque);
                addSubst(t);
                return t;
            }
            case 'r':
                return type(new Node(Kind.OpaqueReturnType));
            case 'R':
                return typeOf(Kind.OpaqueReturnType, new Node(Kind.OpaqueReturnTypeIndex, index()));
            case 'x': return subst(associatedTypeSimple(null));
            case 'X': return subst(associatedTypeCompound(null));
            case 'y': return subst(associatedTypeSimple(genericParamIndex()));
            case 'Y': return subst(associatedTypeCompound(genericParamIndex()));
            case 'z': return subst(associatedTypeSimple(dependentGenericParamType(0, 0)));
            case 'Z': return subst(associatedTypeCompound(dependentGenericParamType(0, 0)));
            case 'p': {
                Node count = popTypeAndGetChild();
                Node pattern = popTypeAndGetChild();
                return typeOf(Kind.PackExpansion, pattern, count);
            }
            case 'e': {
                Node pack = popTypeAndGetChild();
                long level = index();
                return typeOf(Kind.PackElement, pack, new Node(Kind.PackElementLevel, level));
            }
            case 'P':
                return popPack(Kind.Pack);
            case 'S': {
                int d = nextOrFail();
                if (d == 'd') {
                    return popPack(Kind.SILPackDirect);
                }
                if (d == 'i') {
                    return popPack(Kind.SILPackIndirect);
                }
                throw fail();
            }
            default:
                throw fail();
        }
    }

    private Node subst(Node n) {
        addSubst(n);
        return n;
    }

}
