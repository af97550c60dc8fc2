#ifndef LHC_CLIBDEFLATE_SHIM_H
#define LHC_CLIBDEFLATE_SHIM_H
#include <libdeflate.h>
#endif
