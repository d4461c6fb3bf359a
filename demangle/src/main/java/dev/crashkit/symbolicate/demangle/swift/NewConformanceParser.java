package dev.crashkit.symbolicate.demangle.swift;

/** Protocol conformances ({@code H...}), witnesses and witness tables ({@code W...}), metadata ({@code M...}). */
abstract class NewConformanceParser extends NewEntityParser {

    @Override
    Node popProtocol() {
        Node t = pop(Kind.Type);
        if (t != null) {
            req(!t.isEmpty() && isProtocolNode(t));
            return t;
        }
        Node sym = pop(Kind.ProtocolSymbolicReference);
        if (sym == null) {
            sym = pop(Kind.ObjectiveCProtocolSymbolicReference);
        }
        if (sym != null) {
            return sym;
        }
        Node name = req(pop(Kind::isDeclName));
        Node ctx = popContext();
        return typeOf(Kind.Protocol, ctx, name);
    }

    Node popProtocolConformance() {
        Node genSig = pop(Kind.DependentGenericSignature);
        Node module = req(popModule());
        Node proto = popProtocol();
        Node type = pop(Kind.Type);
        Node ident = null;
        if (type == null) {
            ident = pop(Kind.Identifier);
            type = pop(Kind.Type);
        }
        req(type);
        if (genSig != null) {
            type = typeOf(Kind.DependentGenericType, genSig, type);
        }
        Node conf = Node.of(Kind.ProtocolConformance, type, proto, module);
        addIf(conf, ident);
        return conf;
    }

    private static boolean isAnyConformance(Kind k) {
        switch (k) {
            case ConcreteProtocolConformance: case PackProtocolConformance: case DependentProtocolConformanceRoot:
            case DependentProtocolConformanceInherited: case DependentProtocolConformanceAssociated:
            case DependentProtocolConformanceOpaque:
                return true;
            default:
                return false;
        }
    }

    private static boolean isDependentConformance(Kind k) {
        switch (k) {
            case DependentProtocolConformanceRoot: case DependentProtocolConformanceInherited:
            case DependentProtocolConformanceAssociated: case DependentProtocolConformanceOpaque:
                return true;
            default:
                return false;
        }
    }

    Node popAnyProtocolConformanceList() {
        Node list = new Node(Kind.AnyProtocolConformanceList);
        if (pop(Kind.EmptyList) == null) {
            boolean first;
            do {
                first = pop(Kind.FirstElementMarker) != null;
                list.add(req(pop(NewConformanceParser::isAnyConformance)));
            } while (!first);
            list.reverseFrom(0);
        }
        return list;
    }

    Node conformance() {
        int c = nextOrFail();
        switch (c) {
            case 'A': {
                Node idx = conformanceIndex();
                Node proto = popProtocol();
                Node depType = popType();
                Node assoc = Node.of(Kind.DependentAssociatedConformance, depType, proto);
                Node nested = req(pop(NewConformanceParser::isDependentConformance));
                return Node.of(Kind.DependentProtocolConformanceAssociated, nested, assoc, idx);
            }
            case 'C': {
                Node conditional = popAnyProtocolConformanceList();
                Node ref = pop(Kind.ProtocolConformanceRefInTypeModule);
                if (ref == null) {
                    ref = pop(Kind.ProtocolConformanceRefInProtocolModule);
                }
                if (ref == null) {
                    Node module = req(popModule());
                    Node proto = popProtocol();
                    ref = Node.of(Kind.ProtocolConformanceRefInOtherModule, proto, module);
                }
                return Node.of(Kind.ConcreteProtocolConformance, popType(), ref, conditional);
            }
            case 'D': {
                Node idx = conformanceIndex();
                Node proto = popProtocol();
                return Node.of(Kind.DependentProtocolConformanceRoot, popType(), proto, idx);
            }
            case 'I': {
                Node idx = conformanceIndex();
                Node proto = popProtocol();
                Node nested = req(pop(NewConformanceParser::isDependentConformance));
                return Node.of(Kind.DependentProtocolConformanceInherited, nested, proto, idx);
            }
            case 'O': {
                Node type = popType();
                Node conf = req(pop(NewConformanceParser::isDependentConformance));
                return Node.of(Kind.DependentProtocolConformanceOpaque, conf, type);
            }
            case 'P': return Node.of(Kind.ProtocolConformanceRefInTypeModule, popProtocol());
            case 'p': return Node.of(Kind.ProtocolConformanceRefInProtocolModule, popProtocol());
            case 'X': return Node.of(Kind.PackProtocolConformance, popAnyProtocolConformanceList());
            case 'c': return Node.of(Kind.ProtocolConformanceDescriptorRecord, popProtocolConformance());
            case 'n': return Node.of(Kind.NominalTypeDescriptorRecord, popType());
            case 'o': return Node.of(Kind.OpaqueTypeDescriptorRecord, req(pop()));
            case 'r': return Node.of(Kind.ProtocolDescriptorRecord, popProtocol());
            case 'F': return new Node(Kind.AccessibleFunctionRecord);
            default:
                pos -= 2;
                return identifier();
        }
    }

    private Node conformanceIndex() {
        long idx = index();
        if (idx == 1) {
            return new Node(Kind.UnknownIndex);
        }
        req(idx >= 2);
        return new Node(Kind.Index, idx - 2);
    }

    Node retroactiveConformance() {
        Node idx = indexAsNode();
        Node conf = req(pop(NewConformanceParser::isAnyConformance));
        return Node.of(Kind.RetroactiveConformance, idx, conf);
    }

    Node witness() {
        int c = nextOrFail();
        switch (c) {
            case 'C': return Node.of(Kind.EnumCase, req(pop(Kind::isEntity)));
            case 'V': return Node.of(Kind.ValueWitnessTable, popType());
            case 'v': {
                long dir;
                switch (nextOrFail()) {
                    case 'd': dir = 0; break;
                    case 'i': dir = 1; break;
                    default: throw fail();
                }
                return Node.of(Kind.FieldOffset, new Node(Kind.Directness, dir), req(pop(Kind::isEntity)));
            }
            case 'S': return Node.of(Kind.ProtocolSelfConformanceWitnessTable, popProtocolConformance());
            case 'P': return Node.of(Kind.ProtocolWitnessTable, popProtocolConformance());
            case 'p': return Node.of(Kind.ProtocolWitnessTablePattern, popProtocolConformance());
            case 'G': return Node.of(Kind.GenericProtocolWitnessTable, popProtocolConformance());
            case 'I': return Node.of(Kind.GenericProtocolWitnessTableInstantiationFunction, popProtocolConformance());
            case 'r': return Node.of(Kind.ResilientProtocolWitnessTable, popProtocolConformance());
            case 'l': {
                Node conf = popProtocolConformance();
                return Node.of(Kind.LazyProtocolWitnessTableAccessor, popType(), conf);
            }
            case 'L': {
                Node conf = popProtocolConformance();
                return Node.of(Kind.LazyProtocolWitnessTableCacheVariable, popType(), conf);
            }
            case 'a': return Node.of(Kind.ProtocolWitnessTableAccessor, popProtocolConformance());
            case 't': {
                Node name = req(pop(Kind::isDeclName));
                Node conf = popProtocolConformance();
                return Node.of(Kind.AssociatedTypeMetadataAccessor, conf, name);
            }
            case 'T': {
                Node protoType = popType();
                Node path = popAssocTypePath();
                Node conf = popProtocolConformance();
                return Node.of(Kind.AssociatedTypeWitnessTableAccessor, conf, path, protoType);
            }
            case 'b': {
                Node protoType = popType();
                Node conf = popProtocolConformance();
                return Node.of(Kind.BaseWitnessTableAccessor, conf, protoType);
            }
            case 'O': {
                Node sig = pop(Kind.DependentGenericSignature);
                Node type = popType();
                Kind k;
                Node extra = null;
                switch (nextOrFail()) {
                    case 'B': k = Kind.OutlinedInitializeWithTakeNoValueWitness; break;
                    case 'C': k = Kind.OutlinedInitializeWithCopyNoValueWitness; break;
                    case 'D': k = Kind.OutlinedAssignWithTakeNoValueWitness; break;
                    case 'F': k = Kind.OutlinedAssignWithCopyNoValueWitness; break;
                    case 'H': k = Kind.OutlinedDestroyNoValueWitness; break;
                    case 'y': k = Kind.OutlinedCopy; break;
                    case 'e': k = Kind.OutlinedConsume; break;
                    case 'r': k = Kind.OutlinedRetain; break;
                    case 's': k = Kind.OutlinedRelease; break;
                    case 'b': k = Kind.OutlinedInitializeWithTake; break;
                    case 'c': k = Kind.OutlinedInitializeWithCopy; break;
                    case 'd': k = Kind.OutlinedAssignWithTake; break;
                    case 'f': k = Kind.OutlinedAssignWithCopy; break;
                    case 'h': k = Kind.OutlinedDestroy; break;
                    case 'g': k = Kind.OutlinedEnumGetTag; break;
                    case 'i': k = Kind.OutlinedEnumTagStore; extra = indexAsNode(); break;
                    case 'j': k = Kind.OutlinedEnumProjectDataForLoad; extra = indexAsNode(); break;
                    default: throw fail();
                }
                Node n = Node.of(k, type);
                addIf(n, sig);
                addIf(n, extra);
                return n;
            }
            case 'Z': case 'z': {
                Node decls = new Node(Kind.GlobalVariableOnceDeclList);
                while (pop(Kind.FirstElementMarker) != null) {
                    decls.add(req(pop(Kind::isDeclName)));
                }
                decls.reverseFrom(0);
                Node ctx = popContext();
                return Node.of(c == 'Z' ? Kind.GlobalVariableOnceFunction : Kind.GlobalVariableOnceToken, ctx, decls);
            }
            case 'J': return differentiabilityWitness();
            default: throw fail();
        }
    }

    private Node differentiabilityWitness() {
        Node result = new Node(Kind.DifferentiabilityWitness);
        Node genSig = pop(Kind.DependentGenericSignature);
        Node n;
        while ((n = pop()) != null) {
            result.add(n);
        }
        result.reverseFrom(0);
        int k = nextOrFail();
        req(k == 'f' || k == 'r' || k == 'd' || k == 'l');
        result.add(new Node(Kind.Index, k));
        result.add(indexSubset());
        match('p');
        result.add(indexSubset());
        match('r');
        addIf(result, genSig);
        return result;
    }

    Node indexSubset() {
        int start = pos;
        while (peek() == 'S' || peek() == 'U') {
            next();
        }
        req(pos > start);
        return new Node(Kind.IndexSubset, slice(start, pos));
    }

    Node metatype() {
        switch (nextOrFail()) {
            case 'a': return Node.of(Kind.TypeMetadataAccessFunction, popType());
            case 'A': return Node.of(Kind.ReflectionMetadataAssocTypeDescriptor, popProtocolConformance());
            case 'b': return Node.of(Kind.CanonicalSpecializedGenericTypeMetadataAccessFunction, popType());
            case 'B': return Node.of(Kind.ReflectionMetadataBuiltinDescriptor, popType());
            case 'c': return Node.of(Kind.ProtocolConformanceDescriptor, popProtocolConformance());
            case 'C': {
                Node t = popType();
                req(t.first() != null && t.first().kind.isAnyGeneric());
                return Node.of(Kind.ReflectionMetadataSuperclassDescriptor, t.first());
            }
            case 'D': return Node.of(Kind.TypeMetadataDemanglingCache, popType());
            case 'f': return Node.of(Kind.FullTypeMetadata, popType());
            case 'F': return Node.of(Kind.ReflectionMetadataFieldDescriptor, popType());
            case 'g': return Node.of(Kind.OpaqueTypeDescriptorAccessor, req(pop()));
            case 'h': return Node.of(Kind.OpaqueTypeDescriptorAccessorImpl, req(pop()));
            case 'i': return Node.of(Kind.TypeMetadataInstantiationFunction, popType());
            case 'I': return Node.of(Kind.TypeMetadataInstantiationCache, popType());
            case 'j': return Node.of(Kind.OpaqueTypeDescriptorAccessorKey, req(pop()));
            case 'J': return Node.of(Kind.NoncanonicalSpecializedGenericTypeMetadataCache, req(pop()));
            case 'k': return Node.of(Kind.OpaqueTypeDescriptorAccessorVar, req(pop()));
            case 'K': return Node.of(Kind.MetadataInstantiationCache, req(pop()));
            case 'l': return Node.of(Kind.TypeMetadataSingletonInitializationCache, popType());
            case 'L': return Node.of(Kind.TypeMetadataLazyCache, popType());
            case 'm': return Node.of(Kind.Metaclass, popType());
            case 'M': return Node.of(Kind.CanonicalSpecializedGenericMetaclass, popType());
            case 'n': return Node.of(Kind.NominalTypeDescriptor, popType());
            case 'N': return Node.of(Kind.NoncanonicalSpecializedGenericTypeMetadata, popType());
            case 'o': return Node.of(Kind.ClassMetadataBaseOffset, popType());
            case 'p': return Node.of(Kind.ProtocolDescriptor, popProtocol());
            case 'P': return Node.of(Kind.GenericTypeMetadataPattern, popType());
            case 'q': return Node.of(Kind.Uniquable, req(pop()));
            case 'Q': return Node.of(Kind.OpaqueTypeDescriptor, req(pop()));
            case 'r': return Node.of(Kind.TypeMetadataCompletionFunction, popType());
            case 's': return Node.of(Kind.ObjCResilientClassStub, popType());
            case 'S': return Node.of(Kind.ProtocolSelfConformanceDescriptor, popProtocol());
            case 't': return Node.of(Kind.FullObjCResilientClassStub, popType());
            case 'u': return Node.of(Kind.MethodLookupFunction, popType());
            case 'U': return Node.of(Kind.ObjCMetadataUpdateFunction, popType());
            case 'V': return Node.of(Kind.PropertyDescriptor, req(pop(Kind::isEntity)));
            case 'X': return privateContextDescriptor();
            case 'z': return Node.of(Kind.CanonicalPrespecializedGenericTypeCachingOnceToken, popType());
            default: throw fail();
        }
    }

    private Node privateContextDescriptor() {
        switch (nextOrFail()) {
            case 'E': return Node.of(Kind.ExtensionDescriptor, popContext());
            case 'M': return Node.of(Kind.ModuleDescriptor, req(popModule()));
            case 'Y': {
                Node discriminator = req(pop());
                Node ctx = popContext();
                return Node.of(Kind.AnonymousDescriptor, ctx, discriminator);
            }
            case 'X': return Node.of(Kind.AnonymousDescriptor, popContext());
            case 'A': {
                Node path = popAssocTypePath();
                Node base = popType();
                return Node.of(Kind.AssociatedTypeGenericParamRef, base, path);
            }
            default: throw fail();
        }
    }

    Node valueWitness() {
        int a = nextOrFail();
        int b = nextOrFail();
        String name = ValueWitnessKind.name((char) a, (char) b);
        req(name);
        return Node.of(Kind.ValueWitness, popType()).withText(name);
    }
}
