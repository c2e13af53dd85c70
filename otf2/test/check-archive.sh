#!/usr/bin/env bash
# The writer end to end: a small event stream becomes an archive that the reference reader, otf2-print, opens,
# with the events, their order and the definitions the stream asks for. Prints "check-archive: N passed, N failed".
set -euo pipefail
writer=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/events" <<'STREAM'
mse-trace-events 3
span 0 compute 0 100 7 -1 -1 -1
span 0 send 100 150 -1 1 5 64
message 0 0 1 5 64 100 300 320 0
span 1 recv 300 320 -1 0 5 64
critical 0 0 150
host 0 node-a
host 1 node-b
rank 0 0 rank 0 (master)
rank 1 1 rank 1
end 400
STREAM
"$writer" "$work/events" "$work/archive"
otf2-print "$work/archive/traces.otf2" | awk '$2 ~ /^[0-9]+$/ {print $1, $2, $3}' > "$work/events.printed"
otf2-print -G "$work/archive/traces.otf2" > "$work/definitions.printed"
passed=0 failed=0
expect() { # what, expected, actual
  if [ "$2" = "$3" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); printf '%s: expected\n%s\ngot\n%s\n' "$1" "$2" "$3" >&2; fi
}
expect "rank 0's events" "ENTER 0 0
ENTER 0 0
ENTER 0 0
LEAVE 0 100
ENTER 0 100
MPI_SEND 0 100
LEAVE 0 150
LEAVE 0 150
LEAVE 0 400" "$(awk '$2 == 0' "$work/events.printed")"
expect "the critical path encloses rank 0's spans" 'ENTER 0 0 Region: "critical path" <4>
LEAVE 0 150 Region: "critical path" <4>' \
  "$(otf2-print "$work/archive/traces.otf2" | grep 'Region: "critical path"' | tr -s ' ')"
expect "rank 1's events" "ENTER 1 0
ENTER 1 300
MPI_RECV 1 320
LEAVE 1 320
LEAVE 1 400" "$(awk '$2 == 1' "$work/events.printed")"
expect "the message" 'MPI_RECV 1 320 Sender: 0 ("rank 0 (master)" <0>), Communicator: "MPI_COMM_WORLD" <0>, Tag: 5, Length: 64' \
  "$(otf2-print "$work/archive/traces.otf2" | grep '^MPI_RECV' | tr -s ' ')"
expect "the clock" "Ticks per Seconds: 1000000000, Global Offset: 0, Length: 400," \
  "$(grep -o 'Ticks per Seconds: [0-9]*, Global Offset: [0-9]*, Length: [0-9]*,' "$work/definitions.printed")"
expect "rank 1's host" 'Parent: "node::node-b" <2>' "$(grep '^LOCATION_GROUP *1 ' "$work/definitions.printed" | grep -o 'Parent: [^,]*')"
expect "the world" '2 Members: 0 ("rank 0 (master)" <0>), 1 ("rank 1" <1>)' \
  "$(grep '^GROUP .*Type: COMM_GROUP' "$work/definitions.printed" | grep -o '2 Members: .*')"

# MPI calls: a region each, named as MPI names them; an MPI_Isend's message as a request; a collective's begin and end.
cat > "$work/calls" <<'STREAM'
mse-trace-events 3
call 0 0 50 -1 -1 MPI_Isend
span 0 send 0 50 -1 1 5 64
message 0 0 1 5 64 0 100 120 0
call 1 0 120 -1 -1 MPI_Recv
span 1 recv 100 120 -1 0 5 64
call 0 50 80 0 0 MPI_Bcast
span 0 send 50 80 -1 1 32760 8
message 1 0 1 32760 8 50 130 140 1
call 1 120 140 0 0 MPI_Bcast
span 1 recv 130 140 -1 0 32760 8
call 0 80 80 -1 -1 MPI_Irecv
call 0 80 80 -1 -1 MPI_Finalize
host 0 node-a
rank 0 0 rank 0
rank 1 0 rank 1
end 140
STREAM
"$writer" "$work/calls" "$work/calls-archive"
otf2-print "$work/calls-archive/traces.otf2" | tr -s ' ' | sed 's/ *$//' > "$work/calls.printed"
expect "rank 0's calls and requests" "ENTER 0 0 Region: \"program\" <0>
ENTER 0 0 Region: \"MPI_Isend\" <5>
ENTER 0 0 Region: \"send\" <2>
MPI_ISEND 0 0 Receiver: 1 (\"rank 1\" <1>), Communicator: \"MPI_COMM_WORLD\" <0>, Tag: 5, Length: 64, Request: 4294967297
MPI_ISEND_COMPLETE 0 0 Request: 4294967297
LEAVE 0 50 Region: \"send\" <2>
LEAVE 0 50 Region: \"MPI_Isend\" <5>
ENTER 0 50 Region: \"MPI_Bcast\" <7>
MPI_COLLECTIVE_BEGIN 0 50
ENTER 0 50 Region: \"send\" <2>
MPI_SEND 0 50 Receiver: 1 (\"rank 1\" <1>), Communicator: \"MPI_COMM_WORLD\" <0>, Tag: 32760, Length: 8
LEAVE 0 80 Region: \"send\" <2>
MPI_COLLECTIVE_END 0 80 Operation: BCAST, Communicator: \"MPI_COMM_WORLD\" <0>, Root: 0 (\"rank 0\" <0>), Sent: 8, Received: 0
LEAVE 0 80 Region: \"MPI_Bcast\" <7>
ENTER 0 80 Region: \"MPI_Irecv\" <8>
LEAVE 0 80 Region: \"MPI_Irecv\" <8>
ENTER 0 80 Region: \"MPI_Finalize\" <9>
LEAVE 0 80 Region: \"MPI_Finalize\" <9>
LEAVE 0 140 Region: \"program\" <0>" "$(awk '$2 == 0' "$work/calls.printed")"
expect "a call's region" 'REGION 7 Name: "MPI_Bcast" <13> (Aka. "MPI_Bcast" <13>), Descr.: "" <0>, Role: COLL_ONE2ALL, Paradigm: MPI, Flags: NONE, File: "" <0>, Begin: 0, End: 0' \
  "$(otf2-print -G "$work/calls-archive/traces.otf2" | tr -s ' ' | grep '^REGION 7 ')"

# Communicators: a split of three ranks into ranks 0 and 2 (keys reversed) and rank 1 alone, which share the id 2; a
# message and a broadcast on the first half name it, with ranks in it; its definition lists its members, from the world.
cat > "$work/comms" <<'STREAM'
mse-trace-events 3
comm 0 2 2 2 1 0 MPI_Comm_split
comm 2 2 2 2 0 0 MPI_Comm_split
comm 1 2 1 1 0 0 MPI_Comm_split
call 0 0 40 -1 -1 MPI_Recv
span 0 recv 20 40 -1 2 7 16
message 0 2 0 7 16 0 20 40 4
call 0 40 60 0 2 MPI_Bcast
span 0 recv 50 60 -1 2 0 4
message 1 2 0 0 4 40 50 60 5
host 0 node-a
rank 0 0 rank 0
rank 1 0 rank 1
rank 2 0 rank 2
end 60
STREAM
"$writer" "$work/comms" "$work/comms-archive"
otf2-print "$work/comms-archive/traces.otf2" | tr -s ' ' | sed 's/ *$//' > "$work/comms.printed"
otf2-print -G "$work/comms-archive/traces.otf2" | tr -s ' ' | sed 's/ *$//' > "$work/comms-definitions.printed"
expect "a message on the split communicator" 'MPI_RECV 0 40 Sender: 0 ("rank 2" <2>), Communicator: "MPI_Comm_split: comm 2, first member rank 2" <2>, Tag: 7, Length: 16' \
  "$(grep '^MPI_RECV 0 40 ' "$work/comms.printed")"
expect "a broadcast on the split communicator" 'MPI_COLLECTIVE_END 0 60 Operation: BCAST, Communicator: "MPI_Comm_split: comm 2, first member rank 2" <2>, Root: 0 ("rank 2" <2>), Sent: 0, Received: 4' \
  "$(grep '^MPI_COLLECTIVE_END 0 ' "$work/comms.printed")"
expect "the split communicators" 'COMM 2 Name: "MPI_Comm_split: comm 2, first member rank 2" <22>, Group: "MPI_Comm_split: comm 2, first member rank 2" <3>, Parent: "MPI_COMM_WORLD" <0>, Flags: NONE
COMM 3 Name: "MPI_Comm_split: comm 2, first member rank 1" <23>, Group: "MPI_Comm_split: comm 2, first member rank 1" <4>, Parent: "MPI_COMM_WORLD" <0>, Flags: NONE' \
  "$(grep '^COMM [23] ' "$work/comms-definitions.printed")"
expect "the first half's members" '2 Members: 2 ("rank 2" <2>), 0 ("rank 0" <0>)' \
  "$(grep '^GROUP 3 ' "$work/comms-definitions.printed" | grep -o '2 Members: .*')"

# Requests: an MPI_Irecv's in it and its MpiIrecv where the MPI_Waitall completes it (its message's plain MpiRecv gone); an
# MPI_Ibcast's request in it, its completion in the wait with its operation, root and the bytes of its messages.
cat > "$work/requests" <<'STREAM'
mse-trace-events 3
request 0 1 0 -1 0
call 0 10 10 -1 -1 MPI_Irecv
request 0 2 1 8 8
call 0 20 30 1 0 MPI_Ibcast
span 0 recv 40 50 -1 1 8 4
message 0 1 0 8 4 5 40 50 1
span 0 recv 60 70 -1 1 5 64
message 1 1 0 5 64 5 60 70 0
complete 0 2 -1 -1 -1 0
complete 0 1 1 5 0 64
call 0 35 80 -1 -1 MPI_Waitall
host 0 node-a
rank 0 0 rank 0
rank 1 0 rank 1
end 100
STREAM
"$writer" "$work/requests" "$work/requests-archive"
expect "rank 0's requests" 'ENTER 0 10 Region: "MPI_Irecv" <5>
MPI_IRECV_REQUEST 0 10 Request: 1
LEAVE 0 10 Region: "MPI_Irecv" <5>
ENTER 0 20 Region: "MPI_Ibcast" <6>
NON_BLOCKING_COLLECTIVE_REQUEST 0 20 Request: 2
LEAVE 0 30 Region: "MPI_Ibcast" <6>
ENTER 0 35 Region: "MPI_Waitall" <7>
MPI_RECV 0 50 Sender: 1 ("rank 1" <1>), Communicator: "MPI_COMM_WORLD" <0>, Tag: 8, Length: 4
NON_BLOCKING_COLLECTIVE_COMPLETE 0 80 Operation: BCAST, Communicator: "MPI_COMM_WORLD" <0>, Root: 1 ("rank 1" <1>), Sent: 0, Received: 4, Request: 2
MPI_IRECV 0 80 Sender: 1 ("rank 1" <1>), Communicator: "MPI_COMM_WORLD" <0>, Tag: 5, Length: 64, Request: 1
LEAVE 0 80 Region: "MPI_Waitall" <7>' \
  "$(otf2-print "$work/requests-archive/traces.otf2" | tr -s ' ' | sed 's/ *$//' | awk '$2 == 0 && $0 !~ /Region: "(recv|program)"/')"
echo "check-archive: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
