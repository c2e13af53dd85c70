/* Errors as plain Open MPI reports them (errors.h). The checks follow Open MPI 4.1's parameter checking call by call
 * (its order decides the class when several arguments are wrong), so an erroneous call returns what it returns
 * plainly. Whether a datatype was committed only Open MPI knows: it is asked with an empty MPI_Pack, which checks it
 * as a send does, on a communicator of the library's own that returns errors. */
#include "errors.h"

#include <dlfcn.h>
#include <stdio.h>

#include "rank.h"

/* Open MPI's own invocation of an error handler, which its MPI calls use: the fatal handler's message then names the
 * call the program made (MPI_Comm_call_errhandler's would name itself). Found at run time, so the library still
 * loads with an MPI that lacks it, and falls back on MPI_Comm_call_errhandler there. */
typedef int (*invoke_fn)(void *errhandler, void *mpi_object, int object_type, int err_code, const char *message);
#define OMPI_ERRHANDLER_TYPE_COMM 1

static invoke_fn open_mpi_invoke(void) {
    static invoke_fn found; /* the same answer for every thread that asks: a race stores one value twice */
    static int looked;
    if (!__atomic_load_n(&looked, __ATOMIC_ACQUIRE)) {
        __atomic_store_n(&found, (invoke_fn) dlsym(RTLD_DEFAULT, "ompi_errhandler_invoke"), __ATOMIC_RELAXED);
        __atomic_store_n(&looked, 1, __ATOMIC_RELEASE);
    }
    return __atomic_load_n(&found, __ATOMIC_RELAXED);
}

/* The library's own MPI_COMM_SELF under MPI_ERRORS_RETURN, on which the datatype check asks Open MPI: made at MPI_Init,
 * before any other thread of the library exists, and only read after. */
static MPI_Comm asking = MPI_COMM_NULL;

void mse_errors_start(void) {
    PMPI_Comm_dup(MPI_COMM_SELF, &asking);
    PMPI_Comm_set_errhandler(asking, MPI_ERRORS_RETURN);
}

/* What the program's handler was: the emulator records an error the program goes on after (mse_report_error). */
static void tell_emulator(const char *call, MPI_Errhandler handler, int code) {
    char text[MPI_MAX_ERROR_STRING];
    int length = 0;
    PMPI_Error_string(code, text, &length);
    mse_report_error(call, text, handler == MPI_ERRORS_RETURN ? "MPI_ERRORS_RETURN" : "the program's handler");
}

/* Invokes handler, comm's, as Open MPI's own calls do; a fatal one never returns. */
static int invoke_handler(const char *call, MPI_Comm comm, MPI_Errhandler handler, int code) {
    if (handler == MPI_ERRORS_ARE_FATAL) {
        /* The emulator hears why the run ends before Open MPI's handler aborts it. */
        char text[MPI_MAX_ERROR_STRING], reason[MPI_MAX_ERROR_STRING + 160];
        int length = 0;
        PMPI_Error_string(code, text, &length);
        snprintf(reason, sizeof reason, "%s: %s (MPI_ERRORS_ARE_FATAL)", call, text);
        mse_report_failure(reason);
    } else {
        tell_emulator(call, handler, code); /* before a handler of the program's, which may never return */
    }
    invoke_fn invoke = open_mpi_invoke();
    if (invoke != NULL) {
        invoke(handler, comm, OMPI_ERRHANDLER_TYPE_COMM, code, call);
    } else {
        PMPI_Comm_call_errhandler(comm, code);
    }
    if (handler == MPI_ERRORS_ARE_FATAL) {
        mse_end_run(code, "the error handler MPI_ERRORS_ARE_FATAL returned"); /* never: it aborts */
    }
    return code;
}

int mse_error(const char *call, MPI_Comm comm, int code) {
    if (code == MPI_SUCCESS) {
        return code;
    }
    MPI_Comm handled = comm == MPI_COMM_NULL ? MPI_COMM_WORLD : comm;
    MPI_Errhandler handler;
    PMPI_Comm_get_errhandler(handled, &handler);
    invoke_handler(call, handled, handler, code);
    if (handler != MPI_ERRORS_ARE_FATAL && handler != MPI_ERRORS_RETURN) {
        PMPI_Errhandler_free(&handler); /* the reference MPI_Comm_get_errhandler gave */
    }
    return code;
}

int mse_error_of(const char *call, MPI_Comm comm, int code) {
    if (code == MPI_SUCCESS || comm != MPI_COMM_NULL) {
        return mse_error(call, comm, code);
    }
    return invoke_handler(call, MPI_COMM_NULL, MPI_ERRORS_ARE_FATAL, code);
}

void mse_error_raised(const char *call, MPI_Comm comm, int code) {
    if (code == MPI_SUCCESS) {
        return;
    }
    MPI_Errhandler handler;
    PMPI_Comm_get_errhandler(comm, &handler);
    tell_emulator(call, handler, code);
    if (handler != MPI_ERRORS_ARE_FATAL && handler != MPI_ERRORS_RETURN) {
        PMPI_Errhandler_free(&handler);
    }
}

static int communicator(MPI_Comm comm) {
    return comm == MPI_COMM_NULL ? MPI_ERR_COMM : MPI_SUCCESS;
}

/* The ranks of comm (0 for MPI_COMM_NULL, which the communicator check reports first). */
static int size_of(MPI_Comm comm) {
    int size = 0;
    if (comm != MPI_COMM_NULL) {
        PMPI_Comm_size(comm, &size);
    }
    return size;
}

static int peer(MPI_Comm comm, int rank, int wildcard_allowed) {
    if (rank == MPI_PROC_NULL || (wildcard_allowed && rank == MPI_ANY_SOURCE)) {
        return MPI_SUCCESS;
    }
    return rank < 0 || rank >= size_of(comm) ? MPI_ERR_RANK : MPI_SUCCESS;
}

static int tag_of(int tag, int wildcard_allowed) {
    if (wildcard_allowed && tag == MPI_ANY_TAG) {
        return MPI_SUCCESS;
    }
    return tag < 0 || tag > mse_self.tag_ub ? MPI_ERR_TAG : MPI_SUCCESS;
}

/* A predefined datatype is committed from the start; a derived one when the program committed it (MPI 3.1 §4.1.9),
 * which Open MPI's MPI_Pack checks first, even of nothing. */
static int committed(MPI_Datatype type) {
    int integers, addresses, types, combiner;
    PMPI_Type_get_envelope(type, &integers, &addresses, &types, &combiner);
    if (combiner == MPI_COMBINER_NAMED) {
        return 1;
    }
    char room[1];
    int position = 0;
    return PMPI_Pack(room, 0, type, room, 0, &position, asking) == MPI_SUCCESS;
}

/* OMPI_CHECK_DATATYPE_FOR_SEND's order: the type first, then the count, then whether the type was committed. */
static int typed(int count, MPI_Datatype type) {
    if (type == MPI_DATATYPE_NULL) {
        return MPI_ERR_TYPE;
    }
    if (count < 0) {
        return MPI_ERR_COUNT;
    }
    return committed(type) ? MPI_SUCCESS : MPI_ERR_TYPE;
}

static int first_of(const int codes[], int n) {
    for (int i = 0; i < n; i++) {
        if (codes[i] != MPI_SUCCESS) {
            return codes[i];
        }
    }
    return MPI_SUCCESS;
}

int mse_send_arguments(MPI_Comm comm, int count, MPI_Datatype type, int dest, int tag) {
    int codes[] = {communicator(comm), count < 0 ? MPI_ERR_COUNT : MPI_SUCCESS, tag_of(tag, 0), peer(comm, dest, 0),
                   typed(count, type)};
    return first_of(codes, 5);
}

int mse_receive_arguments(MPI_Comm comm, int count, MPI_Datatype type, int source, int tag) {
    int codes[] = {communicator(comm), count < 0 ? MPI_ERR_COUNT : MPI_SUCCESS, typed(count, type), tag_of(tag, 1),
                   peer(comm, source, 1)};
    return first_of(codes, 5);
}

int mse_probe_arguments(MPI_Comm comm, int source, int tag) {
    int codes[] = {communicator(comm), tag_of(tag, 1), peer(comm, source, 1)};
    return first_of(codes, 3);
}

int mse_collective_arguments(MPI_Comm comm, int count, MPI_Datatype type, int root, const MPI_Op *op) {
    int root_code = root == MSE_NO_ROOT || (root >= 0 && root < size_of(comm)) ? MPI_SUCCESS : MPI_ERR_ROOT;
    /* Open MPI asks whether the operation applies to the type before it checks the type: a null type is MPI_ERR_OP. */
    int op_code = op != NULL && (*op == MPI_OP_NULL || type == MPI_DATATYPE_NULL) ? MPI_ERR_OP : MPI_SUCCESS;
    int codes[] = {communicator(comm), op_code, typed(count, type), root_code};
    return first_of(codes, 4);
}

void mse_status_set_error(MPI_Status *status, int code) {
    if (status != MPI_STATUS_IGNORE) {
        status->MPI_ERROR = code;
    }
}
