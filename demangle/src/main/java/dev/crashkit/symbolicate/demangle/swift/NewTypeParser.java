package dev.crashkit.symbolicate.demangle.swift;

import java.util.ArrayList;
import java.util.List;

/** Type grammar of the Swift 4+ mangling: builtins, nominal and bound generic types, functions, tuples. */
abstract class NewTypeParser extends NewParserBase {

    abstract Node popProtocol();

    // ---- builtin

    Node builtinType() {
        Node ty;
        int c = nextOrFail();
        switch (c) {
            case 'b': ty = builtin("Builtin.BridgeObject"); break;
            case 'B': ty = builtin("Builtin.UnsafeValueBuffer"); break;
            case 'e': ty = builtin("Builtin.Executor"); break;
            case 'd': ty = builtin("Builtin.NonDefaultDistributedActorStorage"); break;
            case 'D': ty = builtin("Builtin.DefaultActorStorage"); break;
            case 'A': ty = builtin("Builtin.ImplicitActor"); break;
            case 'f': {
                long size = index() - 1;
                req(size > 0 && size <= 4096);
                ty = builtin("Builtin.FPIEEE" + size);
                break;
            }
            case 'i': {
                long size = index() - 1;
                req(size > 0 && size <= 4096);
                ty = builtin("Builtin.Int" + size);
                break;
            }
            case 'I': ty = builtin("Builtin.IntLiteral"); break;
            case 'v': {
                long elts = index() - 1;
                req(elts > 0 && elts <= 4096);
                Node elt = popTypeAndGetChild();
                req(elt.kind == Kind.BuiltinTypeName && elt.textStartsWith(Node.BUILTIN_PREFIX));
                // Not "Builtin.Vec" + elts + "x" + the element's name: nested vectors would copy ever longer names.
                ty = Node.builtinVector("Builtin.Vec" + elts + "x", elt);
                break;
            }
            case 'V': {
                Node element = popType();
                Node size = popType();
                ty = Node.of(Kind.BuiltinFixedArray, size, element);
                break;
            }
            case 'W': ty = Node.of(Kind.BuiltinBorrow, popType()); break;
            case 'O': ty = builtin("Builtin.UnknownObject"); break;
            case 'o': ty = builtin("Builtin.NativeObject"); break;
            case 'p': ty = builtin("Builtin.RawPointer"); break;
            case 't': ty = builtin("Builtin.SILToken"); break;
            case 'w': ty = builtin("Builtin.Word"); break;
            case 'c': ty = builtin("Builtin.RawUnsafeContinuation"); break;
            case 'j': ty = builtin("Builtin.Job"); break;
            case 'P': ty = builtin("Builtin.PackIndex"); break;
            case 'T': ty = new Node(Kind.BuiltinTupleType); break;
            default: throw fail();
        }
        Node t = type(ty);
        addSubst(t);
        return t;
    }

    private static Node builtin(String name) {
        return new Node(Kind.BuiltinTypeName, name);
    }

    // ---- nominal types

    Node anyGenericType(Kind kind) {
        Node name = req(pop(Kind::isDeclName));
        Node ctx = popContext();
        Node t = typeOf(kind, ctx, name);
        addSubst(t);
        return t;
    }

    Node popRetroactiveConformances() {
        Node list = null;
        Node c;
        while ((c = pop(Kind.RetroactiveConformance)) != null) {
            if (list == null) {
                list = new Node(Kind.TypeList);
            }
            list.add(c);
        }
        if (list != null) {
            list.reverseFrom(0);
        }
        return list;
    }

    /** Pops the argument lists of a bound generic type; returns [retroactive conformances or null, lists...]. */
    List<Node> boundGenerics(Node[] retro) {
        retro[0] = popRetroactiveConformances();
        List<Node> lists = new ArrayList<>(4);
        while (true) {
            Node list = new Node(Kind.TypeList);
            lists.add(list);
            Node t;
            while ((t = pop(Kind.Type)) != null) {
                list.add(t);
            }
            list.reverseFrom(0);
            if (pop(Kind.EmptyList) != null) {
                break;
            }
            req(pop(Kind.FirstElementMarker));
        }
        return lists;
    }

    Node boundGenericType() {
        Node[] retro = new Node[1];
        List<Node> lists = boundGenerics(retro);
        Node nominal = popTypeAndGetAnyGeneric();
        Node bound = req(boundGenericArgs(nominal, lists, 0));
        if (retro[0] != null) {
            bound.add(retro[0]);
        }
        Node t = type(bound);
        addSubst(t);
        return t;
    }

    private static boolean consumesGenericArgs(Kind k) {
        switch (k) {
            case Variable: case Subscript: case ImplicitClosure: case ExplicitClosure:
            case DefaultArgumentInitializer: case Initializer: case PropertyWrapperBackingInitializer:
            case PropertyWrapperInitFromProjectedValue: case Static:
                return false;
            default:
                return true;
        }
    }

    Node boundGenericArgs(Node nominal, List<Node> lists, int idx) {
        enter();
        Node r = boundGenericArgsBody(nominal, lists, idx);
        leave();
        return r;
    }

    private Node boundGenericArgsBody(Node nominal, List<Node> lists, int idx) {
        req(nominal != null && idx < lists.size());
        if (nominal.kind == Kind.TypeSymbolicReference || nominal.kind == Kind.ProtocolSymbolicReference) {
            Node remaining = new Node(Kind.TypeList);
            for (int i = lists.size() - 1; i >= idx; i--) {
                for (Node c : lists.get(i).children()) {
                    remaining.add(c);
                }
            }
            return Node.of(Kind.BoundGenericOtherNominalType, type(nominal), remaining);
        }
        req(!nominal.isEmpty());
        Node context = nominal.first();
        boolean consumes = consumesGenericArgs(nominal.kind);
        Node args = lists.get(idx);
        if (consumes) {
            idx++;
        }
        if (idx < lists.size()) {
            Node boundParent;
            if (context.kind == Kind.Extension) {
                boundParent = Node.of(Kind.Extension, context.first(),
                        req(boundGenericArgs(context.get(1), lists, idx)));
                if (context.size() == 3) {
                    boundParent.add(context.get(2));
                }
            } else {
                boundParent = req(boundGenericArgs(context, lists, idx));
            }
            Node n = Node.of(nominal.kind, boundParent);
            for (int i = 1; i < nominal.size(); i++) {
                n.add(nominal.get(i));
            }
            nominal = n;
        }
        if (!consumes || args.isEmpty()) {
            return nominal;
        }
        Kind k;
        switch (nominal.kind) {
            case Class: k = Kind.BoundGenericClass; break;
            case Structure: k = Kind.BoundGenericStructure; break;
            case Enum: k = Kind.BoundGenericEnum; break;
            case Protocol: k = Kind.BoundGenericProtocol; break;
            case OtherNominalType: k = Kind.BoundGenericOtherNominalType; break;
            case TypeAlias: k = Kind.BoundGenericTypeAlias; break;
            case Function: case Constructor:
                return Node.of(Kind.BoundGenericFunction, nominal, args);
            default:
                throw fail();
        }
        return Node.of(k, type(nominal), args);
    }

    // ---- functions and tuples

    Node popFunctionType(Kind kind, boolean hasClangType) {
        Node f = new Node(kind);
        if (hasClangType) {
            f.add(clangType());
        }
        addIf(f, pop(Kind.SendingResultFunctionType));
        addIf(f, pop(k -> k == Kind.GlobalActorFunctionType || k == Kind.IsolatedAnyFunctionType
                || k == Kind.NonIsolatedCallerFunctionType));
        addIf(f, pop(Kind.DifferentiableFunctionType));
        addIf(f, pop(k -> k == Kind.ThrowsAnnotation || k == Kind.TypedThrowsAnnotation));
        addIf(f, pop(Kind.ConcurrentFunctionType));
        addIf(f, pop(Kind.AsyncAnnotation));
        f.add(popFunctionParams(Kind.ArgumentTuple));
        f.add(popFunctionParams(Kind.ReturnType));
        return type(f);
    }

    static void addIf(Node parent, Node child) {
        if (child != null) {
            parent.add(child);
        }
    }

    Node popFunctionParams(Kind kind) {
        Node params;
        if (pop(Kind.EmptyList) != null) {
            params = type(new Node(Kind.Tuple));
        } else {
            params = popType();
        }
        return Node.of(kind, params);
    }

    Node clangType() {
        int n = natural();
        req(n > 0 && pos + n <= end);
        Node t = new Node(Kind.ClangType, slice(pos, pos + n));
        pos += n;
        return t;
    }

    Node popTuple() {
        Node root = new Node(Kind.Tuple);
        if (pop(Kind.EmptyList) == null) {
            boolean first;
            do {
                first = pop(Kind.FirstElementMarker) != null;
                Node elt = new Node(Kind.TupleElement);
                addIf(elt, pop(Kind.VariadicMarker));
                Node id = pop(Kind.Identifier);
                if (id != null) {
                    elt.add(new Node(Kind.TupleElementName, id.text));
                }
                elt.add(popType());
                root.add(elt);
            } while (!first);
            root.reverseFrom(0);
        }
        return type(root);
    }

    Node popPack(Kind kind) {
        Node root = new Node(kind);
        if (pop(Kind.EmptyList) == null) {
            boolean first;
            do {
                first = pop(Kind.FirstElementMarker) != null;
                root.add(popType());
            } while (!first);
            root.reverseFrom(0);
        }
        return type(root);
    }

    Node popTypeList() {
        Node root = new Node(Kind.TypeList);
        if (pop(Kind.EmptyList) == null) {
            boolean first;
            do {
                first = pop(Kind.FirstElementMarker) != null;
                root.add(popType());
            } while (!first);
            root.reverseFrom(0);
        }
        return root;
    }

    /** The argument label list of a function type just popped, or null when there is none. */
    Node popFunctionParamLabels(Node type) {
        if (!oldFunctionTypeMangling && pop(Kind.EmptyList) != null) {
            return new Node(Kind.LabelList);
        }
        if (type == null || type.kind != Kind.Type) {
            return null;
        }
        Node funcType = req(type.first());
        if (funcType.kind == Kind.DependentGenericType) {
            funcType = req(req(funcType.get(1)).first());
        }
        if (funcType.kind != Kind.FunctionType && funcType.kind != Kind.NoEscapeFunctionType) {
            return null;
        }
        int i = 0;
        if (is(funcType.get(i), Kind.SendingResultFunctionType)) {
            i++;
        }
        if (is(funcType.get(i), Kind.GlobalActorFunctionType)) {
            i++;
        }
        if (is(funcType.get(i), Kind.IsolatedAnyFunctionType)) {
            i++;
        }
        if (is(funcType.get(i), Kind.NonIsolatedCallerFunctionType)) {
            i++;
        }
        if (is(funcType.get(i), Kind.DifferentiableFunctionType)) {
            i++;
        }
        if (is(funcType.get(i), Kind.ThrowsAnnotation) || is(funcType.get(i), Kind.TypedThrowsAnnotation)) {
            i++;
        }
        if (is(funcType.get(i), Kind.ConcurrentFunctionType)) {
            i++;
        }
        if (is(funcType.get(i), Kind.AsyncAnnotation)) {
            i++;
        }
        Node paramType = req(funcType.get(i));
        req(paramType.kind == Kind.ArgumentTuple);
        Node paramsType = req(paramType.first());
        req(paramsType.kind == Kind.Type);
        Node params = req(paramsType.first());
        int numParams = params.kind == Kind.Tuple ? params.size() : 1;
        if (numParams == 0) {
            return null;
        }
        Node tuple = params;
        if (oldFunctionTypeMangling && tuple.kind != Kind.Tuple) {
            return new Node(Kind.LabelList);
        }
        Node labels = new Node(Kind.LabelList);
        boolean hasLabels = false;
        for (int p = 0; p < numParams; p++) {
            Node label;
            if (oldFunctionTypeMangling) {
                Node param = req(tuple.get(p));
                label = null;
                for (int j = 0; j < param.size(); j++) {
                    if (param.get(j).kind == Kind.TupleElementName) {
                        label = new Node(Kind.Identifier, param.get(j).text);
                        param.removeAt(j);
                        break;
                    }
                }
                if (label == null) {
                    label = new Node(Kind.FirstElementMarker);
                }
            } else {
                label = pop();
            }
            if (label == null || (label.kind != Kind.Identifier && label.kind != Kind.FirstElementMarker)) {
                return null;
            }
            labels.add(label);
            hasLabels |= label.kind != Kind.FirstElementMarker;
        }
        if (!hasLabels) {
            return new Node(Kind.LabelList);
        }
        if (!oldFunctionTypeMangling) {
            labels.reverseFrom(0);
        }
        return labels;
    }

    static boolean is(Node n, Kind k) {
        return n != null && n.kind == k;
    }

    // ---- protocol lists and metatypes

    Node protocolList() {
        Node list = new Node(Kind.TypeList);
        if (pop(Kind.EmptyList) == null) {
            boolean first;
            do {
                first = pop(Kind.FirstElementMarker) != null;
                list.add(popProtocol());
            } while (!first);
            list.reverseFrom(0);
        }
        return Node.of(Kind.ProtocolList, list);
    }

    Node metatypeRepresentation() {
        switch (nextOrFail()) {
            case 't': return new Node(Kind.MetatypeRepresentation, "@thin");
            case 'T': return new Node(Kind.MetatypeRepresentation, "@thick");
            case 'o': return new Node(Kind.MetatypeRepresentation, "@objc_metatype");
            default: throw fail();
        }
    }

    Node integerType() {
        if (nextIf('n')) {
            return type(new Node(Kind.NegativeInteger, -index()));
        }
        return type(new Node(Kind.Integer, index()));
    }

    Node differentiableFunctionType() {
        int c = nextOrFail();
        req(c == 'f' || c == 'r' || c == 'd' || c == 'l');
        return new Node(Kind.DifferentiableFunctionType, c);
    }

    Node typeAnnotation() {
        switch (nextOrFail()) {
            case 'a': return new Node(Kind.AsyncAnnotation);
            case 'A': return new Node(Kind.IsolatedAnyFunctionType);
            case 'b': return new Node(Kind.ConcurrentFunctionType);
            case 'c': return Node.of(Kind.GlobalActorFunctionType, popTypeAndGetChild());
            case 'i': return typeOf(Kind.Isolated, popTypeAndGetChild());
            case 'j': return differentiableFunctionType();
            case 'k': return typeOf(Kind.NoDerivative, popTypeAndGetChild());
            case 'K': return Node.of(Kind.TypedThrowsAnnotation, popTypeAndGetChild());
            case 't': return typeOf(Kind.CompileTimeLiteral, popTypeAndGetChild());
            case 'T': return new Node(Kind.SendingResultFunctionType);
            case 'u': return typeOf(Kind.Sending, popTypeAndGetChild());
            case 'C': return new Node(Kind.NonIsolatedCallerFunctionType);
            case 'g': return typeOf(Kind.ConstValue, popTypeAndGetChild());
            default: throw fail();
        }
    }
}
