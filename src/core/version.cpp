// The run-time version of the library.

#include "provix/version.h"

namespace provix {

const char* version() { return PROVIX_VERSION_STRING; }

}  // namespace provix
