#!/bin/sh
# Prints every Fortran MPI call of the installed Open MPI's mpif.h / `use mpi` library (libmpi_mpifh, which `use mpi`
# calls too), one a line, by the name without a trailing underscore (mpi_send). Read from the symbols the library
# exports (nm -D), each in four manglings: mpi_send, mpi_send_, mpi_send__ and MPI_SEND. MPI_SIZEOF's per-type
# variants (mpi_sizeof_*) are left out: they only measure a variable.
set -eu
MPICC=${MPICC:-mpicc}
for dir in $("$MPICC" -showme:libdirs); do
  if [ -e "$dir/libmpi_mpifh.so" ]; then
    nm -D --defined-only "$dir/libmpi_mpifh.so" | awk '$2 ~ /^[TW]$/ && $3 ~ /^mpi_[a-z0-9_]*[a-z0-9]$/ { print $3 }' |
      grep -v '^mpi_sizeof_' | sort -u
    exit 0
  fi
done
echo "fortran-functions.sh: no libmpi_mpifh.so in $("$MPICC" -showme:libdirs)" >&2
exit 1
