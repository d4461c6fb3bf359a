// Breakpad's own symbol-file processor as an oracle: loads a .sym with BasicSourceLineResolver (the class
// minidump_stackwalk uses) and, for each hex module offset on stdin, prints one line:
//   0xOFFSET<TAB>frame;frame;...   each frame "function|file|line|base", inlined frames as Breakpad gives
//   them (FillSourceLineInfo's inlined_frames, in its order), then the frame itself; "-" when nothing answers;
//   then a tab and the CFI rules in force there (FindCFIFrameInfo, CFIFrameInfo::Serialize), "-" for none.
// Built by ../build-resolver.sh from the Breakpad sources of npm minidump@0.26.0.
#include <cstdio>
#include <deque>
#include <iostream>
#include <memory>
#include <string>

#include "google_breakpad/processor/basic_source_line_resolver.h"
#include "processor/cfi_frame_info.h"
#include "google_breakpad/processor/stack_frame.h"
#include "processor/basic_code_module.h"

using google_breakpad::BasicCodeModule;
using google_breakpad::BasicSourceLineResolver;
using google_breakpad::StackFrame;

static void print(const StackFrame& f) {
  std::printf("%s|%s|%d|%llx", f.function_name.c_str(), f.source_file_name.c_str(), f.source_line,
              (unsigned long long)(f.function_base - f.module->base_address()));
}

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: resolve FILE.sym < offsets\n");
    return 2;
  }
  // Base 0x100000000 keeps every offset above the base (offset 0 included); size: the whole rest.
  const uint64_t base = 0x100000000ULL;
  BasicCodeModule module(base, ~0ULL - base, "module", "", "module", "", "");
  BasicSourceLineResolver resolver;
  if (!resolver.LoadModule(&module, argv[1])) {
    std::fprintf(stderr, "cannot load %s\n", argv[1]);
    return 1;
  }
  std::string line;
  while (std::getline(std::cin, line)) {
    uint64_t offset = std::stoull(line, nullptr, 16);
    StackFrame frame;
    frame.instruction = base + offset;
    frame.module = &module;
    std::deque<std::unique_ptr<StackFrame>> inlined;
    resolver.FillSourceLineInfo(&frame, &inlined);
    std::printf("0x%llx\t", (unsigned long long)offset);
    if (frame.function_name.empty()) {
      std::printf("-");
    } else {
      for (auto& f : inlined) {
        print(*f);
        std::printf(";");
      }
      print(frame);
    }
    std::unique_ptr<google_breakpad::CFIFrameInfo> cfi(resolver.FindCFIFrameInfo(&frame));
    std::printf("\t%s\n", cfi ? cfi->Serialize().c_str() : "-");
  }
  return 0;
}
