// Objective-C metadata for the stripped-image name sources (testdata/macho/objc/README.md).
// No Foundation: a root class of our own, a subclass, two categories on our classes and one on a
// class that lives in another image (NSObject, resolved by dyld: a bind, not a rebase).
#include "shapes.h"

__attribute__((objc_root_class))
@interface CKRoot {
    int _tag;
}
+ (id)alloc;
+ (int)rootVersion;
- (int)tag;
- (void)setTag:(int)t;
- (int)describeWithIndent:(int)indent depth:(int)depth;
@end

@interface CKShape : CKRoot {
    int _sides;
}
+ (id)shapeWithSides:(int)n;
- (int)sides;
- (int)area;
- (int)tag;
@end

// A class from another image: only its name is known here (lld binds the category's cls slot).
__attribute__((objc_root_class))
@interface NSObject
@end

@implementation CKRoot
+ (id)alloc {
    return 0;
}
+ (int)rootVersion {
    return ck_mix(3);
}
- (int)tag {
    return _tag;
}
- (void)setTag:(int)t {
    _tag = ck_mix(t);
}
- (int)describeWithIndent:(int)indent depth:(int)depth {
    return _tag * indent + depth;
}
@end

@implementation CKShape
+ (id)shapeWithSides:(int)n {
    return (id)(long)ck_mix(n);
}
- (int)sides {
    return _sides;
}
- (int)area {
    return _sides * _sides + ck_mix(_sides);
}
- (int)tag {
    return -_sides;
}
@end

@interface CKRoot (Debugging)
+ (int)debugLevel;
- (int)crashWithPointer:(int *)p;
@end

@implementation CKRoot (Debugging)
+ (int)debugLevel {
    return 2;
}
- (int)crashWithPointer:(int *)p {
    return *p + ck_mix(7);
}
@end

@interface CKShape (Geometry)
- (int)perimeterWithSide:(int)side;
@end

@implementation CKShape (Geometry)
- (int)perimeterWithSide:(int)side {
    return side * ck_mix(side);
}
@end

@interface NSObject (CKHelpers)
- (int)ck_hashSeed;
+ (int)ck_classSeed;
@end

@implementation NSObject (CKHelpers)
- (int)ck_hashSeed {
    return ck_mix(41);
}
+ (int)ck_classSeed {
    return ck_mix(43);
}
@end
