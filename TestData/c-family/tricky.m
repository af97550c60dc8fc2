// Lexer fixture (CFamilySourceTests): the corners of C-family lexing in one Objective-C file.
// A comment ending in a backslash continues on the next line: \
NSLocalizedString(@"hidden by the comment above", nil);
#import <Foundation/Foundation.h>
#import "Quoted.h" // "not a literal"
#pragma mark - "Section title is no literal"
#define kTitle NSLocalizedString(@"Title", @"A define's body is code")
#define kLong NSLocalizedStringFromTable(@"Long", \
    @"Table", /* a comment in a define */ @"comment")
#define STR(x) #x
#define CAT(a, b) a ## b
  # /* spaced */ define kSpaced @"spaced"
%:define kDigraph @"digraph"
#if 0
NSLocalizedString(@"never compiled", nil); // don't
#elif 1
NSString *active = NSLocalizedString(@"active branch", nil);
#else
NSString *inactive = NSLocalizedString(@"else of elif 1", nil);
#endif
#ifdef DEBUG
NSString *debug = @"maybe";
#endif

@interface Tricky : NSObject
@property(nonatomic, copy) NSString *name;
@end

@implementation Tricky
- (void)run {
  NSString *a = NSLocalizedString(@"Hello, " @"world" /* joined */
                                  "!", @"greeting");
  NSString *b = NSLocalizedStringFromTable(@"Key", @"Table", @"comment");
  NSString *c = NSLocalizedStringWithDefaultValue(@"k", nil, [NSBundle mainBundle],
                                                 @"Default \"quoted\" value", @"");
  CFStringRef d = CFCopyLocalizedString(CFSTR("CF key"), "CF comment");
  char e = '"', f = '\'', g = '\\';
  int h = 'abcd';
  const char *i = "tab\there\x41\101\u00e9\U0001F600";
  const char *j = "continued \
line";
  NSLocalized\
String(@"split identifier", nil);
  NSArray *k = @[ @1, @2.5, @YES, @(h), @{@"key" : @"value"} ];
  SEL l = @selector(run);
  id m = @"%@ %d %%";
  x = a<:0:> + b<%c%>;
  y = p->q ? r::s : t.*u;
}
@end
