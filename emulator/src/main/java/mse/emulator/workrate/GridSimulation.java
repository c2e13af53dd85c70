package mse.emulator.workrate;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mse.cluster.grid.Grid;
import mse.emulator.sim.EventQueue;

/**
 * The application performance simulator of seed 002 (002_a91b5601aca36903.txt) section 4.5: processors
 * and networks are single servers with FIFO queues. Each slave holds one task at a time: the command
 * crosses the networks from the master to the slave (stage 1), the slave computes (stage 2), the result
 * crosses back (stage 3) and the master processes it (stage 4) and at once sends that slave its next
 * task. Service times come from the same capacities as the flow model: a processor serves a task in
 * 1/W, a network serves each direction in 1/(2 W_Net), since W_Net covers stage 1 and stage 3 together.
 * <p>
 * Time is a long of nanoseconds and events are ordered by (time, kind, sequence) in the simulators'
 * shared {@link EventQueue} (package sim), never by floating point.
 */
public final class GridSimulation {

    /** What the simulation measured: the task rate and each resource's busy fraction. */
    public record Outcome(double rate, long makespanNanos, Map<String, Double> slaveUtilization,
                          Map<String, Double> networkUtilization, double masterUtilization) {
    }

    private enum Kind { SERVICE_DONE, ARRIVAL }

    /** What an event concerns: the server finishing a service, or a task arriving at its next server. */
    private record Step(Server server, Task task) {
    }

    /** A task on its way: the route of servers for its slave and how far along it is. */
    private static final class Task {
        final String slave;
        final List<Server> route;
        int step;

        Task(String slave, List<Server> route) {
            this.slave = slave;
            this.route = route;
        }
    }

    private static final class Server {
        final long serviceNanos;
        final ArrayDeque<Task> queue = new ArrayDeque<>();
        Task inService;
        long busyNanos;

        Server(long serviceNanos) {
            this.serviceNanos = Math.max(1, serviceNanos);
        }
    }

    private final EventQueue<Kind, Step> events = new EventQueue<>();

    private GridSimulation() {
    }

    /** Simulates `tasks` tasks handed out by `master` to `slaves` (self-scheduling, one task per slave). */
    public static Outcome run(Grid grid, String master, List<String> slaves, long tasks) {
        if (slaves.isEmpty() || tasks < 1) {
            return new Outcome(0, 0, Map.of(), Map.of(), 0);
        }
        return new GridSimulation().simulate(grid, master, slaves, tasks);
    }

    private Outcome simulate(Grid grid, String master, List<String> slaves, long tasks) {
        Map<String, Server> networks = new LinkedHashMap<>();
        grid.networks().forEach(n -> networks.put(n.name(), new Server(nanos(2 * n.capacity()))));
        Server masterCpu = new Server(nanos(grid.host(master).masterCapacity()));
        Map<String, Server> slaveCpus = new LinkedHashMap<>();
        Map<String, List<Server>> routes = new LinkedHashMap<>();
        for (String slave : slaves) {
            Server cpu = new Server(nanos(grid.host(slave).slaveCapacity()));
            slaveCpus.put(slave, cpu);
            List<String> back = grid.path(slave, master);
            List<String> out = new ArrayList<>(back);
            Collections.reverse(out);
            List<Server> route = new ArrayList<>();
            out.forEach(n -> route.add(networks.get(n)));
            route.add(cpu);
            back.forEach(n -> route.add(networks.get(n)));
            route.add(masterCpu);
            routes.put(slave, route);
        }
        long issued = 0;
        long done = 0;
        long end = 0;
        for (String slave : slaves) {
            if (issued < tasks) {
                schedule(0, Kind.ARRIVAL, null, new Task(slave, routes.get(slave)));
                issued++;
            }
        }
        while (!events.isEmpty()) {
            EventQueue.Event<Kind, Step> event = events.next();
            long now = event.time();
            if (event.kind() == Kind.ARRIVAL) {
                Task arriving = event.payload().task();
                Server server = arriving.route.get(arriving.step);
                server.queue.add(arriving);
                startIfIdle(server, now);
                continue;
            }
            Server server = event.payload().server();
            Task task = server.inService;
            server.inService = null;
            server.busyNanos += server.serviceNanos;
            task.step++;
            if (task.step < task.route.size()) {
                schedule(now, Kind.ARRIVAL, null, task);
            } else {
                done++;
                end = now;
                if (issued < tasks) {
                    schedule(now, Kind.ARRIVAL, null, new Task(task.slave, task.route));
                    issued++;
                }
            }
            startIfIdle(server, now);
        }
        return outcome(done, end, slaveCpus, networks, masterCpu);
    }

    private void startIfIdle(Server server, long now) {
        if (server.inService == null && !server.queue.isEmpty()) {
            server.inService = server.queue.poll();
            schedule(now + server.serviceNanos, Kind.SERVICE_DONE, server, null);
        }
    }

    private void schedule(long time, Kind kind, Server server, Task task) {
        events.schedule(time, kind, new Step(server, task));
    }

    private static Outcome outcome(long done, long end, Map<String, Server> slaves, Map<String, Server> networks, Server master) {
        Map<String, Double> slaveUse = new LinkedHashMap<>();
        slaves.forEach((name, s) -> slaveUse.put(name, fraction(s.busyNanos, end)));
        Map<String, Double> netUse = new LinkedHashMap<>();
        networks.forEach((name, s) -> netUse.put(name, fraction(s.busyNanos, end)));
        double rate = end > 0 ? done / (end / 1e9) : 0;
        return new Outcome(rate, end, slaveUse, netUse, fraction(master.busyNanos, end));
    }

    private static double fraction(long busy, long total) {
        return total > 0 ? (double) busy / total : 0;
    }

    /** Service time of a server that handles `perSecond` tasks per second, rounded to whole nanoseconds. */
    static long nanos(double perSecond) {
        return Math.round(1e9 / perSecond);
    }
}
