/* The table of emulated communicators (comm.h). Only the program thread reads or changes it: the lower-bound thread
 * never looks at communicators. */
#include "comm.h"

#include <stdlib.h>

#include "rank.h"

static mse_comm world, self;
static mse_comm *created; /* the communicators the program created, newest first */
static int32_t next_id = MSE_FIRST_CREATED_ID;

mse_route mse_program_route(mse_comm *c) {
    return (mse_route) {c, c->handle, 2 * c->id};
}

mse_route mse_library_route(mse_comm *c) {
    return (mse_route) {c, c->library, 2 * c->id + 1};
}

mse_comm *mse_world(void) {
    return &world;
}

mse_comm *mse_comm_of(const char *call, MPI_Comm handle) {
    if (handle == MPI_COMM_WORLD) {
        return &world;
    }
    if (handle == MPI_COMM_SELF) {
        return &self;
    }
    if (handle == MPI_COMM_NULL) {
        mse_die("%s on MPI_COMM_NULL (MPI_ERR_COMM)", call);
    }
    for (mse_comm *c = created; c != NULL; c = c->next) {
        if (c->handle == handle) {
            return c;
        }
    }
    int inter = 0;
    PMPI_Comm_test_inter(handle, &inter);
    mse_die("%s on %s: MSE emulates intracommunicators made by MPI_Comm_dup, MPI_Comm_dup_with_info, MPI_Comm_split, "
            "MPI_Comm_create and MPI_Comm_create_group (docs/interposition.md)", call,
            inter ? "an intercommunicator" : "a communicator no emulated call made");
}

int mse_world_rank(const mse_comm *c, int rank) {
    return c->world_of[rank];
}

int mse_comm_rank(const mse_comm *c, int world_rank) {
    return c->rank_of[world_rank];
}

/* Fills c's ranks from its group against the world's, and makes its duplicate. */
static void describe(mse_comm *c, MPI_Comm handle, int32_t id) {
    c->handle = handle;
    c->id = id;
    PMPI_Comm_rank(handle, &c->rank);
    PMPI_Comm_size(handle, &c->size);
    int np = mse_self.np;
    c->world_of = malloc(sizeof(int) * (size_t) c->size);
    c->rank_of = malloc(sizeof(int) * (size_t) np);
    int *ranks = malloc(sizeof(int) * (size_t) c->size);
    if (c->world_of == NULL || c->rank_of == NULL || ranks == NULL) {
        mse_die("out of memory for a communicator of %d ranks", c->size);
    }
    MPI_Group group, world_group;
    PMPI_Comm_group(handle, &group);
    PMPI_Comm_group(MPI_COMM_WORLD, &world_group);
    for (int r = 0; r < c->size; r++) {
        ranks[r] = r;
    }
    PMPI_Group_translate_ranks(group, c->size, ranks, world_group, c->world_of);
    PMPI_Group_free(&group);
    PMPI_Group_free(&world_group);
    free(ranks);
    for (int w = 0; w < np; w++) {
        c->rank_of[w] = MPI_UNDEFINED;
    }
    for (int r = 0; r < c->size; r++) {
        c->rank_of[c->world_of[r]] = r;
    }
    /* A split with one color, not a dup: a dup would call the program's attribute copy functions once more */
    PMPI_Comm_split(handle, 0, c->rank, &c->library);
}

void mse_comms_start(void) {
    describe(&world, MPI_COMM_WORLD, MSE_WORLD_ID);
    describe(&self, MPI_COMM_SELF, MSE_SELF_ID);
}

mse_comm *mse_comm_register(MPI_Comm handle, int32_t id) {
    mse_comm *c = calloc(1, sizeof *c);
    if (c == NULL) {
        mse_die("out of memory for a communicator");
    }
    describe(c, handle, id);
    c->next = created;
    created = c;
    return c;
}

/* Frees Open MPI's communicator, its duplicate and c. */
static int destroy(mse_comm *c) {
    int result = PMPI_Comm_free(&c->handle);
    PMPI_Comm_free(&c->library);
    free(c->world_of);
    free(c->rank_of);
    free(c);
    return result;
}

int mse_comm_free(mse_comm *c) {
    for (mse_comm **at = &created; *at != NULL; at = &(*at)->next) {
        if (*at == c) {
            *at = c->next;
            break;
        }
    }
    c->next = NULL;
    if (c->holds > 0) {
        c->freed = 1; /* its pending operations still receive through Open MPI's communicator */
        return MPI_SUCCESS;
    }
    return destroy(c);
}

void mse_comm_hold(mse_comm *c) {
    c->holds++;
}

void mse_comm_release(mse_comm *c) {
    if (--c->holds == 0 && c->freed) {
        destroy(c);
    }
}

int32_t mse_comm_next_id(void) {
    return next_id;
}

void mse_comm_id_taken(int32_t id) {
    if (id >= next_id) {
        next_id = id + 1;
    }
}
