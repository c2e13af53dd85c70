/* Why refused calls are refused (refusals.h): each family's reason, in C's and Fortran's spelling, and none for a call
 * that only shares a family's first letters. */
#include <string.h>

#include "check.h"
#include "refusals.h"

static int says(const char *call, const char *words) {
    const char *reason = mse_refusal_reason(call);
    return reason != NULL && strstr(reason, words) != NULL;
}

int main(void) {
    CHECK(says("MPI_Intercomm_create", "intercommunicators"), "MPI_Intercomm_create");
    CHECK(says("MPI_INTERCOMM_MERGE", "intercommunicators"), "Fortran's MPI_INTERCOMM_MERGE");
    CHECK(says("MPI_Comm_spawn_multiple", "dynamic processes"), "MPI_Comm_spawn_multiple");
    CHECK(says("MPI_COMM_SPAWN", "dynamic processes"), "Fortran's MPI_COMM_SPAWN");
    CHECK(says("MPI_Win_fence", "one-sided"), "MPI_Win_fence");
    CHECK(says("MPI_Get", "one-sided") && says("MPI_Rget_accumulate", "one-sided"), "MPI_Get, MPI_Rget_accumulate");
    CHECK(mse_refusal_reason("MPI_Get_count") == NULL, "MPI_Get_count is no one-sided call");
    CHECK(says("MPI_File_write_at_all", "MPI-IO"), "MPI_File_write_at_all");
    CHECK(says("MPI_Ineighbor_alltoallw", "MPI_Cart_shift"), "MPI_Ineighbor_alltoallw");
    CHECK(says("MPI_Comm_idup", "MPI_Comm_dup"), "MPI_Comm_idup");
    CHECK(mse_refusal_reason("MPI_Comm_dup") == NULL, "MPI_Comm_dup is emulated");
    return checks_end("test_refusals");
}
