package mse.emulator.analysis;

/**
 * What a stretch of the critical path was: a rank's computation or its send or receive overhead (each split by
 * role: a master's or another rank's), a message's own network time (latency and its bytes at the interface), or
 * waiting (for an interface busy with other messages, or a block the events do not explain).
 */
public enum PathPart {
    MASTER_COMPUTE("the master's computation"),
    OTHER_COMPUTE("the slaves' computation"),
    MASTER_SEND_OVERHEAD("the master's send overhead"),
    OTHER_SEND_OVERHEAD("the slaves' send overhead"),
    MASTER_RECEIVE_OVERHEAD("the master's receive overhead"),
    OTHER_RECEIVE_OVERHEAD("the slaves' receive overhead"),
    NETWORK("the network (latency and bytes at the interfaces)"),
    WAIT("waiting for network interfaces busy with other messages");

    static final int COUNT = values().length;

    private final String description;

    PathPart(String description) {
        this.description = description;
    }

    /** The part as the report's sentence names it: for several masters "the masters'", for none "the ranks'". */
    public String description(int masters) {
        if (masters == 0) {
            return description.replace("the slaves'", "the ranks'");
        }
        return masters == 1 ? description : description.replace("the master's", "the masters'");
    }

    boolean isCompute() {
        return this == MASTER_COMPUTE || this == OTHER_COMPUTE;
    }

    boolean isOverhead() {
        return this == MASTER_SEND_OVERHEAD || this == OTHER_SEND_OVERHEAD || this == MASTER_RECEIVE_OVERHEAD
                || this == OTHER_RECEIVE_OVERHEAD;
    }
}
