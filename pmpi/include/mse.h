/* mse.h: optional hooks a program emulated by MSE (./run.sh emulate --np N -- PROGRAM) may call.
 *
 * MSE_Task_done(task, work) tells the emulator that the rank finished one task: with --task-cost fixed:DUR every task
 * costs DUR, with --task-cost per-iteration:DUR it costs work x DUR, whatever the host's CPU did, so predictions are
 * deterministic. With --task-cost real the task is charged the CPU it measured.
 *
 * It is MPI's standard profiling hook, MPI_Pcontrol, with a level of MSE's own: in a plain MPI run (no
 * libmse-pmpi.so preloaded) MPI_Pcontrol does nothing, so the program needs no link-time dependency on MSE and runs
 * unchanged without it. Call it between MPI_Init and MPI_Finalize, from the thread that called MPI_Init. */
#ifndef MSE_H
#define MSE_H

#include <mpi.h>

/* The MPI_Pcontrol level that libmse-pmpi.so reads as "task done"; other levels pass through to MPI. */
#define MSE_PCONTROL_TASK_DONE 7373

/* task: the task's number (reported in the run's results); work: its work units (per-iteration's multiplier). */
static inline void MSE_Task_done(int task, long long work) {
    MPI_Pcontrol(MSE_PCONTROL_TASK_DONE, task, work);
}

#endif
