#!/bin/sh
# Prints every call of the installed Open MPI's `use mpi_f08` library (libmpi_usempif08), one a line, by its
# libmpi_mpifh name (mpi_send for mpi_send_f08_): the calls whose f08 entry the library defines beside the other four
# manglings when it emulates or refuses them (src/fortran.h's MSE_FORTRAN_F08_NAME). libmpi_usempif08 exports one
# mangling, NAME_f08_ (nm -D); its pmpi_*_f08_ twins are the profiling interface, which a program does not call.
set -eu
MPICC=${MPICC:-mpicc}
for dir in $("$MPICC" -showme:libdirs); do
  if [ -e "$dir/libmpi_usempif08.so" ]; then
    nm -D --defined-only "$dir/libmpi_usempif08.so" | awk '$2 ~ /^[TW]$/ && $3 ~ /^mpi_[a-z0-9_]*_f08_$/ {
      sub(/_f08_$/, "", $3); print $3 }' | sort -u
    exit 0
  fi
done
echo "fortran-f08-functions.sh: no libmpi_usempif08.so in $("$MPICC" -showme:libdirs)" >&2
exit 1
