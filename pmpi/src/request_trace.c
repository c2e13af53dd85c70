/* Requests as an OTF2 trace shows them (docs/otf2.md): with settings.trace_calls, each receive request and each
 * nonblocking collective is numbered when it starts, and its start (REQUEST_STARTED) and its completion to the program
 * (REQUEST_COMPLETED) are told inside the calls that start and complete it, so that the archive writes MpiIrecvRequest
 * where MPI_Irecv was called and MpiIrecv where the wait or test completed it, and a nonblocking collective's request
 * and completion likewise. Only the program thread numbers requests. */
#include "request.h"
#include "schedule.h"

static void report_start(mse_request *r, int32_t context, int32_t first_tag, int32_t tags) {
    if (!mse_self.settings.trace_calls) {
        return;
    }
    r->traced = ++mse_self.traced_requests;
    mse_fact started = {.type = MSE_REQUEST_STARTED, .rank = mse_self.rank, .request = r->traced, .context = context,
                        .tag = first_tag, .tags = tags};
    mse_report(&started);
}

/* A receive from MPI_PROC_NULL is complete when posted, with no message: not a request the trace shows. */
void mse_request_trace_receive(mse_request *r) {
    if (!r->posted.complete) {
        report_start(r, r->into.route.context, MSE_ANY, 0);
    }
}

void mse_request_trace_collective(mse_request *r, int32_t context, int32_t first_tag) {
    report_start(r, context, first_tag, MSE_COLLECTIVE_TAGS);
}

void mse_request_trace_complete(mse_request *r) {
    if (r->traced == 0) {
        return;
    }
    mse_fact completed = {.type = MSE_REQUEST_COMPLETED, .rank = mse_self.rank, .request = r->traced, .peer = MSE_ANY,
                          .tag = MSE_ANY, .context = MSE_ANY};
    int cancelled = 0;
    if (r->is_receive) {
        PMPI_Test_cancelled(&r->status, &cancelled);
    }
    if (r->is_receive && !cancelled && r->status.MPI_SOURCE != MPI_PROC_NULL) {
        int bytes = 0;
        PMPI_Get_count(&r->status, MPI_BYTE, &bytes);
        completed.peer = mse_world_rank(r->comm, r->status.MPI_SOURCE);
        completed.tag = r->status.MPI_TAG;
        completed.context = r->into.route.context;
        completed.bytes = bytes == MPI_UNDEFINED ? 0 : bytes;
    }
    mse_report(&completed);
    r->traced = 0; /* a persistent request's next start is another */
}
