/*
 * Copyright (c) 2004-2007 Apple Inc. All rights reserved.
 */
#ifndef _ARM__LIMITS_H_
#define _ARM__LIMITS_H_

#if defined (__arm__) || defined (__arm64__)

#define __DARWIN_CLK_TCK                100     /* ticks per second */

#endif /* defined (__arm__) || defined (__arm64__) */

#endif  /* _ARM__LIMITS_H_ */
