/**
 * The master strategies as parsed specifications (Single, Multi, Dynamic): each owns its name, the options its
 * ranks need, the P it fits, its masters, its live program (mse.mpi.apps.farm) and its simulation for predict.
 * Each registers its StrategyKind in META-INF/services (one line); docs/strategies.md, "Adding a strategy".
 */
package mse.mpi.apps.strategy;
