package mse.mpi.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import mse.mpi.launch.LaunchException;
import mse.mpi.launch.MpiJob;
import mse.mpi.launch.MpirunCommand;

/**
 * `mse bench floor`: what this machine charges a farm whose processes sleep while they wait, before any emulation.
 * The same number of tasks as the workload, empty, handed out by a master to np - 1 slaves, every process a rank JVM
 * started by mpirun, every message a wake-up of a sleeping thread in another process ({@link FarmFloorRank}):
 * "direct", the slaves talk to the master, two hand-offs a task; "relayed", a relay thread in this JVM stands where
 * the emulator's gateway stands, four hand-offs a task, as an emulated farm's cycle has (the slave's result to the
 * emulator, the decision to the master, the master's next task to the emulator, the grant to the slave). An emulated
 * farm cannot take less a task than the relayed floor: it adds MPI's message, the CPU meter's reads and the keeper's
 * decision to each task. Then the same floor under `bench hop` ({@link HopFloor}). Set against `bench emulate`, it
 * says how much of a goal a machine leaves to emulation.
 */
public final class FarmFloorBenchmark {

    private static final Duration LIMIT = Duration.ofMinutes(10);

    private FarmFloorBenchmark() {
    }

    public static void run(List<Integer> nps, int tasks, int repeat, int hops, Path scratch) throws Exception {
        List<String> lines = new ArrayList<>();
        System.out.printf("farm floor: %d empty tasks, every wait asleep; median of %d runs each, direct and relayed in turns%n", tasks, repeat);
        System.out.printf("%6s %18s %18s%n", "P", "direct us/task", "relayed us/task");
        int job = 0;
        for (int np : nps) {
            double[] direct = new double[repeat];
            double[] relayed = new double[repeat];
            for (int i = 0; i < repeat; i++) {
                direct[i] = microsPerTask(np, tasks, false, Files.createDirectory(scratch.resolve("job-" + job++)));
                relayed[i] = microsPerTask(np, tasks, true, Files.createDirectory(scratch.resolve("job-" + job++)));
            }
            System.out.printf("%6d %18.1f %18.1f%n", np, Medians.of(direct), Medians.of(relayed));
            lines.add(String.format("farm-floor-np%d-direct-us: %.1f", np, Medians.of(direct)));
            lines.add(String.format("farm-floor-np%d-relayed-us: %.1f", np, Medians.of(relayed)));
        }
        lines.addAll(HopFloor.measure(hops, scratch));
        lines.forEach(System.out::println);
    }

    private static double microsPerTask(int np, int tasks, boolean relayed, Path folder) throws IOException {
        MpirunCommand command = MpirunCommand.plain(np, MpirunCommand.rankClasspath(), FarmFloorRank.class.getName(),
                List.of(relayed ? "relayed" : "direct", folder.toString(), Integer.toString(tasks)));
        if (relayed) {
            try (FarmFloorRelay relay = FarmFloorRelay.start(folder, np)) {
                runJob(command, relay);
            }
        } else {
            runJob(command, null);
        }
        return Long.parseLong(Files.readString(folder.resolve(FarmFloorRank.FARM_NANOS)).trim()) / 1e3 / tasks;
    }

    private static void runJob(MpirunCommand command, FarmFloorRelay relay) {
        try {
            MpiJob.run(command, LIMIT);
        } catch (LaunchException e) {
            if (relay != null && relay.failure() != null) {
                throw new LaunchException("the farm floor's relay failed: " + relay.failure().getMessage());
            }
            throw e;
        }
    }
}
