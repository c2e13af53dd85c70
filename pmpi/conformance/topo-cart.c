/* np: 4. Cartesian topologies (MPI 3.1 §7.5.1, §7.5.5-§7.5.7): a 2 x 2 grid periodic in its first dimension, the
 * neighbours MPI_Cart_shift names and a halo exchange with them by MPI_Sendrecv (MPI_PROC_NULL at the open edge),
 * coordinates and ranks both ways, rows made by MPI_Cart_sub with an allreduce along each, and a 1 x 3 grid of four
 * ranks, where the fourth gets MPI_COMM_NULL. */
#include "conformance.h"

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int dims[2] = {2, 2}, periods[2] = {1, 0};
    MPI_Comm grid;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
    int grid_rank, coords[2], topology, ndims;
    MPI_Comm_rank(grid, &grid_rank);
    MPI_Topo_test(grid, &topology);
    MPI_Cartdim_get(grid, &ndims);
    MPI_Cart_coords(grid, grid_rank, 2, coords);
    int back;
    MPI_Cart_rank(grid, coords, &back);
    CHECK(topology == MPI_CART && ndims == 2 && back == grid_rank, "topology %d, %d dims, rank %d back as %d", topology,
          ndims, grid_rank, back);

    /* A halo exchange along each dimension: send my rank up, receive from below. */
    int from[2], to[2], got[2] = {-2, -2};
    for (int d = 0; d < 2; d++) {
        MPI_Cart_shift(grid, d, 1, &from[d], &to[d]);
        MPI_Status status;
        MPI_Sendrecv(&grid_rank, 1, MPI_INT, to[d], 5, &got[d], 1, MPI_INT, from[d], 5, grid, &status);
        int count;
        MPI_Get_count(&status, MPI_INT, &count);
        if (from[d] == MPI_PROC_NULL) {
            CHECK(got[d] == -2 && status.MPI_SOURCE == MPI_PROC_NULL && count == 0, "dim %d: from nobody got %d", d,
                  got[d]);
        } else {
            CHECK(got[d] == from[d] && status.MPI_SOURCE == from[d] && count == 1, "dim %d: got %d from %d", d, got[d],
                  status.MPI_SOURCE);
        }
    }

    /* Rows: keep the second dimension; each row sums its members' world ranks. */
    int remain[2] = {0, 1};
    MPI_Comm row;
    MPI_Cart_sub(grid, remain, &row);
    int row_rank, row_size, row_sum;
    MPI_Comm_rank(row, &row_rank);
    MPI_Comm_size(row, &row_size);
    MPI_Allreduce(&rank, &row_sum, 1, MPI_INT, MPI_SUM, row);
    CHECK(row_size == 2 && row_rank == coords[1] && row_sum == (coords[0] == 0 ? 1 : 5), "row: %d of %d, sum %d",
          row_rank, row_size, row_sum);

    /* A grid smaller than the world: the last rank is left out. */
    int line_dims[1] = {3}, line_periods[1] = {0};
    MPI_Comm line;
    MPI_Cart_create(MPI_COMM_WORLD, 1, line_dims, line_periods, 1, &line);
    int line_size = 0;
    if (line != MPI_COMM_NULL) {
        MPI_Comm_size(line, &line_size);
        int left, right;
        MPI_Cart_shift(line, 0, 1, &left, &right);
        int line_rank, value = -1;
        MPI_Comm_rank(line, &line_rank);
        MPI_Sendrecv(&line_rank, 1, MPI_INT, right, 6, &value, 1, MPI_INT, left, 6, line, MPI_STATUS_IGNORE);
        CHECK(left == MPI_PROC_NULL ? value == -1 : value == left, "line: got %d from %d", value, left);
        MPI_Comm_free(&line);
    }
    CHECK(rank == 3 ? line == MPI_COMM_NULL : line_size == 3, "rank %d: line of %d", rank, line_size);

    int all_from[8], all_got[8];
    MPI_Gather(from, 2, MPI_INT, all_from, 2, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Gather(got, 2, MPI_INT, all_got, 2, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (int r = 0; r < 4; r++) {
            printf("grid rank %d: up-neighbour of dim 0 %d (got %d), of dim 1 %d (got %d)\n", r, all_from[2 * r],
                   all_got[2 * r], all_from[2 * r + 1], all_got[2 * r + 1]);
        }
    }
    MPI_Comm_free(&row);
    MPI_Comm_free(&grid);
    conformance_verdict("topo-cart");
    MPI_Finalize();
    return 0;
}
