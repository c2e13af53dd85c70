/* The topology constructors: MPI_Cart_create, MPI_Cart_sub, MPI_Graph_create, MPI_Dist_graph_create_adjacent and
 * MPI_Dist_graph_create (MPI 3.1 §7.5). Open MPI makes the communicator and keeps its topology, so every query
 * (MPI_Cart_shift, MPI_Cart_coords, MPI_Graph_neighbors, MPI_Dist_graph_neighbors, ...) passes through to it; what is
 * emulated is the communication each constructor costs, the way Open MPI's topology framework makes one:
 * - MPI_Cart_create, MPI_Graph_create and MPI_Dist_graph_create_adjacent make the communicator from the old one's group
 *   (ranks beyond a smaller grid or graph get MPI_COMM_NULL, yet take part): the members' agreement on its id, an
 *   allreduce of one int, as MPI_Comm_create;
 * - MPI_Cart_sub is a split by the coordinates kept: an allgather of two ints a member, as MPI_Comm_split;
 * - MPI_Dist_graph_create first tells every rank its edges: Open MPI sums each member's count of in and out edges per
 *   rank (a reduce_scatter_block of two ints a member), then sends the edges to their ends. It is charged as a split
 *   (the same two ints a member through the tree); the edges' own messages (12 bytes an edge, between ranks that share
 *   an edge) are not charged (docs/interposition.md says so).
 * Neighborhood collectives stay refused by name. */
#include "creation.h"

typedef struct {
    MPI_Comm comm;
    int ndims;
    const int *dims, *periods;
    int reorder;
} cart_args;

typedef struct {
    MPI_Comm comm;
    const int *remain_dims;
} cart_sub_args;

typedef struct {
    MPI_Comm comm;
    int nnodes;
    const int *index, *edges;
    int reorder;
} graph_args;

/* Both distributed forms: the adjacent one's in-edges (indegree, sources, source weights) and out-edges, or the
 * general one's n sources, each with its degree's worth of destinations. */
typedef struct {
    MPI_Comm comm;
    int n, outdegree;
    const int *sources, *source_weights, *degrees, *destinations, *weights;
    MPI_Info info;
    int reorder;
} dist_graph_args;

static int real_cart_create(void *arg, MPI_Comm *made) {
    cart_args *a = arg;
    return PMPI_Cart_create(a->comm, a->ndims, a->dims, a->periods, a->reorder, made);
}

static int real_cart_sub(void *arg, MPI_Comm *made) {
    cart_sub_args *a = arg;
    return PMPI_Cart_sub(a->comm, a->remain_dims, made);
}

static int real_graph_create(void *arg, MPI_Comm *made) {
    graph_args *a = arg;
    return PMPI_Graph_create(a->comm, a->nnodes, a->index, a->edges, a->reorder, made);
}

static int real_dist_graph_create_adjacent(void *arg, MPI_Comm *made) {
    dist_graph_args *a = arg;
    return PMPI_Dist_graph_create_adjacent(a->comm, a->n, a->sources, a->source_weights, a->outdegree,
                                           a->destinations, a->weights, a->info, a->reorder, made);
}

static int real_dist_graph_create(void *arg, MPI_Comm *made) {
    dist_graph_args *a = arg;
    return PMPI_Dist_graph_create(a->comm, a->n, a->sources, a->degrees, a->destinations, a->weights, a->info,
                                  a->reorder, made);
}

int MPI_Cart_create(MPI_Comm comm_old, int ndims, const int dims[], const int periods[], int reorder,
                    MPI_Comm *comm_cart) {
    return mse_create_over_all("MPI_Cart_create", comm_old, MSE_CREATION_AGREE, real_cart_create,
                               &(cart_args) {comm_old, ndims, dims, periods, reorder}, comm_cart);
}

int MPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm) {
    return mse_create_over_all("MPI_Cart_sub", comm, MSE_CREATION_SPLIT, real_cart_sub,
                               &(cart_sub_args) {comm, remain_dims}, newcomm);
}

int MPI_Graph_create(MPI_Comm comm_old, int nnodes, const int index[], const int edges[], int reorder,
                     MPI_Comm *comm_graph) {
    return mse_create_over_all("MPI_Graph_create", comm_old, MSE_CREATION_AGREE, real_graph_create,
                               &(graph_args) {comm_old, nnodes, index, edges, reorder}, comm_graph);
}

int MPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[], const int sourceweights[],
                                   int outdegree, const int destinations[], const int destweights[], MPI_Info info,
                                   int reorder, MPI_Comm *comm_dist_graph) {
    return mse_create_over_all("MPI_Dist_graph_create_adjacent", comm_old, MSE_CREATION_AGREE,
                               real_dist_graph_create_adjacent,
                               &(dist_graph_args) {.comm = comm_old, .n = indegree, .outdegree = outdegree,
                                                   .sources = sources, .source_weights = sourceweights,
                                                   .destinations = destinations, .weights = destweights,
                                                   .info = info, .reorder = reorder},
                               comm_dist_graph);
}

int MPI_Dist_graph_create(MPI_Comm comm_old, int n, const int sources[], const int degrees[],
                          const int destinations[], const int weights[], MPI_Info info, int reorder,
                          MPI_Comm *comm_dist_graph) {
    return mse_create_over_all("MPI_Dist_graph_create", comm_old, MSE_CREATION_SPLIT, real_dist_graph_create,
                               &(dist_graph_args) {.comm = comm_old, .n = n, .sources = sources, .degrees = degrees,
                                                   .destinations = destinations, .weights = weights, .info = info,
                                                   .reorder = reorder},
                               comm_dist_graph);
}
