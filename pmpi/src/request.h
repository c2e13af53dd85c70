/* The library's requests. An MPI_Irecv takes no message when posted (posted.h), so its request cannot be Open MPI's:
 * the handle the program holds points at one of these. A send completes when posted (p2p.c). */
#ifndef MSE_REQUEST_H
#define MSE_REQUEST_H

#include "rank.h"

typedef struct {
    uint32_t magic;          /* tells the library's requests from anything else handed in */
    int is_receive;
    mse_posted posted;       /* a receive's pattern and place among the pending ones */
    mse_destination into;    /* where a receive's message goes */
    int owns_type;           /* into.type is the library's copy of a derived type, freed with the request */
    MPI_Status status;       /* the receive's status, kept for the wait or test that completes it */
} mse_request;

/* A new request handle: a completed send, or a receive posted now. */
MPI_Request mse_request_send(void);
MPI_Request mse_request_receive(void *buf, int count, MPI_Datatype type, int source, int tag);

/* The library's request behind a handle the program passed to call; dies naming call when it is not one. */
mse_request *mse_request_own(const char *call, MPI_Request handle);
/* The request completed: its status to the program, the request freed and the handle set to MPI_REQUEST_NULL. */
void mse_request_finish(MPI_Request *handle, MPI_Status *status);

#endif
