// The floor of `lhc pack --from`'s necessary work (issue 24, pack part; run.py's (g1'), (g2')
// line runs it as `7 dp1`, and it can be run by hand): one thread that, for each file named on
// the command line, reads it, takes its CRC-32, deflates it with libdeflate at LEVEL (lhc uses 7,
// the lowest level whose archive is no larger than Info-ZIP's `zip -6`), inflates it back and
// checks the CRC (`d`), and parses it with libxml2's SAX2 parser with empty callbacks and lhc's
// options, XML_PARSE_NONET (`p`), or, with `1` too, without namespace processing (libxml2's SAX1
// tags, the handler not marked SAX2's), as lhc's fast paths parse since session i24p
// (`XMLPlistReader.installSAX1`). Nothing is kept, no value is built, no archive is written.
//
//   cc -O2 Benchmarks/pack-floor.c -o pack-floor $(pkg-config --cflags --libs libxml-2.0 libdeflate)
//   /usr/bin/time -f '%e %U %S' ./pack-floor 7 dp1 TREE/*.lproj/*
#include <libdeflate.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void start(void *c, const xmlChar *l, const xmlChar *p, const xmlChar *u, int n,
                  const xmlChar **ns, int na, int nd, const xmlChar **a) {}
static void end(void *c, const xmlChar *l, const xmlChar *p, const xmlChar *u) {}
static void chars(void *c, const xmlChar *t, int n) {}
static void start1(void *c, const xmlChar *name, const xmlChar **attributes) {}
static void end1(void *c, const xmlChar *name) {}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: pack-floor LEVEL d|p|dp|p1|dp1 FILE...\n");
    return 64;
  }
  int level = atoi(argv[1]);
  int deflate = strchr(argv[2], 'd') != NULL, parse = strchr(argv[2], 'p') != NULL;
  int sax1 = strchr(argv[2], '1') != NULL;
  struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
  struct libdeflate_decompressor *decompressor = libdeflate_alloc_decompressor();
  if (!compressor || !decompressor) return 1;
  size_t total = 0, packed = 0;
  xmlInitParser();
  for (int i = 3; i < argc; i++) {
    FILE *file = fopen(argv[i], "rb");
    if (!file) return 1;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *bytes = malloc(size);
    if (fread(bytes, 1, size, file) != (size_t)size) return 1;
    fclose(file);
    total += size;
    if (deflate) {
      unsigned crc = libdeflate_crc32(0, bytes, size);
      size_t bound = libdeflate_deflate_compress_bound(compressor, size), got = 0;
      char *out = malloc(bound), *back = malloc(size);
      size_t count = libdeflate_deflate_compress(compressor, bytes, size, out, bound);
      packed += count;
      if (libdeflate_deflate_decompress(decompressor, out, count, back, size, &got) != 0
          || got != (size_t)size || libdeflate_crc32(0, back, size) != crc)
        return 2;
      free(out);
      free(back);
    }
    if (parse) {
      xmlParserCtxtPtr context = xmlCreateMemoryParserCtxt(bytes, (int)size);
      xmlCtxtUseOptions(context, XML_PARSE_NONET);
      context->sax->startElementNs = start;
      context->sax->endElementNs = end;
      context->sax->characters = chars;
      context->sax->ignorableWhitespace = chars;
      context->sax->comment = NULL;
      context->sax->processingInstruction = NULL;
      context->sax->externalSubset = NULL;
      if (sax1) {
        context->sax->initialized = 1;
        context->sax->startElementNs = NULL;
        context->sax->endElementNs = NULL;
        context->sax->startElement = start1;
        context->sax->endElement = end1;
        context->sax->error = NULL;
        context->sax->warning = NULL;
        context->sax->fatalError = NULL;
      }
      xmlParseDocument(context);
      if (!context->wellFormed || (sax1 && context->lastError.code != 0)) return 3;
      if (context->myDoc) xmlFreeDoc(context->myDoc);
      xmlFreeParserCtxt(context);
    }
    free(bytes);
  }
  fprintf(stderr, "%zu bytes read, %zu bytes of deflate data\n", total, packed);
  return 0;
}
