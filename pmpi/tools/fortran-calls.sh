#!/bin/sh
# Classifies each Fortran MPI call (fortran-functions.sh) as its C twin of the same name is classified: emulated
# (calls/emulated.txt: src/fortran_*.c define it), local (calls/local.txt, or calls/fortran-local.txt for a call
# with no C twin: passed through) or refused (everything else). Prints NAME<TAB>CLASS, NAME as mpi_send.
# Usage: fortran-calls.sh CALLS_DIR
set -eu
here=$(cd "$(dirname "$0")" && pwd)
calls=$1
"$here/fortran-functions.sh" | perl -e '
  my %class;
  for my $pair (["emulated", "$ARGV[0]/emulated.txt"], ["local", "$ARGV[0]/local.txt"],
                ["local", "$ARGV[0]/fortran-local.txt"]) {
    open my $in, "<", $pair->[1] or die "$pair->[1]: $!";
    while (<$in>) { chomp; next if /^#/ || !/\S/; my ($name) = split; $class{lc $name} = $pair->[0]; }
  }
  @ARGV = ();
  while (<STDIN>) { chomp; print "$_\t", ($class{$_} // "refused"), "\n"; }' "$calls"
