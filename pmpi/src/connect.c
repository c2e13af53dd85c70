/* Opening a rank's sockets to the emulator (LinkConnector.java): the launcher starts the emulator before mpirun,
 * so a refused connection usually means a wrong address or a dead emulator. A few short retries absorb a slow start;
 * after about five seconds the rank fails naming the address instead of hanging. */
#include "link.h"

#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "env.h"

#define BUDGET_MILLIS 5000
static const long PAUSES_MILLIS[] = {100, 250, 500, 1000, 1500};

static long elapsed_millis(const struct timespec *start) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t); /* pacing the retries only: never virtual time */
    return (t.tv_sec - start->tv_sec) * 1000 + (t.tv_nsec - start->tv_nsec) / 1000000;
}

/* One attempt; the socket, or -1 with the cause in cause (room 200). */
static int connect_once(const char *endpoint, char *cause) {
    if (endpoint[0] == '/') {
        int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        struct sockaddr_un address = {.sun_family = AF_UNIX};
        strncpy(address.sun_path, endpoint, sizeof address.sun_path - 1);
        if (fd >= 0 && connect(fd, (struct sockaddr *) &address, sizeof address) == 0) {
            return fd;
        }
        snprintf(cause, 200, "%s", strerror(errno));
        if (fd >= 0) {
            close(fd);
        }
        return -1;
    }
    char host[256];
    int port;
    mse_split_host_port(endpoint, host, sizeof host, &port); /* checked when the settings were read */
    char service[8];
    snprintf(service, sizeof service, "%d", port);
    struct addrinfo hints = {.ai_socktype = SOCK_STREAM}, *found;
    int status = getaddrinfo(host, service, &hints, &found);
    if (status != 0) {
        snprintf(cause, 200, "cannot resolve %.120s: %s", host, gai_strerror(status));
        return -1;
    }
    int fd = -1;
    for (struct addrinfo *a = found; a != NULL && fd < 0; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
        if (fd >= 0 && connect(fd, a->ai_addr, a->ai_addrlen) != 0) {
            snprintf(cause, 200, "%s", strerror(errno));
            close(fd);
            fd = -1;
        }
    }
    freeaddrinfo(found);
    if (fd >= 0) {
        int on = 1; /* facts are tiny and latency-bound */
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    }
    return fd;
}

static int open_socket(mse_link *link, const char *endpoint) {
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    char cause[200] = "no attempt";
    int attempts = 0;
    for (size_t i = 0; i <= sizeof PAUSES_MILLIS / sizeof PAUSES_MILLIS[0]; i++) {
        attempts++;
        int fd = connect_once(endpoint, cause);
        if (fd >= 0) {
            return fd;
        }
        if (i == sizeof PAUSES_MILLIS / sizeof PAUSES_MILLIS[0]
                || elapsed_millis(&start) + PAUSES_MILLIS[i] > BUDGET_MILLIS) {
            break;
        }
        struct timespec pause = {PAUSES_MILLIS[i] / 1000, PAUSES_MILLIS[i] % 1000 * 1000000L};
        nanosleep(&pause, NULL);
    }
    mse_link_fail(link, "cannot reach the emulator at %s after %d attempts in %ld ms: %s (is ./run.sh emulate "
                  "still running?)", endpoint, attempts, elapsed_millis(&start), cause);
    return -1;
}

static int send_all(int fd, const uint8_t *bytes, size_t n) {
    while (n > 0) {
        ssize_t sent = send(fd, bytes, n, MSG_NOSIGNAL);
        if (sent < 0 && errno == EINTR) {
            continue;
        }
        if (sent <= 0) {
            return -1;
        }
        bytes += sent;
        n -= (size_t) sent;
    }
    return 0;
}

/* Says Hello on a new connection. */
static int greet(mse_link *link, int fd, const char *token, int32_t np, int lower_bounds) {
    uint8_t frame[MSE_LENGTH_FIELD_BYTES + 1 + 4 + 4 + 256 + 9];
    size_t n = mse_encode_hello(token, link->rank, np, lower_bounds, frame + MSE_LENGTH_FIELD_BYTES);
    frame[0] = frame[1] = 0;
    frame[2] = (uint8_t) (n >> 8);
    frame[3] = (uint8_t) n;
    if (send_all(fd, frame, n + MSE_LENGTH_FIELD_BYTES) != 0) {
        mse_link_fail(link, "cannot greet the emulator at %s: %s", link->peer, strerror(errno));
        return -1;
    }
    return 0;
}

int mse_link_open(mse_link *link, const char *endpoint, const char *token, int32_t rank, int32_t np) {
    link->rank = rank;
    link->fd = link->lower_bound_fd = -1;
    snprintf(link->peer, sizeof link->peer, "%s", endpoint);
    link->fd = open_socket(link, endpoint);
    return link->fd < 0 ? -1 : greet(link, link->fd, token, np, 0);
}

int mse_link_open_lower_bounds(mse_link *link, const char *token, int32_t np) {
    int fd = open_socket(link, link->peer);
    if (fd < 0 || greet(link, fd, token, np, 1) != 0) {
        if (fd >= 0) {
            close(fd);
        }
        return -1;
    }
    link->lower_bound_fd = fd;
    return 0;
}

int mse_send_all(int fd, const uint8_t *bytes, size_t n) {
    return send_all(fd, bytes, n);
}
