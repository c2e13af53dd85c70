/* Parsing of the rank's environment; every failure is one line naming the variable and what to do. */
#include "env.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse_duration(const char *text, int64_t *nanos) {
    errno = 0;
    char *end;
    double value = strtod(text, &end);
    if (end == text || errno != 0 || !(value >= 0) || (*text < '0' || *text > '9')) {
        return -1;
    }
    double unit;
    if (strcmp(end, "ns") == 0) {
        unit = 1;
    } else if (strcmp(end, "us") == 0) {
        unit = 1e3;
    } else if (strcmp(end, "ms") == 0) {
        unit = 1e6;
    } else if (strcmp(end, "s") == 0) {
        unit = 1e9;
    } else {
        return -1;
    }
    double total = round(value * unit);
    if (total > 9.2e18) {
        return -1;
    }
    *nanos = (int64_t) total;
    return 0;
}

int mse_parse_task_cost(const char *text, mse_task_cost *out) {
    if (strcmp(text, "real") == 0 || strcmp(text, "wall") == 0) {
        out->kind = text[0] == 'r' ? MSE_COST_REAL : MSE_COST_WALL;
        out->nanos = 0;
        return 0;
    }
    if (strncmp(text, "fixed:", 6) == 0) {
        out->kind = MSE_COST_FIXED;
        return parse_duration(text + 6, &out->nanos);
    }
    if (strncmp(text, "per-iteration:", 14) == 0) {
        out->kind = MSE_COST_PER_ITERATION;
        return parse_duration(text + 14, &out->nanos);
    }
    return -1;
}

int mse_cost_measured(const mse_task_cost *cost) {
    return cost->kind == MSE_COST_REAL || cost->kind == MSE_COST_WALL;
}

int64_t mse_task_charge(const mse_task_cost *cost, int64_t measured_nanos, int64_t work_units) {
    switch (cost->kind) {
    case MSE_COST_FIXED: return cost->nanos;
    case MSE_COST_PER_ITERATION: return work_units * cost->nanos;
    default: return measured_nanos;
    }
}

int mse_split_host_port(const char *endpoint, char *host, int host_room, int *port) {
    const char *colon = strrchr(endpoint, ':');
    if (colon == NULL || colon == endpoint || colon - endpoint >= host_room) {
        return -1;
    }
    char *end;
    errno = 0;
    long p = strtol(colon + 1, &end, 10);
    if (*(colon + 1) == '\0' || *end != '\0' || errno != 0 || p < 1 || p > 65535) {
        return -1;
    }
    memcpy(host, endpoint, (size_t) (colon - endpoint));
    host[colon - endpoint] = '\0';
    if (host[0] == '[' && colon - endpoint > 2 && host[colon - endpoint - 1] == ']') { /* [::1]:port */
        memmove(host, host + 1, (size_t) (colon - endpoint - 2));
        host[colon - endpoint - 2] = '\0';
    }
    *port = (int) p;
    return 0;
}

/* Copies a variable that must be set and fit; -1 with the line saying which otherwise. */
static int required(mse_getenv getenv_fn, const char *name, char *out, size_t room, char *error) {
    const char *value = getenv_fn(name);
    if (value == NULL || value[0] == '\0') {
        snprintf(error, 256, "%s is not set: start the program with ./run.sh emulate --np N -- PROGRAM [ARGS]", name);
        return -1;
    }
    if (strlen(value) >= room) {
        snprintf(error, 256, "%s is longer than %zu bytes", name, room - 1);
        return -1;
    }
    strcpy(out, value);
    return 0;
}

static int read_endpoint(mse_settings *out, char *error) {
    if (out->endpoint[0] == '/') {
        if (strlen(out->endpoint) >= 108) { /* sun_path's room on Linux */
            snprintf(error, 256, "MSE_EMULATOR=%s: a socket path must be under 108 bytes", out->endpoint);
            return -1;
        }
        return 0;
    }
    char host[256];
    int port;
    if (mse_split_host_port(out->endpoint, host, sizeof host, &port) != 0) {
        snprintf(error, 256, "MSE_EMULATOR=%.180s: expected an absolute socket path or HOST:PORT", out->endpoint);
        return -1;
    }
    return 0;
}

int mse_read_settings(mse_getenv getenv_fn, mse_settings *out, char *error) {
    memset(out, 0, sizeof *out);
    if (required(getenv_fn, "MSE_EMULATOR", out->endpoint, sizeof out->endpoint, error)
            || read_endpoint(out, error)
            || required(getenv_fn, "MSE_EMULATOR_TOKEN", out->token, sizeof out->token, error)) {
        return -1;
    }
    const char *cost = getenv_fn("MSE_TASK_COST");
    if (mse_parse_task_cost(cost == NULL || cost[0] == '\0' ? "real" : cost, &out->cost) != 0) {
        snprintf(error, 256, "MSE_TASK_COST=%.120s: expected real, wall, fixed:DUR or per-iteration:DUR "
                 "(DUR like 10ns, 50us, 2ms, 1s)", cost);
        return -1;
    }
    const char *tree = getenv_fn("MSE_COLLECTIVES");
    if (tree == NULL || tree[0] == '\0' || strcmp(tree, "binomial") == 0) {
        out->tree = MSE_TREE_BINOMIAL;
    } else if (strcmp(tree, "linear") == 0) {
        out->tree = MSE_TREE_LINEAR;
    } else {
        snprintf(error, 256, "MSE_COLLECTIVES=%.120s: expected binomial or linear", tree);
        return -1;
    }
    const char *cpu = getenv_fn("MSE_RANK_CPU");
    if (cpu == NULL || cpu[0] == '\0' || strcmp(cpu, "thread") == 0) {
        out->cpu = MSE_CPU_THREAD;
    } else if (strcmp(cpu, "process") == 0) {
        out->cpu = MSE_CPU_PROCESS;
    } else {
        snprintf(error, 256, "MSE_RANK_CPU=%.120s: expected thread or process", cpu);
        return -1;
    }
    const char *calls = getenv_fn("MSE_TRACE_CALLS");
    if (calls == NULL || calls[0] == '\0' || strcmp(calls, "0") == 0) {
        out->trace_calls = 0;
    } else if (strcmp(calls, "1") == 0) {
        out->trace_calls = 1;
    } else {
        snprintf(error, 256, "MSE_TRACE_CALLS=%.120s: expected 0 or 1", calls);
        return -1;
    }
    return 0;
}
