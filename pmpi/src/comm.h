/* The communicators the library emulates. Each is a real Open MPI communicator, the program's, with a private
 * duplicate made when it was created, on which the library's own messages (collectives, a creation's agreement)
 * travel: as MPI implementations give a communicator's collectives a context of their own, so no tag of the program
 * is ever taken (every tag up to MPI_TAG_UB works) and no receive of the program matches the library's messages. On
 * the wire a message carries its context: 2 x the communicator's id for the program's, one more for the library's;
 * ids are agreed by the members when the communicator is created (the greatest next id among them), so each rank's
 * communicators have distinct contexts and sender and receiver name a message's the same. Ranks on the wire are the
 * job's (world ranks: each rank is its own network interface); MPI calls get ranks in the communicator. */
#ifndef MSE_COMM_H
#define MSE_COMM_H

#include <mpi.h>
#include <stdint.h>

typedef struct mse_comm {
    MPI_Comm handle;   /* the program's */
    MPI_Comm library;  /* the library's private duplicate */
    int32_t id;        /* contexts 2 id (the program's) and 2 id + 1 (the library's) */
    int rank, size;    /* this rank's place, and the members */
    int *world_of;     /* each member's world rank */
    int *rank_of;      /* each world rank's rank here, MPI_UNDEFINED when not a member (np entries) */
    int collectives_started; /* nonblocking collectives started here, which numbers their tags (schedule.c) */
    /* Pending operations that use it (receives, persistent requests, nonblocking collectives): MPI_Comm_free leaves it
     * to them (MPI 3.1 §6.4.3), and the last to end frees it. */
    int holds;
    int freed;         /* the program freed it: gone once nothing holds it */
    struct mse_comm *next;
} mse_comm;

/* Where one message travels: a communicator, through the program's handle or the library's duplicate. */
typedef struct {
    mse_comm *comm;
    MPI_Comm mpi;
    int32_t context;
} mse_route;

/* MPI_COMM_WORLD has id 0, MPI_COMM_SELF id 1; created communicators take ids from here up. */
#define MSE_WORLD_ID 0
#define MSE_SELF_ID 1
#define MSE_FIRST_CREATED_ID 2

/* The program's messages on c, and the library's. */
mse_route mse_program_route(mse_comm *c);
mse_route mse_library_route(mse_comm *c);

/* The emulated communicator behind a handle the program passed to call; dies naming call for MPI_COMM_NULL, an
 * intercommunicator, or one no emulated call created. */
mse_comm *mse_comm_of(const char *call, MPI_Comm handle);
/* The world, for the library's own use. */
mse_comm *mse_world(void);
/* A member's world rank, and a world rank's rank in c (MPI_UNDEFINED when not a member). */
int mse_world_rank(const mse_comm *c, int rank);
int mse_comm_rank(const mse_comm *c, int world_rank);

/* Registers MPI_COMM_WORLD and MPI_COMM_SELF with their duplicates (MPI_Init, before the emulation starts: the
 * duplicates are real collectives). */
void mse_comms_start(void);
/* Registers a communicator the program just got (its duplicate made here, which its members make together), with
 * the agreed id. */
mse_comm *mse_comm_register(MPI_Comm handle, int32_t id);
/* MPI_Comm_free of c: the program's handle is gone at once (no later call finds c), and c itself, its duplicate and
 * Open MPI's communicator once no pending operation holds it. Open MPI's answer to the free. */
int mse_comm_free(mse_comm *c);
/* A pending operation takes c, and gives it back. */
void mse_comm_hold(mse_comm *c);
void mse_comm_release(mse_comm *c);
/* The id the next communicator this rank joins may take: above every id it holds. */
int32_t mse_comm_next_id(void);
/* The members agreed on id: ids up to it are taken here too. */
void mse_comm_id_taken(int32_t id);

#endif
