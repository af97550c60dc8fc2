/* The compiler oracle's program (CFamilySourceTests, CompilerOracleTests): compiled with
 * -DLITERALS='"<file>"' as C (cc) or C++ (c++), it prints every literal of <file>, one line each:
 * the code unit width, a colon, the code units in hex (the terminating zero left out). In <file>
 * each element is N(…) for char, U16(…) for char16_t, U32(…) for char32_t, WL(…) for wchar_t. */
#include <stdio.h>
#include <uchar.h>
#include <wchar.h>

struct literal {
  int bits;
  const void *units;
  size_t count;
};

#define N(x) {8, x, sizeof(x) - 1},
#define U16(x) {16, x, sizeof(x) / sizeof(char16_t) - 1},
#define U32(x) {32, x, sizeof(x) / sizeof(char32_t) - 1},
#define WL(x) {(int)(8 * sizeof(wchar_t)), x, sizeof(x) / sizeof(wchar_t) - 1},

static const struct literal literals[] = {
#include LITERALS
};

int main(void) {
  for (size_t i = 0; i < sizeof literals / sizeof literals[0]; i++) {
    const struct literal *literal = &literals[i];
    printf("%d:", literal->bits);
    for (size_t j = 0; j < literal->count; j++) {
      unsigned long unit = 0;
      if (literal->bits == 8) unit = ((const unsigned char *)literal->units)[j];
      if (literal->bits == 16) unit = ((const char16_t *)literal->units)[j];
      if (literal->bits == 32) unit = ((const char32_t *)literal->units)[j];
      printf("%s%lx", j ? " " : "", unit);
    }
    printf("\n");
  }
  return 0;
}
