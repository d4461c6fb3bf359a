package dev.crashkit.symbolicate.demangle.swift;

/** Declarations (functions, variables, subscripts, accessors, closures, macros) and their contexts. */
abstract class NewEntityParser extends NewSpecialTypeParser {

    Node localIdentifier() {
        if (nextIf('L')) {
            Node discriminator = req(pop(Kind.Identifier));
            Node name = req(pop(Kind::isDeclName));
            return Node.of(Kind.PrivateDeclName, discriminator, name);
        }
        if (nextIf('l')) {
            return Node.of(Kind.PrivateDeclName, req(pop(Kind.Identifier)));
        }
        int c = peek();
        if ((c >= 'a' && c <= 'j') || (c >= 'A' && c <= 'J')) {
            next();
            Node kindNd = new Node(Kind.Identifier, String.valueOf((char) c));
            return Node.of(Kind.RelatedEntityDeclName, kindNd, req(pop()));
        }
        Node discriminator = indexAsNode();
        Node name = req(pop(Kind::isDeclName));
        return Node.of(Kind.LocalDeclName, discriminator, name);
    }

    private static final String OP_CHARS = "& @/= >    <*!|+?%-~   ^ .";

    Node operatorIdentifier() {
        Node ident = req(pop(Kind.Identifier));
        String s = ident.text();
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                sb.append(c);
                continue;
            }
            req(c >= 'a' && c <= 'z');
            char o = OP_CHARS.charAt(c - 'a');
            req(o != ' ');
            sb.append(o);
        }
        switch (nextOrFail()) {
            case 'i': return new Node(Kind.InfixOperator, sb.toString());
            case 'p': return new Node(Kind.PrefixOperator, sb.toString());
            case 'P': return new Node(Kind.PostfixOperator, sb.toString());
            default: throw fail();
        }
    }

    Node extensionContext() {
        Node genSig = pop(Kind.DependentGenericSignature);
        Node module = req(popModule());
        Node type = popTypeAndGetAnyGeneric();
        Node ext = Node.of(Kind.Extension, module, type);
        addIf(ext, genSig);
        return ext;
    }

    Node plainFunction() {
        Node genSig = pop(Kind.DependentGenericSignature);
        Node type = popFunctionType(Kind.FunctionType, false);
        Node labels = popFunctionParamLabels(type);
        if (genSig != null) {
            type = typeOf(Kind.DependentGenericType, genSig, type);
        }
        Node name = req(pop(Kind::isDeclName));
        Node ctx = popContext();
        return labels != null ? Node.of(Kind.Function, ctx, name, labels, type)
                : Node.of(Kind.Function, ctx, name, type);
    }

    Node entity(Kind kind) {
        Node type = popType();
        Node labels = popFunctionParamLabels(type);
        Node name = req(pop(Kind::isDeclName));
        Node ctx = popContext();
        return labels != null ? Node.of(kind, ctx, name, labels, type) : Node.of(kind, ctx, name, type);
    }

    Node variable() {
        return accessor(entity(Kind.Variable));
    }

    Node subscript() {
        Node privateName = pop(Kind.PrivateDeclName);
        Node type = popType();
        Node labels = popFunctionParamLabels(type);
        Node ctx = popContext();
        Node s = Node.of(Kind.Subscript, ctx);
        addIf(s, labels);
        s.add(type);
        addIf(s, privateName);
        return accessor(s);
    }

    Node accessor(Node child) {
        Kind k;
        switch (nextOrFail()) {
            case 'm': k = Kind.MaterializeForSet; break;
            case 's': k = Kind.Setter; break;
            case 'g': k = Kind.Getter; break;
            case 'G': k = Kind.GlobalGetter; break;
            case 'w': k = Kind.WillSet; break;
            case 'W': k = Kind.DidSet; break;
            case 'r': k = Kind.ReadAccessor; break;
            case 'y': k = Kind.Read2Accessor; break;
            case 'M': k = Kind.ModifyAccessor; break;
            case 'x': k = Kind.Modify2Accessor; break;
            case 'i': k = Kind.InitAccessor; break;
            case 'b': k = Kind.BorrowAccessor; break;
            case 'z': k = Kind.MutateAccessor; break;
            case 'a':
                switch (nextOrFail()) {
                    case 'O': k = Kind.OwningMutableAddressor; break;
                    case 'o': k = Kind.NativeOwningMutableAddressor; break;
                    case 'P': k = Kind.NativePinningMutableAddressor; break;
                    case 'u': k = Kind.UnsafeMutableAddressor; break;
                    default: throw fail();
                }
                break;
            case 'l':
                switch (nextOrFail()) {
                    case 'O': k = Kind.OwningAddressor; break;
                    case 'o': k = Kind.NativeOwningAddressor; break;
                    case 'p': k = Kind.NativePinningAddressor; break;
                    case 'u': k = Kind.UnsafeAddressor; break;
                    default: throw fail();
                }
                break;
            case 'p':
                return child;
            default:
                throw fail();
        }
        return Node.of(k, child);
    }

    Node functionEntity() {
        Kind kind;
        char args; // n=none, i=index, t=type+index, p=type+maybe private name
        switch (nextOrFail()) {
            case 'D': kind = Kind.Deallocator; args = 'n'; break;
            case 'd': kind = Kind.Destructor; args = 'n'; break;
            case 'Z': kind = Kind.IsolatedDeallocator; args = 'n'; break;
            case 'E': kind = Kind.IVarDestroyer; args = 'n'; break;
            case 'e': kind = Kind.IVarInitializer; args = 'n'; break;
            case 'i': kind = Kind.Initializer; args = 'n'; break;
            case 'C': kind = Kind.Allocator; args = 'p'; break;
            case 'c': kind = Kind.Constructor; args = 'p'; break;
            case 'U': kind = Kind.ExplicitClosure; args = 't'; break;
            case 'u': kind = Kind.ImplicitClosure; args = 't'; break;
            case 'A': kind = Kind.DefaultArgumentInitializer; args = 'i'; break;
            case 'm': return entity(Kind.Macro);
            case 'M': return macroExpansion();
            case 'p': return entity(Kind.GenericTypeParamDecl);
            case 'F': kind = Kind.PropertyWrappedFieldInitAccessor; args = 'n'; break;
            case 'P': kind = Kind.PropertyWrapperBackingInitializer; args = 'n'; break;
            case 'W': kind = Kind.PropertyWrapperInitFromProjectedValue; args = 'n'; break;
            default: throw fail();
        }
        Node c1 = null;
        Node c2 = null;
        Node c3 = null;
        switch (args) {
            case 'i':
                c1 = indexAsNode();
                break;
            case 't':
                c1 = indexAsNode();
                c2 = popType();
                break;
            case 'p':
                c3 = pop(Kind.PrivateDeclName);
                c2 = popType();
                c1 = popFunctionParamLabels(c2);
                break;
            default:
                break;
        }
        Node e = Node.of(kind, popContext());
        addIf(e, c1);
        addIf(e, c2);
        addIf(e, c3);
        return e;
    }

    Node macroExpansion() {
        Kind kind;
        boolean attached;
        boolean freestanding = false;
        switch (nextOrFail()) {
            case 'a': kind = Kind.AccessorAttachedMacroExpansion; attached = true; break;
            case 'r': kind = Kind.MemberAttributeAttachedMacroExpansion; attached = true; break;
            case 'm': kind = Kind.MemberAttachedMacroExpansion; attached = true; break;
            case 'p': kind = Kind.PeerAttachedMacroExpansion; attached = true; break;
            case 'c': kind = Kind.ConformanceAttachedMacroExpansion; attached = true; break;
            case 'e': kind = Kind.ExtensionAttachedMacroExpansion; attached = true; break;
            case 'b': kind = Kind.BodyAttachedMacroExpansion; attached = true; break;
            case 'q': kind = Kind.PreambleAttachedMacroExpansion; attached = true; break;
            case 'f': kind = Kind.FreestandingMacroExpansion; attached = false; freestanding = true; break;
            case 'u': kind = Kind.MacroExpansionUniqueName; attached = false; break;
            case 'X': {
                long line = index();
                long col = index();
                Node buffer = req(pop(Kind.Identifier));
                Node module = req(pop(Kind.Identifier));
                return Node.of(Kind.MacroExpansionLoc, module, buffer, new Node(Kind.Index, line),
                        new Node(Kind.Index, col));
            }
            default: throw fail();
        }
        Node macroName = req(pop(Kind.Identifier));
        Node privateDiscriminator = freestanding ? pop(Kind.PrivateDeclName) : null;
        Node attachedName = attached ? pop(Kind::isDeclName) : null;
        Node context = pop(Kind::isMacroExpansion);
        if (context == null) {
            context = popContext();
        }
        Node discriminator = indexAsNode();
        Node result = attached ? Node.of(kind, context, req(attachedName), macroName, discriminator)
                : Node.of(kind, context, macroName, discriminator);
        addIf(result, privateDiscriminator);
        return result;
    }
}
