#!/bin/sh
# Prints every MPI_ function the installed mpi.h declares, one a line: NAME<TAB>RETURN TYPE<TAB>PARAMETERS.
# The header goes through mpicc's preprocessor first, so only what a program can really call is listed (Open MPI
# 4.1 hides the functions MPI-3 removed). Uses sh and perl-base only, as a fresh Debian has them.
set -eu
MPICC=${MPICC:-mpicc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '#include <mpi.h>\n' > "$tmp/h.c"
"$MPICC" -E -P "$tmp/h.c" > "$tmp/h.i"
perl -e '
  local $/; my $text = <STDIN>; $text =~ s/\s+/ /g;
  for my $decl (split /;/, $text) {
    next if $decl =~ /^\s*typedef\b/;
    next unless $decl =~ /^\s*(?:__attribute__\s*\(\((?:[^()]|\([^()]*\))*\)\)\s*)?((?:const\s+)?[A-Za-z_][A-Za-z0-9_]*(?:\s*\*)*)\s+\b(MPI_[A-Za-z0-9_]+)\s*\(/;
    my ($type, $name) = ($1, $2);
    my $start = $+[0]; my ($depth, $i) = (1, $start);
    while ($depth > 0 && $i < length $decl) {
      my $c = substr($decl, $i++, 1); $depth++ if $c eq "("; $depth-- if $c eq ")";
    }
    my $params = substr($decl, $start, $i - $start - 1);
    $params =~ s/^\s+|\s+$//g;
    print "$name\t$type\t$params\n";
  }' < "$tmp/h.i" | sort -u
