/* crashkit shim, force-included for dyld's and libpthread's headers: availability annotations
   are about OS versions, not layout; xnu's EXTERNAL_HEADERS/Availability.h predates the platforms
   dyld-1378 names, so they are defined empty here. */
#define __AVAILABILITY__
#define __AVAILABILITY_MACROS__
#define __API_AVAILABLE(...)
#define __API_UNAVAILABLE(...)
#define __API_DEPRECATED(...)
#define __API_DEPRECATED_WITH_REPLACEMENT(...)
#define __OSX_AVAILABLE_STARTING(...)
#define __OSX_AVAILABLE_BUT_DEPRECATED(...)
#define __OSX_AVAILABLE(...)
#define __IOS_AVAILABLE(...)
#define __TVOS_AVAILABLE(...)
#define __WATCHOS_AVAILABLE(...)
#define __IOS_PROHIBITED
#define __TVOS_PROHIBITED
#define __WATCHOS_PROHIBITED
#define __SPI_AVAILABLE(...)
#define __OSX_DEPRECATED(...)
#define __IOS_DEPRECATED(...)
#define __TVOS_DEPRECATED(...)
#define __WATCHOS_DEPRECATED(...)
#define __API_AVAILABLE_BEGIN(...)
#define __API_AVAILABLE_END
#define __WATCHOS_UNAVAILABLE
#define __TVOS_UNAVAILABLE
#define __IOS_UNAVAILABLE
#define __OSX_UNAVAILABLE
#define DYLD_EXCLAVEKIT_UNAVAILABLE
