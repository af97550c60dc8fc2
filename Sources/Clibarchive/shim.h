#ifndef LHC_CLIBARCHIVE_SHIM_H
#define LHC_CLIBARCHIVE_SHIM_H
#include <archive.h>
#include <archive_entry.h>
#endif
