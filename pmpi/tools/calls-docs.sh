#!/bin/sh
# The lists of emulated calls in README.md and docs/, written from calls/emulated.txt (its `# group:` lines name the
# groups): between a line holding <!-- emulated-calls --> and the next <!-- /emulated-calls -->, every line is the
# list, indented as the closing marker is and wrapped at 118 columns. `write` rewrites the files; `check` fails
# naming each file whose list differs (make check runs it; `make -C pmpi docs` writes).
# Usage: calls-docs.sh CALLS_DIR write|check FILE...
set -eu
calls=$1
mode=$2
shift 2
exec perl -e '
  my ($calls, $mode, @files) = @ARGV;
  open my $in, "<", "$calls/emulated.txt" or die "$calls/emulated.txt: $!";
  my (@groups, $total);
  while (<$in>) {
    chomp;
    if (/^#\s*group:\s*(.+?)\s*$/) { push @groups, [$1, []]; next; }
    next if /^#/ || !/\S/;
    my ($name) = split;
    die "calls-docs: $name comes before any # group: line in $calls/emulated.txt\n" unless @groups;
    (my $short = $name) =~ s/^MPI_//;
    push @{$groups[-1][1]}, "`$short`"; $total++;
  }
  my $text = join("; ", map { "$_->[0]: " . join(", ", @{$_->[1]}) } @groups) . " ($total calls).";
  my $failures = 0;
  for my $file (@files) {
    open my $f, "<", $file or die "$file: $!"; my @lines = <$f>; close $f;
    my (@out, $inside, $found);
    for my $line (@lines) {
      if ($inside) {
        next unless $line =~ /^(\s*)<!-- \/emulated-calls -->/;
        my ($indent, $width, $current) = ($1, 118, "");
        for my $word (split / /, $text) {
          if (length($indent) + length($current) + 1 + length($word) > $width && $current ne "") {
            push @out, "$indent$current\n"; $current = $word;
          } else { $current = $current eq "" ? $word : "$current $word"; }
        }
        push @out, "$indent$current\n" if $current ne "";
        push @out, $line; $inside = 0; next;
      }
      push @out, $line;
      if ($line =~ /<!-- emulated-calls -->/) { $inside = 1; $found = 1; }
    }
    die "calls-docs: $file: <!-- emulated-calls --> without its closing marker\n" if $inside;
    die "calls-docs: $file has no <!-- emulated-calls --> list\n" unless $found;
    if ($mode eq "write") {
      open my $o, ">", "$file.tmp" or die "$file.tmp: $!"; print $o @out; close $o; rename "$file.tmp", $file or die $!;
    } elsif (join("", @out) ne join("", @lines)) {
      print STDERR "calls-docs: the list of emulated calls in $file differs from $calls/emulated.txt: run make -C pmpi docs\n";
      $failures++;
    }
  }
  print "calls-docs: the lists of emulated calls in ", scalar(@files), " files match $calls/emulated.txt ($total calls)\n"
    if $mode eq "check" && !$failures;
  exit($failures ? 1 : 0);' "$calls" "$mode" "$@"
