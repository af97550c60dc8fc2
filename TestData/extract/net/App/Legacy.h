#import <Foundation/Foundation.h>
#define kHeaderTitle @"Header title"
@interface Legacy : NSObject
@end
