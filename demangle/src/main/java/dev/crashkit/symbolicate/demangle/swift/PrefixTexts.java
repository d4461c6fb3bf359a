package dev.crashkit.symbolicate.demangle.swift;

import java.util.EnumMap;
import java.util.Map;

/** Node kinds printed as a fixed description followed by their first child. */
final class PrefixTexts {
    private static final Map<Kind, String> FIRST_CHILD = new EnumMap<>(Kind.class);
    /** Indexed by {@link Kind#ordinal()}: a plain array lookup on every printed node. */
    static final String[] BY_ORDINAL = new String[Kind.values().length];

    static {
        Object[] table = {
            Kind.Static, "static ", Kind.CurryThunk, "curry thunk of ", Kind.DispatchThunk, "dispatch thunk of ",
            Kind.MethodDescriptor, "method descriptor for ", Kind.MethodLookupFunction, "method lookup function for ",
            Kind.ObjCMetadataUpdateFunction, "ObjC metadata update function for ",
            Kind.ObjCResilientClassStub, "ObjC resilient class stub for ",
            Kind.FullObjCResilientClassStub, "full ObjC resilient class stub for ",
            Kind.OutlinedRetain, "outlined retain of ", Kind.OutlinedRelease, "outlined release of ",
            Kind.OutlinedInitializeWithTake, "outlined init with take of ",
            Kind.OutlinedInitializeWithTakeNoValueWitness, "outlined init with take of ",
            Kind.OutlinedInitializeWithCopy, "outlined init with copy of ",
            Kind.OutlinedInitializeWithCopyNoValueWitness, "outlined init with copy of ",
            Kind.OutlinedAssignWithTake, "outlined assign with take of ",
            Kind.OutlinedAssignWithTakeNoValueWitness, "outlined assign with take of ",
            Kind.OutlinedAssignWithCopy, "outlined assign with copy of ",
            Kind.OutlinedAssignWithCopyNoValueWitness, "outlined assign with copy of ",
            Kind.OutlinedDestroy, "outlined destroy of ", Kind.OutlinedDestroyNoValueWitness, "outlined destroy of ",
            Kind.OutlinedEnumGetTag, "outlined enum get tag of ",
            Kind.OutlinedEnumTagStore, "outlined enum tag store of ",
            Kind.OutlinedEnumProjectDataForLoad, "outlined enum project data for load of ",
            Kind.Weak, "weak ", Kind.Unowned, "unowned ", Kind.Unmanaged, "unowned(unsafe) ", Kind.InOut, "inout ",
            Kind.Isolated, "isolated ", Kind.Sending, "sending ", Kind.CompileTimeLiteral, "_const ",
            Kind.ConstValue, "@const ", Kind.Shared, "__shared ", Kind.Owned, "__owned ",
            Kind.NoDerivative, "@noDerivative ", Kind.PackExpansion, "repeat ",
            Kind.ProtocolSelfConformanceWitnessTable, "protocol self-conformance witness table for ",
            Kind.ProtocolWitnessTableAccessor, "protocol witness table accessor for ",
            Kind.ProtocolWitnessTable, "protocol witness table for ",
            Kind.ProtocolWitnessTablePattern, "protocol witness table pattern for ",
            Kind.GenericProtocolWitnessTable, "generic protocol witness table for ",
            Kind.GenericProtocolWitnessTableInstantiationFunction,
            "instantiation function for generic protocol witness table for ",
            Kind.ResilientProtocolWitnessTable, "resilient protocol witness table for ",
            Kind.ProtocolSelfConformanceWitness, "protocol self-conformance witness for ",
            Kind.GenericTypeMetadataPattern, "generic type metadata pattern for ", Kind.Metaclass, "metaclass for ",
            Kind.ProtocolSelfConformanceDescriptor, "protocol self-conformance descriptor for ",
            Kind.ProtocolConformanceDescriptor, "protocol conformance descriptor for ",
            Kind.ProtocolConformanceDescriptorRecord, "protocol conformance descriptor runtime record for ",
            Kind.ProtocolDescriptor, "protocol descriptor for ",
            Kind.ProtocolDescriptorRecord, "protocol descriptor runtime record for ",
            Kind.ProtocolRequirementsBaseDescriptor, "protocol requirements base descriptor for ",
            Kind.FullTypeMetadata, "full type metadata for ", Kind.TypeMetadata, "type metadata for ",
            Kind.TypeMetadataAccessFunction, "type metadata accessor for ",
            Kind.TypeMetadataInstantiationCache, "type metadata instantiation cache for ",
            Kind.TypeMetadataInstantiationFunction, "type metadata instantiation function for ",
            Kind.TypeMetadataSingletonInitializationCache, "type metadata singleton initialization cache for ",
            Kind.TypeMetadataCompletionFunction, "type metadata completion function for ",
            Kind.TypeMetadataDemanglingCache, "demangling cache variable for type metadata for ",
            Kind.TypeMetadataLazyCache, "lazy cache variable for type metadata for ",
            Kind.AssociatedTypeDescriptor, "associated type descriptor for ",
            Kind.DefaultAssociatedTypeMetadataAccessor, "default associated type metadata accessor for ",
            Kind.ClassMetadataBaseOffset, "class metadata base offset for ",
            Kind.PropertyDescriptor, "property descriptor for ", Kind.NominalTypeDescriptor, "nominal type descriptor for ",
            Kind.NominalTypeDescriptorRecord, "nominal type descriptor runtime record for ",
            Kind.OpaqueTypeDescriptor, "opaque type descriptor for ",
            Kind.OpaqueTypeDescriptorRecord, "opaque type descriptor runtime record for ",
            Kind.OpaqueTypeDescriptorAccessor, "opaque type descriptor accessor for ",
            Kind.OpaqueTypeDescriptorAccessorImpl, "opaque type descriptor accessor impl for ",
            Kind.OpaqueTypeDescriptorAccessorKey, "opaque type descriptor accessor key for ",
            Kind.OpaqueTypeDescriptorAccessorVar, "opaque type descriptor accessor var for ",
            Kind.CoroutineContinuationPrototype, "coroutine continuation prototype for ",
            Kind.ValueWitnessTable, "value witness table for ", Kind.SILBoxType, "@box ",
            Kind.ReflectionMetadataBuiltinDescriptor, "reflection metadata builtin descriptor ",
            Kind.ReflectionMetadataFieldDescriptor, "reflection metadata field descriptor ",
            Kind.ReflectionMetadataAssocTypeDescriptor, "reflection metadata associated type descriptor ",
            Kind.ReflectionMetadataSuperclassDescriptor, "reflection metadata superclass descriptor ",
            Kind.CanonicalSpecializedGenericMetaclass, "specialized generic metaclass for ",
            Kind.CanonicalSpecializedGenericTypeMetadataAccessFunction,
            "canonical specialized generic type metadata accessor for ",
            Kind.MetadataInstantiationCache, "metadata instantiation cache for ",
            Kind.NoncanonicalSpecializedGenericTypeMetadata, "noncanonical specialized generic type metadata for ",
            Kind.NoncanonicalSpecializedGenericTypeMetadataCache,
            "cache variable for noncanonical specialized generic type metadata for ",
            Kind.CanonicalPrespecializedGenericTypeCachingOnceToken,
            "flag for loading of canonical specialized generic type metadata for ",
            Kind.Uniquable, "uniquable ", Kind.ModuleDescriptor, "module descriptor ",
            Kind.ExtensionDescriptor, "extension descriptor ", Kind.AnonymousDescriptor, "anonymous descriptor ",
            Kind.EnumCase, "enum case for ", Kind.SILThunkIdentity, "identity thunk of ",
            Kind.SILThunkHopToMainActorIfNeeded, "hop to main actor thunk of ", Kind.AsyncRemoved, "async demotion of ",
            Kind.WitnessTableOffset, "witness table offset for ",
        };
        for (int i = 0; i < table.length; i += 2) {
            FIRST_CHILD.put((Kind) table[i], (String) table[i + 1]);
        }
        FIRST_CHILD.forEach((k, v) -> BY_ORDINAL[k.ordinal()] = v);
    }

    private PrefixTexts() {
    }
}
