/* crashkit shim: xnu generates this header at build time (sys/make_symbol_aliasing.sh); the
   structures and constants read here use none of its macros. */
