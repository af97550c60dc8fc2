#ifndef LHC_CLIBXML2_SHIM_H
#define LHC_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU, and encoding.h then includes the system's <unicode/*.h>,
   whose enums clash with the ICU copy Foundation ships (_FoundationICU) in any module that sees
   both. lhc never touches ICU converters, so the headers are read without them. */
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlIO.h>
#include <libxml/xmlsave.h>
#include <libxml/tree.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#endif
