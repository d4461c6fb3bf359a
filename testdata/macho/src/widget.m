// Objective-C part: a root class (no Foundation needed) with instance and class methods, so the
// symbol table holds -[Class sel:] / +[Class sel:] names (which have no leading underscore).
#include "app.h"

__attribute__((objc_root_class))
@interface CKWidget {
    int _value;
}
+ (int)combineA:(int)a withB:(int)b;
- (int)valueTimes:(int)k;
- (int)crashWithPointer:(int *)p;
@end

@implementation CKWidget
+ (int)combineA:(int)a withB:(int)b {
    return a * 16 + b;
}
- (int)valueTimes:(int)k {
    return _value * k;
}
- (int)crashWithPointer:(int *)p {
    return *p + _value;
}
@end

int objc_entry(int x) {
    return [CKWidget combineA:x withB:2];
}

