package dev.crashkit.symbolicate.demangle.swift;

/** Kinds of nodes in a demangled Swift symbol tree (names follow swift's DemangleNodes.def). */
enum Kind {
    Allocator, AnonymousContext, AnyProtocolConformanceList, ArgumentTuple, AssociatedType,
    AssociatedTypeRef, AssociatedTypeMetadataAccessor, DefaultAssociatedTypeMetadataAccessor,
    AccessorAttachedMacroExpansion, AssocTypePath, AssociatedTypeWitnessTableAccessor,
    BaseWitnessTableAccessor, AutoClosureType, BodyAttachedMacroExpansion, BoundGenericClass,
    BoundGenericEnum, BoundGenericStructure, BoundGenericProtocol, BoundGenericOtherNominalType,
    BoundGenericTypeAlias, BoundGenericFunction, BuiltinTypeName, BuiltinTupleType, BuiltinFixedArray,
    BuiltinBorrow, CFunctionPointer, ClangType, Class, ClassMetadataBaseOffset, ConcreteProtocolConformance,
    ConformanceAttachedMacroExpansion, Constructor, CoroutineContinuationPrototype, Deallocator,
    IsolatedDeallocator, DeclContext, DefaultArgumentInitializer, DependentAssociatedConformance,
    DependentAssociatedTypeRef, DependentGenericConformanceRequirement, DependentGenericParamCount,
    DependentGenericParamType, DependentGenericSameTypeRequirement, DependentGenericSameShapeRequirement,
    DependentGenericLayoutRequirement, DependentGenericParamPackMarker, DependentGenericParamValueMarker,
    DependentGenericSignature, DependentGenericType, DependentMemberType, DependentPseudogenericSignature,
    DependentProtocolConformanceRoot, DependentProtocolConformanceInherited,
    DependentProtocolConformanceAssociated, DependentProtocolConformanceOpaque, Destructor, DidSet,
    Directness, DynamicAttribute, DirectMethodReferenceAttribute, DynamicSelf, DynamicallyReplaceableFunctionImpl,
    DynamicallyReplaceableFunctionKey, DynamicallyReplaceableFunctionVar, Enum, EnumCase, ErrorType,
    EscapingAutoClosureType, NoEscapeFunctionType, ConcurrentFunctionType, GlobalActorFunctionType,
    DifferentiableFunctionType, ExistentialMetatype, ExplicitClosure, Extension, ExtensionAttachedMacroExpansion,
    FieldOffset, FreestandingMacroExpansion, FullTypeMetadata, Function, FunctionSignatureSpecialization,
    FunctionSignatureSpecializationParam, FunctionSignatureSpecializationReturn,
    FunctionSignatureSpecializationParamKind, FunctionSignatureSpecializationParamPayload, FunctionType,
    ConstrainedExistential, ConstrainedExistentialRequirementList, ConstrainedExistentialSelf,
    GenericPartialSpecialization, GenericPartialSpecializationNotReAbstracted, GenericProtocolWitnessTable,
    GenericProtocolWitnessTableInstantiationFunction, ResilientProtocolWitnessTable, GenericSpecialization,
    GenericSpecializationNotReAbstracted, GenericSpecializationInResilienceDomain, GenericSpecializationParam,
    GenericSpecializationPrespecialized, InlinedGenericFunction, GenericTypeMetadataPattern, Getter, Global,
    GlobalGetter, Identifier, Index, IVarInitializer, IVarDestroyer, ImplDifferentiabilityKind, ImplEscaping,
    ImplErasedIsolation, ImplNonisolatedNonsendingIsolation, ImplSendingResult, ImplConvention,
    ImplParameterResultDifferentiability, ImplParameterSending, ImplParameterIsolated,
    ImplParameterImplicitLeading, ImplFunctionAttribute, ImplFunctionConvention, ImplFunctionConventionName,
    ImplFunctionType, ImplCoroutineKind, ImplInvocationSubstitutions, ImplicitClosure, ImplParameter,
    ImplPatternSubstitutions, ImplResult, ImplYield, ImplErrorResult, InOut, InfixOperator, Initializer,
    InitAccessor, Isolated, IsolatedAnyFunctionType, NonIsolatedCallerFunctionType, SendingResultFunctionType,
    KeyPathGetterThunkHelper, KeyPathSetterThunkHelper, KeyPathUnappliedMethodThunkHelper,
    KeyPathAppliedMethodThunkHelper, KeyPathEqualsThunkHelper, KeyPathHashThunkHelper, LazyProtocolWitnessTableAccessor,
    LazyProtocolWitnessTableCacheVariable, LocalDeclName, Macro, MacroExpansionLoc, MacroExpansionUniqueName,
    MaterializeForSet, MemberAttachedMacroExpansion, MemberAttributeAttachedMacroExpansion, MergedFunction,
    Metatype, MetatypeRepresentation, Metaclass, MethodLookupFunction, ObjCMetadataUpdateFunction,
    ObjCResilientClassStub, FullObjCResilientClassStub, ModifyAccessor, Modify2Accessor, Module,
    NativeOwningAddressor, NativeOwningMutableAddressor, NativePinningAddressor, NativePinningMutableAddressor,
    NominalTypeDescriptor, NominalTypeDescriptorRecord, NonObjCAttribute, Number, ObjCAsyncCompletionHandlerImpl,
    PredefinedObjCAsyncCompletionHandlerImpl, ObjCAttribute, ObjCBlock, EscapingObjCBlock, OtherNominalType,
    OwningAddressor, OwningMutableAddressor, PartialApplyForwarder, PartialApplyObjCForwarder,
    PeerAttachedMacroExpansion, PostfixOperator, PreambleAttachedMacroExpansion, PrefixOperator, PrivateDeclName,
    PropertyDescriptor, PropertyWrapperBackingInitializer, PropertyWrapperInitFromProjectedValue,
    PropertyWrappedFieldInitAccessor, Protocol, ProtocolSymbolicReference, ProtocolConformance,
    ProtocolConformanceRefInTypeModule, ProtocolConformanceRefInProtocolModule, ProtocolConformanceRefInOtherModule,
    ProtocolDescriptor, ProtocolDescriptorRecord, ProtocolConformanceDescriptor, ProtocolConformanceDescriptorRecord,
    ProtocolList, ProtocolListWithClass, ProtocolListWithAnyObject, ProtocolSelfConformanceDescriptor,
    ProtocolSelfConformanceWitness, ProtocolSelfConformanceWitnessTable, ProtocolWitness, ProtocolWitnessTable,
    ProtocolWitnessTableAccessor, ProtocolWitnessTablePattern, ReabstractionThunk, ReabstractionThunkHelper,
    ReabstractionThunkHelperWithSelf, ReabstractionThunkHelperWithGlobalActor, ReadAccessor, Read2Accessor,
    RelatedEntityDeclName, RetroactiveConformance, ReturnType, Shared, Owned, SILBoxType, SILBoxTypeWithLayout,
    SILBoxLayout, SILBoxMutableField, SILBoxImmutableField, Setter, SpecializationPassID, IsSerialized, Static,
    Structure, Subscript, Suffix, ThinFunctionType, Tuple, TupleElement, TupleElementName, Pack, SILPackDirect,
    SILPackIndirect, PackExpansion, PackElement, PackElementLevel, Type, TypeSymbolicReference, TypeAlias,
    TypeList, TypeMangling, TypeMetadata, TypeMetadataAccessFunction, TypeMetadataCompletionFunction,
    TypeMetadataInstantiationCache, TypeMetadataInstantiationFunction, TypeMetadataSingletonInitializationCache,
    TypeMetadataDemanglingCache, TypeMetadataLazyCache, UncurriedFunctionType, UnknownIndex, Weak, Unowned,
    Unmanaged, UnsafeAddressor, UnsafeMutableAddressor, ValueWitness, ValueWitnessTable, Variable, VTableThunk,
    VTableAttribute, WillSet, ReflectionMetadataBuiltinDescriptor, ReflectionMetadataFieldDescriptor,
    ReflectionMetadataAssocTypeDescriptor, ReflectionMetadataSuperclassDescriptor, GenericTypeParamDecl,
    CurryThunk, SILThunkIdentity, SILThunkHopToMainActorIfNeeded, DispatchThunk, MethodDescriptor,
    ProtocolRequirementsBaseDescriptor, AssociatedConformanceDescriptor, DefaultAssociatedConformanceAccessor,
    BaseConformanceDescriptor, AssociatedTypeDescriptor, AsyncAnnotation, ThrowsAnnotation, TypedThrowsAnnotation,
    EmptyList, FirstElementMarker, VariadicMarker, OutlinedBridgedMethod, OutlinedCopy, OutlinedConsume,
    OutlinedRetain, OutlinedRelease, OutlinedInitializeWithTake, OutlinedInitializeWithCopy, OutlinedAssignWithTake,
    OutlinedAssignWithCopy, OutlinedDestroy, OutlinedInitializeWithTakeNoValueWitness,
    OutlinedInitializeWithCopyNoValueWitness, OutlinedAssignWithTakeNoValueWitness,
    OutlinedAssignWithCopyNoValueWitness, OutlinedDestroyNoValueWitness, OutlinedEnumTagStore,
    OutlinedEnumProjectDataForLoad, OutlinedEnumGetTag, OutlinedVariable, OutlinedReadOnlyObject,
    AssociatedTypeGenericParamRef, LabelList, SugaredOptional, SugaredArray, SugaredInlineArray,
    SugaredDictionary, SugaredParen, AccessorFunctionReference, OpaqueType, OpaqueTypeDescriptorSymbolicReference,
    OpaqueTypeDescriptor, OpaqueTypeDescriptorRecord, OpaqueTypeDescriptorAccessor, OpaqueTypeDescriptorAccessorImpl,
    OpaqueTypeDescriptorAccessorKey, OpaqueTypeDescriptorAccessorVar, OpaqueReturnType, OpaqueReturnTypeOf,
    OpaqueReturnTypeIndex, OpaqueReturnTypeParent, CanonicalSpecializedGenericMetaclass,
    CanonicalSpecializedGenericTypeMetadataAccessFunction, MetadataInstantiationCache,
    NoncanonicalSpecializedGenericTypeMetadata, NoncanonicalSpecializedGenericTypeMetadataCache,
    GlobalVariableOnceFunction, GlobalVariableOnceToken, GlobalVariableOnceDeclList, CanonicalPrespecializedGenericTypeCachingOnceToken,
    AsyncFunctionPointer, AutoDiffFunction, AutoDiffFunctionKind, AutoDiffSelfReorderingReabstractionThunk,
    AutoDiffSubsetParametersThunk, AutoDiffDerivativeVTableThunk, DifferentiabilityWitness, NoDerivative,
    IndexSubset, AsyncAwaitResumePartialFunction, AsyncSuspendResumePartialFunction, AccessibleFunctionRecord,
    CompileTimeLiteral, ConstValue, BackDeploymentThunk, BackDeploymentFallback, ExtendedExistentialTypeShape,
    Uniquable, UniqueExtendedExistentialTypeShapeSymbolicReference,
    NonUniqueExtendedExistentialTypeShapeSymbolicReference, SymbolicExtendedExistentialType, DroppedArgument,
    HasSymbolQuery, ObjectiveCProtocolSymbolicReference,
    DependentGenericInverseConformanceRequirement, Integer, NegativeInteger, DistributedThunk, DistributedAccessor,
    Sending, CoroFunctionPointer, DefaultOverride, PackProtocolConformance, ModuleDescriptor, ExtensionDescriptor,
    AnonymousDescriptor, AsyncRemoved, RepresentationChanged, YieldTypes, CalledOnceFunctionType, ImplCalledOnceFunction,
    MutateAccessor, BorrowAccessor, YieldingBorrowAccessor, YieldingMutateAccessor, MetatypeParamsRemoved,
    WitnessTableOffset;

    /** Declarations that can be the context of another declaration (CONTEXT_NODE in DemangleNodes.def). */
    boolean isContext() {
        switch (this) {
            case Allocator: case AnonymousContext: case Class: case Constructor: case Deallocator:
            case IsolatedDeallocator: case DefaultArgumentInitializer: case Destructor: case DidSet: case Enum:
            case ExplicitClosure: case Extension: case Function: case Getter: case GlobalGetter: case IVarInitializer:
            case IVarDestroyer: case ImplicitClosure: case Initializer: case InitAccessor: case MaterializeForSet:
            case ModifyAccessor: case Modify2Accessor: case Module: case NativeOwningAddressor:
            case NativeOwningMutableAddressor: case NativePinningAddressor: case NativePinningMutableAddressor:
            case OtherNominalType: case OwningAddressor: case OwningMutableAddressor: case Protocol:
            case ProtocolSymbolicReference: case ReadAccessor: case Read2Accessor: case Setter: case Static:
            case Structure: case Subscript: case TypeSymbolicReference: case TypeAlias: case UnsafeAddressor:
            case UnsafeMutableAddressor: case Variable: case WillSet: case OpaqueReturnTypeOf: case AutoDiffFunction:
            case PropertyWrapperBackingInitializer: case PropertyWrapperInitFromProjectedValue:
            case PropertyWrappedFieldInitAccessor: case CurryThunk: case DispatchThunk: case BuiltinTupleType:
            case MutateAccessor: case BorrowAccessor: case YieldingBorrowAccessor: case YieldingMutateAccessor:
            case Macro: case AccessorAttachedMacroExpansion: case MemberAttributeAttachedMacroExpansion:
            case FreestandingMacroExpansion: case MemberAttachedMacroExpansion: case PeerAttachedMacroExpansion:
            case ConformanceAttachedMacroExpansion: case ExtensionAttachedMacroExpansion:
            case BodyAttachedMacroExpansion: case PreambleAttachedMacroExpansion: case MacroExpansionUniqueName:
            case GenericTypeParamDecl:
                return true;
            default:
                return false;
        }
    }

    boolean isDeclName() {
        switch (this) {
            case Identifier: case LocalDeclName: case PrivateDeclName: case RelatedEntityDeclName:
            case PrefixOperator: case PostfixOperator: case InfixOperator: case TypeSymbolicReference:
            case ProtocolSymbolicReference: case ObjectiveCProtocolSymbolicReference:
                return true;
            default:
                return false;
        }
    }

    boolean isAnyGeneric() {
        switch (this) {
            case Structure: case Class: case Enum: case Protocol: case ProtocolSymbolicReference:
            case OtherNominalType: case TypeAlias: case TypeSymbolicReference:
            case ObjectiveCProtocolSymbolicReference: case BuiltinTupleType:
                return true;
            default:
                return false;
        }
    }

    boolean isEntity() {
        return this == Type || isContext();
    }

    boolean isRequirement() {
        switch (this) {
            case DependentGenericParamPackMarker: case DependentGenericParamValueMarker:
            case DependentGenericSameTypeRequirement: case DependentGenericSameShapeRequirement:
            case DependentGenericLayoutRequirement: case DependentGenericConformanceRequirement:
            case DependentGenericInverseConformanceRequirement:
                return true;
            default:
                return false;
        }
    }

    boolean isFunctionAttr() {
        switch (this) {
            case FunctionSignatureSpecialization: case GenericSpecialization: case GenericSpecializationPrespecialized:
            case InlinedGenericFunction: case GenericSpecializationNotReAbstracted: case GenericPartialSpecialization:
            case GenericPartialSpecializationNotReAbstracted: case GenericSpecializationInResilienceDomain:
            case ObjCAttribute: case NonObjCAttribute: case DynamicAttribute: case DirectMethodReferenceAttribute:
            case VTableAttribute: case PartialApplyForwarder: case PartialApplyObjCForwarder: case OutlinedVariable:
            case OutlinedReadOnlyObject: case OutlinedBridgedMethod: case MergedFunction: case DistributedThunk:
            case DistributedAccessor: case DynamicallyReplaceableFunctionImpl: case DynamicallyReplaceableFunctionKey:
            case DynamicallyReplaceableFunctionVar: case AsyncFunctionPointer: case AsyncAwaitResumePartialFunction:
            case AsyncSuspendResumePartialFunction: case AccessibleFunctionRecord: case BackDeploymentThunk:
            case BackDeploymentFallback: case HasSymbolQuery: case CoroFunctionPointer: case DefaultOverride:
                return true;
            default:
                return false;
        }
    }

    boolean isMacroExpansion() {
        switch (this) {
            case AccessorAttachedMacroExpansion: case MemberAttributeAttachedMacroExpansion:
            case FreestandingMacroExpansion: case MemberAttachedMacroExpansion: case PeerAttachedMacroExpansion:
            case ConformanceAttachedMacroExpansion: case ExtensionAttachedMacroExpansion:
            case BodyAttachedMacroExpansion: case PreambleAttachedMacroExpansion: case MacroExpansionLoc:
                return true;
            default:
                return false;
        }
    }
}
