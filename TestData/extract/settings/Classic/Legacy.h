#define ClassicLocalized(key, comment) NSLocalizedString(key, comment)
