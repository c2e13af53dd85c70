/* MPI_Comm_dup, MPI_Comm_dup_with_info, MPI_Comm_split, MPI_Comm_split_type, MPI_Comm_create, MPI_Comm_create_group
 * and MPI_Comm_free.
 *
 * A creation is a collective, charged as the target's MPI communicates to make one: its members agree on the new
 * communicator's context id (Open MPI's allreduce of the next free id, MPICH's of a context mask), and a split first
 * exchanges every member's color and key (an allgather). So a dup, create or create_group is charged as the profile's
 * allreduce of one int over the members (its fan-in to the first member and fan-out from there, the tree of MPI_Reduce
 * and MPI_Bcast), and a split as the allgather of two ints per member (8 bytes a member up the tree, the table of 8
 * bytes a member down it). These messages really carry the id the members agree on: the greatest next id among them.
 *
 * The real communicator is made by Open MPI between the fan-in and the fan-out. A rank that sent its fan-in has
 * announced its fan-out receive without waiting for the grant (receive.c), so to the emulator it is blocked on a
 * message not yet sent and holds no other rank's grant back while it waits in MPI's own collective; the first member
 * gets there once every member has sent, and its fan-out follows. MPI_Comm_free is charged nothing: Open MPI frees a
 * communicator without a message. With an OTF2 trace asked for, each member tells the emulator its place in what was
 * made (COMM_MEMBER), so that the archive defines each communicator with its members. */
#include <stdlib.h>

#include "collective.h"
#include "creation.h"

/* The members of a creation, and the communicator whose library context its messages travel on. */
typedef struct {
    const char *call;
    mse_comm *over;
    int count, me;            /* members, and this rank's index among them */
    const int *ranks;         /* each member's rank in over (NULL: the index itself) */
    int member_bytes;         /* what each member adds to the fan-in */
    int fan_out_bytes;
} creation;

static int rank_in_over(const creation *cr, int member) {
    return cr->ranks == NULL ? member : cr->ranks[member];
}

/* How many members the subtree of member holds (itself included), in the tree rooted at the first member. */
static int subtree_size(const creation *cr, int member) {
    int size = 0;
    for (int v = 0; v < cr->count; v++) {
        int u = v;
        while (u != member && u != MSE_TREE_NONE) {
            u = mse_tree_parent(mse_self.settings.tree, cr->count, 0, u);
        }
        size += u == member;
    }
    return size;
}

static int fan_in_bytes(const creation *cr, int member) {
    int bytes = cr->member_bytes * subtree_size(cr, member);
    return bytes < 4 ? 4 : bytes;
}

/* Runs the creation: the agreement's fan-in, Open MPI's own creation, the fan-out; registers what was made with the
 * agreed id. The result code of Open MPI's creation. */
static int create(const creation *cr, mse_real_creation real, void *arg, MPI_Comm *newcomm) {
    mse_route route = mse_library_route(cr->over);
    mse_tree tree;
    if (mse_tree_of(mse_self.settings.tree, cr->count, 0, cr->me, &tree) != 0) {
        mse_die("%s: out of memory for the creation's tree", cr->call);
    }
    int own = fan_in_bytes(cr, cr->me);
    int room = own > cr->fan_out_bytes ? own : cr->fan_out_bytes;
    int32_t *value = calloc((size_t) room / 4 + 1, 4), *child = calloc((size_t) own / 4 + 1, 4);
    if (value == NULL || child == NULL) {
        mse_die("%s: out of memory for %d bytes", cr->call, room);
    }
    int32_t agreed = mse_comm_next_id();
    for (int i = 0; i < tree.count; i++) {
        int m = tree.fan_in[i];
        mse_collective_receive(route, rank_in_over(cr, m), MSE_CREATE_TAG, child, fan_in_bytes(cr, m), MPI_BYTE);
        agreed = child[0] > agreed ? child[0] : agreed;
    }
    value[0] = agreed;
    mse_pattern from_parent = {0};
    if (tree.parent != MSE_TREE_NONE) {
        mse_send(cr->call, value, own, MPI_BYTE, route, rank_in_over(cr, tree.parent), MSE_CREATE_TAG);
        from_parent = mse_pattern_on(route, rank_in_over(cr, tree.parent), MSE_CREATE_TAG);
        mse_receive_announce(from_parent);
    }
    int result = real(arg, newcomm);
    mse_comm *made = result == MPI_SUCCESS && *newcomm != MPI_COMM_NULL ? mse_comm_register(*newcomm, 0) : NULL;
    if (tree.parent != MSE_TREE_NONE) {
        mse_destination into = {.buf = value, .count = cr->fan_out_bytes, .type = MPI_BYTE,
                                .status = MPI_STATUS_IGNORE, .route = route};
        mse_receive_announced((mse_envelope) {from_parent.source, MSE_CREATE_TAG, cr->fan_out_bytes, route.context},
                              &into);
        agreed = value[0];
    }
    for (int i = 0; i < tree.count; i++) {
        mse_send(cr->call, value, cr->fan_out_bytes, MPI_BYTE, route, rank_in_over(cr, tree.fan_out[i]),
                 MSE_CREATE_TAG);
    }
    mse_comm_id_taken(agreed);
    if (made != NULL) {
        made->id = agreed;
        if (mse_self.settings.trace_calls) { /* an OTF2 trace defines the communicator with its members */
            mse_fact member = {.type = MSE_COMM_MEMBER, .rank = mse_self.rank, .comm = agreed, .leader = made->world_of[0],
                               .members = made->size, .member_index = made->rank, .parent = cr->over->id};
            mse_report(&member);
        }
    }
    free(value);
    free(child);
    mse_tree_free(&tree);
    return result;
}

typedef struct {
    MPI_Comm comm;
    MPI_Info info;
    int color, key;
    MPI_Group group;
    int tag;
} creation_args;

static int real_dup(void *arg, MPI_Comm *made) {
    return PMPI_Comm_dup(((creation_args *) arg)->comm, made);
}

static int real_dup_with_info(void *arg, MPI_Comm *made) {
    creation_args *a = arg;
    return PMPI_Comm_dup_with_info(a->comm, a->info, made);
}

static int real_split(void *arg, MPI_Comm *made) {
    creation_args *a = arg;
    return PMPI_Comm_split(a->comm, a->color, a->key, made);
}

static int real_split_type(void *arg, MPI_Comm *made) {
    creation_args *a = arg;
    return PMPI_Comm_split_type(a->comm, a->color, a->key, a->info, made);
}

static int real_create(void *arg, MPI_Comm *made) {
    creation_args *a = arg;
    return PMPI_Comm_create(a->comm, a->group, made);
}

static int real_create_group(void *arg, MPI_Comm *made) {
    creation_args *a = arg;
    return PMPI_Comm_create_group(a->comm, a->group, a->tag, made);
}

int mse_create_over_all(const char *call, MPI_Comm comm, mse_creation_shape shape, mse_real_creation real, void *arg,
                        MPI_Comm *newcomm) {
    mse_begin(call);
    mse_comm *c = mse_comm_of(call, comm);
    int is_split = shape == MSE_CREATION_SPLIT;
    creation cr = {call, c, c->size, c->rank, NULL, is_split ? 8 : 4, is_split ? 8 * c->size : 4};
    int result = create(&cr, real, arg, newcomm);
    mse_leave();
    return result;
}

int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm) {
    return mse_create_over_all("MPI_Comm_dup", comm, MSE_CREATION_AGREE, real_dup, &(creation_args) {.comm = comm},
                               newcomm);
}

int MPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm) {
    return mse_create_over_all("MPI_Comm_dup_with_info", comm, MSE_CREATION_AGREE, real_dup_with_info,
                               &(creation_args) {.comm = comm, .info = info}, newcomm);
}

int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm) {
    return mse_create_over_all("MPI_Comm_split", comm, MSE_CREATION_SPLIT, real_split,
                               &(creation_args) {.comm = comm, .color = color, .key = key}, newcomm);
}

/* The ranks of one target host: the target's hosts are the hosts the ranks run on (--hostfile's placement, one host
 * without it; docs/hosts.md), whose ranks Open MPI groups itself for MPI_COMM_TYPE_SHARED (and for its own
 * OMPI_COMM_TYPE_* kinds), as in the plain run. Charged as a split: MPICH and Open MPI make it one, on each rank's
 * node as its color. */
int MPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm *newcomm) {
    return mse_create_over_all("MPI_Comm_split_type", comm, MSE_CREATION_SPLIT, real_split_type,
                               &(creation_args) {.comm = comm, .color = split_type, .key = key, .info = info},
                               newcomm);
}

int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm) {
    return mse_create_over_all("MPI_Comm_create", comm, MSE_CREATION_AGREE, real_create,
                               &(creation_args) {.comm = comm, .group = group}, newcomm);
}

/* Collective over the group's members only: the agreement runs over them, on comm's library context, each member
 * at its rank in comm. */
int MPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm) {
    mse_begin("MPI_Comm_create_group");
    mse_comm *c = mse_comm_of("MPI_Comm_create_group", comm);
    int count, me;
    PMPI_Group_size(group, &count);
    PMPI_Group_rank(group, &me);
    if (me == MPI_UNDEFINED) {
        mse_die("MPI_Comm_create_group called by a rank outside its group (MPI_ERR_GROUP)");
    }
    int *members = malloc(sizeof(int) * (size_t) count), *ranks = malloc(sizeof(int) * (size_t) count);
    if (members == NULL || ranks == NULL) {
        mse_die("MPI_Comm_create_group: out of memory for %d ranks", count);
    }
    for (int i = 0; i < count; i++) {
        members[i] = i;
    }
    MPI_Group all;
    PMPI_Comm_group(comm, &all);
    PMPI_Group_translate_ranks(group, count, members, all, ranks);
    PMPI_Group_free(&all);
    creation cr = {"MPI_Comm_create_group", c, count, me, ranks, 4, 4};
    int result = create(&cr, real_create_group, &(creation_args) {.comm = comm, .group = group, .tag = tag}, newcomm);
    free(members);
    free(ranks);
    mse_leave();
    return result;
}

/* The world and MPI_COMM_SELF are never freed by the program: Open MPI's answer (an error) goes back. */
int MPI_Comm_free(MPI_Comm *comm) {
    mse_begin("MPI_Comm_free");
    int result;
    if (*comm == MPI_COMM_WORLD || *comm == MPI_COMM_SELF || *comm == MPI_COMM_NULL) {
        result = PMPI_Comm_free(comm);
    } else {
        result = mse_comm_free(mse_comm_of("MPI_Comm_free", *comm));
        *comm = MPI_COMM_NULL;
    }
    mse_leave();
    return result;
}
