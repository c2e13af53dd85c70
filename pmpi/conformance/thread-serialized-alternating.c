/* np: 2. MPI_THREAD_SERIALIZED (MPI 3.1 §12.4.3): MPI called from two threads of each rank, never at once. Each rank
 * starts two threads after MPI_Init_thread that take turns (a mutex and a condition variable, which also order their
 * memory): the thread whose turn it is plays one round, a wildcard ping-pong between the ranks with MPI_Iprobe,
 * MPI_Isend and MPI_Wait, MPI_Allreduce and MPI_Wtime, then hands the turn to the other. The thread that called
 * MPI_Init_thread makes no MPI call until both have ended. */
#include <pthread.h>

#include "conformance.h"

#define ROUNDS 12

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int turn;   /* the thread whose turn it is: 0 or 1 */
    int round;  /* rounds played */
    int rank;
    double last_wtime;
} turns;

typedef struct {
    turns *shared;
    int me;
} player;

/* One round: rank 0 sends the round's number from this thread; rank 1 receives it from any source and tag (polled
 * with MPI_Iprobe first), answers it plus 100 with MPI_Isend; then both sum their rank and the round. */
static void play(turns *t, int round) {
    int value = round, tag = 10 + round;
    MPI_Status status;
    if (t->rank == 0) {
        MPI_Send(&value, 1, MPI_INT, 1, tag, MPI_COMM_WORLD);
        MPI_Recv(&value, 1, MPI_INT, 1, tag, MPI_COMM_WORLD, &status);
        CHECK(value == round + 100, "round %d: answer %d", round, value);
    } else {
        int flag = 0;
        while (!flag) {
            MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
        }
        CHECK(status.MPI_TAG == tag, "round %d: probed tag %d", round, status.MPI_TAG);
        MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        CHECK(value == round && status.MPI_SOURCE == 0, "round %d: got %d from %d", round, value, status.MPI_SOURCE);
        value += 100;
        MPI_Request request;
        MPI_Isend(&value, 1, MPI_INT, 0, status.MPI_TAG, MPI_COMM_WORLD, &request);
        MPI_Wait(&request, MPI_STATUS_IGNORE);
    }
    int sum = 0, mine = t->rank + round;
    MPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    CHECK(sum == 1 + 2 * round, "round %d: sum %d", round, sum);
    double now = MPI_Wtime();
    CHECK(now >= t->last_wtime, "round %d: MPI_Wtime went back", round);
    t->last_wtime = now;
}

static void *take_turns(void *arg) {
    player *p = arg;
    turns *t = p->shared;
    pthread_mutex_lock(&t->lock);
    while (t->round < ROUNDS) {
        if (t->turn != p->me) {
            pthread_cond_wait(&t->changed, &t->lock);
            continue;
        }
        play(t, t->round); /* under the lock: the other thread waits, so MPI is called by one thread at a time */
        t->round++;
        t->turn = 1 - p->me;
        pthread_cond_broadcast(&t->changed);
    }
    pthread_mutex_unlock(&t->lock);
    return NULL;
}

int main(int argc, char **argv) {
    int provided = MPI_THREAD_SINGLE;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
    CHECK(provided >= MPI_THREAD_SERIALIZED, "provided %d", provided);
    turns t = {.lock = PTHREAD_MUTEX_INITIALIZER, .changed = PTHREAD_COND_INITIALIZER};
    MPI_Comm_rank(MPI_COMM_WORLD, &t.rank);
    player players[2] = {{&t, 0}, {&t, 1}};
    pthread_t threads[2];
    for (int i = 0; i < 2; i++) {
        pthread_create(&threads[i], NULL, take_turns, &players[i]);
    }
    for (int i = 0; i < 2; i++) {
        pthread_join(threads[i], NULL);
    }
    CHECK(t.round == ROUNDS, "rounds %d", t.round);
    conformance_verdict("thread-serialized-alternating");
    MPI_Finalize();
    return 0;
}
