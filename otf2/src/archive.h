/* Writing a trace (events.h) as an OTF2 archive with the reference library, libotf2. */
#ifndef MSE_OTF2_ARCHIVE_H
#define MSE_OTF2_ARCHIVE_H

#include "events.h"

/* Writes `directory`/traces.otf2, traces.def and traces/ (the directory must not hold an archive already). Returns
 * -1 with a one-line reason in `error` when the library refuses. */
int archive_write(const struct trace *trace, const char *directory, char *error, size_t error_size);

#endif
