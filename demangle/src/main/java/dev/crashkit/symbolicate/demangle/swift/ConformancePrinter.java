package dev.crashkit.symbolicate.demangle.swift;

/** The rest of {@link NodePrinter}: conformances, generics, dependent and special types, SIL types, macros. */
final class ConformancePrinter {
    private ConformancePrinter() {
    }

    static Node print(NodePrinter p, Node n, int depth, boolean asPrefix) {
        DemangleOptions o = p.opts;
        switch (n.kind) {
            case ValueWitness:
                p.w(n.text()).w(o.shortenValueWitness() ? " for " : " value witness for ");
                p.printOpt(n.first(), depth, null, null);
                break;
            case ProtocolConformance:
                if (n.size() == 4) {
                    p.printOpt(n.get(2), depth, "property behavior storage of ", null);
                    p.printOpt(n.get(0), depth, " in ", null);
                    p.printOpt(n.get(1), depth, " : ", null);
                } else {
                    p.printOpt(n.first(), depth, null, null);
                    if (o.displayProtocolConformances()) {
                        p.printOpt(n.get(1), depth, " : ", null);
                        p.printOpt(n.get(2), depth, " in ", null);
                    }
                }
                break;
            case ConcreteProtocolConformance:
                p.w("concrete protocol conformance ");
                if (n.hasIndex()) {
                    p.w('#').w(n.index).w(' ');
                }
                p.printOpt(n.first(), depth, null, null);
                p.printOpt(n.get(1), depth, " to ", null);
                if (n.get(2) != null && !n.get(2).isEmpty()) {
                    p.w(" with conditional requirements: ");
                    p.print(n.get(2), depth + 1);
                }
                break;
            case AnyProtocolConformanceList:
                p.w('(');
                p.printChildren(n, depth, ", ");
                p.w(')');
                break;
            case DependentProtocolConformanceRoot: case DependentProtocolConformanceInherited:
            case DependentProtocolConformanceAssociated: {
                String what = n.kind == Kind.DependentProtocolConformanceRoot ? "root"
                        : n.kind == Kind.DependentProtocolConformanceInherited ? "inherited" : "associated";
                p.w("dependent ").w(what).w(" protocol conformance ");
                Node idx = n.get(2);
                if (idx != null && idx.hasIndex()) {
                    p.w('#').w(idx.index).w(' ');
                }
                p.printOpt(n.first(), depth, null, null);
                p.printOpt(n.get(1), depth, " to ", null);
                break;
            }
            case DependentProtocolConformanceOpaque:
                p.w("dependent result conformance ");
                p.printOpt(n.first(), depth, null, null);
                p.printOpt(n.get(1), depth, " of ", null);
                break;
            case ProtocolConformanceRefInTypeModule:
                p.w("protocol conformance ref (type's module) ");
                p.printChildren(n, depth, null);
                break;
            case ProtocolConformanceRefInProtocolModule:
                p.w("protocol conformance ref (protocol's module) ");
                p.printChildren(n, depth, null);
                break;
            case ProtocolConformanceRefInOtherModule:
                p.w("protocol conformance ref (retroactive) ");
                p.printChildren(n, depth, null);
                break;
            case DependentAssociatedConformance:
                p.w("dependent associated conformance ");
                p.printChildren(n, depth, null);
                break;
            case PackProtocolConformance:
                p.w("pack protocol conformance ");
                p.printChildren(n, depth, null);
                break;
            case AssociatedConformanceDescriptor: case DefaultAssociatedConformanceAccessor:
                p.w(n.kind == Kind.AssociatedConformanceDescriptor ? "associated conformance descriptor for "
                        : "default associated conformance accessor for ");
                p.printOpt(n.first(), depth, null, null);
                p.printOpt(n.get(1), depth, ".", null);
                p.printOpt(n.get(2), depth, ": ", null);
                break;
            case BaseConformanceDescriptor:
                p.printOpt(n.first(), depth, "base conformance descriptor for ", null);
                p.printOpt(n.get(1), depth, ": ", null);
                break;
            case AssociatedTypeMetadataAccessor:
                p.printOpt(n.get(1), depth, "associated type metadata accessor for ", null);
                p.printOpt(n.first(), depth, " in ", null);
                break;
            case AssociatedTypeWitnessTableAccessor:
                p.printOpt(n.get(1), depth, "associated type witness table accessor for ", null);
                p.printOpt(n.get(2), depth, " : ", null);
                p.printOpt(n.first(), depth, " in ", null);
                break;
            case BaseWitnessTableAccessor:
                p.printOpt(n.get(1), depth, "base witness table accessor for ", null);
                p.printOpt(n.first(), depth, " in ", null);
                break;
            case AssociatedTypeGenericParamRef:
                p.w("generic parameter reference for associated type ");
                p.printChildren(n, depth, null);
                break;
            case AssocTypePath:
                p.printChildren(n, depth, ".");
                break;
            case BoundGenericClass: case BoundGenericStructure: case BoundGenericEnum: case BoundGenericProtocol:
            case BoundGenericOtherNominalType: case BoundGenericTypeAlias:
                p.printBoundGeneric(n, depth);
                break;
            case DynamicSelf: p.w("Self"); break;
            case Metatype: p.printMetatype(n, depth, false); break;
            case ExistentialMetatype: p.printMetatype(n, depth, true); break;
            case AssociatedTypeRef:
                p.printOpt(n.first(), depth, null, null);
                p.w('.').w(n.get(1) == null ? "" : n.get(1).text());
                break;
            case ProtocolList: {
                Node list = n.first();
                if (list == null) {
                    break;
                }
                if (list.isEmpty()) {
                    p.w("Any");
                } else {
                    p.printChildren(list, depth, " & ");
                }
                break;
            }
            case ProtocolListWithClass:
                if (n.size() >= 2) {
                    p.print(n.get(1), depth + 1);
                    p.w(" & ");
                    if (n.first().first() != null) {
                        p.printChildren(n.first().first(), depth, " & ");
                    }
                }
                break;
            case ProtocolListWithAnyObject: {
                Node protocols = n.first();
                if (protocols == null || protocols.first() == null) {
                    break;
                }
                if (!protocols.first().isEmpty()) {
                    p.printChildren(protocols.first(), depth, " & ");
                    p.w(" & ");
                }
                if (o.qualifyEntities()) {
                    p.w("Swift.");
                }
                p.w("AnyObject");
                break;
            }
            case LabelList: case OpaqueReturnTypeIndex: case OpaqueReturnTypeParent: case PackElementLevel:
            case ImplFunctionConventionName: case DependentGenericParamCount:
                break;
            case ErrorType: p.w("<ERROR TYPE>"); break;
            case DependentPseudogenericSignature: case DependentGenericSignature:
                p.printGenericSignature(n, depth);
                break;
            case DependentGenericConformanceRequirement:
                p.printOpt(n.first(), depth, null, null);
                p.printOpt(n.get(1), depth, ": ", null);
                break;
            case DependentGenericInverseConformanceRequirement: {
                p.printOpt(n.first(), depth, null, ": ~");
                long bit = n.get(1) == null ? -1 : n.get(1).index;
                p.w(bit == 0 ? "Swift.Copyable" : bit == 1 ? "Swift.Escapable" : "Swift.<bit " + bit + ">");
                break;
            }
            case DependentGenericLayoutRequirement: {
                Node layout = n.get(1);
                if (layout == null) {
                    break;
                }
                p.printOpt(n.first(), depth, null, ": ");
                p.w(layoutName(layout.text()));
                if (n.size() > 2) {
                    p.w('(');
                    p.print(n.get(2), depth + 1);
                    if (n.size() > 3) {
                        p.w(", ");
                        p.print(n.get(3), depth + 1);
                    }
                    p.w(')');
                }
                break;
            }
            case DependentGenericSameTypeRequirement:
                p.printOpt(n.first(), depth, null, null);
                p.printOpt(n.get(1), depth, " == ", null);
                break;
            case DependentGenericSameShapeRequirement:
                p.printOpt(n.first(), depth, null, ".shape == ");
                p.printOpt(n.get(1), depth, null, ".shape");
                break;
            case DependentGenericParamPackMarker: case DependentGenericParamValueMarker:
                break;
            case DependentGenericParamType:
                p.w(PrinterBase.genericParameterName(n.first().index, n.get(1).index));
                break;
            case DependentGenericType: {
                p.printOpt(n.first(), depth, null, null);
                Node dep = n.get(1);
                if (dep != null) {
                    if (PrinterBase.needSpaceBeforeType(dep)) {
                        p.w(' ');
                    }
                    p.print(dep, depth + 1);
                }
                break;
            }
            case DependentMemberType:
                p.printOpt(n.first(), depth, null, null);
                p.w('.');
                p.printOpt(n.get(1), depth, null, null);
                break;
            case DependentAssociatedTypeRef:
                if (n.hasText()) {
                    p.printOpt(n.first(), depth, null, ".");
                    p.w(n.text());
                } else {
                    p.printOpt(n.get(1), depth, null, ".");
                    p.printOpt(n.first(), depth, null, null);
                }
                break;
            case AsyncAnnotation: p.w(" async"); break;
            case ThrowsAnnotation: p.w(" throws"); break;
            case TypedThrowsAnnotation: p.w(" throws("); p.printOpt(n.first(), depth, null, null); p.w(')'); break;
            case EmptyList: p.w(" empty-list "); break;
            case FirstElementMarker: p.w(" first-element-marker "); break;
            case VariadicMarker: p.w(" variadic-marker "); break;
            case SILBoxTypeWithLayout:
                p.printOpt(n.get(1), depth, null, " ");
                p.printOpt(n.first(), depth, null, null);
                if (n.get(2) != null) {
                    p.w(" <");
                    p.printChildren(n.get(2), depth, ", ");
                    p.w('>');
                }
                break;
            case SILBoxLayout:
                p.w('{');
                for (int i = 0; i < n.size(); i++) {
                    p.w(i > 0 ? "," : "").w(' ');
                    p.print(n.get(i), depth + 1);
                }
                p.w(" }");
                break;
            case SILBoxImmutableField: case SILBoxMutableField:
                p.printFirst(n, depth, n.kind == Kind.SILBoxImmutableField ? "let " : "var ");
                break;
            case SugaredOptional:
                if (n.first() != null) {
                    p.printWithParens(n.first(), depth);
                    p.w('?');
                }
                break;
            case SugaredArray: p.printFirst(n, depth, "["); p.w(']'); break;
            case SugaredInlineArray:
                p.w('[');
                p.printOpt(n.first(), depth, null, null);
                p.printOpt(n.get(1), depth, " of ", null);
                p.w(']');
                break;
            case SugaredDictionary:
                p.printFirst(n, depth, "[");
                p.printOpt(n.get(1), depth, " : ", null);
                p.w(']');
                break;
            case SugaredParen: p.printFirst(n, depth, "("); p.w(')'); break;
            case OpaqueReturnType: p.w("some"); break;
            case OpaqueReturnTypeOf: p.w("<<opaque return type of "); p.printChildren(n, depth, null); p.w(">>"); break;
            case OpaqueType:
                p.printOpt(n.first(), depth, null, null);
                p.w('.');
                p.printOpt(n.get(1), depth, null, null);
                break;
            case GlobalVariableOnceToken: case GlobalVariableOnceFunction: {
                p.w(n.kind == Kind.GlobalVariableOnceToken ? "one-time initialization token for "
                        : "one-time initialization function for ");
                Node ctx = n.first();
                if (ctx != null && p.shouldPrintContext(ctx)) {
                    int pos = p.out.length();
                    p.print(ctx, depth + 1, true);
                    if (p.out.length() != pos) {
                        p.w('.');
                    }
                }
                p.printOpt(n.get(1), depth, null, null);
                break;
            }
            case GlobalVariableOnceDeclList:
                if (n.size() == 1) {
                    p.print(n.first(), depth + 1);
                } else {
                    p.w('(');
                    p.printChildren(n, depth, ", ");
                    p.w(')');
                }
                break;
            case ExtendedExistentialTypeShape: {
                Node sig = n.size() == 2 ? n.first() : null;
                Node type = n.size() == 2 ? n.get(1) : n.first();
                p.w("existential shape for ");
                if (sig != null) {
                    p.print(sig, depth + 1);
                    p.w(' ');
                }
                p.w("any ");
                p.printOpt(type, depth, null, null);
                break;
            }
            case SymbolicExtendedExistentialType: {
                Node shape = n.first();
                boolean unique = shape.kind == Kind.UniqueExtendedExistentialTypeShapeSymbolicReference;
                p.w("symbolic existential type (").w(unique ? "" : "non-").w("unique) 0x")
                        .w(SymbolPrinter.hex(shape.index)).w(" <");
                p.printOpt(n.get(1), depth, null, null);
                p.printOpt(n.get(2), depth, ", ", null);
                p.w('>');
                break;
            }
            case ObjCAsyncCompletionHandlerImpl: case PredefinedObjCAsyncCompletionHandlerImpl: {
                if (n.kind == Kind.PredefinedObjCAsyncCompletionHandlerImpl) {
                    p.w("predefined ");
                }
                p.w("@objc completion handler block implementation for ");
                if (n.size() >= 4) {
                    p.print(n.get(3), depth + 1);
                }
                p.printOpt(n.first(), depth, null, " with result type ");
                p.printOpt(n.get(1), depth, null, null);
                long flag = n.get(2) == null ? -1 : n.get(2).index;
                p.w(flag == 0 ? "" : flag == 1 ? " nonzero on error " : flag == 2 ? " zero on error "
                        : " <invalid error flag>");
                break;
            }
            case ConstrainedExistential:
                p.printFirst(n, depth, "any ");
                p.printOpt(n.get(1), depth, "<", ">");
                break;
            case ConstrainedExistentialRequirementList: p.printChildren(n, depth, ", "); break;
            case ConstrainedExistentialSelf: p.w("Self"); break;
            case GlobalActorFunctionType:
                if (n.first() != null) {
                    p.w('@');
                    p.print(n.first(), depth + 1);
                    p.w(' ');
                }
                break;
            case IsolatedAnyFunctionType: p.w("@isolated(any) "); break;
            case NonIsolatedCallerFunctionType: p.w("nonisolated(nonsending) "); break;
            case SendingResultFunctionType: p.w("sending "); break;
            case ConcurrentFunctionType: p.w("@Sendable "); break;
            case DifferentiableFunctionType:
                p.w("@differentiable");
                switch ((int) n.index) {
                    case 'f': p.w("(_forward)"); break;
                    case 'r': p.w("(reverse)"); break;
                    case 'l': p.w("(_linear)"); break;
                    default: break;
                }
                p.w(' ');
                break;
            case AnonymousContext:
                if (o.qualifyEntities() && o.displayExtensionContexts()) {
                    p.printOpt(n.get(1), depth, null, null);
                    p.w(".(unknown context at ").w(n.first().text()).w(')');
                    if (n.get(2) != null && !n.get(2).isEmpty()) {
                        p.w('<');
                        p.print(n.get(2), depth + 1);
                        p.w('>');
                    }
                }
                break;
            case DroppedArgument: p.w("param").w(n.index).w("-removed"); break;
            case MacroExpansionLoc:
                p.printOpt(n.get(0), depth, "module ", null);
                p.printOpt(n.get(1), depth, " file ", null);
                p.printOpt(n.get(2), depth, " line ", null);
                p.printOpt(n.get(3), depth, " column ", null);
                break;
            case AccessorAttachedMacroExpansion: return macro(p, n, depth, asPrefix, "accessor");
            case MemberAttributeAttachedMacroExpansion: return macro(p, n, depth, asPrefix, "memberAttribute");
            case MemberAttachedMacroExpansion: return macro(p, n, depth, asPrefix, "member");
            case PeerAttachedMacroExpansion: return macro(p, n, depth, asPrefix, "peer");
            case ConformanceAttachedMacroExpansion: return macro(p, n, depth, asPrefix, "conformance");
            case ExtensionAttachedMacroExpansion: return macro(p, n, depth, asPrefix, "extension");
            case BodyAttachedMacroExpansion: return macro(p, n, depth, asPrefix, "body");
            case PreambleAttachedMacroExpansion: return macro(p, n, depth, asPrefix, "preamble");
            case FreestandingMacroExpansion:
                return p.printEntity(n, depth, asPrefix, EntityPrinter.NO_TYPE, true,
                        "freestanding macro expansion #", n.get(2) == null ? 0 : n.get(2).index + 1, null);
            case MacroExpansionUniqueName:
                return p.printEntity(n, depth, asPrefix, EntityPrinter.NO_TYPE, true, "unique name #",
                        n.get(2) == null ? 0 : n.get(2).index + 1, null);
            case AutoDiffFunction: case AutoDiffDerivativeVTableThunk: case AutoDiffSelfReorderingReabstractionThunk:
            case AutoDiffSubsetParametersThunk: case AutoDiffFunctionKind: case DifferentiabilityWitness:
            case IndexSubset:
                AutoDiffPrinter.print(p, n, depth);
                break;
            default:
                SilTypePrinter.print(p, n, depth);
                break;
        }
        return null;
    }

    private static Node macro(NodePrinter p, Node n, int depth, boolean asPrefix, String label) {
        StringBuilder name = new StringBuilder();
        Node macroName = n.get(2);
        if (macroName != null) {
            name.append(macroName.text());
        }
        return p.printEntity(n, depth, asPrefix, EntityPrinter.NO_TYPE, true,
                label + " macro @" + name + " expansion #", n.get(3) == null ? 0 : n.get(3).index + 1, null);
    }

    static String layoutName(String c) {
        switch (c) {
            case "U": return "_UnknownLayout";
            case "R": return "_RefCountedObject";
            case "N": return "_NativeRefCountedObject";
            case "C": return "AnyObject";
            case "D": return "_NativeClass";
            case "T": case "E": case "e": return "_Trivial";
            case "M": case "m": return "_TrivialAtMost";
            case "S": return "_TrivialStride";
            case "B": return "_BridgeObject";
            default: return "";
        }
    }
}
