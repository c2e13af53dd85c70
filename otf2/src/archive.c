/* The archive as Vampir and the Score-P tools expect it of an MPI program: the system tree (the target, its hosts),
 * a process (location group) per rank under its host with one thread (location) each, MPI_COMM_WORLD over all
 * ranks, MPI_COMM_SELF and each communicator the program created with its members, the regions of events.h, and each rank's events in virtual nanoseconds (timer resolution 1 ns, the trace
 * from 0 to the run's predicted end). */
#include "archive.h"

#include <otf2/otf2.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One archive write: the library's handles and the strings defined so far. */
struct writing {
    OTF2_Archive *archive;
    OTF2_GlobalDefWriter *definitions;
    uint32_t strings;
    OTF2_StringRef none; /* the empty string */
    OTF2_ErrorCode status;
    const char *step;
};

/* Later calls after a failure do nothing: the first refusal is the one reported. */
#define STEP(w, name, call)           \
    do {                              \
        if ((w)->status == OTF2_SUCCESS) { \
            (w)->step = (name);       \
            (w)->status = (call);     \
        }                             \
    } while (0)

static OTF2_FlushType flush_always(void *user, OTF2_FileType type, OTF2_LocationRef location, void *caller, bool final) {
    (void) user, (void) type, (void) location, (void) caller, (void) final;
    return OTF2_FLUSH;
}

/* The time a buffer flush ends: only a measurement perturbs its program by flushing; this writer runs after the run,
 * so a flush takes no virtual time (the library records none for the final flush, the only one of a trace that
 * fits its buffers). */
static OTF2_TimeStamp flushed_at(void *user, OTF2_FileType type, OTF2_LocationRef location) {
    (void) user, (void) type, (void) location;
    return 0;
}

static const OTF2_FlushCallbacks FLUSH = {.otf2_pre_flush = flush_always, .otf2_post_flush = flushed_at};

/* Defines `text` as the next string and returns its reference. */
static OTF2_StringRef string(struct writing *w, const char *text) {
    OTF2_StringRef ref = w->strings++;
    STEP(w, "defining a string", OTF2_GlobalDefWriter_WriteString(w->definitions, ref, text));
    return ref;
}

static const OTF2_CollectiveOp COLLECTIVE_OPS[] = {
    [COLLECTIVE_BARRIER] = OTF2_COLLECTIVE_OP_BARRIER, [COLLECTIVE_BCAST] = OTF2_COLLECTIVE_OP_BCAST,
    [COLLECTIVE_GATHER] = OTF2_COLLECTIVE_OP_GATHER, [COLLECTIVE_GATHERV] = OTF2_COLLECTIVE_OP_GATHERV,
    [COLLECTIVE_SCATTER] = OTF2_COLLECTIVE_OP_SCATTER, [COLLECTIVE_SCATTERV] = OTF2_COLLECTIVE_OP_SCATTERV,
    [COLLECTIVE_ALLGATHER] = OTF2_COLLECTIVE_OP_ALLGATHER, [COLLECTIVE_ALLGATHERV] = OTF2_COLLECTIVE_OP_ALLGATHERV,
    [COLLECTIVE_ALLTOALL] = OTF2_COLLECTIVE_OP_ALLTOALL, [COLLECTIVE_REDUCE] = OTF2_COLLECTIVE_OP_REDUCE,
    [COLLECTIVE_ALLREDUCE] = OTF2_COLLECTIVE_OP_ALLREDUCE, [COLLECTIVE_ALLTOALLV] = OTF2_COLLECTIVE_OP_ALLTOALLV,
    [COLLECTIVE_ALLTOALLW] = OTF2_COLLECTIVE_OP_ALLTOALLW, [COLLECTIVE_SCAN] = OTF2_COLLECTIVE_OP_SCAN,
    [COLLECTIVE_EXSCAN] = OTF2_COLLECTIVE_OP_EXSCAN, [COLLECTIVE_REDUCE_SCATTER] = OTF2_COLLECTIVE_OP_REDUCE_SCATTER,
    [COLLECTIVE_REDUCE_SCATTER_BLOCK] = OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK};

/* One rank's events: a request's start and completion as the rank told them (MpiIrecvRequest and MpiIrecv, a
 * nonblocking collective's request and completion, MpiRequestCancelled), and the call a message is in decides how the
 * rest show: a nonblocking send's MpiIsend and its completion at once; a receive on a program's context completed in a
 * wait or test by a rank that numbers no requests (the Java Comm) an MpiIrecvRequest and MpiIrecv there, each pair
 * with a request number of the writer's own. */
static void write_rank_events(struct writing *w, const struct trace *trace, OTF2_EvtWriter *events, const struct trace_rank *rank) {
    enum trace_call_kind in_call = CALL_PLAIN;
    uint64_t requests = UINT64_C(1) << 32; /* the writer's own request numbers, above the ranks' (32 bits) */
    for (size_t i = 0; i < rank->count; i++) {
        const struct trace_event *e = &rank->events[i];
        uint8_t kind = e->kind;
        if (e->dropped) {
            continue;
        }
        if (kind == KIND_CALL_INSTANT) {
            static const uint8_t kinds[] = {[INSTANT_ENTER] = KIND_CALL_ENTER, [INSTANT_REQUEST] = KIND_REQUEST,
                                            [INSTANT_COLLECTIVE_BEGIN] = KIND_COLLECTIVE_BEGIN, [INSTANT_COLLECTIVE_END] = KIND_COLLECTIVE_END,
                                            [INSTANT_COMPLETE] = KIND_COMPLETE, [INSTANT_LEAVE] = KIND_CALL_LEAVE};
            kind = kinds[e->instant];
        }
        const char *call = e->region >= REGION_COUNT ? trace->calls[e->region - REGION_COUNT] : NULL;
        switch (kind) {
        case KIND_CALL_ENTER:
            in_call = trace_call_kind_of(call);
            /* fall through */
        case KIND_PROGRAM_ENTER:
        case KIND_CRITICAL_ENTER:
        case KIND_ENTER:
            STEP(w, "writing an Enter", OTF2_EvtWriter_Enter(events, NULL, e->time, e->region));
            break;
        case KIND_CALL_LEAVE:
            in_call = CALL_PLAIN;
            /* fall through */
        case KIND_PROGRAM_LEAVE:
        case KIND_CRITICAL_LEAVE:
        case KIND_LEAVE:
            STEP(w, "writing a Leave", OTF2_EvtWriter_Leave(events, NULL, e->time, e->region));
            break;
        case KIND_COLLECTIVE_BEGIN:
            STEP(w, "writing an MpiCollectiveBegin", OTF2_EvtWriter_MpiCollectiveBegin(events, NULL, e->time));
            break;
        case KIND_COLLECTIVE_END:
            STEP(w, "writing an MpiCollectiveEnd",
                 OTF2_EvtWriter_MpiCollectiveEnd(events, NULL, e->time, COLLECTIVE_OPS[trace_collective_of(call)], e->comm,
                                                 e->peer == UINT32_MAX ? OTF2_UNDEFINED_UINT32 : e->peer, e->bytes, e->received));
            break;
        case KIND_REQUEST:
            if (e->tags == 0) {
                STEP(w, "writing an MpiIrecvRequest", OTF2_EvtWriter_MpiIrecvRequest(events, NULL, e->time, e->request));
            } else {
                STEP(w, "writing a NonBlockingCollectiveRequest", OTF2_EvtWriter_NonBlockingCollectiveRequest(events, NULL, e->time, e->request));
            }
            break;
        case KIND_COMPLETE:
            if (e->tags > 0 && trace_collective_of(call) == COLLECTIVE_NONE) {
                w->step = "writing a NonBlockingCollectiveComplete of a call it knows no operation of";
                w->status = w->status == OTF2_SUCCESS ? OTF2_ERROR_INVALID_ARGUMENT : w->status;
            } else if (e->tags > 0) {
                STEP(w, "writing a NonBlockingCollectiveComplete",
                     OTF2_EvtWriter_NonBlockingCollectiveComplete(events, NULL, e->time, COLLECTIVE_OPS[trace_collective_of(call)], e->comm,
                                                                  e->peer == UINT32_MAX ? OTF2_UNDEFINED_UINT32 : e->peer, e->bytes,
                                                                  e->received, e->request));
            } else if (e->peer == UINT32_MAX) {
                STEP(w, "writing an MpiRequestCancelled", OTF2_EvtWriter_MpiRequestCancelled(events, NULL, e->time, e->request));
            } else {
                STEP(w, "writing an MpiIrecv",
                     OTF2_EvtWriter_MpiIrecv(events, NULL, e->time, e->peer, e->comm, e->tag, e->bytes, e->request));
            }
            break;
        case KIND_MPI_SEND:
            if (in_call == CALL_SENDS_NONBLOCKING) {
                requests++;
                STEP(w, "writing an MpiIsend", OTF2_EvtWriter_MpiIsend(events, NULL, e->time, e->peer, e->comm, e->tag, e->bytes, requests));
                STEP(w, "writing an MpiIsendComplete", OTF2_EvtWriter_MpiIsendComplete(events, NULL, e->time, requests));
            } else {
                STEP(w, "writing an MpiSend", OTF2_EvtWriter_MpiSend(events, NULL, e->time, e->peer, e->comm, e->tag, e->bytes));
            }
            break;
        case KIND_MPI_RECV:
            if (in_call == CALL_COMPLETES_REQUESTS && e->context % 2 == 0) { /* a rank that numbers no requests (Java's Comm) */
                requests++;
                STEP(w, "writing an MpiIrecvRequest", OTF2_EvtWriter_MpiIrecvRequest(events, NULL, e->time, requests));
                STEP(w, "writing an MpiIrecv", OTF2_EvtWriter_MpiIrecv(events, NULL, e->time, e->peer, e->comm, e->tag, e->bytes, requests));
            } else {
                STEP(w, "writing an MpiRecv", OTF2_EvtWriter_MpiRecv(events, NULL, e->time, e->peer, e->comm, e->tag, e->bytes));
            }
            break;
        }
    }
}

static void write_events(struct writing *w, const struct trace *trace, uint64_t *counts) {
    STEP(w, "opening the event files", OTF2_Archive_OpenEvtFiles(w->archive));
    for (size_t r = 0; r < trace->rank_count && w->status == OTF2_SUCCESS; r++) {
        OTF2_EvtWriter *events = OTF2_Archive_GetEvtWriter(w->archive, r);
        if (events == NULL) {
            w->step = "opening a rank's event writer";
            w->status = OTF2_ERROR_MEM_ALLOC_FAILED;
            return;
        }
        write_rank_events(w, trace, events, &trace->ranks[r]);
        STEP(w, "counting a rank's events", OTF2_EvtWriter_GetNumberOfEvents(events, &counts[r]));
        STEP(w, "closing a rank's event writer", OTF2_Archive_CloseEvtWriter(w->archive, events));
    }
    STEP(w, "closing the event files", OTF2_Archive_CloseEvtFiles(w->archive));
}

/* An MPI call's role: a collective's by its shape, point-to-point for the calls that move messages, a function else. */
static OTF2_RegionRole call_role(const char *call) {
    switch (trace_collective_of(call)) {
    case COLLECTIVE_BARRIER: return OTF2_REGION_ROLE_BARRIER;
    case COLLECTIVE_BCAST: case COLLECTIVE_SCATTER: case COLLECTIVE_SCATTERV: return OTF2_REGION_ROLE_COLL_ONE2ALL;
    case COLLECTIVE_GATHER: case COLLECTIVE_GATHERV: case COLLECTIVE_REDUCE: return OTF2_REGION_ROLE_COLL_ALL2ONE;
    case COLLECTIVE_ALLGATHER: case COLLECTIVE_ALLGATHERV: case COLLECTIVE_ALLTOALL: case COLLECTIVE_ALLREDUCE:
    case COLLECTIVE_ALLTOALLV: case COLLECTIVE_ALLTOALLW: case COLLECTIVE_REDUCE_SCATTER:
    case COLLECTIVE_REDUCE_SCATTER_BLOCK:
        return OTF2_REGION_ROLE_COLL_ALL2ALL;
    case COLLECTIVE_SCAN: case COLLECTIVE_EXSCAN: return OTF2_REGION_ROLE_COLL_OTHER; /* Score-P's role for a scan */
    case COLLECTIVE_NONE: break;
    }
    static const char *const p2p[] = {"MPI_Send", "MPI_Ssend", "MPI_Bsend", "MPI_Rsend", "MPI_Isend", "MPI_Issend", "MPI_Ibsend",
                                      "MPI_Irsend", "MPI_Recv", "MPI_Irecv", "MPI_Sendrecv", "MPI_Sendrecv_replace", "MPI_Probe",
                                      "MPI_Iprobe", "MPI_Mprobe", "MPI_Improbe", "MPI_Mrecv", "MPI_Imrecv"};
    for (size_t i = 0; i < sizeof p2p / sizeof *p2p; i++) {
        if (strcmp(call, p2p[i]) == 0) {
            return OTF2_REGION_ROLE_POINT2POINT;
        }
    }
    return OTF2_REGION_ROLE_FUNCTION;
}

/* A region per MPI call the ranks reported, named as MPI names it, in the MPI paradigm. */
static void write_call_regions(struct writing *w, const struct trace *trace) {
    OTF2_StringRef none = w->none;
    for (size_t c = 0; c < trace->call_count; c++) {
        OTF2_StringRef name = string(w, trace->calls[c]);
        STEP(w, "defining a call's region",
             OTF2_GlobalDefWriter_WriteRegion(w->definitions, REGION_COUNT + (uint32_t) c, name, name, none, call_role(trace->calls[c]),
                                              OTF2_PARADIGM_MPI, OTF2_REGION_FLAG_NONE, none, 0, 0));
    }
}

static void write_regions(struct writing *w) {
    static const struct {
        const char *name, *description;
        OTF2_RegionRole role;
        OTF2_Paradigm paradigm;
    } regions[REGION_COUNT] = {
        [REGION_PROGRAM] = {"program", "the rank's whole run, from virtual time 0 to the run's predicted end",
                            OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_USER},
        [REGION_COMPUTE] = {"compute", "computation: host CPU time scaled to the target's CPU", OTF2_REGION_ROLE_FUNCTION,
                            OTF2_PARADIGM_USER},
        [REGION_SEND] = {"send", "a send's overhead o_s on the target (LogGPS)", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI},
        [REGION_RECV] = {"recv", "a receive's overhead o_r on the target (LogGPS)", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI},
        [REGION_CRITICAL] = {"critical path", "a stretch of the run's critical path: the chain of computation, overheads and "
                             "messages that ends at the predicted time (docs/results.md)", OTF2_REGION_ROLE_ARTIFICIAL,
                             OTF2_PARADIGM_USER},
    };
    OTF2_StringRef none = w->none;
    for (uint32_t r = 0; r < REGION_COUNT; r++) {
        OTF2_StringRef name = string(w, regions[r].name);
        OTF2_StringRef description = string(w, regions[r].description);
        STEP(w, "defining a region", OTF2_GlobalDefWriter_WriteRegion(w->definitions, r, name, name, description, regions[r].role,
                                                                      regions[r].paradigm, OTF2_REGION_FLAG_NONE, none, 0, 0));
    }
}

/* Hosts under the target, a process per rank under its host, one thread each. */
static void write_system(struct writing *w, const struct trace *trace, const uint64_t *counts) {
    OTF2_StringRef machine = string(w, "machine"), node = string(w, "node");
    STEP(w, "defining the target", OTF2_GlobalDefWriter_WriteSystemTreeNode(w->definitions, 0, string(w, "target"), machine,
                                                                            OTF2_UNDEFINED_SYSTEM_TREE_NODE));
    for (size_t h = 0; h < trace->host_count; h++) {
        STEP(w, "defining a host", OTF2_GlobalDefWriter_WriteSystemTreeNode(w->definitions, (OTF2_SystemTreeNodeRef) h + 1,
                                                                            string(w, trace->hosts[h]), node, 0));
    }
    for (size_t r = 0; r < trace->rank_count; r++) {
        OTF2_StringRef name = string(w, trace->ranks[r].name);
        STEP(w, "defining a rank's process",
             OTF2_GlobalDefWriter_WriteLocationGroup(w->definitions, (OTF2_LocationGroupRef) r, name, OTF2_LOCATION_GROUP_TYPE_PROCESS,
                                                     (OTF2_SystemTreeNodeRef) trace->ranks[r].host + 1, OTF2_UNDEFINED_LOCATION_GROUP));
        STEP(w, "defining a rank's location", OTF2_GlobalDefWriter_WriteLocation(w->definitions, r, name, OTF2_LOCATION_TYPE_CPU_THREAD,
                                                                                 counts[r], (OTF2_LocationGroupRef) r));
    }
}

/* The groups of the communicators: 0 the MPI locations (the ranks in rank order, into which the others' members point:
 * a member is its world rank), 1 the world's, 2 MPI_COMM_SELF's, then one per created communicator. */
enum { GROUP_LOCATIONS, GROUP_WORLD, GROUP_SELF, GROUP_CREATED };

/* MPI_COMM_WORLD, MPI_COMM_SELF and every communicator the program created, named by the call that made it, its id and
 * its first member (ids repeat across communicators with no member in common), with its members and its parent. */
static void write_comms(struct writing *w, const struct trace *trace) {
    uint64_t *members = malloc((trace->rank_count + 1) * sizeof *members);
    if (members == NULL) {
        w->status = w->status == OTF2_SUCCESS ? OTF2_ERROR_MEM_ALLOC_FAILED : w->status;
        return;
    }
    for (size_t r = 0; r < trace->rank_count; r++) {
        members[r] = r;
    }
    OTF2_StringRef none = w->none, world = string(w, "MPI_COMM_WORLD"), self = string(w, "MPI_COMM_SELF");
    STEP(w, "defining the MPI locations", OTF2_GlobalDefWriter_WriteGroup(w->definitions, GROUP_LOCATIONS, none,
                                                                          OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI,
                                                                          OTF2_GROUP_FLAG_NONE, (uint32_t) trace->rank_count, members));
    STEP(w, "defining the world group", OTF2_GlobalDefWriter_WriteGroup(w->definitions, GROUP_WORLD, world, OTF2_GROUP_TYPE_COMM_GROUP,
                                                                        OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE,
                                                                        (uint32_t) trace->rank_count, members));
    STEP(w, "defining the self group", OTF2_GlobalDefWriter_WriteGroup(w->definitions, GROUP_SELF, self, OTF2_GROUP_TYPE_COMM_SELF,
                                                                       OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE, 0, members));
    STEP(w, "defining MPI_COMM_WORLD", OTF2_GlobalDefWriter_WriteComm(w->definitions, TRACE_COMM_WORLD, world,
                                                                      GROUP_WORLD, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE));
    STEP(w, "defining MPI_COMM_SELF", OTF2_GlobalDefWriter_WriteComm(w->definitions, TRACE_COMM_SELF, self,
                                                                     GROUP_SELF, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE));
    free(members);
    for (size_t c = 0; c < trace->comm_count && w->status == OTF2_SUCCESS; c++) {
        const struct trace_comm *comm = &trace->comms[c];
        uint64_t *ranks = malloc(comm->size * sizeof *ranks);
        if (ranks == NULL) {
            w->status = OTF2_ERROR_MEM_ALLOC_FAILED;
            return;
        }
        for (uint32_t m = 0; m < comm->size; m++) {
            ranks[m] = comm->members[m];
        }
        char name[256];
        snprintf(name, sizeof name, "%s: comm %d, first member rank %u", comm->call, comm->id, comm->leader);
        OTF2_StringRef named = string(w, name);
        STEP(w, "defining a communicator's group",
             OTF2_GlobalDefWriter_WriteGroup(w->definitions, GROUP_CREATED + (uint32_t) c, named, OTF2_GROUP_TYPE_COMM_GROUP,
                                             OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE, comm->size, ranks));
        STEP(w, "defining a communicator",
             OTF2_GlobalDefWriter_WriteComm(w->definitions, TRACE_COMM_CREATED + (uint32_t) c, named,
                                            GROUP_CREATED + (uint32_t) c, comm->parent, OTF2_COMM_FLAG_NONE));
        free(ranks);
    }
}

/* Every location's local definitions file, empty: readers open one per location. */
static void write_local_definitions(struct writing *w, const struct trace *trace) {
    STEP(w, "opening the definition files", OTF2_Archive_OpenDefFiles(w->archive));
    for (size_t r = 0; r < trace->rank_count && w->status == OTF2_SUCCESS; r++) {
        OTF2_DefWriter *local = OTF2_Archive_GetDefWriter(w->archive, r);
        if (local == NULL) {
            w->step = "opening a rank's definition writer";
            w->status = OTF2_ERROR_MEM_ALLOC_FAILED;
            return;
        }
        STEP(w, "closing a rank's definition writer", OTF2_Archive_CloseDefWriter(w->archive, local));
    }
    STEP(w, "closing the definition files", OTF2_Archive_CloseDefFiles(w->archive));
}

int archive_write(const struct trace *trace, const char *directory, char *error, size_t error_size) {
    struct writing w = {.status = OTF2_SUCCESS, .step = "opening the archive"};
    uint64_t *counts = calloc(trace->rank_count, sizeof *counts);
    w.archive = counts == NULL ? NULL
                               : OTF2_Archive_Open(directory, "traces", OTF2_FILEMODE_WRITE, 1024 * 1024, 4 * 1024 * 1024,
                                                   OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
    if (w.archive == NULL) {
        free(counts);
        snprintf(error, error_size, "libotf2 cannot open an archive in %s", directory);
        return -1;
    }
    STEP(&w, "setting the flush callbacks", OTF2_Archive_SetFlushCallbacks(w.archive, &FLUSH, NULL));
    STEP(&w, "setting the collective callbacks", OTF2_Archive_SetSerialCollectiveCallbacks(w.archive));
    STEP(&w, "naming the creator", OTF2_Archive_SetCreator(w.archive, "MSE (predicted run, virtual time)"));
    write_events(&w, trace, counts);
    if (w.status == OTF2_SUCCESS && (w.definitions = OTF2_Archive_GetGlobalDefWriter(w.archive)) == NULL) {
        w.step = "opening the global definitions";
        w.status = OTF2_ERROR_MEM_ALLOC_FAILED;
    }
    if (w.status == OTF2_SUCCESS) {
        STEP(&w, "defining the clock", OTF2_GlobalDefWriter_WriteClockProperties(w.definitions, 1000000000, 0, trace->end, 0));
        w.none = string(&w, "");
        write_regions(&w);
        write_call_regions(&w, trace);
        write_system(&w, trace, counts);
        write_comms(&w, trace);
    }
    write_local_definitions(&w, trace);
    OTF2_ErrorCode closed = OTF2_Archive_Close(w.archive);
    if (w.status == OTF2_SUCCESS && closed != OTF2_SUCCESS) {
        w.step = "closing the archive";
        w.status = closed;
    }
    free(counts);
    if (w.status != OTF2_SUCCESS) {
        snprintf(error, error_size, "libotf2 refused %s: %s", w.step, OTF2_Error_GetDescription(w.status));
        return -1;
    }
    return 0;
}
