package mse.mpi.options;

import picocli.CommandLine.Option;

/** --bind: where the emulator listens for the ranks' reports (the commands' emulator, or rank 0's under --emulate). */
public final class BindOption {

    /** Loopback: an emulator on one machine listens where only this machine can reach it. */
    public static final String LOOPBACK = "127.0.0.1";

    @Option(names = "--bind", paramLabel = "HOST",
            description = "Address the emulator listens on for the ranks' reports (default: 127.0.0.1 on one machine; "
                    + "with --hostfile this machine's address on --net-interface; under your own mpirun across hosts, "
                    + "name one the other hosts reach).")
    String host;

    /** --bind, else the address of the run's network (loopback on one machine). */
    public String host(String networkAddress) {
        return host != null ? host : networkAddress;
    }
}
