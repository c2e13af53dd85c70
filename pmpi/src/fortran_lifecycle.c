/* The Fortran entries written by hand (`by-hand` in calls/emulated.txt; every other emulated call's entry is generated
 * by tools/gen-fortran-emulated.sh): MPI_INIT and MPI_INIT_THREAD (Fortran passes no argc and argv), the virtual clock
 * (functions returning DOUBLE PRECISION: `use mpi_f08` binds MPI_Wtime and MPI_Wtick to the C functions instead) and
 * MSE_Task_done's MPI_PCONTROL (C's is variadic), each also under its `use mpi_f08` name (src/fortran.h). */
#include <stdint.h>

#include "../include/mse.h"
#include "fortran.h"

static void init_entry(MPI_Fint *ierr) {
    mse_fortran_ok(ierr, MPI_Init(NULL, NULL));
}
MSE_FORTRAN_NAMES(mpi_init, MPI_INIT, init_entry);
MSE_FORTRAN_F08_NAME(mpi_init, init_entry);

static void init_thread_entry(const MPI_Fint *required, MPI_Fint *provided, MPI_Fint *ierr) {
    int c_provided = MPI_THREAD_SINGLE;
    int result = MPI_Init_thread(NULL, NULL, *required, &c_provided);
    *provided = (MPI_Fint) c_provided;
    mse_fortran_ok(ierr, result);
}
MSE_FORTRAN_NAMES(mpi_init_thread, MPI_INIT_THREAD, init_thread_entry);
MSE_FORTRAN_F08_NAME(mpi_init_thread, init_thread_entry);

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

/* mpi_f08's MPI_Pcontrol takes the level alone (an INTEGER, no ierror), so it never carries a task: mse.f90 calls
 * mpi_pcontrol, above, in a program on `use mpi_f08` too. */
static void pcontrol_f08_entry(const MPI_Fint *level) {
    if (*level != MSE_PCONTROL_TASK_DONE) {
        MPI_Pcontrol(*level);
    }
}
MSE_FORTRAN_F08_NAME(mpi_pcontrol, pcontrol_f08_entry);
