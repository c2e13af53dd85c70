#!/bin/sh
# The Fortran half of `make check`'s classification test: every Fortran MPI call of the installed libmpi_mpifh is
# defined by LIBRARY in all four manglings (mpi_send, mpi_send_, mpi_send__, MPI_SEND) when emulated or refused, and
# in none when it passes through (fortran-calls.sh); fortran-local.txt names only Fortran calls with no C twin.
# Usage: check-fortran-calls.sh CALLS_DIR LIBRARY. Exits non-zero naming each violation.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
calls=$1
library=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$here/fortran-calls.sh" "$calls" > "$tmp/classes"
"$here/mpi-functions.sh" | cut -f1 | tr 'A-Z' 'a-z' | sort -u > "$tmp/c-twins"
nm -D --defined-only "$library" | awk '$2 == "T" { print $3 }' | sort -u > "$tmp/exported"
failures=0
fail() { echo "check-fortran-calls: $*" >&2; failures=$((failures + 1)); }
while IFS="$(printf '\t')" read -r name class; do
  upper=$(echo "$name" | tr 'a-z' 'A-Z')
  for symbol in "$name" "${name}_" "${name}__" "$upper"; do
    if grep -qx "$symbol" "$tmp/exported"; then
      [ "$class" != local ] || fail "$symbol should pass through but $library defines it"
    else
      [ "$class" = local ] || fail "$symbol is $class but $library does not define it"
    fi
  done
done < "$tmp/classes"
for name in $(grep -v '^#' "$calls/fortran-local.txt" | grep .); do
  grep -qx "$name" "$tmp/c-twins" && fail "fortran-local.txt names $name, which has a C twin (classify that in local.txt)"
  cut -f1 "$tmp/classes" | grep -qx "$name" || fail "fortran-local.txt names $name, which libmpi_mpifh does not export"
done
if [ "$failures" -gt 0 ]; then
  echo "check-fortran-calls: $failures failures" >&2
  exit 1
fi
echo "check-fortran-calls: $(wc -l < "$tmp/classes") Fortran calls of libmpi_mpifh:" \
  "$(grep -c 'emulated$' "$tmp/classes") emulated, $(grep -c 'refused$' "$tmp/classes") refused by name," \
  "$(grep -c 'local$' "$tmp/classes") passed through, each in 4 manglings"
