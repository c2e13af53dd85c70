/* The launcher's contract with every rank (docs/interposition.md, "Environment"): parsed and checked here, with
 * no MPI, so the unit tests cover every spelling. */
#ifndef MSE_ENV_H
#define MSE_ENV_H

#include <stdint.h>

/* How a task's CPU is charged (TaskCost.java): measured CPU, measured wall time, a fixed cost, or work units times a
 * cost per unit. */
typedef enum { MSE_COST_REAL, MSE_COST_WALL, MSE_COST_FIXED, MSE_COST_PER_ITERATION } mse_cost_kind;

typedef struct {
    mse_cost_kind kind;
    int64_t nanos; /* fixed: per task; per-iteration: per work unit */
} mse_task_cost;

/* The profile's collective algorithm (CollectiveTree.java). */
typedef enum { MSE_TREE_BINOMIAL, MSE_TREE_LINEAR } mse_tree_kind;

/* Whose CPU a rank is charged: the thread that called MPI_Init, or the process less the library's threads. */
typedef enum { MSE_CPU_THREAD, MSE_CPU_PROCESS } mse_cpu_scope;

typedef struct {
    char endpoint[256];   /* MSE_EMULATOR: an absolute socket path, or HOST:PORT */
    char token[256];      /* MSE_EMULATOR_TOKEN */
    mse_task_cost cost;   /* MSE_TASK_COST */
    mse_tree_kind tree;   /* MSE_COLLECTIVES */
    mse_cpu_scope cpu;    /* MSE_RANK_CPU */
    int trace_calls;      /* MSE_TRACE_CALLS=1: report entering and leaving each MPI call (an OTF2 timeline) */
} mse_settings;

/* A lookup of an environment variable (getenv, or a table in the tests). */
typedef const char *(*mse_getenv)(const char *name);

/* Reads every setting; 0, or -1 with one line in error (room for 256 bytes) naming the variable and the fix. */
int mse_read_settings(mse_getenv getenv_fn, mse_settings *out, char *error);

/* Whether the program's time between calls is measured and charged (real and wall), not a deterministic cost. */
int mse_cost_measured(const mse_task_cost *cost);

/* Parses real, wall, fixed:DUR or per-iteration:DUR (DUR like 10ns, 50us, 2ms, 1s); 0, or -1 when malformed. */
int mse_parse_task_cost(const char *text, mse_task_cost *out);

/* What a task is charged: its measured CPU (real), the fixed cost, or work units times the cost per unit. */
int64_t mse_task_charge(const mse_task_cost *cost, int64_t measured_nanos, int64_t work_units);

/* Splits HOST:PORT; 0, or -1 when there is no host or the port is not 1..65535. */
int mse_split_host_port(const char *endpoint, char *host, int host_room, int *port);

#endif
