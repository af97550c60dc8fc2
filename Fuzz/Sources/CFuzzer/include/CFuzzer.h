// libFuzzer's driver, for fuzz targets whose `main` is their own (SwiftPM executables).
#ifndef CFUZZER_H
#define CFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with the command line `argc`/`argv` on `callback` (libFuzzer ≥ 11, linked in by
/// `-sanitize=fuzzer`); returns the process exit status.
int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));

#endif
