package dev.crashkit.symbolicate.demangle.cpp;

/** Nodes for types: qualifiers, pointers, references, arrays, function types and vendor types. */
final class TypeNodes {
    static final int QUAL_CONST = 1;
    static final int QUAL_VOLATILE = 2;
    static final int QUAL_RESTRICT = 4;
    static final int REF_NONE = 0;
    static final int REF_LVALUE = 1;
    static final int REF_RVALUE = 2;

    private TypeNodes() {
    }

    static void printQuals(Printer p, int quals) {
        if ((quals & QUAL_CONST) != 0) {
            p.append(" const");
        }
        if ((quals & QUAL_VOLATILE) != 0) {
            p.append(" volatile");
        }
        if ((quals & QUAL_RESTRICT) != 0) {
            p.append(" restrict");
        }
    }

    static void printRefQual(Printer p, int refQual) {
        if (refQual == REF_LVALUE) {
            p.append(" &");
        } else if (refQual == REF_RVALUE) {
            p.append(" &&");
        }
    }

    static final class QualType extends Node {
        final Node child;
        final int quals;

        QualType(Node child, int quals) {
            super(child.rhsCache, child.arrayCache, child.functionCache);
            this.child = child;
            this.quals = quals;
        }

        @Override
        boolean hasRHSComponentSlow(Printer p) {
            return child.hasRHSComponent(p);
        }

        @Override
        boolean hasArraySlow(Printer p) {
            return child.hasArray(p);
        }

        @Override
        boolean hasFunctionSlow(Printer p) {
            return child.hasFunction(p);
        }

        @Override
        void printLeft(Printer p) {
            Node inner = child.syntaxNode(p);
            if (p.gnu && inner instanceof QualType q && (q.quals & ~quals) == 0) {
                // libiberty prints a qualifier once when a substitution already carries it ("KT_" with T_ =
                // "int const": "int const", where LLVM prints "int const const").
                p.printLeft(q.child);
            } else {
                p.printLeft(child);
            }
            printQuals(p, quals);
        }

        @Override
        void printRight(Printer p) {
            p.printRight(child);
        }
    }

    static final class VendorExtQualType extends Node {
        final Node type;
        final String ext;
        final Node templateArgs;

        VendorExtQualType(Node type, String ext, Node templateArgs) {
            this.type = type;
            this.ext = ext;
            this.templateArgs = templateArgs;
        }

        @Override
        void printLeft(Printer p) {
            type.print(p);
            p.append(' ').append(ext);
            if (templateArgs != null) {
                templateArgs.print(p);
            }
        }
    }

    /** {@code T complex}, {@code T imaginary}, constrained {@code C auto}. */
    static final class PostfixQualifiedType extends Node {
        final Node type;
        final String postfix;

        PostfixQualifiedType(Node type, String postfix) {
            this.type = type;
            this.postfix = postfix;
        }

        @Override
        void printLeft(Printer p) {
            p.printLeft(type);
            p.append(postfix);
        }
    }

    static final class BitIntType extends Node {
        final Node size;
        final boolean signed;

        BitIntType(Node size, boolean signed) {
            this.size = size;
            this.signed = signed;
        }

        @Override
        void printLeft(Printer p) {
            if (!signed) {
                p.append("unsigned ");
            }
            p.append("_BitInt");
            p.printOpen('(');
            size.printAsOperand(p);
            p.printClose(')');
        }
    }

    static final class ElaboratedTypeSpefType extends Node {
        final String kind;
        final Node child;

        ElaboratedTypeSpefType(String kind, Node child) {
            this.kind = kind;
            this.child = child;
        }

        @Override
        void printLeft(Printer p) {
            p.append(kind).append(' ');
            child.print(p);
        }
    }

    static final class TransformedType extends Node {
        final String transform;
        final Node baseType;

        TransformedType(String transform, Node baseType) {
            this.transform = transform;
            this.baseType = baseType;
        }

        @Override
        void printLeft(Printer p) {
            p.append(transform).append('(');
            baseType.print(p);
            p.append(')');
        }
    }

    static final class ObjCProtoName extends Node {
        final Node type;
        final String protocol;

        ObjCProtoName(Node type, String protocol) {
            this.type = type;
            this.protocol = protocol;
        }

        boolean isObjCObject() {
            return type instanceof NameNodes.NameType nt && nt.nameEquals("objc_object");
        }

        @Override
        void printLeft(Printer p) {
            type.print(p);
            p.append('<').append(protocol).append('>');
        }
    }

    static final class PointerType extends Node {
        final Node pointee;

        PointerType(Node pointee) {
            super(pointee.rhsCache, NO, NO);
            this.pointee = pointee;
        }

        private boolean isObjCId() {
            return pointee instanceof ObjCProtoName o && o.isObjCObject();
        }

        @Override
        boolean hasRHSComponentSlow(Printer p) {
            return pointee.hasRHSComponent(p);
        }

        @Override
        void printLeft(Printer p) {
            // objc_object<SomeProtocol>* is spelled id<SomeProtocol>.
            if (!isObjCId()) {
                p.printLeft(pointee);
                if (pointee.hasArray(p)) {
                    p.append(' ');
                }
                if (pointee.hasArray(p) || pointee.hasFunction(p)) {
                    p.append('(');
                }
                p.append('*');
            } else {
                p.append("id<").append(((ObjCProtoName) pointee).protocol).append('>');
            }
        }

        @Override
        void printRight(Printer p) {
            if (!isObjCId()) {
                if (pointee.hasArray(p) || pointee.hasFunction(p)) {
                    p.append(')');
                }
                p.printRight(pointee);
            }
        }
    }

    /** An lvalue or rvalue reference; references to references collapse when printed. */
    static final class ReferenceType extends Node {
        final Node pointee;
        final boolean rvalue;

        ReferenceType(Node pointee, boolean rvalue) {
            super(pointee.rhsCache, NO, NO);
            this.pointee = pointee;
            this.rvalue = rvalue;
        }

        @Override
        boolean hasRHSComponentSlow(Printer p) {
            return pointee.hasRHSComponent(p);
        }

        /**
         * Follows the chain of references: && to && stays &&, any other mix becomes &. Returns the
         * innermost non-reference node, or null for a cycle (possible with ill-formed input);
         * {@link Printer#collapsedRvalue} receives the collapsed kind.
         */
        private Node collapse(Printer p) {
            boolean rv = rvalue;
            Node cur = pointee;
            Node sn = p.syntaxNode(cur);
            if (sn instanceof ReferenceType) {
                Node[] prev = new Node[8];
                int count = 0;
                while (sn instanceof ReferenceType rt) {
                    cur = rt.pointee;
                    rv = rv && rt.rvalue;
                    if (count == prev.length) {
                        prev = java.util.Arrays.copyOf(prev, count * 2);
                    }
                    prev[count++] = cur;
                    // Floyd's cycle detection: the middle of prev moves at half speed.
                    if (count > 1 && cur == prev[(count - 1) / 2]) {
                        return null;
                    }
                    sn = p.syntaxNode(cur);
                }
            }
            p.collapsedRvalue = rv;
            return cur;
        }

        @Override
        void printLeft(Printer p) {
            if (!p.tryEnter(this)) {
                return;
            }
            Node c = collapse(p);
            if (c != null) {
                boolean rv = p.collapsedRvalue;
                p.printLeft(c);
                if (c.hasArray(p)) {
                    p.append(' ');
                }
                if (c.hasArray(p) || c.hasFunction(p)) {
                    p.append('(');
                }
                p.append(rv ? "&&" : "&");
            }
            p.exit(this);
        }

        @Override
        void printRight(Printer p) {
            if (!p.tryEnter(this)) {
                return;
            }
            Node c = collapse(p);
            if (c != null) {
                if (c.hasArray(p) || c.hasFunction(p)) {
                    p.append(')');
                }
                p.printRight(c);
            }
            p.exit(this);
        }
    }

    static final class PointerToMemberType extends Node {
        final Node classType;
        final Node memberType;

        PointerToMemberType(Node classType, Node memberType) {
            super(memberType.rhsCache, NO, NO);
            this.classType = classType;
            this.memberType = memberType;
        }

        @Override
        boolean hasRHSComponentSlow(Printer p) {
            return memberType.hasRHSComponent(p);
        }

        @Override
        void printLeft(Printer p) {
            p.printLeft(memberType);
            if (memberType.hasArray(p) || memberType.hasFunction(p)) {
                p.append('(');
            } else {
                p.append(' ');
            }
            classType.print(p);
            p.append("::*");
        }

        @Override
        void printRight(Printer p) {
            if (memberType.hasArray(p) || memberType.hasFunction(p)) {
                p.append(')');
            }
            p.printRight(memberType);
        }
    }

    static final class ArrayType extends Node {
        final Node base;
        final Node dimension;

        ArrayType(Node base, Node dimension) {
            super(YES, YES, NO);
            this.base = base;
            this.dimension = dimension;
        }

        @Override
        boolean hasRHSComponentSlow(Printer p) {
            return true;
        }

        @Override
        boolean hasArraySlow(Printer p) {
            return true;
        }

        @Override
        void printLeft(Printer p) {
            p.printLeft(base);
        }

        @Override
        void printRight(Printer p) {
            if (p.back() != ']') {
                p.append(' ');
            }
            p.append('[');
            if (dimension != null) {
                dimension.print(p);
            }
            p.append(']');
            p.printRight(base);
        }
    }

    static final class VectorType extends Node {
        final Node baseType;
        final Node dimension;

        VectorType(Node baseType, Node dimension) {
            this.baseType = baseType;
            this.dimension = dimension;
        }

        @Override
        void printLeft(Printer p) {
            baseType.print(p);
            p.append(" vector[");
            if (dimension != null) {
                dimension.print(p);
            }
            p.append(']');
        }
    }

    static final class PixelVectorType extends Node {
        final Node dimension;

        PixelVectorType(Node dimension) {
            this.dimension = dimension;
        }

        @Override
        void printLeft(Printer p) {
            p.append("pixel vector[");
            dimension.print(p);
            p.append(']');
        }
    }

    static final class BinaryFPType extends Node {
        final Node dimension;

        BinaryFPType(Node dimension) {
            this.dimension = dimension;
        }

        @Override
        void printLeft(Printer p) {
            p.append("_Float");
            dimension.print(p);
        }
    }
}
