package mse.emulator.actors;

import java.util.Optional;
import mse.emulator.analysis.RunAnalysis;
import mse.emulator.kernel.Blocking;
import mse.emulator.kernel.Charge;
import mse.emulator.kernel.KernelObserver;
import mse.emulator.kernel.MessageRecord;
import mse.emulator.kernel.RankFact;
import mse.emulator.kernel.TaskRecord;
import mse.emulator.timeline.TimelineWriter;

/**
 * What the keeper's kernel reports as the run goes, sent where the report will read it: each received message to the
 * masters' queues and the timeline, each charge and MPI call to the timeline, each task to the ledger, and all of it but the tasks
 * to the run's analysis (wait states and the critical path), whatever the timeline keeps.
 */
final class RunRecorder implements KernelObserver {

    private final MasterQueues queues;
    private final TaskLedger tasks;
    private final Optional<TimelineWriter> timeline;
    private final RunAnalysis analysis;

    RunRecorder(MasterQueues queues, TaskLedger tasks, Optional<TimelineWriter> timeline, RunAnalysis analysis) {
        this.queues = queues;
        this.tasks = tasks;
        this.timeline = timeline;
        this.analysis = analysis;
    }

    @Override
    public void messageReceived(MessageRecord message) {
        queues.deliver(message);
        timeline.ifPresent(t -> t.messageReceived(message));
        analysis.messageReceived(message);
    }

    @Override
    public void charged(Charge charge) {
        timeline.ifPresent(t -> t.charged(charge));
        analysis.charged(charge);
    }

    @Override
    public void sent(long sequence, int source, int tag, int context, int bytes, long sendNanos) {
        analysis.sent(sequence, source, tag, context, bytes, sendNanos);
    }

    @Override
    public void blocked(Blocking blocking) {
        analysis.blocked(blocking);
    }

    @Override
    public void callEntered(int rank, String call, long nanos) {
        timeline.ifPresent(t -> t.callEntered(rank, call, nanos));
    }

    @Override
    public void callLeft(int rank, long nanos) {
        timeline.ifPresent(t -> t.callLeft(rank, nanos));
    }

    @Override
    public void collectiveCalled(RankFact.Collective call) {
        timeline.ifPresent(t -> t.collectiveCalled(call));
    }

    @Override
    public void communicatorJoined(RankFact.CommMember member) {
        timeline.ifPresent(t -> t.communicatorJoined(member));
    }

    @Override
    public void requestStarted(RankFact.RequestStarted request) {
        timeline.ifPresent(t -> t.requestStarted(request));
    }

    @Override
    public void requestCompleted(RankFact.RequestCompleted request) {
        timeline.ifPresent(t -> t.requestCompleted(request));
    }

    @Override
    public void collectiveEntered(RankFact.Collective call) {
        analysis.collectiveEntered(call);
    }

    @Override
    public void taskDone(TaskRecord task) {
        tasks.done(task);
    }

    @Override
    public void resultHandled(int rank, int task, long hostCpuNanos) {
        tasks.resultHandled(task, hostCpuNanos);
    }
}
