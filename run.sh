#!/usr/bin/env bash
# MSE entry point. `./run.sh` runs the default job, `./run.sh test` runs every test,
# `./run.sh setup` installs what is missing (idempotent), anything else goes to the `mse` CLI
# (`./run.sh --help`). Every subcommand installs and builds what it needs first.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# The directory the user called from: the mse command runs there (below), so a program given as ./my_farm, its
# relative inputs and outputs, --out, profiles, hostfiles and results/ are the user's own, not the checkout's. The
# setup and the build run in the checkout.
CALLER_DIR=$PWD
cd "$ROOT"

MVN=(mvn -B -q -Dstyle.color=never)
CLASSPATH_FILE="$ROOT/mpi-runner/target/mse.classpath"
CDS_DIR="$ROOT/mpi-runner/target/cds" # the CLI's class archives (mse, below)

# Open MPI's libdir, where mpirun finds mpi.jar. ompi_info is slow to say (it loads every MCA component), so
# the answer is kept beside the build until ompi_info is installed again (a new install changes its ctime).
OMPI_LIBDIR_FILE="$ROOT/mpi-runner/target/ompi-libdir"
ompi_libdir() {
  local bin; bin=$(readlink -f "$(command -v ompi_info)")
  if [ -s "$OMPI_LIBDIR_FILE" ] && [ "$(stat -c %Y "$OMPI_LIBDIR_FILE")" -gt "$(stat -c %Z "$bin")" ]; then
    cat "$OMPI_LIBDIR_FILE"
    return 0
  fi
  local libdir; libdir=$(ompi_info --parsable --path libdir | sed -n 's/^path:libdir:\(.*\)$/\1/p')
  if [ -n "$libdir" ] && mkdir -p "$(dirname "$OMPI_LIBDIR_FILE")"; then echo "$libdir" > "$OMPI_LIBDIR_FILE"; fi
  echo "$libdir"
}

# Setup is cheap when everything is present; run it only when something is missing.
needs_setup() {
  command -v mpirun >/dev/null 2>&1 || return 0
  command -v ompi_info >/dev/null 2>&1 || return 0
  command -v fc-list >/dev/null 2>&1 || return 0
  command -v make >/dev/null 2>&1 || return 0
  command -v mpicc >/dev/null 2>&1 || return 0
  command -v gfortran >/dev/null 2>&1 || return 0 # the compiler mpifort runs for examples/fortran
  [ -f /usr/include/otf2/otf2.h ] || return 0 # libotf2, which otf2/ builds the OTF2 archive writer with
  command -v otf2-print >/dev/null 2>&1 || return 0 # the reference reader the archive's tests read it back with
  local libdir; libdir=$(ompi_libdir)
  [ -f "$libdir/mpi.jar" ] || return 0
  ls "${MAVEN_REPO_LOCAL:-$HOME/.m2/repository}"/org/open-mpi/mpi/*/mpi-*.jar >/dev/null 2>&1 || return 0
  return 1
}

ensure_setup() { if needs_setup; then "$ROOT/scripts/setup.sh" "$@"; fi; }

# The CLI's own jar (class data sharing needs jars, below).
cli_jar() { ls "$ROOT"/mpi-runner/target/mpi-runner-*.jar 2>/dev/null | grep -v -e '-sources\.jar$' -e '-tests\.jar$' | head -n1; }

# Rebuild only when a source or pom is newer than the last build.
ensure_built() {
  if [ -f "$CLASSPATH_FILE" ] && [ -n "$(cli_jar)" ] \
      && [ -z "$(find pom.xml */pom.xml */src -newer "$CLASSPATH_FILE" -print -quit)" ]; then
    return 0
  fi
  echo "[build] compiling MSE (mvn package)" >&2
  # Maven 3.8's -q still prints colour resets when stdout is not a terminal; drop them.
  "${MVN[@]}" -DskipTests install 2>&1 | sed 's/\x1b\[0m//g' >&2
  built
}

# The interposition library that brings foreign programs' MPI calls to the emulator (docs/interposition.md), the C
# examples (mpicc) and the Java examples on Open MPI's own bindings (javac against mpi.jar), built by their own
# Makefiles, which do nothing when nothing changed.
PMPI_LIBRARY="$ROOT/pmpi/build/libmse-pmpi.so"
# The program that writes a run's OTF2 archive with libotf2 (docs/otf2.md), built by otf2/'s Makefile for every
# command (predict too): it does nothing when nothing changed.
OTF2_WRITER="$ROOT/otf2/build/mse-otf2"
# The tests that failed in this run (from the reports Maven wrote since `started`), one a line, as a failing
# `./run.sh test`'s last lines.
failed_tests() {
  local failed
  failed=$(find "$ROOT"/*/target/surefire-reports "$ROOT"/*/target/failsafe-reports -name '*.txt' -newermt "@$1" \
             2>/dev/null | xargs -r grep -h -E '<<< (FAILURE|ERROR)!' | grep -v '^Tests run:' \
             | sed -E 's/ -- Time elapsed.*<<< (FAILURE|ERROR)!/ (\1)/' | sort -u || true)
  if [ -n "$failed" ]; then
    echo "[test] failed:"
    sed 's/^/  /' <<<"$failed"
  else
    echo "[test] failed before any test failed (the build or a plugin: see above)"
  fi
}

# A temporary directory for Maven's own JVM, "mse-test-maven-PID-...", deleted when this shell exits; the ones whose
# shell is gone (a SIGKILL runs no trap) are deleted first.
maven_tmp() {
  local parent=${TMPDIR:-/tmp} dir pid
  for dir in "$parent"/mse-test-maven-*; do
    pid=${dir#"$parent"/mse-test-maven-}; pid=${pid%%-*}
    if [ -d "$dir" ] && [[ $pid =~ ^[0-9]+$ ]] && ! kill -0 "$pid" 2>/dev/null; then rm -rf "$dir"; fi
  done
  MAVEN_TMP=$(mktemp -d "$parent/mse-test-maven-$$-XXXXXX")
  trap 'rm -rf "$MAVEN_TMP"' EXIT
}

ensure_otf2_built() { make -s -C "$ROOT/otf2" >&2; }

ensure_native_built() {
  ensure_otf2_built
  make -s -C "$ROOT/pmpi" >&2
  make -s -C "$ROOT/examples/c" >&2
  make -s -C "$ROOT/examples/fortran" >&2
  make -s -C "$ROOT/examples/java-mpi" OMPI_LIBDIR="$(ompi_libdir)" >&2
}

# After a build: where the ranks' classes are, and no class archive of the classes before.
built() {
  echo "$ROOT/mpi-runner/target/classes:$ROOT/mpi-runner/target/lib/*" > "$CLASSPATH_FILE"
  rm -rf "$CDS_DIR"
}

# The CLI's JVM hosts the emulator. C2 compiled its keeper, kernel and Pekko's receive into a few huge methods
# (hundreds of methods inlined into each) while the ranks ran, taking a large share of the machine at the start of the
# run; smaller inlining budgets cut that (the measurements: docs/measurements/jvm-options.md).
MSE_JVM_OPTIONS=(-XX:FreqInlineSize=100 -XX:InlineSmallCode=1000)
# predict is a process of a few seconds at most, whose C2 compilations cost more CPU than they save (docs/setup.md,
# "JVM options").
MSE_PREDICT_JVM_OPTIONS=(-XX:TieredStopAtLevel=1)
# The CLI loads thousands of classes (Pekko, Scala, Jackson, XChart), most of them outside the JDK's own archive. It
# takes them from a class data sharing archive of its own, one per subcommand, written when that subcommand first
# runs after a build (at its exit, a few seconds once): mapped from the file, verified when written (docs/setup.md). CDS reads classes
# from jars only, so the CLI runs from the module's jar; the ranks keep the class path they had (mse.classpath).
# JVM warnings go to stderr, so a stale archive (which the JVM refuses) cannot reach a command's output.
mse() {
  cd "$CALLER_DIR"
  local jar; jar=$(cli_jar)
  local key=cli; if [[ "${1:-}" =~ ^[a-z][a-z-]*$ ]]; then key=$1; fi
  local archive="$CDS_DIR/$key.jsa"
  # The CLI checks Open MPI before it launches mpirun; it is given the libdir found above instead of asking again.
  local options=("${MSE_JVM_OPTIONS[@]}"); if [ "$key" = predict ]; then options+=("${MSE_PREDICT_JVM_OPTIONS[@]}"); fi
  local jvm=("${options[@]}" -Dmse.openmpi.libdir="$(ompi_libdir)" -Dmse.classpath="$(cat "$CLASSPATH_FILE")"
    -Dmse.pmpi.library="$PMPI_LIBRARY" -Dmse.otf2.writer="$OTF2_WRITER"
    -Xlog:disable -Xlog:all=warning:stderr -Xlog:cds=error:stderr -cp "$jar:$ROOT/mpi-runner/target/lib/*")
  # An archive is this JVM's own: one written before the JDK was installed again would be refused at every start.
  local java_installed; java_installed=$(stat -c %Z "$(readlink -f "$(command -v java)")")
  if [ "$archive" -nt "$jar" ] && [ "$(stat -c %Y "$archive")" -gt "$java_installed" ]; then
    exec java "${jvm[@]}" -XX:SharedArchiveFile="$archive" mse.mpi.cli.Mse "$@"
  fi
  # Only a real run of the subcommand loads what its next runs need: not its help, nor a run that failed.
  local arg; for arg in "$@"; do
    case "$arg" in -h|--help|-V|--version) exec java "${jvm[@]}" mse.mpi.cli.Mse "$@" ;; esac
  done
  # This run's JVM is a child, not exec'd (the archive is moved into place after it): signals meant for the command
  # are passed on, so that its shutdown still stops mpirun and the ranks.
  mkdir -p "$CDS_DIR"
  java "${jvm[@]}" -XX:ArchiveClassesAtExit="$archive.$$" mse.mpi.cli.Mse "$@" <&0 &
  local pid=$! status
  trap 'kill -TERM "$pid" 2>/dev/null' TERM INT HUP
  while :; do
    if wait "$pid"; then status=0; else status=$?; fi
    kill -0 "$pid" 2>/dev/null || break
  done
  trap - TERM INT HUP
  if [ "$status" -eq 0 ] && [ -f "$archive.$$" ]; then mv -f "$archive.$$" "$archive"; else rm -f "$archive.$$"; fi
  exit "$status"
}

case "${1:-}" in
  setup)
    shift; "$ROOT/scripts/setup.sh" "$@" ;;
  test)
    shift
    # The report test renders report.html in headless Chromium, which only the tests need.
    if needs_setup || ! command -v chromium >/dev/null 2>&1; then "$ROOT/scripts/setup.sh" --with-browser; fi
    # A test run killed mid-way (SIGKILL) leaves its namespace cluster: its owner JVM is gone, so this removes it
    # (and any other cluster of the script whose directory is gone), saying which; nothing else is touched.
    if [ "$(id -u)" = 0 ] && command -v ip >/dev/null 2>&1; then "$ROOT/scripts/netns-cluster.sh" down --all; fi
    # The library and the examples the integration tests run, then the library's own unit tests (AddressSanitizer,
    # UndefinedBehaviorSanitizer).
    ensure_native_built
    make -s -C "$ROOT/pmpi" check
    make -s -C "$ROOT/otf2" check
    # Integration tests start real mpirun jobs; -Dtest selection passes through. A failing run ends naming the tests
    # that failed: Maven's own list lies far above its last lines, before the reactor summary and the advice.
    started=$(date +%s)
    # Surefire and failsafe keep the tests' console output in files of Maven's temporary directory and leave many
    # there: Maven's JVM gets a directory of its own, named for this shell, removed when the run ends however it ends
    # but SIGKILL, and by the next run once this shell is gone.
    maven_tmp
    if ! MAVEN_OPTS="-Djava.io.tmpdir=$MAVEN_TMP ${MAVEN_OPTS:-}" mvn -B -Dstyle.color=never install "$@"; then
      failed_tests "$started"; exit 1
    fi
    built ;;
  "")
    # The default job: MASE SI emulated on Fast Ethernet (seed 001 Table 2) over P = 2..32, each P a real
    # mpirun job; 16-point tasks put the master's saturation point inside the sweep.
    ensure_setup; ensure_built; ensure_native_built
    mse sweep --np 2,4,8,16,32 --task-points 16 --profile mpich-fast-ethernet ;;
  *)
    ensure_setup; ensure_built
    # predict runs no MPI program: the interposition library and the examples' four makes (a noticeable share of its time) are
    # for the commands that do.
    if [ "${1:-}" != predict ]; then ensure_native_built; else ensure_otf2_built; fi
    mse "$@" ;;
esac
