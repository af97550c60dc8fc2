/*
 * The hardware floor of `lhc compile` (Benchmarks/README.md, target (j)): what any compiler of a
 * catalog must do at least, on one thread — read the catalog, check that it is UTF-8, and write
 * as many bytes as lhc's output into as many files.
 *
 *     floor CATALOG OUT MANIFEST
 *
 * MANIFEST has one line per output file of lhc: `SIZE RELATIVE/PATH`. Each file is created under
 * OUT (its folder made first) and filled with SIZE bytes taken from the catalog, cycling. The
 * catalog is read with read(2) into one buffer; the check is RFC 3629 UTF-8 (no overlongs, no
 * surrogates, nothing above U+10FFFF), eight ASCII bytes at a time. Exit status 0, or 1 with a
 * message (invalid UTF-8 included, with its offset).
 *
 * Built by Benchmarks/run.py with `cc -O2` into the work directory.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int fail(const char *what, const char *path) {
  fprintf(stderr, "floor: %s %s: %s\n", what, path, strerror(errno));
  return 1;
}

/* Offset of the first byte that is not part of valid UTF-8, or `count` when all of it is. */
static size_t invalid_utf8(const unsigned char *bytes, size_t count) {
  size_t i = 0;
  while (i < count) {
    if (i + 8 <= count) {
      uint64_t word;
      memcpy(&word, bytes + i, 8);
      if ((word & 0x8080808080808080ull) == 0) {
        i += 8;
        continue;
      }
    }
    unsigned char lead = bytes[i];
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    size_t length;
    unsigned char low = 0x80, high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      if (lead == 0xE0) low = 0xA0;
      if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      if (lead == 0xF0) low = 0x90;
      if (lead == 0xF4) high = 0x8F;
    } else {
      return i;
    }
    if (i + length > count) return i;
    if (bytes[i + 1] < low || bytes[i + 1] > high) return i;
    for (size_t k = 2; k < length; k++) {
      if ((bytes[i + k] & 0xC0) != 0x80) return i;
    }
    i += length;
  }
  return count;
}

/* mkdir -p of the folders of `path` (a relative path below the current directory). */
__attribute__((unused)) static int make_parents(char *path) {
  for (char *slash = strchr(path, '/'); slash; slash = strchr(slash + 1, '/')) {
    *slash = 0;
    int made = mkdir(path, 0777) == 0 || errno == EEXIST;
    *slash = '/';
    if (!made) return -1;
  }
  return 0;
}

/* The file at `path` read with read(2) into one buffer of its size; nil (after a message) when it
   cannot be read. */
static unsigned char *read_whole(const char *path, size_t *size) {
  int fd = open(path, O_RDONLY);
  if (fd < 0) return fail("cannot open", path), NULL;
  struct stat info;
  if (fstat(fd, &info) != 0) return fail("cannot stat", path), NULL;
  *size = (size_t)info.st_size;
  unsigned char *bytes = malloc(*size ? *size : 1);
  if (!bytes) return NULL;
  size_t done = 0;
  while (done < *size) {
    ssize_t n = read(fd, bytes + done, *size - done);
    if (n <= 0) return fail("cannot read", path), NULL;
    done += (size_t)n;
  }
  close(fd);
  return bytes;
}

/* compile-floor.c includes this file for the UTF-8 check and read_whole, without this main. */
#ifndef FLOOR_NO_MAIN
int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: floor CATALOG OUT MANIFEST\n");
    return 64;
  }
  size_t size = 0;
  unsigned char *bytes = read_whole(argv[1], &size);
  if (!bytes) return 1;
  size_t bad = invalid_utf8(bytes, size);
  if (bad != size) {
    fprintf(stderr, "floor: %s: invalid UTF-8 at byte %zu\n", argv[1], bad);
    return 1;
  }

  FILE *manifest = fopen(argv[3], "r");
  if (!manifest) return fail("cannot open", argv[3]);
  if (mkdir(argv[2], 0777) != 0 && errno != EEXIST) return fail("cannot create", argv[2]);
  if (chdir(argv[2]) != 0) return fail("cannot enter", argv[2]);
  size_t source = 0;
  long long want;
  char path[4096];
  while (fscanf(manifest, "%lld %4095s", &want, path) == 2) {
    if (make_parents(path) != 0) return fail("cannot create the folders of", path);
    int out = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (out < 0) return fail("cannot create", path);
    size_t left = (size_t)want;
    while (left > 0) {
      if (source == size) source = 0;
      size_t piece = size - source < left ? size - source : left;
      ssize_t n = write(out, bytes + source, piece);
      if (n <= 0) return fail("cannot write", path);
      source += (size_t)n;
      left -= (size_t)n;
    }
    if (close(out) != 0) return fail("cannot close", path);
  }
  fclose(manifest);
  free(bytes);
  return 0;
}
#endif
