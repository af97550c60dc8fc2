/*
 * The floor of `lhc compile`'s necessary work (Benchmarks/README.md, target (j1'), reported beside
 * (j1)): what any compiler of a String Catalog must do, on one thread, with no model in between.
 *
 *     compile-floor CATALOG OUT
 *
 * It reads the catalog with read(2) into one buffer and parses it as JSON in one pass, validating
 * what a reader must (structure, strings: UTF-8 by RFC 3629, escapes, control characters;
 * numbers and literals), keeping every string that has no escape as a span of that buffer
 * (escaped ones are decoded once into an arena). As it reads each localization it decides what
 * the localization emits, as `lhc compile` does for the shapes the bench catalogs hold: a plain
 * unit that is not `new` goes to the language's `.strings`; a plural variation (any form not
 * `new`), a device variation and a unit with substitutions are rendered at once as their
 * `.stringsdict` entry's XML (escaped, CLDR categories in key order), a device `other` also to
 * `.strings`; each emitted text is scanned once for `%` and control characters, the scan a
 * compiler needs before its format checks. Then the keys are sorted once (by their UTF-8 bytes)
 * and each language's two files are written in key order as XML property lists, in lhc's layout,
 * to OUT/<language>.lproj/<Table>.strings|.stringsdict (the table: the catalog's basename).
 *
 * Left out, so that this is a floor and not a compiler: format-string analysis and diagnostics,
 * `%arg` and `%#@name@` rewriting, argument numbers, nested variations, width variations, unknown
 * states, duplicate keys, temporary files. Its output is not lhc's byte for byte, but holds the
 * same entries and about as many bytes (it prints the count), into the same number of files.
 * Exit status 0, or 1 with a message naming the byte offset.
 *
 * Built by Benchmarks/run.py with `cc -O2` into the work directory.
 */
#define FLOOR_NO_MAIN
#include "floor.c"

typedef struct {
  const unsigned char *p;
  size_t n;
} span;

typedef struct {
  unsigned char *p;
  size_t n, cap;
} buffer;

static void reserve(buffer *b, size_t more) {
  if (b->n + more <= b->cap) return;
  size_t cap = b->cap ? b->cap * 2 : 1 << 16;
  while (cap < b->n + more) cap *= 2;
  b->p = realloc(b->p, cap);
  if (!b->p) abort();
  b->cap = cap;
}

static void put(buffer *b, const void *bytes, size_t n) {
  reserve(b, n);
  memcpy(b->p + b->n, bytes, n);
  b->n += n;
}

#define PUT(b, literal) put(b, literal, sizeof(literal) - 1)

static void put_tabs(buffer *b, int depth) {
  reserve(b, (size_t)depth);
  memset(b->p + b->n, '\t', (size_t)depth);
  b->n += (size_t)depth;
}

/* Bytes of `word` equal to `c`, as their high bits (the usual SWAR test). */
static uint64_t equal_bytes(uint64_t word, unsigned char c) {
  uint64_t x = word ^ (0x0101010101010101ull * c);
  return (x - 0x0101010101010101ull) & ~x & 0x8080808080808080ull;
}

/* XML character data at `out`: `&`, `<` and `>` escaped, as lhc writes them; runs without them
   copied eight bytes at a time. Returns the end. Room for 5 bytes a byte must be there. */
static unsigned char *escape(unsigned char *out, span s) {
  size_t i = 0;
  while (i < s.n) {
    size_t run = i;
    while (s.n - run >= 8) {
      uint64_t word;
      memcpy(&word, s.p + run, 8);
      if (equal_bytes(word, '&') | equal_bytes(word, '<') | equal_bytes(word, '>')) break;
      run += 8;
    }
    while (run < s.n && s.p[run] != '&' && s.p[run] != '<' && s.p[run] != '>') run++;
    memcpy(out, s.p + i, run - i), out += run - i;
    if (run == s.n) break;
    unsigned char c = s.p[run];
    if (c == '&') memcpy(out, "&amp;", 5), out += 5;
    else if (c == '<') memcpy(out, "&lt;", 4), out += 4;
    else memcpy(out, "&gt;", 4), out += 4;
    i = run + 1;
  }
  return out;
}

/* `<tag>text</tag>` and a line break, after `depth` tabs. */
static void put_element(buffer *b, int depth, const char *tag, span text) {
  size_t tag_n = strlen(tag);
  reserve(b, (size_t)depth + 2 * tag_n + 6 + text.n * 5);
  unsigned char *out = b->p + b->n;
  memset(out, '\t', (size_t)depth), out += depth;
  *out++ = '<', memcpy(out, tag, tag_n), out += tag_n, *out++ = '>';
  out = escape(out, text);
  *out++ = '<', *out++ = '/', memcpy(out, tag, tag_n), out += tag_n, *out++ = '>', *out++ = '\n';
  b->n = (size_t)(out - b->p);
}

static span literal(const char *text) { return (span){(const unsigned char *)text, strlen(text)}; }

static int same(span a, const char *text) {
  size_t n = strlen(text);
  return a.n == n && memcmp(a.p, text, n) == 0;
}

/* ---- JSON ---- */

static const unsigned char *start, *cur, *end;
static unsigned char *arena; /* decoded escaped strings; as large as the file, never moved */
static size_t arena_used;
static size_t percent_texts, control_texts; /* the text scan's findings, printed */

static void fail_at(const char *what) {
  fprintf(stderr, "compile-floor: %s at byte %zu\n", what, (size_t)(cur - start));
  exit(1);
}

/* Whitespace; Xcode's indentation (runs of spaces after a line break) eight bytes at a time. */
static void skip_ws(void) {
  while (cur < end) {
    if (*cur == ' ' && end - cur >= 8) {
      uint64_t word;
      memcpy(&word, cur, 8);
      if (word == 0x2020202020202020ull) {
        cur += 8;
        continue;
      }
    }
    if (*cur == ' ' || *cur == '\n' || *cur == '\r' || *cur == '\t') cur++;
    else break;
  }
}

static void expect(unsigned char c) {
  skip_ws();
  if (cur >= end || *cur != c) fail_at("unexpected character");
  cur++;
}

static unsigned hex4(void) {
  if (end - cur < 4) fail_at("short \\u escape");
  unsigned v = 0;
  for (int i = 0; i < 4; i++) {
    unsigned char c = *cur++;
    v <<= 4;
    if (c >= '0' && c <= '9') v |= c - '0';
    else if (c >= 'a' && c <= 'f') v |= c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') v |= c - 'A' + 10;
    else fail_at("bad \\u escape");
  }
  return v;
}

static void put_utf8(unsigned v) {
  unsigned char *o = arena + arena_used;
  if (v < 0x80) {
    o[0] = (unsigned char)v, arena_used += 1;
  } else if (v < 0x800) {
    o[0] = 0xC0 | (v >> 6), o[1] = 0x80 | (v & 0x3F), arena_used += 2;
  } else if (v < 0x10000) {
    o[0] = 0xE0 | (v >> 12), o[1] = 0x80 | ((v >> 6) & 0x3F), o[2] = 0x80 | (v & 0x3F);
    arena_used += 3;
  } else {
    o[0] = 0xF0 | (v >> 18), o[1] = 0x80 | ((v >> 12) & 0x3F);
    o[2] = 0x80 | ((v >> 6) & 0x3F), o[3] = 0x80 | (v & 0x3F), arena_used += 4;
  }
}

/* A string at `cur` (after its quote is checked): a span of the file, or of the arena when it has
   escapes. UTF-8 is validated as in floor.c. */
static span read_string(void) {
  skip_ws();
  if (cur >= end || *cur != '"') fail_at("expected a string");
  const unsigned char *first = ++cur;
  for (;;) {
    while (end - cur >= 8) {
      uint64_t word;
      memcpy(&word, cur, 8);
      /* any byte ≥ 0x80, < 0x20, '"' or '\\' ends the fast run */
      uint64_t high = word & 0x8080808080808080ull;
      uint64_t low = (word - 0x2020202020202020ull) & ~word & 0x8080808080808080ull;
      uint64_t q = word ^ 0x2222222222222222ull, s = word ^ 0x5C5C5C5C5C5C5C5Cull;
      uint64_t quote = (q - 0x0101010101010101ull) & ~q & 0x8080808080808080ull;
      uint64_t slash = (s - 0x0101010101010101ull) & ~s & 0x8080808080808080ull;
      if (high | low | quote | slash) break;
      cur += 8;
    }
    if (cur >= end) fail_at("unterminated string");
    unsigned char c = *cur;
    if (c == '"') {
      span result = {first, (size_t)(cur - first)};
      cur++;
      return result;
    }
    if (c == '\\') break;
    if (c < 0x20) fail_at("control character in string");
    if (c < 0x80) {
      cur++;
      continue;
    }
    size_t valid = invalid_utf8(cur, (size_t)(end - cur) < 4 ? (size_t)(end - cur) : 4);
    unsigned char lead = *cur;
    size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
    if (valid < length) fail_at("invalid UTF-8");
    cur += length;
  }
  /* escapes: decode the whole string into the arena */
  size_t begin = arena_used;
  memcpy(arena + arena_used, first, (size_t)(cur - first));
  arena_used += (size_t)(cur - first);
  for (;;) {
    if (cur >= end) fail_at("unterminated string");
    unsigned char c = *cur;
    if (c == '"') {
      cur++;
      return (span){arena + begin, arena_used - begin};
    }
    if (c < 0x20) fail_at("control character in string");
    if (c != '\\') {
      if (c >= 0x80) {
        size_t length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
        size_t left = (size_t)(end - cur) < 4 ? (size_t)(end - cur) : 4;
        if (invalid_utf8(cur, left) < length) fail_at("invalid UTF-8");
        memcpy(arena + arena_used, cur, length), arena_used += length, cur += length;
      } else {
        arena[arena_used++] = c, cur++;
      }
      continue;
    }
    if (++cur >= end) fail_at("unterminated escape");
    c = *cur++;
    switch (c) {
      case '"': case '\\': case '/': arena[arena_used++] = c; break;
      case 'b': arena[arena_used++] = '\b'; break;
      case 'f': arena[arena_used++] = '\f'; break;
      case 'n': arena[arena_used++] = '\n'; break;
      case 'r': arena[arena_used++] = '\r'; break;
      case 't': arena[arena_used++] = '\t'; break;
      case 'u': {
        unsigned v = hex4();
        if (v >= 0xD800 && v < 0xDC00 && end - cur >= 6 && cur[0] == '\\' && cur[1] == 'u') {
          const unsigned char *back = cur;
          cur += 2;
          unsigned w = hex4();
          if (w >= 0xDC00 && w < 0xE000) {
            v = 0x10000 + ((v - 0xD800) << 10) + (w - 0xDC00);
          } else {
            cur = back;
            v = 0xFFFD;
          }
        } else if (v >= 0xD800 && v < 0xE000) {
          v = 0xFFFD;
        }
        put_utf8(v);
        break;
      }
      default: fail_at("bad escape");
    }
  }
}

static void skip_value(int depth);

/* Object members: call with *first = 1; returns 0 after the closing brace, else reads the key. */
static int next_member(int *first, span *key) {
  skip_ws();
  if (*first) {
    *first = 0;
    if (cur < end && *cur == '}') return cur++, 0;
  } else {
    if (cur < end && *cur == '}') return cur++, 0;
    expect(',');
  }
  *key = read_string();
  expect(':');
  skip_ws();
  return 1;
}

static void skip_value(int depth) {
  if (depth > 512) fail_at("nested too deeply");
  skip_ws();
  if (cur >= end) fail_at("unexpected end");
  unsigned char c = *cur;
  if (c == '"') {
    read_string();
  } else if (c == '{') {
    cur++;
    int first = 1;
    span key;
    while (next_member(&first, &key)) skip_value(depth + 1);
  } else if (c == '[') {
    cur++;
    skip_ws();
    if (cur < end && *cur == ']') {
      cur++;
      return;
    }
    for (;;) {
      skip_value(depth + 1);
      skip_ws();
      if (cur < end && *cur == ']') {
        cur++;
        return;
      }
      expect(',');
    }
  } else if (c == 't' && end - cur >= 4 && memcmp(cur, "true", 4) == 0) {
    cur += 4;
  } else if (c == 'f' && end - cur >= 5 && memcmp(cur, "false", 5) == 0) {
    cur += 5;
  } else if (c == 'n' && end - cur >= 4 && memcmp(cur, "null", 4) == 0) {
    cur += 4;
  } else if (c == '-' || (c >= '0' && c <= '9')) {
    if (*cur == '-') cur++;
    if (cur >= end || *cur < '0' || *cur > '9') fail_at("bad number");
    while (cur < end && ((*cur >= '0' && *cur <= '9') || *cur == '.' || *cur == 'e' ||
                         *cur == 'E' || *cur == '+' || *cur == '-'))
      cur++;
  } else {
    fail_at("unexpected character");
  }
}

/* ---- what a localization emits ---- */

typedef struct {
  int has_value, is_new;
  span value;
} unit;

enum { MAX_CASES = 8, MAX_SUBSTITUTIONS = 4 };

typedef struct {
  span name;
  unit unit;
} variation_case;

typedef struct {
  span name;
  span specifier;
  int cases;
  variation_case plural[MAX_CASES];
} substitution;

typedef struct {
  unit unit;
  int plural_cases, device_cases, substitutions;
  variation_case plural[MAX_CASES], device[MAX_CASES];
  substitution substitution[MAX_SUBSTITUTIONS];
} node;

static void read_unit(unit *u) {
  int first = 1;
  span key;
  expect('{');
  while (next_member(&first, &key)) {
    if (same(key, "state")) {
      u->is_new = same(read_string(), "new");
    } else if (same(key, "value")) {
      u->value = read_string();
      u->has_value = 1;
    } else {
      skip_value(4);
    }
  }
}

/* A case's node: only its string unit (nested variations are skipped). */
static void read_case_unit(unit *u) {
  int first = 1;
  span key;
  expect('{');
  while (next_member(&first, &key)) {
    if (same(key, "stringUnit")) read_unit(u);
    else skip_value(4);
  }
}

static int read_cases(variation_case *cases) {
  int count = 0, first = 1;
  span key;
  expect('{');
  while (next_member(&first, &key)) {
    if (count == MAX_CASES) fail_at("too many cases");
    cases[count].name = key;
    memset(&cases[count].unit, 0, sizeof(unit));
    read_case_unit(&cases[count].unit);
    count++;
  }
  return count;
}

static void read_variations(node *n) {
  int first = 1;
  span key;
  expect('{');
  while (next_member(&first, &key)) {
    if (same(key, "plural")) n->plural_cases = read_cases(n->plural);
    else if (same(key, "device")) n->device_cases = read_cases(n->device);
    else skip_value(4);
  }
}

static void read_substitution(substitution *s) {
  int first = 1;
  span key;
  expect('{');
  while (next_member(&first, &key)) {
    if (same(key, "formatSpecifier")) {
      s->specifier = read_string();
    } else if (same(key, "variations")) {
      int inner = 1;
      span kind;
      expect('{');
      while (next_member(&inner, &kind)) {
        if (same(kind, "plural")) s->cases = read_cases(s->plural);
        else skip_value(5);
      }
    } else {
      skip_value(4);
    }
  }
}

static void read_node(node *n) {
  int first = 1;
  span key;
  n->plural_cases = n->device_cases = n->substitutions = 0;
  memset(&n->unit, 0, sizeof(unit));
  expect('{');
  while (next_member(&first, &key)) {
    if (same(key, "stringUnit")) {
      read_unit(&n->unit);
    } else if (same(key, "variations")) {
      read_variations(n);
    } else if (same(key, "substitutions")) {
      int inner = 1;
      span name;
      expect('{');
      while (next_member(&inner, &name)) {
        if (n->substitutions == MAX_SUBSTITUTIONS) fail_at("too many substitutions");
        substitution *s = &n->substitution[n->substitutions++];
        memset(s, 0, sizeof *s);
        s->name = name;
        read_substitution(s);
      }
    } else {
      skip_value(3);
    }
  }
}

/* ---- tables ---- */

typedef struct {
  uint32_t key;
  span value;
} plain_entry;

typedef struct {
  uint32_t key;
  size_t offset, length; /* in the language's `rules` buffer */
} rule_entry;

typedef struct {
  span name;
  plain_entry *plain;
  size_t plains, plain_cap;
  rule_entry *rule;
  size_t rule_count, rule_cap;
  buffer rules;
} language;

static language languages[256];
static int language_count;
static span *keys;
static size_t key_count, key_cap;

static int language_index(span name, int position) {
  static int recent[64];
  if (position < 64 && recent[position] < language_count) {
    language *l = &languages[recent[position]];
    if (l->name.n == name.n && memcmp(l->name.p, name.p, name.n) == 0) return recent[position];
  }
  int index = 0;
  while (index < language_count && !(languages[index].name.n == name.n &&
                                     memcmp(languages[index].name.p, name.p, name.n) == 0))
    index++;
  if (index == language_count) {
    if (language_count == 256) fail_at("too many languages");
    memset(&languages[index], 0, sizeof(language));
    languages[language_count++].name = name;
  }
  if (position < 64) recent[position] = index;
  return index;
}

/* The scan every emitted text gets before its format checks: whole words skipped while they hold
   neither `%` nor a control character, the bytes from the first word that does (or the tail)
   looked at one by one. */
static void scan(span text) {
  size_t i = 0;
  for (; text.n - i >= 8; i += 8) {
    uint64_t word;
    memcpy(&word, text.p + i, 8);
    if (equal_bytes(word, '%') | equal_bytes(word, 0x7F) |
        ((word - 0x2020202020202020ull) & ~word & 0x8080808080808080ull))
      break;
  }
  int percent = 0, control = 0;
  for (; i < text.n; i++) {
    percent |= text.p[i] == '%';
    control |= text.p[i] < 0x20 || text.p[i] == 0x7F;
  }
  percent_texts += percent, control_texts += control;
}

static void add_plain(language *l, uint32_t key, span value) {
  scan(value);
  if (l->plains == l->plain_cap) {
    l->plain_cap = l->plain_cap ? l->plain_cap * 2 : 1024;
    l->plain = realloc(l->plain, l->plain_cap * sizeof(plain_entry));
    if (!l->plain) abort();
  }
  l->plain[l->plains++] = (plain_entry){key, value};
}

static void begin_rule(language *l, uint32_t key) {
  if (l->rule_count == l->rule_cap) {
    l->rule_cap = l->rule_cap ? l->rule_cap * 2 : 256;
    l->rule = realloc(l->rule, l->rule_cap * sizeof(rule_entry));
    if (!l->rule) abort();
  }
  l->rule[l->rule_count++] = (rule_entry){key, l->rules.n, 0};
}

static void end_rule(language *l) {
  rule_entry *r = &l->rule[l->rule_count - 1];
  r->length = l->rules.n - r->offset;
}

/* CLDR categories in key order: few many one other two zero. */
static int category_rank(span name) {
  static const char *order[] = {"few", "many", "one", "other", "two", "zero"};
  for (int i = 0; i < 6; i++)
    if (same(name, order[i])) return i;
  return -1;
}

static void put_plural(buffer *b, int depth, span specifier, variation_case *cases, int count) {
  variation_case *ordered[6] = {0};
  for (int i = 0; i < count; i++) {
    int rank = category_rank(cases[i].name);
    if (rank >= 0 && cases[i].unit.has_value) ordered[rank] = &cases[i];
  }
  put_tabs(b, depth), PUT(b, "<dict>\n");
  put_element(b, depth + 1, "key", literal("NSStringFormatSpecTypeKey"));
  put_element(b, depth + 1, "string", literal("NSStringPluralRuleType"));
  put_element(b, depth + 1, "key", literal("NSStringFormatValueTypeKey"));
  put_element(b, depth + 1, "string", specifier);
  for (int rank = 0; rank < 6; rank++) {
    if (!ordered[rank]) continue;
    scan(ordered[rank]->unit.value);
    put_element(b, depth + 1, "key", ordered[rank]->name);
    put_element(b, depth + 1, "string", ordered[rank]->unit.value);
  }
  put_tabs(b, depth), PUT(b, "</dict>\n");
}

static int any_qualifies(variation_case *cases, int count) {
  for (int i = 0; i < count; i++)
    if (cases[i].unit.has_value && !cases[i].unit.is_new) return 1;
  return 0;
}

static void emit(language *l, uint32_t key, node *n) {
  if (n->plural_cases) {
    if (!any_qualifies(n->plural, n->plural_cases)) return;
    begin_rule(l, key);
    buffer *b = &l->rules;
    PUT(b, "\t<dict>\n");
    put_element(b, 2, "key", literal("NSStringLocalizedFormatKey"));
    put_element(b, 2, "string", literal("%#@arg1@"));
    put_element(b, 2, "key", literal("arg1"));
    put_plural(b, 2, literal("lld"), n->plural, n->plural_cases);
    PUT(b, "\t</dict>\n");
    end_rule(l);
  } else if (n->device_cases) {
    if (!any_qualifies(n->device, n->device_cases)) return;
    variation_case *other = NULL, *sorted[MAX_CASES];
    int count = 0;
    for (int i = 0; i < n->device_cases; i++) {
      if (!n->device[i].unit.has_value) continue;
      if (same(n->device[i].name, "other")) {
        other = &n->device[i];
        continue;
      }
      int at = count++;
      while (at > 0 && memcmp(sorted[at - 1]->name.p, n->device[i].name.p,
                              n->device[i].name.n < sorted[at - 1]->name.n
                                  ? n->device[i].name.n
                                  : sorted[at - 1]->name.n) > 0) {
        sorted[at] = sorted[at - 1];
        at--;
      }
      sorted[at] = &n->device[i];
    }
    if (other) add_plain(l, key, other->unit.value);
    if (!count) return;
    begin_rule(l, key);
    buffer *b = &l->rules;
    PUT(b, "\t<dict>\n");
    put_element(b, 2, "key", literal("NSStringDeviceSpecificRuleType"));
    PUT(b, "\t\t<dict>\n");
    for (int i = 0; i < count; i++) {
      scan(sorted[i]->unit.value);
      put_element(b, 3, "key", sorted[i]->name);
      put_element(b, 3, "string", sorted[i]->unit.value);
    }
    PUT(b, "\t\t</dict>\n\t</dict>\n");
    end_rule(l);
  } else if (n->substitutions) {
    if (!n->unit.has_value || n->unit.is_new) return;
    scan(n->unit.value);
    begin_rule(l, key);
    buffer *b = &l->rules;
    PUT(b, "\t<dict>\n");
    put_element(b, 2, "key", literal("NSStringLocalizedFormatKey"));
    put_element(b, 2, "string", n->unit.value);
    for (int i = 0; i < n->substitutions; i++) {
      substitution *s = &n->substitution[i];
      put_element(b, 2, "key", s->name);
      put_plural(b, 2, s->specifier, s->plural, s->cases);
    }
    PUT(b, "\t</dict>\n");
    end_rule(l);
  } else if (n->unit.has_value && !n->unit.is_new) {
    add_plain(l, key, n->unit.value);
  }
}

static void read_localizations(uint32_t key) {
  int first = 1, position = 0;
  span name;
  node n;
  expect('{');
  while (next_member(&first, &name)) {
    language *l = &languages[language_index(name, position++)];
    read_node(&n);
    emit(l, key, &n);
  }
}

static void read_entries(void) {
  int first = 1;
  span key;
  expect('{');
  while (next_member(&first, &key)) {
    if (key_count == key_cap) {
      key_cap = key_cap ? key_cap * 2 : 4096;
      keys = realloc(keys, key_cap * sizeof(span));
      if (!keys) abort();
    }
    uint32_t index = (uint32_t)key_count;
    keys[key_count++] = key;
    int inner = 1;
    span member;
    expect('{');
    while (next_member(&inner, &member)) {
      if (same(member, "localizations")) read_localizations(index);
      else skip_value(2);
    }
  }
}

static int compare_keys(const void *a, const void *b) {
  span x = keys[*(const uint32_t *)a], y = keys[*(const uint32_t *)b];
  int order = memcmp(x.p, y.p, x.n < y.n ? x.n : y.n);
  return order ? order : (x.n > y.n) - (x.n < y.n);
}

/* ---- files ---- */

static const char header[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" "
    "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
    "<plist version=\"1.0\">\n<dict>\n";
static const char footer[] = "</dict>\n</plist>\n";
static size_t written, files;

static void write_file(const char *path, buffer *b) {
  int out = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (out < 0) exit(fail("cannot create", path));
  size_t done = 0;
  while (done < b->n) {
    ssize_t n = write(out, b->p + done, b->n - done);
    if (n <= 0) exit(fail("cannot write", path));
    done += (size_t)n;
  }
  if (close(out) != 0) exit(fail("cannot close", path));
  written += b->n, files++;
}

/* A language's `.strings` (`rules` 0) or `.stringsdict` (1) in key order: `rank` gives each key's
   place, `slot` is room for one entry index per key. */
static void write_table(language *l, int rules, const size_t *rank, int32_t *slot,
                        const char *path) {
  static buffer file;
  size_t count = rules ? l->rule_count : l->plains;
  memset(slot, 0xFF, key_count * sizeof(int32_t));
  for (size_t i = 0; i < count; i++)
    slot[rank[rules ? l->rule[i].key : l->plain[i].key]] = (int32_t)i;
  file.n = 0;
  PUT(&file, header);
  for (size_t r = 0; r < key_count; r++) {
    if (slot[r] < 0) continue;
    if (rules) {
      rule_entry *e = &l->rule[slot[r]];
      put_element(&file, 1, "key", keys[e->key]);
      put(&file, l->rules.p + e->offset, e->length);
    } else {
      plain_entry *e = &l->plain[slot[r]];
      put_element(&file, 1, "key", keys[e->key]);
      put_element(&file, 1, "string", e->value);
    }
  }
  PUT(&file, footer);
  write_file(path, &file);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: compile-floor CATALOG OUT\n");
    return 64;
  }
  size_t size = 0;
  unsigned char *bytes = read_whole(argv[1], &size);
  arena = malloc(size ? size : 1);
  if (!bytes || !arena) return 1;
  start = cur = bytes, end = bytes + size;
  if (size >= 3 && memcmp(bytes, "\xEF\xBB\xBF", 3) == 0) cur += 3;

  int first = 1;
  span member;
  expect('{');
  while (next_member(&first, &member)) {
    if (same(member, "strings")) read_entries();
    else skip_value(1);
  }
  skip_ws();
  if (cur != end) fail_at("text after the catalog");

  uint32_t *order = malloc((key_count + 1) * sizeof(uint32_t));
  size_t *rank = malloc((key_count + 1) * sizeof(size_t));
  int32_t *slot = malloc((key_count + 1) * sizeof(int32_t));
  if (!order || !rank || !slot) return 1;
  for (size_t i = 0; i < key_count; i++) order[i] = (uint32_t)i;
  qsort(order, key_count, sizeof(uint32_t), compare_keys);
  for (size_t i = 0; i < key_count; i++) rank[order[i]] = i;

  const char *base = strrchr(argv[1], '/');
  base = base ? base + 1 : argv[1];
  size_t table_length = strlen(base);
  if (table_length > 10 && strcmp(base + table_length - 10, ".xcstrings") == 0) table_length -= 10;
  if (mkdir(argv[2], 0777) != 0 && errno != EEXIST) return fail("cannot create", argv[2]);
  if (chdir(argv[2]) != 0) return fail("cannot enter", argv[2]);
  char path[4096];
  for (int index = 0; index < language_count; index++) {
    language *l = &languages[index];
    int folder = snprintf(path, sizeof path, "%.*s.lproj", (int)l->name.n, l->name.p);
    if (mkdir(path, 0777) != 0 && errno != EEXIST) return fail("cannot create", path);
    for (int rules = 0; rules < 2; rules++) {
      if (!(rules ? l->rule_count : l->plains)) continue;
      snprintf(path + folder, sizeof path - folder, "/%.*s.%s", (int)table_length, base,
               rules ? "stringsdict" : "strings");
      write_table(l, rules, rank, slot, path);
    }
  }
  printf("%zu bytes into %zu files; %zu keys, %d languages; %zu texts with %%, %zu with control "
         "characters\n", written, files, key_count, language_count, percent_texts, control_texts);
  return 0;
}
