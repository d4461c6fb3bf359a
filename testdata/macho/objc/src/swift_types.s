// Swift type context descriptors as swiftc lays them out (swiftlang/swift include/swift/ABI/Metadata.h:
// TargetModuleContextDescriptor, TargetStructDescriptor, TargetClassDescriptor, TargetEnumDescriptor;
// __swift5_types holds one 32-bit relative pointer per type, low 2 bits = TypeReferenceKind). There is no
// Swift compiler on this machine, so the module "Shapes" with
//     struct Point {}   final class Canvas { struct Layer {} }   enum Color { case r, g, b }
// is written out by hand. Each type's metadata accessor is a function named with the mangled name
// swiftc gives it ($s<module><type><kind>Ma), so llvm-nm on the unstripped build names it and a
// stripped build must get the same name back from the descriptors alone.
    .section __TEXT,__text,regular,pure_instructions
    .p2align 2
    .globl _$s6Shapes5PointVMa
_$s6Shapes5PointVMa:
    mov x0, #1
    mov x1, #0
    ret
    .p2align 2
    .globl _$s6Shapes6CanvasCMa
_$s6Shapes6CanvasCMa:
    mov x0, #2
    mov x1, #0
    ret
    .p2align 2
_$s6Shapes6CanvasC5LayerVMa:
    mov x0, #3
    mov x1, #0
    ret
    .p2align 2
_$s6Shapes5ColorOMa:
    mov x0, #4
    mov x1, #0
    ret

    .section __TEXT,__const
    .p2align 2
L_module:                       // TargetModuleContextDescriptor
    .long 0x00000000            // flags: kind Module
    .long 0                     // parent: none
    .long L_name_module - .     // name
    .p2align 2
L_point:                        // TargetStructDescriptor
    .long 0x00000051            // flags: kind Struct (17) | unique
    .long L_module - .          // parent
    .long L_name_point - .
    .long _$s6Shapes5PointVMa - .   // access function
    .long 0                     // fields
    .long 0                     // NumFields
    .long 2                     // FieldOffsetVectorOffset
    .p2align 2
L_canvas:                       // TargetClassDescriptor
    .long 0x80000050            // flags: kind Class (16) | unique | has vtable bit clear
    .long L_module - .
    .long L_name_canvas - .
    .long _$s6Shapes6CanvasCMa - .
    .long 0                     // fields
    .long 0                     // superclass type
    .long 2                     // metadata negative size in words
    .long 10                    // metadata positive size in words
    .long 0                     // NumImmediateMembers
    .long 0                     // NumFields
    .long 10                    // FieldOffsetVectorOffset
    .p2align 2
L_layer:                        // struct nested in the class
    .long 0x00000051
    .long L_canvas - .
    .long L_name_layer - .
    .long _$s6Shapes6CanvasC5LayerVMa - .
    .long 0
    .long 0
    .long 2
    .p2align 2
L_color:                        // TargetEnumDescriptor
    .long 0x00000052            // flags: kind Enum (18) | unique
    .long L_module - .
    .long L_name_color - .
    .long _$s6Shapes5ColorOMa - .
    .long 0                     // fields
    .long 0                     // NumPayloadCasesAndPayloadSizeOffset
    .long 3                     // NumEmptyCases
L_name_module: .asciz "Shapes"
L_name_point:  .asciz "Point"
L_name_canvas: .asciz "Canvas"
L_name_layer:  .asciz "Layer"
L_name_color:  .asciz "Color"

    .section __TEXT,__swift5_types
    .p2align 2
    .long L_point - .           // kind 0: direct type descriptor
    .long L_canvas - .
    .long L_layer - .
    .long L_color - .
