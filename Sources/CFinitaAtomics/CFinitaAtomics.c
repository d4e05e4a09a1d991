// The operations are inline functions in the header; this file gives the target a source.
#include "CFinitaAtomics.h"
