/* MPI_Init to MPI_Finalize of an emulated rank, its virtual clock, and MSE_Task_done (mse.h). */
#include <stdarg.h>
#include <stdio.h>

#include "../include/mse.h"
#include "rank.h"

int MPI_Init(int *argc, char ***argv) {
    int result = PMPI_Init(argc, argv);
    if (result == MPI_SUCCESS) {
        mse_rank_start();
    }
    return result;
}

/* SINGLE, FUNNELED and SERIALIZED: one call at a time, which the rank's one sequence of facts and its one link follow
 * from whichever thread makes it (the program's own synchronisation between its threads orders the calls, and with
 * them every field a call touches). MULTIPLE would let two threads be inside MPI at once, one blocked in a receive
 * while another sends: one sequence of facts with one blocking call at a time cannot say that. */
int MPI_Init_thread(int *argc, char ***argv, int required, int *provided) {
    int result = PMPI_Init_thread(argc, argv, required, provided);
    if (result == MPI_SUCCESS) {
        mse_rank_start();
        if (required > MPI_THREAD_SERIALIZED) {
            mse_die("MPI_Init_thread with MPI_THREAD_MULTIPLE is not emulated by MSE: a rank's calls reach the emulator "
                    "as one sequence with one blocking call at a time, so calls from several threads at once (a receive "
                    "waiting in one while another sends) cannot be timed; MPI_THREAD_SERIALIZED is emulated");
        }
    }
    return result;
}

/* The last word first, then the sends in flight complete, then MPI's end. A receiver of one of those sends may wait
 * for its grant until the emulator knows that this rank sends nothing earlier, which it knows only from Finished:
 * while the rank waits in MPI its lower-bound thread cannot say. Finished ends nothing the sends need:
 * their Sent facts went out before it, the emulator counts a finished rank as sending nothing more (GrantRule), and
 * a connection closed after Finished is a clean end (VirtualTimeKeeper). EmulatedComm.close does the same. */
int MPI_Finalize(void) {
    if (!mse_self.active) {
        return PMPI_Finalize();
    }
    mse_enter();
    if (mse_self.settings.trace_calls) {
        mse_call_entered("MPI_Finalize"); /* left where the trace ends: the emulator hears nothing after Finished */
    }
    int64_t cpu = mse_charge();
    if (mse_self.settings.cost.kind == MSE_COST_REAL) {
        mse_fact off = {.type = MSE_OFF_CPU, .rank = mse_self.rank, .off_cpu_nanos = mse_self.off_cpu.off_nanos,
                        .outside_nanos = mse_self.off_cpu.outside_nanos};
        mse_report(&off);
    }
    mse_fact finished = {.type = MSE_FINISHED, .rank = mse_self.rank, .cpu_nanos = cpu};
    mse_report(&finished);
    mse_flush();
    mse_lower_bounds_stop(&mse_self.lower_bounds);
    mse_self.link.progress = NULL;
    mse_link_close(&mse_self.link);
    mse_self.active = 0;
    mse_self.call_open = 0; /* MPI_Finalize is left where the trace ends */
    mse_complete_sends();
    mse_leave();
    return PMPI_Finalize();
}

int MPI_Abort(MPI_Comm comm, int errorcode) {
    if (!mse_self.active) {
        return PMPI_Abort(comm, errorcode);
    }
    char reason[64];
    snprintf(reason, sizeof reason, "the program called MPI_Abort with errorcode %d", errorcode);
    mse_end_run(errorcode, reason);
}

/* The rank's virtual clock: the program's timing decisions are the target cluster's. */
double MPI_Wtime(void) {
    if (!mse_self.active) {
        return PMPI_Wtime();
    }
    mse_enter();
    mse_fact query = {.type = MSE_CLOCK_QUERY, .rank = mse_self.rank, .cpu_nanos = mse_charge()};
    mse_reply clock;
    mse_ask(&query, &clock);
    mse_leave();
    return (double) clock.virtual_nanos / 1e9;
}

/* Virtual time counts nanoseconds. */
double MPI_Wtick(void) {
    return mse_self.active ? 1e-9 : PMPI_Wtick();
}

/* MSE_Task_done(task, work): the task's charge by the task-cost mode, and the CPU it measured, for the results. */
int MPI_Pcontrol(const int level, ...) {
    if (level != MSE_PCONTROL_TASK_DONE || !mse_self.active) {
        return PMPI_Pcontrol(level);
    }
    va_list args;
    va_start(args, level);
    int task = va_arg(args, int);
    long long work = va_arg(args, long long);
    va_end(args);
    mse_enter();
    int64_t measured = mse_take_unreported();
    mse_fact done = {.type = MSE_TASK_DONE, .rank = mse_self.rank, .task_id = task, .measured_cpu_nanos = measured,
                     .cpu_nanos = mse_task_charge(&mse_self.settings.cost, measured, work)};
    mse_report(&done);
    mse_leave();
    return MPI_SUCCESS;
}
