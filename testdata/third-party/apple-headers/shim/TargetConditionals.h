/* crashkit shim: Apple's TargetConditionals.h (CarbonHeaders, not in xnu/dyld/libpthread), for macOS. */
#define TARGET_OS_MAC 1
#define TARGET_OS_OSX 1
#define TARGET_OS_IPHONE 0
#define TARGET_OS_IOS 0
#define TARGET_OS_WATCH 0
#define TARGET_OS_TV 0
#define TARGET_OS_BRIDGE 0
#define TARGET_OS_DRIVERKIT 0
#define TARGET_OS_SIMULATOR 0
#define TARGET_OS_EXCLAVEKIT 0
#define TARGET_OS_VISION 0
#define TARGET_OS_MACCATALYST 0
#define TARGET_OS_UNIX 0
#define TARGET_OS_WIN32 0
#define TARGET_OS_EMBEDDED 0
