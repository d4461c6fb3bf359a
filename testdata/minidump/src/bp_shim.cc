// The Breakpad Linux client, installed from C: writes DIR/<guid>.dmp when the process crashes.
#include "client/linux/handler/exception_handler.h"
#include <cstdio>

static bool done(const google_breakpad::MinidumpDescriptor &d, void *, bool ok) {
    std::fprintf(stderr, "minidump %s: %s\n", ok ? "written" : "FAILED", d.path());
    return ok;
}

extern "C" void install_breakpad(const char *dir) {
    static google_breakpad::ExceptionHandler *handler = new google_breakpad::ExceptionHandler(
            google_breakpad::MinidumpDescriptor(dir), nullptr, done, nullptr, true, -1);
    (void) handler;
}
