/* What a Fortran entry converts before and after the shared C body: statuses, sentinel buffers, request handles. */
#include <stdlib.h>

#include "fortran.h"

/* Open MPI's Fortran sentinels (mpif-sentinels.h): common blocks libmpi defines under gfortran's mangling. */
extern char mpi_fortran_in_place_;
extern char mpi_fortran_bottom_;

void mse_fortran_status(const MPI_Status *c_status, MPI_Fint *fortran_status) {
    if (fortran_status != MPI_F_STATUS_IGNORE) {
        PMPI_Status_c2f(c_status, fortran_status);
    }
}

void *mse_fortran_buffer(void *buf) {
    if (buf == &mpi_fortran_in_place_) {
        return MPI_IN_PLACE;
    }
    return buf == &mpi_fortran_bottom_ ? MPI_BOTTOM : buf;
}

/* The requests handed to Fortran: slot i holds the request of handle i (slot 0 unused: MPI_REQUEST_NULL); freed
 * slots are reused last-freed first, so a farm that keeps a few requests in flight keeps the table small. */
static struct {
    MPI_Request *slots;
    MPI_Fint *free;
    int room;
    int used;
    int free_count;
} table;

static void grow(void) {
    int room = table.room == 0 ? 64 : 2 * table.room;
    MPI_Request *slots = realloc(table.slots, sizeof(MPI_Request) * (size_t) room);
    if (slots != NULL) {
        table.slots = slots;
    }
    MPI_Fint *free_slots = realloc(table.free, sizeof(MPI_Fint) * (size_t) room);
    if (free_slots != NULL) {
        table.free = free_slots;
    }
    if (slots == NULL || free_slots == NULL) {
        mse_die("out of memory for Fortran request handles");
    }
    if (table.room == 0) {
        table.slots[0] = MPI_REQUEST_NULL;
        table.used = 1;
    }
    table.room = room;
}

MPI_Fint mse_fortran_request(MPI_Request request) {
    if (request == MPI_REQUEST_NULL) {
        return 0;
    }
    MPI_Fint handle;
    if (table.free_count > 0) {
        handle = table.free[--table.free_count];
    } else {
        if (table.used == table.room) {
            grow();
        }
        handle = (MPI_Fint) table.used++;
    }
    table.slots[handle] = request;
    return handle;
}

MPI_Request mse_c_request(const char *call, MPI_Fint handle) {
    if (handle == 0) {
        return MPI_REQUEST_NULL;
    }
    if (handle < 0 || handle >= table.used || table.slots[handle] == MPI_REQUEST_NULL) {
        mse_die("%s on Fortran request %d, which MSE did not create (only the requests of the calls it emulates "
                "are)", call, (int) handle);
    }
    return table.slots[handle];
}

void mse_fortran_request_done(MPI_Fint *handle, MPI_Request request) {
    if (*handle == 0 || request != MPI_REQUEST_NULL) {
        return;
    }
    table.slots[*handle] = MPI_REQUEST_NULL;
    table.free[table.free_count++] = *handle;
    *handle = 0;
}

/* The C requests of COUNT Fortran handles, in a new array the caller frees. */
MPI_Request *mse_c_requests(const char *call, int count, const MPI_Fint *handles) {
    MPI_Request *requests = malloc(sizeof(MPI_Request) * (size_t) (count > 0 ? count : 1));
    if (requests == NULL) {
        mse_die("%s: out of memory for %d requests", call, count);
    }
    for (int i = 0; i < count; i++) {
        requests[i] = mse_c_request(call, handles[i]);
    }
    return requests;
}

MPI_Datatype *mse_c_types(const char *call, MPI_Fint comm, const MPI_Fint *handles, int ignored) {
    MPI_Comm c_comm = PMPI_Comm_f2c(comm);
    int size = 0;
    if (ignored || c_comm == MPI_COMM_NULL) {
        return NULL;
    }
    PMPI_Comm_size(c_comm, &size);
    MPI_Datatype *types = malloc(sizeof(MPI_Datatype) * (size_t) (size > 0 ? size : 1));
    if (types == NULL) {
        mse_die("%s: out of memory for %d datatypes", call, size);
    }
    for (int i = 0; i < size; i++) {
        types[i] = PMPI_Type_f2c(handles[i]);
    }
    return types;
}

MPI_Status *mse_c_statuses(const char *call, int count, const MPI_Fint *statuses) {
    if (statuses == MPI_F_STATUSES_IGNORE) {
        return MPI_STATUSES_IGNORE;
    }
    MPI_Status *c_statuses = malloc(sizeof(MPI_Status) * (size_t) (count > 0 ? count : 1));
    if (c_statuses == NULL) {
        mse_die("%s: out of memory for %d statuses", call, count);
    }
    return c_statuses;
}

void mse_fortran_statuses(MPI_Status *c_statuses, int count, MPI_Fint *statuses) {
    if (c_statuses == MPI_STATUSES_IGNORE) {
        return;
    }
    for (int i = 0; i < count; i++) {
        PMPI_Status_c2f(&c_statuses[i], statuses + (size_t) i * MSE_FORTRAN_STATUS_SIZE);
    }
    free(c_statuses);
}
