/* mse-otf2 EVENTS DIRECTORY: reads the emulator's event stream (docs/otf2.md) from the file EVENTS and writes the
 * OTF2 archive DIRECTORY/traces.otf2 with libotf2. The emulator runs it once a run's timeline is final; exit 0 on
 * success, else 1 with one line on stderr saying why. */
#include "archive.h"
#include "events.h"

#include <stdio.h>

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: mse-otf2 EVENTS DIRECTORY\n");
        return 2;
    }
    FILE *in = fopen(argv[1], "r");
    if (in == NULL) {
        perror(argv[1]);
        return 1;
    }
    char error[512];
    struct trace trace;
    int status = trace_read(in, &trace, error, sizeof error);
    fclose(in);
    if (status == 0) {
        status = archive_write(&trace, argv[2], error, sizeof error);
    }
    trace_free(&trace);
    if (status != 0) {
        fprintf(stderr, "mse-otf2: %s\n", error);
        return 1;
    }
    return 0;
}
