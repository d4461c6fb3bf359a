package dev.crashkit.symbolicate.demangle.swift;

/** Printing of declarations with their context and type, and of specialization descriptions. */
abstract class EntityPrinter extends TypePrinter {
    static final int NO_TYPE = 0;
    static final int WITH_COLON = 1;
    static final int FUNCTION_STYLE = 2;

    EntityPrinter(DemangleOptions opts, StringBuilder out, int maxOutput) {
        super(opts, out, maxOutput);
    }

    abstract String demangleNested(String mangled);

    Node printEntity(Node entity, int depth, boolean asPrefix, int typePr, boolean hasName, String extraName,
            long extraIndex, String overwriteName) {
        Node genericArgs = null;
        if (entity.kind == Kind.BoundGenericFunction) {
            genericArgs = entity.get(1);
            entity = entity.first();
            if (entity == null) {
                return null;
            }
        }
        boolean multiWord = extraName != null && extraName.indexOf(' ') >= 0;
        boolean localName = hasName && entity.get(1) != null && entity.get(1).kind == Kind.LocalDeclName;
        if (localName) {
            multiWord = true;
        }
        if (asPrefix && (typePr != NO_TYPE || multiWord)) {
            return entity;
        }
        Node postfix = null;
        Node ctx = entity.first();
        if (ctx == null) {
            return null;
        }
        if (shouldPrintContext(ctx)) {
            if (multiWord) {
                postfix = ctx;
            } else {
                int p = out.length();
                postfix = print(ctx, depth + 1, true);
                if (out.length() != p) {
                    w('.');
                }
            }
        }
        if (hasName || overwriteName != null) {
            if (extraName != null && multiWord) {
                w(extraName);
                if (extraIndex >= 0) {
                    w(extraIndex);
                }
                w(" of ");
                extraName = null;
                extraIndex = -1;
            }
            int p = out.length();
            if (overwriteName != null) {
                w(overwriteName);
            } else {
                Node name = entity.get(1);
                if (name != null && name.kind != Kind.PrivateDeclName) {
                    print(name, depth + 1);
                }
                Node priv = entity.child(Kind.PrivateDeclName);
                if (priv != null) {
                    print(priv, depth + 1);
                }
            }
            if (out.length() != p && extraName != null) {
                w('.');
            }
        }
        if (extraName != null) {
            w(extraName);
            if (extraIndex >= 0) {
                w(extraIndex);
            }
        }
        if (typePr != NO_TYPE) {
            Node type = entity.child(Kind.Type);
            if (type == null || type.first() == null) {
                return null;
            }
            type = type.first();
            if (typePr == FUNCTION_STYLE) {
                Node t = type;
                while (t.kind == Kind.DependentGenericType && t.get(1) != null && t.get(1).first() != null) {
                    t = t.get(1).first();
                }
                switch (t.kind) {
                    case FunctionType: case NoEscapeFunctionType: case UncurriedFunctionType:
                    case CFunctionPointer: case ThinFunctionType:
                        break;
                    default:
                        typePr = WITH_COLON;
                }
            }
            if (typePr == WITH_COLON) {
                if (opts.displayEntityTypes()) {
                    w(" : ");
                    printEntityType(entity, type, genericArgs, depth);
                }
            } else {
                if (multiWord || needSpaceBeforeType(type)) {
                    w(' ');
                }
                printEntityType(entity, type, genericArgs, depth);
            }
        }
        if (!asPrefix && postfix != null) {
            switch (entity.kind) {
                case DefaultArgumentInitializer: case Initializer: case PropertyWrapperBackingInitializer:
                case PropertyWrapperInitFromProjectedValue:
                    w(" of ");
                    break;
                default:
                    w(" in ");
            }
            print(postfix, depth + 1);
            postfix = null;
        }
        return postfix;
    }

    private void printEntityType(Node entity, Node type, Node genericArgs, int depth) {
        Node labels = entity.child(Kind.LabelList);
        if (labels != null || genericArgs != null) {
            if (genericArgs != null) {
                w('<');
                printChildren(genericArgs, depth, ", ");
                w('>');
            }
            if (type.kind == Kind.DependentGenericType) {
                if (genericArgs == null) {
                    print(type.first(), depth + 1);
                }
                Node dep = type.get(1);
                if (dep != null) {
                    if (needSpaceBeforeType(dep)) {
                        w(' ');
                    }
                    type = dep.first();
                }
            }
            if (type != null) {
                printFunctionType(labels, type, depth);
            }
        } else {
            print(type, depth + 1);
        }
    }

    Node printAbstractStorage(Node n, int depth, boolean asPrefix, String extraName) {
        if (n == null) {
            return null;
        }
        switch (n.kind) {
            case Variable:
                return printEntity(n, depth, asPrefix, WITH_COLON, true, extraName, -1, null);
            case Subscript:
                return printEntity(n, depth, asPrefix, WITH_COLON, false, extraName, -1, "subscript");
            default:
                return null;
        }
    }

    void printSpecializationPrefix(Node n, String description, int depth, String paramPrefix) {
        if (!opts.displayGenericSpecializations()) {
            if (!specializationPrefixPrinted) {
                w("specialized ");
                specializationPrefixPrinted = true;
            }
            return;
        }
        w(description).w(" <");
        String sep = "";
        int argNum = 0;
        for (int i = 0; i < n.size(); i++) {
            Node c = n.get(i);
            switch (c.kind) {
                case SpecializationPassID: case DroppedArgument:
                    break;
                case IsSerialized:
                    w(sep);
                    sep = ", ";
                    print(c, depth + 1);
                    break;
                default:
                    if (!c.isEmpty()) {
                        w(sep).w(paramPrefix);
                        sep = ", ";
                        switch (c.kind) {
                            case FunctionSignatureSpecializationParam:
                                w("Arg[").w(argNum).w("] = ");
                                printFunctionSigSpecializationParams(c, depth);
                                break;
                            case FunctionSignatureSpecializationReturn:
                                w("Return = ");
                                printFunctionSigSpecializationParams(c, depth);
                                break;
                            default:
                                print(c, depth + 1);
                        }
                    }
                    argNum++;
            }
        }
        w("> of ");
    }

    private void printFunctionSigSpecializationParams(Node n, int depth) {
        int idx = 0;
        int end = n.size();
        while (idx < end) {
            Node first = n.get(idx);
            int k = (int) first.index;
            switch (k) {
                case FunctionSpecializations.BOX_TO_VALUE: case FunctionSpecializations.BOX_TO_STACK:
                case FunctionSpecializations.IN_OUT_TO_OUT:
                    print(n.get(idx++), depth + 1);
                    break;
                case FunctionSpecializations.CONSTANT_PROP_FUNCTION: case FunctionSpecializations.CONSTANT_PROP_GLOBAL: {
                    if (idx + 1 >= end) {
                        return;
                    }
                    w('[');
                    print(n.get(idx++), depth + 1);
                    w(" : ");
                    Node payload = n.get(idx++);
                    if (payload != null) {
                        String t = payload.text();
                        String d = demangleNested(t);
                        w(d.isEmpty() ? t : d);
                    }
                    w(']');
                    break;
                }
                case FunctionSpecializations.CONSTANT_PROP_INTEGER: case FunctionSpecializations.CONSTANT_PROP_FLOAT:
                    w('[');
                    print(n.get(idx++), depth + 1);
                    w(" : ");
                    printOpt(n.get(idx++), depth - 1, null, null);
                    w(']');
                    break;
                case FunctionSpecializations.CONSTANT_PROP_STRING:
                    w('[');
                    print(n.get(idx++), depth + 1);
                    w(" : ");
                    printOpt(n.get(idx++), depth - 1, null, null);
                    w('\'');
                    printOpt(n.get(idx++), depth - 1, null, null);
                    w('\'');
                    w(']');
                    break;
                case FunctionSpecializations.CONSTANT_PROP_KEY_PATH:
                    w('[');
                    print(n.get(idx++), depth + 1);
                    w(" : ");
                    printOpt(n.get(idx++), depth - 1, null, null);
                    w('<');
                    printOpt(n.get(idx++), depth - 1, null, null);
                    w(',');
                    printOpt(n.get(idx++), depth - 1, null, null);
                    w(">]");
                    break;
                case FunctionSpecializations.CLOSURE_PROP: case FunctionSpecializations.ESCAPING_CLOSURE_PROP:
                    w('[');
                    print(n.get(idx++), depth + 1);
                    w(" : ");
                    printOpt(n.get(idx++), depth - 1, null, null);
                    w(", Argument Types : [");
                    while (idx < end) {
                        Node c = n.get(idx);
                        if (c.kind != Kind.Type) {
                            break;
                        }
                        print(c, depth + 1);
                        idx++;
                        if (idx < end && n.get(idx).hasText()) {
                            w(", ");
                        }
                    }
                    w(']');
                    break;
                default:
                    print(n.get(idx++), depth + 1);
            }
        }
    }
}
