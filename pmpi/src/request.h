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
    MPI_Status status;       /* the receive's status, kept for the wait or test that completes it */
} mse_request;

/* A new request handle: a completed send, or a receive posted now. */
MPI_Request mse_request_send(void);
MPI_Request mse_request_receive(void *buf, int count, MPI_Datatype type, int source, int tag);

#endif
