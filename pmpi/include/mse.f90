! mse.f90: the Fortran twin of mse.h, optional hooks a Fortran program emulated by MSE may call (`use mse`; compile
! this file with the program, e.g. `mpifort mse.f90 farm.f90`).
!
! MSE_Task_done(task, work) tells the emulator that the rank finished one task: with --task-cost fixed:DUR every
! task costs DUR, with --task-cost per-iteration:DUR it costs work x DUR, so predictions are deterministic; with
! --task-cost real the task is charged the CPU it measured. It is MPI's profiling hook MPI_PCONTROL with a level of
! MSE's own (mse.h's MSE_PCONTROL_TASK_DONE), the task and its work after it: in a plain MPI run Open MPI's
! MPI_PCONTROL reads the level alone and does nothing, so the program needs no link-time dependency on MSE.
! Call it between MPI_INIT and MPI_FINALIZE, from the thread that called MPI_INIT.
module mse
  implicit none
  private
  public :: MSE_Task_done, MSE_PCONTROL_TASK_DONE

  integer, parameter :: MSE_PCONTROL_TASK_DONE = 7373

contains

  ! task: the task's number (reported in the run's results); work: its work units (per-iteration's multiplier).
  subroutine MSE_Task_done(task, work)
    integer, intent(in) :: task
    integer(kind=8), intent(in) :: work
    ! No interface: `use mpi` gives MPI_PCONTROL one argument, and the extra two are what libmse-pmpi.so reads.
    external :: mpi_pcontrol
    call mpi_pcontrol(MSE_PCONTROL_TASK_DONE, task, work)
  end subroutine MSE_Task_done

end module mse
