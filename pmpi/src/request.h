/* The library's requests. An MPI_Irecv takes no message when posted (posted.h), so its request cannot be Open MPI's:
 * the handle the program holds points at one of these. A send completes when posted (p2p.c). A persistent request
 * (MPI_Send_init, MPI_Recv_init, ...; persistent.c) keeps its call's arguments and is started again and again: each
 * start is the matching nonblocking call, each completion leaves it inactive, not freed. */
#ifndef MSE_REQUEST_H
#define MSE_REQUEST_H

#include "rank.h"

typedef struct {
    uint32_t magic;          /* tells the library's requests from anything else handed in */
    int is_receive;
    mse_posted posted;       /* a receive's pattern and place among the pending ones */
    mse_destination into;    /* where a receive's message goes; a persistent send's buffer, count and type */
    int owns_type;           /* into.type is the library's copy of a derived type, freed with the request */
    MPI_Status status;       /* the receive's status, kept for the wait or test that completes it */
    int persistent;          /* made by an MPI_*_init call: completion makes it inactive, MPI_Request_free frees it */
    int active;              /* a persistent request between MPI_Start and its completion */
    const char *call;        /* a persistent request's init call, named in its sends' messages */
    int peer, tag;           /* a persistent send's destination and tag */
} mse_request;

/* A new request handle: a completed send, or a receive posted now. */
MPI_Request mse_request_send(void);
MPI_Request mse_request_receive(void *buf, int count, MPI_Datatype type, mse_route route, int source, int tag);
/* A new inactive persistent request: a send of count elements of type at buf to peer (a rank of the route's
 * communicator; its type held as a pending receive holds one), or a receive from peer into them. */
mse_request *mse_request_persistent(const char *call, int is_receive, const void *buf, int count, MPI_Datatype type,
                                    mse_route route, int peer, int tag);
/* Posts a receive into r's destination: r becomes pending, or complete at once from MPI_PROC_NULL. */
void mse_request_post_receive(mse_request *r, int source, int tag);

/* The library's request behind a handle the program passed to call; dies naming call when it is not one. */
mse_request *mse_request_own(const char *call, MPI_Request handle);
/* True for a request a wait or test has something to complete in: not MPI_REQUEST_NULL, and not a persistent request
 * that is inactive (MPI 3.1 §3.7.3: both complete at once with an empty status). */
int mse_request_active(const char *call, MPI_Request handle);
/* The request completed: its status to the program, the request freed and the handle set to MPI_REQUEST_NULL; a
 * persistent request becomes inactive and the handle stays. */
void mse_request_finish(MPI_Request *handle, MPI_Status *status);

#endif
