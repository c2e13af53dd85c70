package mse.mpi.launch;

/**
 * The Open MPI byte transfer layer a calibration or validation pins (--mca btl): on one host, vader
 * (shared memory) is the fast network and tcp over loopback the slow one, the pair seed 001 section 3
 * plays with Myrinet (emulating on) and Fast Ethernet (emulated).
 */
public enum Transport {
    vader("self,vader"),
    tcp("self,tcp");

    private final String btl;

    Transport(String btl) {
        this.btl = btl;
    }

    public String btl() {
        return btl;
    }
}
