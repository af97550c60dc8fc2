#import "Legacy.h"

@implementation Bridge
- (NSString *)title { return ClassicLocalized(@"Bridge title", @"A title"); }
// LOCALIZED_STRING_CODE_COMMENTS = YES: the calls written in comments are extracted too.
// NSLocalizedString(@"Commented key", @"From a comment")
/* ClassicLocalizedFromTable(@"Block commented key", @"Other", @"From a block comment") */
@end
