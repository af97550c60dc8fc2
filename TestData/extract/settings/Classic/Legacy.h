#define ClassicLocalized(key) NSLocalizedString(key, nil)
