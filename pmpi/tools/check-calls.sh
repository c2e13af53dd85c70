#!/bin/sh
# The classification test of `make check`: every MPI_ function the installed mpi.h declares is emulated
# (calls/emulated.txt), passed through (calls/local.txt) or refused (everything else), exactly once; the lists name
# only functions mpi.h declares; and the built library defines every emulated and refused one and no pass-through
# one (nm -D; all-capital names such as MPI_SEND are Fortran's: check-fortran-calls.sh). Usage: check-calls.sh
# CALLS_DIR LIBRARY. Exits non-zero naming each violation.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
calls=$1
library=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$here/mpi-functions.sh" | cut -f1 > "$tmp/declared"
grep -v '^#' "$calls/emulated.txt" | awk 'NF { print $1 }' | sort > "$tmp/emulated"
grep -v '^#' "$calls/local.txt" | grep . | sort > "$tmp/local"
nm -D --defined-only "$library" | awk '$2 == "T" && $3 ~ /^MPI_/ && $3 ~ /[a-z]/ { print $3 }' | sort > "$tmp/exported"
failures=0
fail() { echo "check-calls: $*" >&2; failures=$((failures + 1)); }
for list in emulated local; do
  dups=$(uniq -d "$tmp/$list")
  [ -z "$dups" ] || fail "named twice in $list.txt: $dups"
  for name in $(comm -23 "$tmp/$list" "$tmp/declared"); do fail "$list.txt names $name, which mpi.h does not declare"; done
done
for name in $(comm -12 "$tmp/emulated" "$tmp/local"); do fail "$name is both emulated and passed through"; done
sort -u "$tmp/emulated" "$tmp/local" > "$tmp/classified"
comm -23 "$tmp/declared" "$tmp/classified" > "$tmp/refused"
for name in $(comm -23 "$tmp/emulated" "$tmp/exported"); do fail "$name is emulated but $library does not define it"; done
for name in $(comm -23 "$tmp/refused" "$tmp/exported"); do fail "$name is refused but $library does not define it"; done
for name in $(comm -12 "$tmp/local" "$tmp/exported"); do fail "$name should pass through but $library defines it"; done
for name in $(comm -13 "$tmp/declared" "$tmp/exported"); do fail "$library defines $name, which mpi.h does not declare"; done
if [ "$failures" -gt 0 ]; then
  echo "check-calls: $failures failures" >&2
  exit 1
fi
echo "check-calls: $(wc -l < "$tmp/declared") functions of mpi.h: $(wc -l < "$tmp/emulated") emulated," \
  "$(wc -l < "$tmp/refused") refused by name, $(wc -l < "$tmp/local") passed through"
