package dev.crashkit.core.unwind;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Turns the FDEs of an {@code .eh_frame} or {@code .debug_frame} section into Breakpad's {@code STACK CFI}
 * rules, the way Breakpad's {@code dump_syms} does ({@code DwarfCFIToModule} driven by
 * {@code CallFrameInfo::State}): every instruction that sets a rule records it at the address reached so far,
 * rules recorded at the FDE's start are its {@code INIT} rules, a later rule for the same register at the same
 * address replaces the earlier one, {@code restore_state} records the registers that differ from the state it
 * returns to, and rules Breakpad cannot write (undefined, DWARF expressions) record nothing. An FDE whose
 * instructions fail part way keeps what was recorded before the failure, as in Breakpad.
 */
public final class BreakpadCfi {
    /** Remembered states deeper than this are treated as corrupt CFI (bounded memory on hostile input). */
    private static final int MAX_STATES = 64;
    /** Breakpad's names of the CFA and the return address column. */
    private static final String CFA = ".cfa";
    private static final String RA = ".ra";

    /** Breakpad's DWARF register names for x86-64 ({@code DwarfCFIToModule::RegisterNames::X86_64}). */
    public static final String[] X86_64_NAMES = {
        "$rax", "$rdx", "$rcx", "$rbx", "$rsi", "$rdi", "$rbp", "$rsp",
        "$r8", "$r9", "$r10", "$r11", "$r12", "$r13", "$r14", "$r15",
        "$rip",
        "$xmm0", "$xmm1", "$xmm2", "$xmm3", "$xmm4", "$xmm5", "$xmm6", "$xmm7",
        "$xmm8", "$xmm9", "$xmm10", "$xmm11", "$xmm12", "$xmm13", "$xmm14", "$xmm15",
        "$st0", "$st1", "$st2", "$st3", "$st4", "$st5", "$st6", "$st7",
        "$mm0", "$mm1", "$mm2", "$mm3", "$mm4", "$mm5", "$mm6", "$mm7",
        "$rflags",
        "$es", "$cs", "$ss", "$ds", "$fs", "$gs", "$unused1", "$unused2",
        "$fs.base", "$gs.base", "$unused3", "$unused4",
        "$tr", "$ldtr",
        "$mxcsr", "$fcw", "$fsw"};

    /** Breakpad's DWARF register names for x86 ({@code DwarfCFIToModule::RegisterNames::I386}). */
    public static final String[] X86_NAMES = {
        "$eax", "$ecx", "$edx", "$ebx", "$esp", "$ebp", "$esi", "$edi",
        "$eip", "$eflags", "$unused1",
        "$st0", "$st1", "$st2", "$st3", "$st4", "$st5", "$st6", "$st7",
        "$unused2", "$unused3",
        "$xmm0", "$xmm1", "$xmm2", "$xmm3", "$xmm4", "$xmm5", "$xmm6", "$xmm7",
        "$mm0", "$mm1", "$mm2", "$mm3", "$mm4", "$mm5", "$mm6", "$mm7",
        "$fcw", "$fsw", "$mxcsr",
        "$es", "$cs", "$ss", "$ds", "$fs", "$gs", "$unused4", "$unused5",
        "$tr", "$ldtr"};

    /** Breakpad's DWARF register names for AArch64 ({@code DwarfCFIToModule::RegisterNames::ARM64}). */
    public static final String[] ARM64_NAMES = arm64Names();

    private static String[] arm64Names() {
        String[] names = new String[96];
        Arrays.fill(names, "");
        for (int i = 0; i <= 30; i++) {
            names[i] = "x" + i;
        }
        names[31] = "sp";
        for (int i = 0; i < 32; i++) {
            names[64 + i] = "v" + i;
        }
        return names;
    }

    /** Receives one FDE's rules: register name to rule text, in Breakpad's order (sorted by name). */
    public interface Sink {
        /**
         * One FDE.
         *
         * @param address the FDE's first address
         * @param size    the FDE's address range length
         * @param initial the rules at {@code address}
         * @param changes rules recorded at later addresses, by address (unsigned order)
         */
        void entry(long address, long size, Map<String, String> initial, Map<Long, Map<String, String>> changes);
    }

    private final String[] registerNames;

    /**
     * @param registerNames the CPU's Breakpad register names by DWARF number ({@link #X86_64_NAMES},
     *                      {@link #ARM64_NAMES}); an empty or missing name is written {@code unnamed_registerN}
     */
    public BreakpadCfi(String[] registerNames) {
        this.registerNames = registerNames.clone();
    }

    /**
     * Every FDE of a section, in section order.
     *
     * @param section the section (its pointers decode relative to {@code section.address()})
     * @param size    the section's length in bytes
     * @param sink    receives each FDE's rules
     * @throws CfiException when an entry's header or its CIE cannot be read (the walk stops there, as the
     *                      entries after an unreadable length cannot be found)
     */
    public void forEachEntry(CfiSection section, long size, Sink sink) throws CfiException {
        long at = section.address();
        long end = section.address() + size;
        while (Long.compareUnsigned(at, end) < 0) {
            long len = section.entrySize(at);
            if (len == 0) {
                break;
            }
            Fde fde;
            try {
                fde = section.fdeAt(at);
            } catch (CfiException e) {
                fde = null; // Breakpad skips an FDE whose CIE it cannot read and goes on with the next entry
            }
            if (fde != null) {
                Recorder r = new Recorder(fde);
                r.run();
                sink.entry(fde.pcBegin(), fde.pcEnd() - fde.pcBegin(), r.initial, r.changes);
            }
            at += len;
        }
    }

    /** A rule of Breakpad's {@code CallFrameInfo}: kind, base register (or -1 for the CFA) and offset. */
    private record Rule(Kind kind, int base, long offset, byte[] expression) {
        enum Kind { UNDEFINED, SAME, OFFSET, VAL_OFFSET, REGISTER, EXPRESSION, VAL_EXPRESSION }

        @Override
        public boolean equals(Object o) {
            return o instanceof Rule r && r.kind == kind && r.base == base && r.offset == offset
                    && Arrays.equals(r.expression, expression);
        }

        @Override
        public int hashCode() {
            return Objects.hash(kind, base, offset, Arrays.hashCode(expression));
        }
    }

    /** The rule set in force: the CFA rule and each register's rule, by register number. */
    private static final class RuleMap {
        Rule cfa;
        TreeMap<Integer, Rule> registers = new TreeMap<>();

        RuleMap copy() {
            RuleMap m = new RuleMap();
            m.cfa = cfa;
            m.registers = new TreeMap<>(registers);
            return m;
        }
    }

    /**
     * Interprets one FDE's instructions (its CIE's first), decoded by {@link CfiInstructions}, and records what
     * Breakpad would write.
     */
    private final class Recorder implements CfiInstructions.Handler {
        private static final Rule SAME_VALUE = new Rule(Rule.Kind.SAME, 0, 0, null);

        private final Fde fde;
        private final Cie cie;
        private final int raRegister;
        final Map<String, String> initial = new TreeMap<>();
        final Map<Long, Map<String, String>> changes = new TreeMap<>(Long::compareUnsigned);
        private long address;
        private RuleMap rules = new RuleMap();
        /** The rules the CIE's instructions left ({@code restore} returns to them); null while they run. */
        private RuleMap cieRules;
        private final Deque<RuleMap> saved = new ArrayDeque<>();

        Recorder(Fde fde) {
            this.fde = fde;
            this.cie = fde.cie();
            this.raRegister = cie.raRegister();
            this.address = fde.pcBegin();
            if (raRegister >= 0 && raRegister < registerNames.length) {
                initial.put(RA, registerNames[raRegister]);
            }
        }

        void run() {
            try {
                CfiInstructions cieInstructions = new CfiInstructions(new CfiBytes(cie.instructions(),
                        cie.address()), cie, address);
                cieInstructions.runAll(this);
                cieRules = rules.copy();
                // As in Breakpad, the location the CIE's instructions reached carries on into the FDE's.
                new CfiInstructions(new CfiBytes(fde.instructions(), fde.address()), cie, address).runAll(this);
            } catch (CfiException | RuntimeException e) {
                // Breakpad stops interpreting at the first bad instruction and keeps the entry.
            }
        }

        private String name(int reg) {
            if (reg < 0) {
                return CFA;
            }
            if (reg == raRegister) {
                return RA;
            }
            if (reg < registerNames.length && !registerNames[reg].isEmpty()) {
                return registerNames[reg];
            }
            return "unnamed_register" + reg;
        }

        private void record(int reg, String text) {
            if (address == fde.pcBegin()) {
                initial.put(name(reg), text);
            } else {
                changes.computeIfAbsent(address, a -> new TreeMap<>()).put(name(reg), text);
            }
        }

        /** {@code Rule::Handle}: what the handler records for a rule, if anything. */
        private void handle(int reg, Rule rule) {
            switch (rule.kind()) {
                case SAME -> record(reg, name(reg));
                case OFFSET -> record(reg, name(rule.base()) + " " + rule.offset() + " + ^");
                case VAL_OFFSET -> record(reg, name(rule.base()) + " " + rule.offset() + " +");
                case REGISTER -> record(reg, name(rule.base()));
                default -> { } // undefined and DWARF expressions: Breakpad's format cannot say them
            }
        }

        private void setRule(int reg, Rule rule) {
            rules.registers.put(reg, rule);
            handle(reg, rule);
        }

        /** A rule relative to the CFA needs a CFA rule first ({@code CallFrameInfo::State}'s check). */
        private void setCfaRelativeRule(int reg, Rule rule) throws CfiException {
            if (rules.cfa == null) {
                throw new CfiException("CFI rule before any CFA rule");
            }
            setRule(reg, rule);
        }

        private void setCfa(Rule rule) {
            rules.cfa = rule;
            handle(-1, rule);
        }

        @Override
        public void advance(long location) {
            address = location;
        }

        @Override
        public void offset(int reg, long offset) throws CfiException {
            setCfaRelativeRule(reg, new Rule(Rule.Kind.OFFSET, -1, offset, null));
        }

        @Override
        public void valOffset(int reg, long offset) throws CfiException {
            setCfaRelativeRule(reg, new Rule(Rule.Kind.VAL_OFFSET, -1, offset, null));
        }

        @Override
        public void register(int reg, int base) {
            setRule(reg, new Rule(Rule.Kind.REGISTER, base, 0, null));
        }

        @Override
        public void undefined(int reg) {
            setRule(reg, new Rule(Rule.Kind.UNDEFINED, 0, 0, null));
        }

        @Override
        public void sameValue(int reg) {
            setRule(reg, SAME_VALUE);
        }

        @Override
        public void restore(int reg) throws CfiException {
            if (cieRules == null) {
                throw new CfiException("DW_CFA_restore inside a CIE");
            }
            Rule r = cieRules.registers.get(reg);
            setRule(reg, r != null ? r : SAME_VALUE);
        }

        @Override
        public void expression(int reg, byte[] expression) {
            setRule(reg, new Rule(Rule.Kind.EXPRESSION, 0, 0, expression));
        }

        @Override
        public void valExpression(int reg, byte[] expression) {
            setRule(reg, new Rule(Rule.Kind.VAL_EXPRESSION, 0, 0, expression));
        }

        @Override
        public void defCfa(int reg, long offset) {
            setCfa(new Rule(Rule.Kind.VAL_OFFSET, reg, offset, null));
        }

        @Override
        public void defCfaRegister(int reg) throws CfiException {
            if (rules.cfa == null) {
                throw new CfiException("def_cfa_register without a CFA rule");
            }
            // Breakpad changes the base of an offset rule only; an expression CFA stays as it is.
            Rule r = rules.cfa.kind() == Rule.Kind.VAL_OFFSET
                    ? new Rule(Rule.Kind.VAL_OFFSET, reg, rules.cfa.offset(), null) : rules.cfa;
            setCfa(r);
        }

        @Override
        public void defCfaOffset(long offset) throws CfiException {
            if (rules.cfa == null) {
                throw new CfiException("def_cfa_offset without a CFA rule");
            }
            Rule r = rules.cfa.kind() == Rule.Kind.VAL_OFFSET
                    ? new Rule(Rule.Kind.VAL_OFFSET, rules.cfa.base(), offset, null) : rules.cfa;
            setCfa(r);
        }

        @Override
        public void defCfaExpression(byte[] expression) {
            setCfa(new Rule(Rule.Kind.VAL_EXPRESSION, 0, 0, expression));
        }

        @Override
        public void rememberState() throws CfiException {
            if (saved.size() >= MAX_STATES) {
                throw new CfiException("remember_state nests too deep");
            }
            saved.push(rules.copy());
        }

        /** {@code RuleMap::HandleTransitionTo}: records what differs between the current and the saved state. */
        @Override
        public void restoreState() throws CfiException {
            RuleMap back = saved.poll();
            if (back == null) {
                throw new CfiException("restore_state without remember_state");
            }
            if (rules.cfa != null && back.cfa == null) {
                throw new CfiException("restore_state clears the CFA rule");
            }
            if (rules.cfa != null && !rules.cfa.equals(back.cfa)) {
                handle(-1, back.cfa);
            }
            for (Map.Entry<Integer, Rule> e : rules.registers.entrySet()) {
                Rule was = back.registers.get(e.getKey());
                if (was == null) {
                    handle(e.getKey(), SAME_VALUE);
                } else if (!was.equals(e.getValue())) {
                    handle(e.getKey(), was);
                }
            }
            rules = back;
        }
    }
}
