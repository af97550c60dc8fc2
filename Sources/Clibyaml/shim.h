#ifndef LHC_CLIBYAML_SHIM_H
#define LHC_CLIBYAML_SHIM_H
#include <yaml.h>
#endif
