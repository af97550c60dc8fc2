#ifndef LHC_CLIBXML2_SHIM_H
#define LHC_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
/*
 * Debian's libxml2 is built with ICU, so <libxml/encoding.h> would include the system's
 * <unicode/ucnv.h>. Foundation brings its own ICU headers (module _FoundationICU) with a
 * different `enum UErrorCode`, and a Swift module that sees both fails to build ("'UErrorCode'
 * has different definitions in different modules"). lhc never touches libxml2's ICU converter
 * fields (the tail of `xmlCharEncodingHandler`), so hide them.
 */
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlIO.h>
#include <libxml/xmlsave.h>
#include <libxml/tree.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#endif
