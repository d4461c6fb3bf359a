package dev.crashkit.symbolicate.demangle.swift;

import java.util.ArrayList;
import java.util.List;

/**
 * Parser for the Swift 4+ mangling: a stack machine where each operator character pops its operands
 * (already parsed nodes) and pushes the node it builds. This file holds the operator dispatch, the
 * top-level symbol rules, thunks and specializations.
 */
final class NewDemangler extends NewConformanceParser {

    /**
     * Length of the Swift 4+ prefix ({@code _T0}, {@code $s}, {@code _$s}, {@code $S}, {@code _$S}, {@code $e},
     * {@code _$e}, {@code @__swiftmacro_}), 0 otherwise: exactly swift's {@code getManglingPrefixLength} list
     * (Swift 6.2 lib/Demangling/Demangler.cpp), so nothing swift rejects is accepted (a prefix-less
     * {@code async_Main} is not a Swift mangling there). Decided on the first characters because it runs for
     * every name, Swift or not.
     */
    static int prefixLength(String name) {
        switch (charAt(name, 0)) {
            case '$':
                return isPrefixLetter(charAt(name, 1)) ? 2 : 0;
            case '_':
                switch (charAt(name, 1)) {
                    case 'T': return charAt(name, 2) == '0' ? 3 : 0;
                    case '$': return isPrefixLetter(charAt(name, 2)) ? 3 : 0;
                    default: return 0;
                }
            case '@':
                return name.startsWith(MACRO_PREFIX) ? MACRO_PREFIX.length() : 0;
            default:
                return 0;
        }
    }

    private static final String MACRO_PREFIX = "@__swiftmacro_";

    private static char charAt(String s, int i) {
        return i < s.length() ? s.charAt(i) : 0;
    }

    private static boolean isPrefixLetter(char c) {
        return c == 's' || c == 'S' || c == 'e';
    }

    /**
     * The tree of a whole symbol, or null when the input is not a valid Swift 4+ mangled name;
     * {@code prefix} is {@link #prefixLength}{@code (name)}, non-zero.
     */
    Node demangleSymbol(byte[] input, String name, int prefix) {
        reset(input, prefix);
        oldFunctionTypeMangling = name.startsWith("_T");
        try {
            while (pos < end) {
                if (peek() == 0) {
                    break;
                }
                push(req(operator()));
            }
            Node suffix = pop(Kind.Suffix);
            Node top = new Node(Kind.Global);
            Node parent = top;
            Node attr;
            while ((attr = pop(Kind::isFunctionAttr)) != null) {
                parent.add(attr);
                if (attr.kind == Kind.PartialApplyForwarder || attr.kind == Kind.PartialApplyObjCForwarder) {
                    parent = attr;
                }
            }
            for (int i = 0; i < stack.size(); i++) {
                Node n = stack.get(i);
                parent.add(n.kind == Kind.Type ? req(n.first()) : n);
            }
            addIf(top, suffix);
            return top.isEmpty() ? null : top;
        } catch (ParseFailure e) {
            return null;
        }
    }

    private Node operator() {
        int c = next();
        while (c == 0xFF) {
            c = next();
        }
        if (c >= 1 && c <= 0x0C) {
            return symbolicReference(c);
        }
        switch (c) {
            case 'A': return multiSubstitutions();
            case 'B': return builtinType();
            case 'C': return anyGenericType(Kind.Class);
            case 'D': {
                Node t = popType();
                Node labels = popFunctionParamLabels(t);
                Node m = new Node(Kind.TypeMangling);
                addIf(m, labels);
                return m.add(t);
            }
            case 'E': return extensionContext();
            case 'F': return plainFunction();
            case 'G': return boundGenericType();
            case 'H': return conformance();
            case 'I': return implFunctionType();
            case 'K': return new Node(Kind.ThrowsAnnotation);
            case 'L': return localIdentifier();
            case 'M': return metatype();
            case 'N': return Node.of(Kind.TypeMetadata, popType());
            case 'O': return anyGenericType(Kind.Enum);
            case 'P': return anyGenericType(Kind.Protocol);
            case 'Q': return archetype();
            case 'R': return genericRequirement();
            case 'S': return standardSubstitution();
            case 'T': return thunkOrSpecialization();
            case 'V': return anyGenericType(Kind.Structure);
            case 'W': return witness();
            case 'X': return specialType();
            case 'Y': return typeAnnotation();
            case 'Z': return Node.of(Kind.Static, req(pop(Kind::isEntity)));
            case 'a': return anyGenericType(Kind.TypeAlias);
            case 'c': return popFunctionType(Kind.FunctionType, false);
            case 'd': return new Node(Kind.VariadicMarker);
            case 'f': return functionEntity();
            case 'g': return retroactiveConformance();
            case 'h': return typeOf(Kind.Shared, popTypeAndGetChild());
            case 'i': return subscript();
            case 'l': return genericSignature(false);
            case 'm': return typeOf(Kind.Metatype, popType());
            case 'n': return typeOf(Kind.Owned, popTypeAndGetChild());
            case 'o': return operatorIdentifier();
            case 'p': return type(protocolList());
            case 'q': return type(genericParamIndex());
            case 'r': return genericSignature(true);
            case 's': return new Node(Kind.Module, STDLIB);
            case 't': return popTuple();
            case 'u': {
                Node sig = req(pop(Kind.DependentGenericSignature));
                Node t = popType();
                return typeOf(Kind.DependentGenericType, sig, t);
            }
            case 'v': return variable();
            case 'w': return valueWitness();
            case 'x': return type(dependentGenericParamType(0, 0));
            case 'y': return new Node(Kind.EmptyList);
            case 'z': return typeOf(Kind.InOut, popTypeAndGetChild());
            case '_': return new Node(Kind.FirstElementMarker);
            case '.': {
                pushBack();
                Node s = new Node(Kind.Suffix, slice(pos, end));
                pos = end;
                return s;
            }
            case '$': return integerType();
            case 0: throw fail();
            default:
                pushBack();
                return identifier();
        }
    }

    private Node entityOperand() {
        return req(pop(Kind::isEntity));
    }

    private Node thunkOrSpecialization() {
        int c = nextOrFail();
        switch (c) {
            case 'T': {
                int d = nextOrFail();
                if (d == 'I') {
                    return Node.of(Kind.SILThunkIdentity, entityOperand());
                }
                if (d == 'H') {
                    return Node.of(Kind.SILThunkHopToMainActorIfNeeded, entityOperand());
                }
                throw fail();
            }
            case 'c': return Node.of(Kind.CurryThunk, entityOperand());
            case 'j': return Node.of(Kind.DispatchThunk, entityOperand());
            case 'q': return Node.of(Kind.MethodDescriptor, entityOperand());
            case 'o': return new Node(Kind.ObjCAttribute);
            case 'O': return new Node(Kind.NonObjCAttribute);
            case 'D': return new Node(Kind.DynamicAttribute);
            case 'd': return new Node(Kind.DirectMethodReferenceAttribute);
            case 'E': return new Node(Kind.DistributedThunk);
            case 'F': return new Node(Kind.DistributedAccessor);
            case 'a': return new Node(Kind.PartialApplyObjCForwarder);
            case 'A': return new Node(Kind.PartialApplyForwarder);
            case 'm': return new Node(Kind.MergedFunction);
            case 'X': return new Node(Kind.DynamicallyReplaceableFunctionVar);
            case 'x': return new Node(Kind.DynamicallyReplaceableFunctionKey);
            case 'I': return new Node(Kind.DynamicallyReplaceableFunctionImpl);
            case 'Y': return Node.of(Kind.AsyncSuspendResumePartialFunction, indexAsNode());
            case 'Q': return Node.of(Kind.AsyncAwaitResumePartialFunction, indexAsNode());
            case 'C': return Node.of(Kind.CoroutineContinuationPrototype, popType());
            case 'z': case 'Z': {
                Node flagMode = indexAsNode();
                Node sig = pop(Kind.DependentGenericSignature);
                Node resultType = popType();
                Node implType = popType();
                Node n = Node.of(c == 'z' ? Kind.ObjCAsyncCompletionHandlerImpl
                        : Kind.PredefinedObjCAsyncCompletionHandlerImpl, implType, resultType, flagMode);
                addIf(n, sig);
                return n;
            }
            case 'V': {
                Node base = entityOperand();
                Node derived = entityOperand();
                return Node.of(Kind.VTableThunk, derived, base);
            }
            case 'W': {
                Node entity = entityOperand();
                Node conf = popProtocolConformance();
                return Node.of(Kind.ProtocolWitness, conf, entity);
            }
            case 'S': return Node.of(Kind.ProtocolSelfConformanceWitness, entityOperand());
            case 'R': case 'r': case 'y': {
                Node thunk = new Node(c == 'R' ? Kind.ReabstractionThunkHelper
                        : c == 'r' ? Kind.ReabstractionThunk : Kind.ReabstractionThunkHelperWithSelf);
                addIf(thunk, pop(Kind.DependentGenericSignature));
                if (c == 'y') {
                    thunk.add(popType());
                }
                thunk.add(popType());
                thunk.add(popType());
                return thunk;
            }
            case 'g': return genericSpecialization(Kind.GenericSpecialization, null);
            case 'G': return genericSpecialization(Kind.GenericSpecializationNotReAbstracted, null);
            case 'B': return genericSpecialization(Kind.GenericSpecializationInResilienceDomain, null);
            case 's': return genericSpecialization(Kind.GenericSpecializationPrespecialized, null);
            case 'i': return genericSpecialization(Kind.InlinedGenericFunction, null);
            case 't': {
                pushBack();
                List<Node> dropped = new ArrayList<>();
                while (nextIf('t')) {
                    int n = natural();
                    dropped.add(new Node(Kind.DroppedArgument, n < 0 ? 0 : (long) n + 1));
                }
                Kind k;
                switch (nextOrFail()) {
                    case 'g': k = Kind.GenericSpecialization; break;
                    case 'G': k = Kind.GenericSpecializationNotReAbstracted; break;
                    case 'B': k = Kind.GenericSpecializationInResilienceDomain; break;
                    default: throw fail();
                }
                return genericSpecialization(k, dropped);
            }
            case 'P': case 'p': {
                Node spec = specAttributes(c == 'P' ? Kind.GenericPartialSpecializationNotReAbstracted
                        : Kind.GenericPartialSpecialization);
                return spec.add(Node.of(Kind.GenericSpecializationParam, popType()));
            }
            case 'f': return FunctionSpecializations.parse(this);
            case 'K': case 'k': {
                Kind k;
                if (nextIf("mu")) {
                    k = Kind.KeyPathUnappliedMethodThunkHelper;
                } else if (nextIf("MA")) {
                    k = Kind.KeyPathAppliedMethodThunkHelper;
                } else {
                    k = c == 'K' ? Kind.KeyPathGetterThunkHelper : Kind.KeyPathSetterThunkHelper;
                }
                boolean serialized = nextIf('q');
                List<Node> types = new ArrayList<>();
                Node n = req(pop());
                req(n.kind == Kind.Type);
                do {
                    types.add(n);
                    n = pop();
                } while (n != null && n.kind == Kind.Type);
                req(n);
                Node result;
                if (n.kind == Kind.DependentGenericSignature) {
                    result = Node.of(k, req(pop()), n);
                } else {
                    result = Node.of(k, n);
                }
                for (int i = types.size() - 1; i >= 0; i--) {
                    result.add(types.get(i));
                }
                if (serialized) {
                    result.add(new Node(Kind.IsSerialized));
                }
                return result;
            }
            case 'H': case 'h': {
                Kind k = c == 'H' ? Kind.KeyPathEqualsThunkHelper : Kind.KeyPathHashThunkHelper;
                boolean serialized = nextIf('q');
                Node sig = null;
                List<Node> types = new ArrayList<>();
                Node n = req(pop());
                if (n.kind == Kind.DependentGenericSignature) {
                    sig = n;
                } else {
                    req(n.kind == Kind.Type);
                    types.add(n);
                }
                while ((n = pop()) != null) {
                    req(n.kind == Kind.Type);
                    types.add(n);
                }
                Node result = new Node(k);
                for (int i = types.size() - 1; i >= 0; i--) {
                    result.add(types.get(i));
                }
                addIf(result, sig);
                if (serialized) {
                    result.add(new Node(Kind.IsSerialized));
                }
                return result;
            }
            case 'l': return Node.of(Kind.AssociatedTypeDescriptor, popAssocTypeName());
            case 'L': return Node.of(Kind.ProtocolRequirementsBaseDescriptor, popProtocol());
            case 'M': return Node.of(Kind.DefaultAssociatedTypeMetadataAccessor, popAssocTypeName());
            case 'n': case 'N': {
                Node requirement = popProtocol();
                Node path = associatedConformanceSubject();
                Node protoType = popType();
                return Node.of(c == 'n' ? Kind.AssociatedConformanceDescriptor
                        : Kind.DefaultAssociatedConformanceAccessor, protoType, path, requirement);
            }
            case 'b': {
                Node requirement = popProtocol();
                Node protoType = popType();
                return Node.of(Kind.BaseConformanceDescriptor, protoType, requirement);
            }
            case 'v': {
                long idx = index();
                if (nextIf('r')) {
                    return new Node(Kind.OutlinedReadOnlyObject, idx);
                }
                return new Node(Kind.OutlinedVariable, idx);
            }
            case 'e': {
                String params = bridgedMethodParams();
                return new Node(Kind.OutlinedBridgedMethod, params);
            }
            case 'u': return new Node(Kind.AsyncFunctionPointer);
            case 'U': {
                Node globalActor = popType();
                Node reabstraction = req(pop());
                return Node.of(Kind.ReabstractionThunkHelperWithGlobalActor, reabstraction, globalActor);
            }
            case 'J': return AutoDiff.parse(this);
            case 'w':
                switch (nextOrFail()) {
                    case 'b': return new Node(Kind.BackDeploymentThunk);
                    case 'B': return new Node(Kind.BackDeploymentFallback);
                    case 'c': return new Node(Kind.CoroFunctionPointer);
                    case 'd': return new Node(Kind.DefaultOverride);
                    case 'S': return new Node(Kind.HasSymbolQuery);
                    default: throw fail();
                }
            default:
                throw fail();
        }
    }

    private Node associatedConformanceSubject() {
        Node t = pop(Kind.Type);
        if (t != null) {
            if (is(t.first(), Kind.DependentGenericParamType)) {
                return t;
            }
            push(t);
        }
        return popAssocTypePath();
    }

    private String bridgedMethodParams() {
        if (nextIf('_')) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        int k = nextOrFail();
        switch (k) {
            case 'o': case 'p': case 'a': case 'm':
                sb.append((char) k);
                break;
            default:
                throw fail();
        }
        while (!nextIf('_')) {
            int c = nextOrFail();
            req(c == 'n' || c == 'b' || c == 'g');
            sb.append((char) c);
        }
        return sb.toString();
    }

    Node specAttributes(Kind kind) {
        boolean metatypeParamsRemoved = nextIf('m');
        boolean serialized = nextIf('q');
        boolean asyncRemoved = nextIf('a');
        boolean representationChanged = nextIf('r');
        int passId = nextOrFail() - '0';
        req(passId >= 0 && passId <= 9);
        Node spec = new Node(kind);
        if (metatypeParamsRemoved) {
            spec.add(new Node(Kind.MetatypeParamsRemoved));
        }
        if (serialized) {
            spec.add(new Node(Kind.IsSerialized));
        }
        if (asyncRemoved) {
            spec.add(new Node(Kind.AsyncRemoved));
        }
        if (representationChanged) {
            spec.add(new Node(Kind.RepresentationChanged));
        }
        spec.add(new Node(Kind.SpecializationPassID, passId));
        return spec;
    }

    private Node genericSpecialization(Kind kind, List<Node> dropped) {
        Node spec = specAttributes(kind);
        if (dropped != null) {
            for (Node d : dropped) {
                spec.add(d);
            }
        }
        Node list = popTypeList();
        for (int i = 0; i < list.size(); i++) {
            spec.add(Node.of(Kind.GenericSpecializationParam, list.get(i)));
        }
        return spec;
    }
}
