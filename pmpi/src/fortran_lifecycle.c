/* The Fortran entries written by hand (`by-hand` in calls/emulated.txt; every other emulated call's entry is generated
 * by tools/gen-fortran-emulated.sh): MPI_INIT and MPI_INIT_THREAD (Fortran passes no argc and argv), the virtual clock
 * (functions returning DOUBLE PRECISION), MSE_Task_done's MPI_PCONTROL (C's is variadic), and the refusal of
 * `use mpi_f08`, whose calls reach Open MPI by a path of their own (docs/interposition.md). */
#include <stdint.h>

#include "../include/mse.h"
#include "fortran.h"

static void init_entry(MPI_Fint *ierr) {
    mse_fortran_ok(ierr, MPI_Init(NULL, NULL));
}
MSE_FORTRAN_NAMES(mpi_init, MPI_INIT, init_entry);

static void init_thread_entry(const MPI_Fint *required, MPI_Fint *provided, MPI_Fint *ierr) {
    int c_provided = MPI_THREAD_SINGLE;
    int result = MPI_Init_thread(NULL, NULL, *required, &c_provided);
    *provided = (MPI_Fint) c_provided;
    mse_fortran_ok(ierr, result);
}
MSE_FORTRAN_NAMES(mpi_init_thread, MPI_INIT_THREAD, init_thread_entry);

/* mpi_f08's MPI_Init and MPI_Init_thread (libmpi_usempif08 names them so): the rank starts, so that the emulator
 * learns why it ends, and ends at once. */
static void init_f08_entry(void) {
    MPI_Init(NULL, NULL);
    mse_die("`use mpi_f08` is not emulated by MSE: build the program with `use mpi` or `include 'mpif.h'`");
}
MSE_FORTRAN_NAMES(mpi_init_f08, MPI_INIT_F08, init_f08_entry);
MSE_FORTRAN_NAMES(mpi_init_thread_f08, MPI_INIT_THREAD_F08, init_f08_entry);

static double wtime_entry(void) {
    return MPI_Wtime();
}
MSE_FORTRAN_NAMES(mpi_wtime, MPI_WTIME, wtime_entry);

static double wtick_entry(void) {
    return MPI_Wtick();
}
MSE_FORTRAN_NAMES(mpi_wtick, MPI_WTICK, wtick_entry);

/* MPI_PCONTROL(level): with MSE's level, mse.f90's MSE_Task_done passes the task (INTEGER) and its work
 * (INTEGER(KIND=8)) after it, read only then. */
static void pcontrol_entry(const MPI_Fint *level, const MPI_Fint *task, const int64_t *work) {
    if (*level == MSE_PCONTROL_TASK_DONE) {
        MPI_Pcontrol(*level, (int) *task, (long long) *work);
    } else {
        MPI_Pcontrol(*level);
    }
}
MSE_FORTRAN_NAMES(mpi_pcontrol, MPI_PCONTROL, pcontrol_entry);
