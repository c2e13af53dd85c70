/* np: 4. Graph topologies (MPI 3.1 §7.5.3-§7.5.4, §7.5.5): a ring made by MPI_Graph_create, the same ring by
 * MPI_Dist_graph_create_adjacent and by MPI_Dist_graph_create (rank 0 naming every edge, the others none), each
 * queried for its neighbours, and messages to the neighbours each names. */
#include "conformance.h"

/* Open MPI defines MPI_UNWEIGHTED as the address 2, which GCC takes for an array of no room. */
#pragma GCC diagnostic ignored "-Wstringop-overread"
#pragma GCC diagnostic ignored "-Wstringop-overflow"

/* Sends this rank's world rank to every out-neighbour and receives one from every in-neighbour; returns their sum. */
static int exchange(MPI_Comm comm, int count_in, const int *in, int count_out, const int *out, int value) {
    MPI_Request requests[8];
    int got[4] = {0, 0, 0, 0}, sum = 0;
    for (int i = 0; i < count_in; i++) {
        MPI_Irecv(&got[i], 1, MPI_INT, in[i], 9, comm, &requests[i]);
    }
    for (int i = 0; i < count_out; i++) {
        MPI_Isend(&value, 1, MPI_INT, out[i], 9, comm, &requests[count_in + i]);
    }
    MPI_Waitall(count_in + count_out, requests, MPI_STATUSES_IGNORE);
    for (int i = 0; i < count_in; i++) {
        sum += got[i];
    }
    return sum;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int next = (rank + 1) % 4, prev = (rank + 3) % 4;

    /* The undirected ring: each node's neighbours are the one before and the one after. */
    int index[4] = {2, 4, 6, 8}, edges[8] = {3, 1, 0, 2, 1, 3, 2, 0};
    MPI_Comm ring;
    MPI_Graph_create(MPI_COMM_WORLD, 4, index, edges, 0, &ring);
    int topology, count, neighbours[4];
    MPI_Topo_test(ring, &topology);
    MPI_Graph_neighbors_count(ring, rank, &count);
    MPI_Graph_neighbors(ring, rank, 4, neighbours);
    int ring_sum = exchange(ring, count, neighbours, count, neighbours, rank);
    CHECK(topology == MPI_GRAPH && count == 2 && ring_sum == next + prev, "graph: topology %d, %d neighbours, sum %d",
          topology, count, ring_sum);

    /* The directed ring, each rank naming its own edges. */
    MPI_Comm adjacent;
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &prev, MPI_UNWEIGHTED, 1, &next, MPI_UNWEIGHTED, MPI_INFO_NULL,
                                   0, &adjacent);
    int indegree, outdegree, weighted, in[4], out[4];
    MPI_Dist_graph_neighbors_count(adjacent, &indegree, &outdegree, &weighted);
    MPI_Dist_graph_neighbors(adjacent, 4, in, MPI_UNWEIGHTED, 4, out, MPI_UNWEIGHTED);
    int adjacent_sum = exchange(adjacent, indegree, in, outdegree, out, rank);
    CHECK(indegree == 1 && outdegree == 1 && in[0] == prev && out[0] == next && adjacent_sum == prev,
          "adjacent: in %d (%d) out %d (%d), got %d", indegree, in[0], outdegree, out[0], adjacent_sum);

    /* The same ring, every edge named by rank 0 with a weight. */
    int sources[4] = {0, 1, 2, 3}, degrees[4] = {1, 1, 1, 1}, destinations[4] = {1, 2, 3, 0}, weights[4] = {5, 6, 7, 8};
    MPI_Comm general;
    MPI_Dist_graph_create(MPI_COMM_WORLD, rank == 0 ? 4 : 0, sources, degrees, destinations, weights, MPI_INFO_NULL,
                          0, &general);
    int in_weights[4], out_weights[4];
    MPI_Dist_graph_neighbors_count(general, &indegree, &outdegree, &weighted);
    MPI_Dist_graph_neighbors(general, 4, in, in_weights, 4, out, out_weights);
    int general_sum = exchange(general, indegree, in, outdegree, out, rank);
    CHECK(indegree == 1 && outdegree == 1 && weighted && in[0] == prev && out[0] == next && general_sum == prev &&
          out_weights[0] == 5 + rank && in_weights[0] == 5 + prev,
          "general: in %d (%d, weight %d) out %d (%d, weight %d), got %d", indegree, in[0], in_weights[0], outdegree,
          out[0], out_weights[0], general_sum);

    int sums[3] = {ring_sum, adjacent_sum, general_sum}, all[12];
    MPI_Gather(sums, 3, MPI_INT, all, 3, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (int r = 0; r < 4; r++) {
            printf("rank %d received: ring %d, adjacent %d, general %d\n", r, all[3 * r], all[3 * r + 1],
                   all[3 * r + 2]);
        }
    }
    MPI_Comm_free(&general);
    MPI_Comm_free(&adjacent);
    MPI_Comm_free(&ring);
    conformance_verdict("topo-graph");
    MPI_Finalize();
    return 0;
}
