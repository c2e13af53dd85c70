/* The launcher's contract (env.h): every setting parsed as documented, every bad one refused naming the variable. */
#include <string.h>

#include "check.h"
#include "env.h"

static const char *const *table;

static const char *lookup(const char *name) {
    for (int i = 0; table[i] != NULL; i += 2) {
        if (strcmp(table[i], name) == 0) {
            return table[i + 1];
        }
    }
    return NULL;
}

static int read_with(const char *const *entries, mse_settings *s, char *error) {
    table = entries;
    error[0] = '\0';
    return mse_read_settings(lookup, s, error);
}

static void check_refused(const char *const *entries, const char *variable) {
    mse_settings s;
    char error[256];
    CHECK(read_with(entries, &s, error) == -1 && strstr(error, variable) != NULL, "%s: %s", variable, error);
}

int main(void) {
    mse_settings s;
    char error[256];
    const char *const full[] = {"MSE_EMULATOR", "/tmp/mse-1/emulator.sock", "MSE_EMULATOR_TOKEN", "t0k",
                                "MSE_TASK_COST", "per-iteration:25ns", "MSE_COLLECTIVES", "linear",
                                "MSE_RANK_CPU", "process", "MSE_TRACE_CALLS", "1", NULL};
    CHECK(read_with(full, &s, error) == 0, "a full environment reads: %s", error);
    CHECK(strcmp(s.endpoint, "/tmp/mse-1/emulator.sock") == 0 && strcmp(s.token, "t0k") == 0, "endpoint and token");
    CHECK(s.cost.kind == MSE_COST_PER_ITERATION && s.cost.nanos == 25, "per-iteration:25ns");
    CHECK(s.tree == MSE_TREE_LINEAR && s.cpu == MSE_CPU_PROCESS && s.trace_calls == 1, "linear, process, calls traced");

    const char *const minimal[] = {"MSE_EMULATOR", "node7:40123", "MSE_EMULATOR_TOKEN", "t", NULL};
    CHECK(read_with(minimal, &s, error) == 0, "defaults: %s", error);
    CHECK(s.cost.kind == MSE_COST_REAL && s.tree == MSE_TREE_BINOMIAL && s.cpu == MSE_CPU_THREAD,
          "real, binomial and thread by default");
    CHECK(s.trace_calls == 0, "no calls reported unless a trace asks for them");

    mse_task_cost c;
    CHECK(mse_parse_task_cost("fixed:1000000ns", &c) == 0 && c.kind == MSE_COST_FIXED && c.nanos == 1000000, "ns");
    CHECK(mse_parse_task_cost("fixed:2ms", &c) == 0 && c.nanos == 2000000, "ms");
    CHECK(mse_parse_task_cost("fixed:1.5us", &c) == 0 && c.nanos == 1500, "decimal us");
    CHECK(mse_parse_task_cost("per-iteration:1s", &c) == 0 && c.nanos == 1000000000, "s");
    CHECK(mse_parse_task_cost("wall", &c) == 0 && c.kind == MSE_COST_WALL && mse_cost_measured(&c), "wall");
    CHECK(mse_parse_task_cost("real", &c) == 0 && mse_cost_measured(&c), "real is measured");
    CHECK(mse_parse_task_cost("fixed:1ns", &c) == 0 && !mse_cost_measured(&c), "fixed is not");
    const char *bad_costs[] = {"fixed:", "fixed:10", "fixed:-1ns", "fixed:10 ns", "fixed:ns", "real ", "wall:1s", "gauss:1ns",
                               "per-iteration:1h", NULL};
    for (int i = 0; bad_costs[i] != NULL; i++) {
        CHECK(mse_parse_task_cost(bad_costs[i], &c) == -1, "'%s' is refused", bad_costs[i]);
    }
    mse_task_cost fixed = {MSE_COST_FIXED, 700}, per = {MSE_COST_PER_ITERATION, 3}, real = {MSE_COST_REAL, 0};
    CHECK_EQ(700, mse_task_charge(&fixed, 99, 5), "fixed charge");
    CHECK_EQ(15, mse_task_charge(&per, 99, 5), "per-iteration charge");
    CHECK_EQ(99, mse_task_charge(&real, 99, 5), "real charge");

    char host[64];
    int port;
    CHECK(mse_split_host_port("10.0.0.2:5000", host, sizeof host, &port) == 0 && strcmp(host, "10.0.0.2") == 0
          && port == 5000, "host:port");
    CHECK(mse_split_host_port("[::1]:7", host, sizeof host, &port) == 0 && strcmp(host, "::1") == 0 && port == 7,
          "[v6]:port");
    const char *bad_endpoints[] = {"host", ":80", "host:", "host:0", "host:65536", "host:8x", NULL};
    for (int i = 0; bad_endpoints[i] != NULL; i++) {
        CHECK(mse_split_host_port(bad_endpoints[i], host, sizeof host, &port) == -1, "'%s'", bad_endpoints[i]);
    }

    const char *const no_emulator[] = {"MSE_EMULATOR_TOKEN", "t", NULL};
    check_refused(no_emulator, "MSE_EMULATOR is not set");
    const char *const no_token[] = {"MSE_EMULATOR", "/tmp/s", NULL};
    check_refused(no_token, "MSE_EMULATOR_TOKEN is not set");
    const char *const empty_token[] = {"MSE_EMULATOR", "/tmp/s", "MSE_EMULATOR_TOKEN", "", NULL};
    check_refused(empty_token, "MSE_EMULATOR_TOKEN");
    const char *const relative[] = {"MSE_EMULATOR", "emulator.sock", "MSE_EMULATOR_TOKEN", "t", NULL};
    check_refused(relative, "MSE_EMULATOR=emulator.sock");
    const char *const cost[] = {"MSE_EMULATOR", "/s", "MSE_EMULATOR_TOKEN", "t", "MSE_TASK_COST", "fast", NULL};
    check_refused(cost, "MSE_TASK_COST=fast");
    const char *const tree[] = {"MSE_EMULATOR", "/s", "MSE_EMULATOR_TOKEN", "t", "MSE_COLLECTIVES", "ring", NULL};
    check_refused(tree, "MSE_COLLECTIVES=ring");
    const char *const cpu[] = {"MSE_EMULATOR", "/s", "MSE_EMULATOR_TOKEN", "t", "MSE_RANK_CPU", "wall", NULL};
    check_refused(cpu, "MSE_RANK_CPU=wall");
    const char *const calls[] = {"MSE_EMULATOR", "/s", "MSE_EMULATOR_TOKEN", "t", "MSE_TRACE_CALLS", "yes", NULL};
    check_refused(calls, "MSE_TRACE_CALLS=yes");
    return checks_end("test_env");
}
