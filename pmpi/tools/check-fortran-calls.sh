#!/bin/sh
# The Fortran half of `make check`'s classification test: every Fortran MPI call of the installed libmpi_mpifh is
# defined by LIBRARY in all four manglings (mpi_send, mpi_send_, mpi_send__, MPI_SEND) when emulated or refused, and
# in none when it passes through (fortran-calls.sh), and so under its `use mpi_f08` name (fortran-f08-functions.sh);
# fortran-local.txt names only Fortran calls with no C twin.
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
# `use mpi_f08`: the same classes under libmpi_usempif08's name (mpi_send_f08_), and each generated entry aliased there
# is right only while Open MPI's f08 wrapper hands its arguments on to libmpi_mpifh's entry of the same call
# (src/fortran.h): the wrapper's machine code calls that entry (ompi_send_f, or pmpi_test_ for a call with a LOGICAL)
# and nothing but the memory functions that copy an array of handles in and out.
"$here/fortran-f08-functions.sh" > "$tmp/f08"
f08_library=$(for dir in $("${MPICC:-mpicc}" -showme:libdirs); do
  [ -e "$dir/libmpi_usempif08.so" ] && echo "$dir/libmpi_usempif08.so" && break; done)
objdump -d --no-show-raw-insn "$f08_library" | awk '
  /^[0-9a-f]+ <mpi_[a-z0-9_]+_f08_(@@Base)?>:$/ { f = $2; gsub(/^<|(@@Base)?>:$/, "", f); next }
  /^[0-9a-f]+ </ { f = "" }
  f != "" && $0 ~ /\tcall / { t = $NF; gsub(/^<|(@plt)?>$/, "", t); print f, t }' | sort -u > "$tmp/f08-calls"
grep -v '^#' "$calls/emulated.txt" | awk 'NF == 1 { print tolower($1) }' > "$tmp/generated"
grep -E '^mpi_[a-z0-9_]+_f08_$' "$tmp/exported" | sed 's/_f08_$//' > "$tmp/f08-exported"
while IFS="$(printf '\t')" read -r name class; do
  grep -qx "$name" "$tmp/f08" || continue
  if grep -qx "$name" "$tmp/f08-exported"; then
    [ "$class" != local ] || fail "${name}_f08_ should pass through but $library defines it"
  else
    [ "$class" = local ] || fail "${name}_f08_ is $class but $library does not define it"
  fi
  if grep -qx "$name" "$tmp/generated"; then
    called=$(awk -v f="${name}_f08_" '$1 == f && $2 !~ /^mpi_.*_f08_\+/ { printf " %s", $2 }' "$tmp/f08-calls")
    echo "$called" | tr ' ' '\n' | grep -qx "ompi_${name#mpi_}_f\|p${name}_" &&
      ! echo "$called" | tr ' ' '\n' | grep -v -x "ompi_${name#mpi_}_f\|p${name}_\|malloc\|free\|memcpy\|__stack_chk_fail" | grep -q . ||
      fail "${name}_f08_ in $f08_library does not hand its arguments to libmpi_mpifh's ${name} alone (it calls:$called):" \
        "write its f08 entry by hand"
  fi
done < "$tmp/classes"
for name in $(cat "$tmp/f08-exported"); do
  grep -qx "$name" "$tmp/f08" || fail "$library defines ${name}_f08_, which libmpi_usempif08 does not export"
done
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
  "$(grep -c 'local$' "$tmp/classes") passed through, each in 4 manglings; $(wc -l < "$tmp/f08") in \`use mpi_f08\`," \
  "$(wc -l < "$tmp/f08-exported") of them defined, each generated one a wrapper that hands on its arguments"
