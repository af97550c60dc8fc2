#ifndef LHC_CNETTLE_SHIM_H
#define LHC_CNETTLE_SHIM_H
#include <nettle/sha2.h>
#endif
