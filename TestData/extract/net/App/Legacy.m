#import "Legacy.h"

// NSLocalizedString(@"Commented out", nil) is not code.
@implementation Legacy
- (void)report {
    NSLog(@"Legacy "
          @"key");
}
@end
