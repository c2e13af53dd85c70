package mse.mpi.comm;

import java.nio.ByteBuffer;
import java.util.function.DoubleBinaryOperator;
import java.util.function.LongBinaryOperator;

/**
 * What {@link Comm#reduce} combines: element-wise sum, minimum or maximum of arrays of 64-bit integers or of
 * doubles, big-endian in the byte arrays (encode them with {@link #longs} and {@link #doubles}). A small fixed set
 * rather than a user function, so that MpiComm maps each to MPI's own operation (MPI.SUM, MIN, MAX on MPI.LONG
 * or MPI.DOUBLE) and every Comm computes the same thing. Sums of doubles may round differently with the order
 * of the combination, which differs between a binomial tree and the MPI library's own algorithm.
 */
public enum ReduceOp {
    SUM_LONG(Long::sum, null),
    MIN_LONG(Math::min, null),
    MAX_LONG(Math::max, null),
    SUM_DOUBLE(null, Double::sum),
    MIN_DOUBLE(null, Math::min),
    MAX_DOUBLE(null, Math::max);

    private final LongBinaryOperator onLongs;
    private final DoubleBinaryOperator onDoubles;

    ReduceOp(LongBinaryOperator onLongs, DoubleBinaryOperator onDoubles) {
        this.onLongs = onLongs;
        this.onDoubles = onDoubles;
    }

    /** True for the operations on doubles, false for those on 64-bit integers. */
    public boolean onDoubles() {
        return onDoubles != null;
    }

    /** Element-wise a op b; both must hold the same number of 8-byte elements. */
    public byte[] combine(byte[] a, byte[] b) {
        int elements = elements(a);
        if (b.length != a.length) {
            throw new CommException("reduce " + this + ": arrays of " + a.length + " and " + b.length + " bytes differ in length");
        }
        ByteBuffer x = ByteBuffer.wrap(a);
        ByteBuffer y = ByteBuffer.wrap(b);
        ByteBuffer out = ByteBuffer.allocate(a.length);
        for (int i = 0; i < elements; i++) {
            if (onDoubles()) {
                out.putDouble(onDoubles.applyAsDouble(x.getDouble(), y.getDouble()));
            } else {
                out.putLong(onLongs.applyAsLong(x.getLong(), y.getLong()));
            }
        }
        return out.array();
    }

    /** How many 8-byte elements the array holds; its length must be a multiple of 8. */
    public int elements(byte[] data) {
        if (data.length % Long.BYTES != 0) {
            throw new CommException("reduce " + this + ": " + data.length + " bytes is not a whole number of 8-byte elements");
        }
        return data.length / Long.BYTES;
    }

    /** The values as big-endian bytes, for a reduce on 64-bit integers. */
    public static byte[] longs(long... values) {
        ByteBuffer out = ByteBuffer.allocate(values.length * Long.BYTES);
        for (long v : values) {
            out.putLong(v);
        }
        return out.array();
    }

    /** The values as big-endian bytes, for a reduce on doubles. */
    public static byte[] doubles(double... values) {
        ByteBuffer out = ByteBuffer.allocate(values.length * Double.BYTES);
        for (double v : values) {
            out.putDouble(v);
        }
        return out.array();
    }

    /** The 64-bit integers in big-endian bytes. */
    public static long[] toLongs(byte[] data) {
        long[] values = new long[data.length / Long.BYTES];
        ByteBuffer.wrap(data).asLongBuffer().get(values);
        return values;
    }

    /** The doubles in big-endian bytes. */
    public static double[] toDoubles(byte[] data) {
        double[] values = new double[data.length / Double.BYTES];
        ByteBuffer.wrap(data).asDoubleBuffer().get(values);
        return values;
    }
}
