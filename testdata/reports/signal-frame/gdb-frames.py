# gdb -batch -p PID -x gdb-frames.py: every frame of the thread that waits for us, as gdb sees it.
# One tab-separated line per frame: level, pc, frame type, function, source file, line. gdb looks a
# frame up at pc - 1 only when it and the frame it called are normal frames (a return address);
# its own sigtramp detection decides which frames are signal frames.
import gdb

TYPES = {gdb.NORMAL_FRAME: "normal", gdb.SIGTRAMP_FRAME: "sigtramp", gdb.INLINE_FRAME: "inline",
         gdb.TAILCALL_FRAME: "tailcall", gdb.DUMMY_FRAME: "dummy", gdb.ARCH_FRAME: "arch"}

with open("gdb-frames.tsv", "w") as out:
    out.write("level\tpc\ttype\tfunction\tfile\tline\n")
    frame = gdb.newest_frame()
    level = 0
    while frame is not None:
        sal = frame.find_sal()
        name = frame.name() or "??"
        file = sal.symtab.filename if sal.symtab is not None else ""
        line = str(sal.line) if sal.symtab is not None and sal.line else ""
        out.write("%d\t0x%x\t%s\t%s\t%s\t%s\n" % (level, frame.pc(), TYPES.get(frame.type(), "?"), name, file, line))
        frame = frame.older()
        level += 1
