#ifndef LHC_CLIBXML2_SHIM_H
#define LHC_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
#include <libxml/xmlIO.h>
#include <libxml/xmlsave.h>
#include <libxml/tree.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#endif
