#!/bin/sh
# The every-call programs against the list: each emulated call (calls/emulated.txt) is called by examples/c/every-call.c
# and by the Fortran every-call programs (outside their comments), or named after "Not called here:" in that program's
# comments, which say where it is tested instead. A call added to the list fails this check until one of the two holds.
# Usage: check-every-call.sh CALLS_DIR C_PROGRAM FORTRAN_PROGRAM... (`use mpi` and `use mpi_f08`)
set -eu
exec perl -e '
  my ($calls, @programs) = @ARGV;
  open my $in, "<", "$calls/emulated.txt" or die "$calls/emulated.txt: $!";
  my @names = map { (split)[0] } grep { !/^#/ && /\S/ } <$in>;
  my $failures = 0;
  for my $program (@programs) {
    open my $f, "<", $program or die "$program: $!"; local $/; my $text = <$f>; close $f;
    my $fortran = $program =~ /\.f90$/;
    my $comments = join " ", $fortran ? ($text =~ /!([^\n]*)/g) : ($text =~ m{/\*(.*?)\*/}gs);
    (my $code = $text) =~ s{$fortran ? qr/![^\n]*/ : qr{/\*.*?\*/}s}{}g;
    my %exempt = map { lc($_) => 1 } (($comments =~ /Not called here:(.*?)(?:\.\s|$)/is)[0] // "") =~ /\b(MPI_\w+)/gi;
    for my $name (@names) {
      next if $exempt{lc $name};
      next if $fortran ? $code =~ /\b\Q$name\E\b/i : $code =~ /\b\Q$name\E\s*\(/;
      print STDERR "check-every-call: $program neither calls $name nor says where it is tested (\"Not called here:\")\n";
      $failures++;
    }
  }
  exit 1 if $failures;
  print "check-every-call: every emulated call is called by the every-call programs or said to be tested elsewhere\n";' "$@"
