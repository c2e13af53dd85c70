/* row-farm: a self-scheduling master/worker Mandelbrot image, one row per task. The master (rank 0) receives results
 * from MPI_ANY_SOURCE with MPI_ANY_TAG: the tag names the row, the source the worker that gets the next row.
 * Usage: row-farm [ROWS [WIDTH [ITERATIONS]]] (defaults 120 160 400). Prints one deterministic line.
 * Messages: a row to compute is 4 bytes (int row, tag = row); a result is WIDTH*4 bytes (int escape counts,
 * tag = row); the end is 4 bytes with tag STOP_TAG. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define STOP_TAG 32000 /* above every row (ROWS is at most 32000) */

static int escape(double cr, double ci, int iterations) {
    double zr = 0, zi = 0;
    int n = 0;
    while (n < iterations && zr * zr + zi * zi <= 4.0) {
        double t = zr * zr - zi * zi + cr;
        zi = 2 * zr * zi + ci;
        zr = t;
        n++;
    }
    return n;
}

static void compute_row(int row, int rows, int width, int iterations, int *out) {
    for (int x = 0; x < width; x++) {
        out[x] = escape(-2.0 + 2.6 * x / width, -1.2 + 2.4 * row / rows, iterations);
    }
}

static void master(int workers, int rows, int width) {
    int *image = malloc(sizeof(int) * (size_t) rows * (size_t) width);
    int next = 0, busy = 0;
    for (int w = 1; w <= workers; w++) {
        int row = next < rows ? next++ : -1;
        MPI_Send(&row, 1, MPI_INT, w, row < 0 ? STOP_TAG : row, MPI_COMM_WORLD);
        busy += row >= 0;
    }
    int *result = malloc(sizeof(int) * (size_t) width);
    while (busy > 0) {
        MPI_Status status;
        MPI_Recv(result, width, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        for (int x = 0; x < width; x++) {
            image[(size_t) status.MPI_TAG * (size_t) width + (size_t) x] = result[x];
        }
        int row = next < rows ? next++ : -1;
        MPI_Send(&row, 1, MPI_INT, status.MPI_SOURCE, row < 0 ? STOP_TAG : row, MPI_COMM_WORLD);
        busy -= row < 0;
    }
    unsigned long long checksum = 0;
    for (size_t i = 0; i < (size_t) rows * (size_t) width; i++) {
        checksum = checksum * 31 + (unsigned long long) image[i];
    }
    printf("row-farm rows=%d width=%d checksum=%llu\n", rows, width, checksum);
    free(result);
    free(image);
}

static void worker(int rows, int width, int iterations) {
    int *result = malloc(sizeof(int) * (size_t) width);
    while (1) {
        int row;
        MPI_Status status;
        MPI_Recv(&row, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        if (status.MPI_TAG == STOP_TAG) {
            break;
        }
        compute_row(row, rows, width, iterations, result);
        MPI_Send(result, width, MPI_INT, 0, row, MPI_COMM_WORLD);
    }
    free(result);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int rows = argc > 1 ? atoi(argv[1]) : 120, width = argc > 2 ? atoi(argv[2]) : 160;
    int iterations = argc > 3 ? atoi(argv[3]) : 400;
    if (size < 2 || rows < 1 || rows > STOP_TAG || width < 1 || iterations < 1) {
        if (rank == 0) {
            fprintf(stderr, "usage: mpirun -np P row-farm [ROWS (1..%d) [WIDTH [ITERATIONS]]], P >= 2\n", STOP_TAG);
        }
        MPI_Finalize();
        return 2;
    }
    if (rank == 0) {
        master(size - 1, rows, width);
    } else {
        worker(rows, width, iterations);
    }
    MPI_Finalize();
    return 0;
}
