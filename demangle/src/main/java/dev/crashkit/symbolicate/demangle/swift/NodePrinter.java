package dev.crashkit.symbolicate.demangle.swift;

/** Turns a node tree into text in the style selected by {@link DemangleOptions}. */
final class NodePrinter extends EntityPrinter {

    private final SwiftDemangler owner;

    NodePrinter(DemangleOptions opts, SwiftDemangler owner, StringBuilder out, int maxOutput) {
        super(opts, out, maxOutput);
        this.owner = owner;
    }

    String printRoot(Node root) {
        print(root, 0, false);
        return out.toString();
    }

    @Override
    String demangleNested(String mangled) {
        return owner.demangleNested(mangled);
    }

    @Override
    Node print(Node n, int depth, boolean asPrefix) {
        if (depth > MAX_DEPTH) {
            w("<<too complex>>");
            return null;
        }
        String prefix = PrefixTexts.BY_ORDINAL[n.kind.ordinal()];
        if (prefix != null) {
            printFirst(n, depth, prefix);
            return null;
        }
        switch (n.kind) {
            case Global: case TypeList:
                printChildren(n, depth, null);
                return null;
            case Type: case DeclContext:
                if (n.first() != null) {
                    print(n.first(), depth + 1);
                }
                return null;
            case TypeMangling:
                if (n.first() != null && n.first().kind == Kind.LabelList && n.get(1) != null
                        && n.get(1).first() != null) {
                    printFunctionType(n.first(), n.get(1).first(), depth);
                } else if (n.first() != null) {
                    print(n.first(), depth + 1);
                }
                return null;
            case Suffix:
                if (opts.displayUnmangledSuffix()) {
                    w(" with unmangled suffix ");
                    quoted(n.text());
                }
                return null;
            case Module:
                if (opts.displayModuleNames()) {
                    w(n.text());
                }
                return null;
            case Identifier: case BuiltinTypeName: case ClangType: case MetatypeRepresentation:
            case ImplConvention: case ImplFunctionAttribute:
                w(n.text());
                return null;
            case TupleElementName:
                w(n.text()).w(": ");
                return null;
            case Index: case Number: case SpecializationPassID: case Integer:
                w(n.index);
                return null;
            case NegativeInteger:
                out.append(n.index); // the one signed number swift prints
                return null;
            case UnknownIndex: w("unknown index"); return null;
            case InfixOperator: w(n.text()).w(" infix"); return null;
            case PrefixOperator: w(n.text()).w(" prefix"); return null;
            case PostfixOperator: w(n.text()).w(" postfix"); return null;
            case LocalDeclName:
                printOpt(n.get(1), depth, null, null);
                w(" #").w(n.first().index + 1);
                return null;
            case PrivateDeclName:
                if (n.size() > 1) {
                    if (opts.showPrivateDiscriminators()) {
                        w('(');
                    }
                    print(n.get(1), depth + 1);
                    if (opts.showPrivateDiscriminators()) {
                        w(" in ").w(n.first().text()).w(')');
                    }
                } else if (opts.showPrivateDiscriminators()) {
                    w("(in ").w(n.first().text()).w(')');
                }
                return null;
            case RelatedEntityDeclName:
                w("related decl '").w(n.first().text()).w("' for ");
                printOpt(n.get(1), depth, null, null);
                return null;
            case Extension:
                if (opts.qualifyEntities() && opts.displayExtensionContexts()) {
                    w("(extension in ");
                    print(n.first(), depth + 1, true);
                    w("):");
                }
                printOpt(n.get(1), depth, null, null);
                printOpt(n.get(2), depth, null, null);
                return null;
            case Variable:
                return printEntity(n, depth, asPrefix, WITH_COLON, true, null, -1, null);
            case Function: case BoundGenericFunction:
                return printEntity(n, depth, asPrefix, FUNCTION_STYLE, true, null, -1, null);
            case Subscript:
                return printEntity(n, depth, asPrefix, FUNCTION_STYLE, false, null, -1, "subscript");
            case GenericTypeParamDecl: case Class: case Structure: case Enum: case Protocol: case TypeAlias:
            case OtherNominalType:
                return printEntity(n, depth, asPrefix, NO_TYPE, true, null, -1, null);
            case Macro:
                return printEntity(n, depth, asPrefix, n.size() == 3 ? WITH_COLON : FUNCTION_STYLE, true, null,
                        -1, null);
            case ExplicitClosure: case ImplicitClosure:
                return printEntity(n, depth, asPrefix, opts.showFunctionArgumentTypes() ? FUNCTION_STYLE : NO_TYPE,
                        false, n.kind == Kind.ExplicitClosure ? "closure #" : "implicit closure #",
                        n.get(1) == null ? 0 : n.get(1).index + 1, null);
            case Initializer:
                return printEntity(n, depth, asPrefix, NO_TYPE, false, "variable initialization expression", -1, null);
            case PropertyWrapperBackingInitializer:
                return printEntity(n, depth, asPrefix, NO_TYPE, false, "property wrapper backing initializer", -1,
                        null);
            case PropertyWrapperInitFromProjectedValue:
                return printEntity(n, depth, asPrefix, NO_TYPE, false, "property wrapper init from projected value",
                        -1, null);
            case DefaultArgumentInitializer:
                return printEntity(n, depth, asPrefix, NO_TYPE, false, "default argument ",
                        n.get(1) == null ? 0 : n.get(1).index, null);
            case Allocator:
                return printEntity(n, depth, asPrefix, FUNCTION_STYLE, false,
                        isClass(n.first()) ? "__allocating_init" : "init", -1, null);
            case Constructor:
                return printEntity(n, depth, asPrefix, FUNCTION_STYLE, n.size() > 2, "init", -1, null);
            case Destructor:
                return printEntity(n, depth, asPrefix, NO_TYPE, false, "deinit", -1, null);
            case Deallocator:
                return printEntity(n, depth, asPrefix, NO_TYPE, false,
                        isClass(n.first()) ? "__deallocating_deinit" : "deinit", -1, null);
            case IsolatedDeallocator:
                return printEntity(n, depth, asPrefix, NO_TYPE, false,
                        isClass(n.first()) ? "__isolated_deallocating_deinit" : "deinit", -1, null);
            case IVarInitializer:
                return printEntity(n, depth, asPrefix, NO_TYPE, false, "__ivar_initializer", -1, null);
            case IVarDestroyer:
                return printEntity(n, depth, asPrefix, NO_TYPE, false, "__ivar_destroyer", -1, null);
            case PropertyWrappedFieldInitAccessor:
                return printEntity(n, depth, asPrefix, NO_TYPE, false, "property wrapped field init accessor", -1,
                        null);
            case Getter: case GlobalGetter: return printAbstractStorage(n.first(), depth, asPrefix, "getter");
            case Setter: return printAbstractStorage(n.first(), depth, asPrefix, "setter");
            case MaterializeForSet: return printAbstractStorage(n.first(), depth, asPrefix, "materializeForSet");
            case WillSet: return printAbstractStorage(n.first(), depth, asPrefix, "willset");
            case DidSet: return printAbstractStorage(n.first(), depth, asPrefix, "didset");
            case ReadAccessor: return printAbstractStorage(n.first(), depth, asPrefix, "read");
            case Read2Accessor: return printAbstractStorage(n.first(), depth, asPrefix, "read2");
            case ModifyAccessor: return printAbstractStorage(n.first(), depth, asPrefix, "modify");
            case Modify2Accessor: return printAbstractStorage(n.first(), depth, asPrefix, "modify2");
            case InitAccessor: return printAbstractStorage(n.first(), depth, asPrefix, "init");
            case BorrowAccessor: return printAbstractStorage(n.first(), depth, asPrefix, "borrow");
            case MutateAccessor: return printAbstractStorage(n.first(), depth, asPrefix, "mutate");
            case UnsafeAddressor: return printAbstractStorage(n.first(), depth, asPrefix, "unsafeAddressor");
            case UnsafeMutableAddressor:
                return printAbstractStorage(n.first(), depth, asPrefix, "unsafeMutableAddressor");
            case OwningAddressor: return printAbstractStorage(n.first(), depth, asPrefix, "owningAddressor");
            case OwningMutableAddressor:
                return printAbstractStorage(n.first(), depth, asPrefix, "owningMutableAddressor");
            case NativeOwningAddressor:
                return printAbstractStorage(n.first(), depth, asPrefix, "nativeOwningAddressor");
            case NativeOwningMutableAddressor:
                return printAbstractStorage(n.first(), depth, asPrefix, "nativeOwningMutableAddressor");
            case NativePinningAddressor:
                return printAbstractStorage(n.first(), depth, asPrefix, "nativePinningAddressor");
            case NativePinningMutableAddressor:
                return printAbstractStorage(n.first(), depth, asPrefix, "nativePinningMutableAddressor");
            default:
                return SymbolPrinter.print(this, n, depth, asPrefix);
        }
    }

    static boolean isClass(Node n) {
        return n != null && n.kind == Kind.Class;
    }
}
