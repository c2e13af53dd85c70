/* The families of refused calls and why each is refused (docs/interposition.md, "What is refused"). A family is named by
 * its calls' common prefix, or by a whole name where a prefix would also take a call that is emulated or passed through
 * (MPI_Get is one-sided, MPI_Get_count is local). Fortran entries name the call in capitals: matched in any case. */
#include "refusals.h"

#include <stddef.h>
#include <string.h>
#include <strings.h>

typedef struct {
    const char *name;
    int whole; /* the name is a whole call, not a prefix */
    const char *reason;
} refusal;

static const char ONE_SIDED[] = "one-sided communication is not modelled: LogGPS charges a message at its sender and its "
                                "receiver, and a window's target makes no call to charge";
static const char DYNAMIC[] = "dynamic processes are not modelled: the emulator's network holds the ranks mpirun started, "
                              "P fixed for the run";
static const char INTERCOMM[] = "intercommunicators are not emulated: their ranks name the other group, which no "
                                "emulated route knows; one intracommunicator split into the groups does the same work";

static const refusal REFUSALS[] = {
    {"MPI_Win_", 0, ONE_SIDED},
    {"MPI_Put", 1, ONE_SIDED},
    {"MPI_Rput", 1, ONE_SIDED},
    {"MPI_Get", 1, ONE_SIDED},
    {"MPI_Rget", 1, ONE_SIDED},
    {"MPI_Accumulate", 1, ONE_SIDED},
    {"MPI_Raccumulate", 1, ONE_SIDED},
    {"MPI_Get_accumulate", 1, ONE_SIDED},
    {"MPI_Rget_accumulate", 1, ONE_SIDED},
    {"MPI_Fetch_and_op", 1, ONE_SIDED},
    {"MPI_Compare_and_swap", 1, ONE_SIDED},
    {"MPI_File_", 0, "MPI-IO is not modelled: the target's file system is not part of its profile"},
    {"MPI_Register_datarep", 1, "MPI-IO is not modelled: the target's file system is not part of its profile"},
    {"MPI_Comm_spawn", 0, DYNAMIC},
    {"MPI_Comm_accept", 1, DYNAMIC},
    {"MPI_Comm_connect", 1, DYNAMIC},
    {"MPI_Comm_disconnect", 1, DYNAMIC},
    {"MPI_Comm_join", 1, DYNAMIC},
    {"MPI_Open_port", 1, DYNAMIC},
    {"MPI_Close_port", 1, DYNAMIC},
    {"MPI_Publish_name", 1, DYNAMIC},
    {"MPI_Unpublish_name", 1, DYNAMIC},
    {"MPI_Lookup_name", 1, DYNAMIC},
    {"MPI_Intercomm_", 0, INTERCOMM},
    {"MPI_Neighbor_", 0, "neighborhood collectives are not emulated yet: the topology constructors and queries are, so "
                         "point-to-point to the neighbours MPI_Cart_shift or MPI_Dist_graph_neighbors name does the same"},
    {"MPI_Ineighbor_", 0, "neighborhood collectives are not emulated yet: the topology constructors and queries are, so "
                          "point-to-point to the neighbours MPI_Cart_shift or MPI_Dist_graph_neighbors name does the same"},
    {"MPI_Comm_idup", 1, "nonblocking communicator creation is not emulated: MPI_Comm_dup is"},
    {"MPI_Grequest_", 0, "generalized requests are not emulated: the program completes them itself, at a time the "
                         "emulator cannot place in virtual time"},
};

const char *mse_refusal_reason(const char *call) {
    for (size_t i = 0; i < sizeof REFUSALS / sizeof REFUSALS[0]; i++) {
        const refusal *r = &REFUSALS[i];
        if (r->whole ? strcasecmp(call, r->name) == 0 : strncasecmp(call, r->name, strlen(r->name)) == 0) {
            return r->reason;
        }
    }
    return NULL;
}
