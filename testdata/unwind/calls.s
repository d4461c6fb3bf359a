# Every x86-64 call form the stack scanner must recognise; each ck_ret_* label is the return
# address of the call just before it, each ck_not_* label follows a non-call instruction.
    .text
    .globl ck_calls
ck_calls:
    call ck_calls
ck_ret_rel32:
    call *%rax
ck_ret_reg:
    call *%r11
ck_ret_rex_reg:
    call *(%rax)
ck_ret_mem:
    call *8(%rbx)
ck_ret_disp8:
    call *0x12345(%rbx)
ck_ret_disp32:
    call *ck_calls(%rip)
ck_ret_riprel:
    call *(%rax,%rcx,8)
ck_ret_sib:
    call *0x10(%rsp)
ck_ret_sib_disp8:
    call *0x1000(%rax,%rcx,4)
ck_ret_sib_disp32:
    call *%r12
ck_ret_r12:
    call *0x18(%r13)
ck_ret_r13_disp8:
    nop
ck_not_nop:
    movq %rax, %rbx
ck_not_mov:
    jmp *%rax
ck_not_jmp_reg:
    addq $0x12345678, %rax
ck_not_add_imm:
    ret
