// Objective-C is extracted whatever the Swift settings say.
NSString *QuietTitle(void) { return NSLocalizedString(@"Quiet objc", @"From Objective-C"); }
