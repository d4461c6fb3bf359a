package dev.crashkit.symbolicate.demangle.swift;

/** The remaining node kinds of {@link NodePrinter}: types, thunks, conformances, witnesses. */
final class SymbolPrinter {
    private SymbolPrinter() {
    }

    static Node print(NodePrinter p, Node n, int depth, boolean asPrefix) {
        DemangleOptions o = p.opts;
        switch (n.kind) {
            case OutlinedBridgedMethod: p.w("outlined bridged method (").w(n.text()).w(") of "); break;
            case OutlinedCopy: case OutlinedConsume:
                p.w(n.kind == Kind.OutlinedCopy ? "outlined copy of " : "outlined consume of ");
                p.printOpt(n.first(), depth, null, null);
                p.printOpt(n.get(1), depth, null, null);
                break;
            case OutlinedVariable: p.w("outlined variable #").w(n.index).w(" of "); break;
            case OutlinedReadOnlyObject: p.w("outlined read-only object #").w(n.index).w(" of "); break;
            case Directness: p.w(n.index == 0 ? "direct " : "indirect "); break;
            case FieldOffset:
                p.printOpt(n.first(), depth, null, null);
                p.w("field offset for ");
                p.printOpt(n.get(1), depth, null, null);
                break;
            case ArgumentTuple:
                p.printFunctionParameters(null, n, depth, o.showFunctionArgumentTypes());
                break;
            case FunctionType: case UncurriedFunctionType: case NoEscapeFunctionType: case AutoClosureType:
            case EscapingAutoClosureType: case ThinFunctionType: case CFunctionPointer: case ObjCBlock:
            case EscapingObjCBlock: case CalledOnceFunctionType:
                p.printFunctionType(null, n, depth);
                break;
            case Tuple: p.w('('); p.printChildren(n, depth, ", "); p.w(')'); break;
            case TupleElement: {
                Node label = n.child(Kind.TupleElementName);
                if (label != null) {
                    p.w(label.text()).w(": ");
                }
                Node t = n.child(Kind.Type);
                if (t != null) {
                    p.print(t, depth + 1);
                }
                if (n.child(Kind.VariadicMarker) != null) {
                    p.w("...");
                }
                break;
            }
            case Pack: p.w("Pack{"); p.printChildren(n, depth, ", "); p.w('}'); break;
            case SILPackDirect: p.w("@direct Pack{"); p.printChildren(n, depth, ", "); p.w('}'); break;
            case SILPackIndirect: p.w("@indirect Pack{"); p.printChildren(n, depth, ", "); p.w('}'); break;
            case PackElement:
                p.w("/* level: ").w(n.get(1) == null ? 0 : n.get(1).index).w(" */ each ");
                p.printOpt(n.first(), depth, null, null);
                break;
            case ReturnType:
                if (n.isEmpty()) {
                    p.w(n.text());
                } else {
                    p.printChildren(n, depth, null);
                }
                break;
            case RetroactiveConformance:
                if (n.size() == 2) {
                    p.w("retroactive @ ");
                    p.print(n.first(), depth + 1);
                    p.print(n.get(1), depth + 1);
                }
                break;
            case NonObjCAttribute: p.w("@nonobjc "); break;
            case ObjCAttribute: p.w("@objc "); break;
            case DirectMethodReferenceAttribute: p.w("super "); break;
            case DynamicAttribute: p.w("dynamic "); break;
            case VTableAttribute: p.w("override "); break;
            case FunctionSignatureSpecialization:
                p.printSpecializationPrefix(n, "function signature specialization", depth, "");
                break;
            case GenericPartialSpecialization:
                p.printSpecializationPrefix(n, "generic partial specialization", depth, "Signature = ");
                break;
            case GenericPartialSpecializationNotReAbstracted:
                p.printSpecializationPrefix(n, "generic not-reabstracted partial specialization", depth,
                        "Signature = ");
                break;
            case GenericSpecialization: case GenericSpecializationInResilienceDomain:
                p.printSpecializationPrefix(n, "generic specialization", depth, "");
                break;
            case GenericSpecializationPrespecialized:
                p.printSpecializationPrefix(n, "generic pre-specialization", depth, "");
                break;
            case GenericSpecializationNotReAbstracted:
                p.printSpecializationPrefix(n, "generic not re-abstracted specialization", depth, "");
                break;
            case InlinedGenericFunction:
                p.printSpecializationPrefix(n, "inlined generic function", depth, "");
                break;
            case IsSerialized: p.w("serialized"); break;
            case GenericSpecializationParam:
                p.printOpt(n.first(), depth, null, null);
                for (int i = 1; i < n.size(); i++) {
                    p.w(i == 1 ? " with " : " and ");
                    p.print(n.get(i), depth + 1);
                }
                break;
            case FunctionSignatureSpecializationParamPayload: {
                String d = p.demangleNested(n.text());
                p.w(d.isEmpty() ? n.text() : d);
                break;
            }
            case FunctionSignatureSpecializationParamKind:
                p.w(FunctionSpecializations.describe(n.index));
                break;
            case BuiltinTupleType: p.w("Builtin.TheTupleType"); break;
            case BuiltinFixedArray:
                p.w("Builtin.FixedArray<");
                p.printOpt(n.first(), depth, null, null);
                p.w(", ");
                p.printOpt(n.get(1), depth, null, null);
                p.w('>');
                break;
            case BuiltinBorrow: p.printFirst(n, depth, "Builtin.Borrow<"); p.w('>'); break;
            case LazyProtocolWitnessTableAccessor: case LazyProtocolWitnessTableCacheVariable:
                p.w(n.kind == Kind.LazyProtocolWitnessTableAccessor
                        ? "lazy protocol witness table accessor for type "
                        : "lazy protocol witness table cache variable for type ");
                p.printOpt(n.first(), depth, null, null);
                p.printOpt(n.get(1), depth, " and conformance ", null);
                break;
            case VTableThunk:
                p.printOpt(n.get(1), depth, "vtable thunk for ", null);
                p.printOpt(n.first(), depth, " dispatching to ", null);
                break;
            case ProtocolWitness:
                p.printOpt(n.get(1), depth, "protocol witness for ", null);
                p.printOpt(n.first(), depth, " in conformance ", null);
                break;
            case PartialApplyForwarder: case PartialApplyObjCForwarder:
                p.w(o.shortenPartialApply() ? "partial apply"
                        : n.kind == Kind.PartialApplyForwarder ? "partial apply forwarder"
                        : "partial apply ObjC forwarder");
                if (!n.isEmpty()) {
                    p.w(" for ");
                    p.printChildren(n, depth, null);
                }
                break;
            case KeyPathGetterThunkHelper: case KeyPathSetterThunkHelper: case KeyPathUnappliedMethodThunkHelper:
            case KeyPathAppliedMethodThunkHelper: {
                String what = n.kind == Kind.KeyPathGetterThunkHelper ? "getter for "
                        : n.kind == Kind.KeyPathSetterThunkHelper ? "setter for "
                        : n.kind == Kind.KeyPathUnappliedMethodThunkHelper ? "unapplied method " : "applied method ";
                p.w("key path ").w(what);
                p.printOpt(n.first(), depth, null, null);
                p.w(" : ");
                for (int i = 1; i < n.size(); i++) {
                    if (n.get(i).kind == Kind.IsSerialized) {
                        p.w(", ");
                    }
                    p.print(n.get(i), depth + 1);
                }
                break;
            }
            case KeyPathEqualsThunkHelper: case KeyPathHashThunkHelper: {
                p.w("key path index ").w(n.kind == Kind.KeyPathEqualsThunkHelper ? "equality" : "hash")
                        .w(" operator for ");
                int last = n.size();
                boolean serialized = false;
                if (last > 0 && n.get(last - 1).kind == Kind.IsSerialized) {
                    serialized = true;
                    last--;
                }
                if (last > 0 && n.get(last - 1).kind == Kind.DependentGenericSignature) {
                    p.print(n.get(last - 1), depth + 1);
                    last--;
                }
                p.w('(');
                for (int i = 0; i < last; i++) {
                    if (i != 0) {
                        p.w(", ");
                    }
                    p.print(n.get(i), depth + 1);
                }
                p.w(')');
                if (serialized) {
                    p.w(", serialized");
                }
                break;
            }
            case ReabstractionThunk: case ReabstractionThunkHelper: {
                if (o.shortenThunk()) {
                    p.printOpt(n.last(), depth, "thunk for ", null);
                    break;
                }
                p.w("reabstraction thunk ");
                if (n.kind == Kind.ReabstractionThunkHelper) {
                    p.w("helper ");
                }
                int idx = 0;
                if (n.size() == 3) {
                    p.print(n.first(), depth + 1);
                    p.w(' ');
                    idx = 1;
                }
                p.printOpt(n.get(idx + 1), depth, "from ", null);
                p.printOpt(n.get(idx), depth, " to ", null);
                break;
            }
            case ReabstractionThunkHelperWithSelf: {
                p.w("reabstraction thunk ");
                int idx = 0;
                if (n.size() == 4) {
                    p.print(n.first(), depth + 1);
                    p.w(' ');
                    idx = 1;
                }
                p.printOpt(n.get(idx + 2), depth, "from ", null);
                p.printOpt(n.get(idx + 1), depth, " to ", null);
                p.printOpt(n.get(idx), depth, " self ", null);
                break;
            }
            case ReabstractionThunkHelperWithGlobalActor:
                p.printOpt(n.first(), depth, null, null);
                p.printOpt(n.get(1), depth, " with global actor constraint ", null);
                break;
            case MergedFunction: if (!o.shortenThunk()) { p.w("merged "); } break;
            case TypeSymbolicReference: p.w("type symbolic reference 0x").w(hex(n.index)); break;
            case ProtocolSymbolicReference: p.w("protocol symbolic reference 0x").w(hex(n.index)); break;
            case ObjectiveCProtocolSymbolicReference:
                p.w("objective-c protocol symbolic reference 0x").w(hex(n.index));
                break;
            case OpaqueTypeDescriptorSymbolicReference: p.w("opaque type symbolic reference 0x").w(hex(n.index)); break;
            case UniqueExtendedExistentialTypeShapeSymbolicReference:
                p.w("unique existential shape symbolic reference 0x").w(hex(n.index));
                break;
            case NonUniqueExtendedExistentialTypeShapeSymbolicReference:
                p.w("non-unique existential shape symbolic reference 0x").w(hex(n.index));
                break;
            case AccessorFunctionReference: p.w("accessor function at ").w(n.index); break;
            case DistributedThunk: if (!o.shortenThunk()) { p.w("distributed thunk "); } break;
            case DistributedAccessor: if (!o.shortenThunk()) { p.w("distributed accessor for "); } break;
            case DynamicallyReplaceableFunctionKey:
                if (!o.shortenThunk()) { p.w("dynamically replaceable key for "); }
                break;
            case DynamicallyReplaceableFunctionImpl:
                if (!o.shortenThunk()) { p.w("dynamically replaceable thunk for "); }
                break;
            case DynamicallyReplaceableFunctionVar:
                if (!o.shortenThunk()) { p.w("dynamically replaceable variable for "); }
                break;
            case BackDeploymentThunk: if (!o.shortenThunk()) { p.w("back deployment thunk for "); } break;
            // Unlike the back deployment thunk, swift keeps this prefix in the simplified style too.
            case BackDeploymentFallback: p.w("back deployment fallback for "); break;
            case AccessibleFunctionRecord:
                if (!o.shortenThunk()) { p.w("accessible function runtime record for "); }
                break;
            case AsyncFunctionPointer: p.w("async function pointer to "); break;
            case HasSymbolQuery: p.w("#_hasSymbol query for "); break;
            case CoroFunctionPointer: p.w("coro function pointer to "); break;
            case DefaultOverride: p.w("default override of "); break;
            case AsyncAwaitResumePartialFunction: case AsyncSuspendResumePartialFunction:
                if (o.showAsyncResumePartial()) {
                    p.w('(');
                    p.printOpt(n.first(), depth, null, null);
                    p.w(')');
                    p.w(n.kind == Kind.AsyncAwaitResumePartialFunction ? " await resume partial function for "
                            : " suspend resume partial function for ");
                }
                break;
            default:
                return ConformancePrinter.print(p, n, depth, asPrefix);
        }
        return null;
    }

    static String hex(long v) {
        return Long.toHexString(v & 0xFFFFFFFFL).toUpperCase(java.util.Locale.ROOT);
    }
}
