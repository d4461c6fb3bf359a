package dev.crashkit.core.unwind;

/**
 * A Common Information Entry: what every FDE pointing at it shares.
 *
 * @param address      where the entry starts
 * @param codeAlign    factor of {@code advance_loc} deltas
 * @param dataAlign    factor of register offsets
 * @param raRegister   DWARF number of the return-address column
 * @param fdeEncoding  {@code DW_EH_PE_*} encoding of FDE addresses ({@code absptr} in .debug_frame)
 * @param lsdaEncoding encoding of the FDE's LSDA pointer, or 0xff when none
 * @param augmented    the augmentation string starts with 'z' (FDEs carry an augmentation length)
 * @param signalFrame  'S' augmentation: the frame is a signal trampoline (its PC is not a return address)
 * @param instructions initial CFA instructions
 */
public record Cie(long address, long codeAlign, long dataAlign, int raRegister, int fdeEncoding,
                  int lsdaEncoding, boolean augmented, boolean signalFrame, byte[] instructions) {
}
