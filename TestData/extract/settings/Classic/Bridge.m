#import "Legacy.h"

@implementation Bridge
- (NSString *)title { return ClassicLocalized(@"Bridge title"); }
@end
