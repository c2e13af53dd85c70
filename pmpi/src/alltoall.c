/* MPI_Alltoall and MPI_Ialltoall (a schedule, schedule.h): every rank sends each other rank its block directly (tag
 * MSE_ALLTOALL_TAG), nearest to the right first, then receives from the left in turn. */
#include "schedule.h"

/* Every rank sends each other rank its block, nearest to the right first, then receives from the left in turn. */
typedef struct {
    mse_schedule s;
    const void *sendbuf;
    int sendcount, recvcount;
    MPI_Datatype sendtype, recvtype;
    void *recvbuf;
} alltoall;

/* The block for rank r: in recvbuf (in place) or in sendbuf. */
static char *block_for(const alltoall *c, const void *buf, int r) {
    return buf == c->recvbuf ? mse_element_at(buf, (MPI_Aint) r * c->recvcount, c->recvtype)
                             : mse_element_at(buf, (MPI_Aint) r * c->sendcount, c->sendtype);
}

/* Every send, and this rank's own block, at the start. */
static void alltoall_send(alltoall *c) {
    int np = c->s.comm->size, me = c->s.comm->rank, in_place = c->sendbuf == MPI_IN_PLACE;
    int tag = c->s.tags + MSE_ALLTOALL_TAG;
    const char *call = c->s.call;
    mse_entries kept = {NULL, 0, 0};
    if (in_place) { /* the blocks to send are in recvbuf, which the receives overwrite: each is packed first, through
                     * the type (never recvbuf's span), in the order they go; its own block stays where it is */
        for (int i = 1; i < np; i++) {
            int to = (me + i) % np;
            mse_add_entry(call, &kept, to, block_for(c, c->recvbuf, to), c->recvcount, c->recvtype);
        }
    }
    for (int i = 1, at = 0, next; i < np; i++, at = next) {
        int to = (me + i) % np;
        if (in_place) {
            mse_entries_rank_at(&kept, at, &next);
            mse_send(call, kept.bytes + at + MSE_ENTRY_HEADER_BYTES, next - at - MSE_ENTRY_HEADER_BYTES, MPI_PACKED,
                     c->s.route, to, tag);
        } else {
            mse_send(call, block_for(c, c->sendbuf, to), c->sendcount, c->sendtype, c->s.route, to, tag);
        }
    }
    if (!in_place) { /* its own block, copied through MPI's packing */
        mse_entries own = {NULL, 0, 0};
        mse_add_entry(call, &own, me, block_for(c, c->sendbuf, me), c->sendcount, c->sendtype);
        mse_unpack_entry(&own, 0, block_for(c, c->recvbuf, me), c->recvcount, c->recvtype);
        mse_entries_free(&own);
    }
    mse_entries_free(&kept);
}

static int alltoall_resume(mse_schedule *s) {
    alltoall *c = (alltoall *) s;
    if (s->i == 0) {
        alltoall_send(c);
        s->i = 1;
    }
    if (s->i < s->comm->size) {
        int from = (s->comm->rank - s->i++ + s->comm->size) % s->comm->size;
        return mse_schedule_receive(s, from, s->tags + MSE_ALLTOALL_TAG, block_for(c, c->recvbuf, from),
                                    c->recvcount, c->recvtype, NULL, NULL);
    }
    return 0;
}

static mse_schedule *alltoall_of(const char *call, mse_collective tags, const void *sendbuf, int sendcount,
                                 MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype) {
    alltoall *c = mse_schedule_new(sizeof *c, call, tags, MSE_TREE_NONE, alltoall_resume, NULL);
    *c = (alltoall) {c->s, sendbuf, sendcount, recvcount, sendtype, recvtype, recvbuf};
    return &c->s;
}

int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, MPI_Comm comm) {
    int code = mse_collective_checked("MPI_Alltoall", comm, sendbuf == MPI_IN_PLACE ? recvcount : sendcount,
                                      sendbuf == MPI_IN_PLACE ? recvtype : sendtype, MSE_NO_ROOT, NULL, 1);
    if (code != MPI_SUCCESS) {
        return code;
    }
    mse_collective tags = mse_collective_begin("MPI_Alltoall", comm, 0);
    return mse_collective_run(alltoall_of("MPI_Alltoall", tags, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                          recvtype));
}

int MPI_Ialltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request) {
    int code = mse_collective_checked("MPI_Ialltoall", comm, sendbuf == MPI_IN_PLACE ? recvcount : sendcount,
                                      sendbuf == MPI_IN_PLACE ? recvtype : sendtype, MSE_NO_ROOT, NULL, 1);
    if (code != MPI_SUCCESS) {
        return code;
    }
    mse_collective tags = mse_collective_begin("MPI_Ialltoall", comm, 1);
    return mse_collective_start(alltoall_of("MPI_Ialltoall", tags, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                            recvtype), request);
}
