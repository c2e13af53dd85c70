#!/usr/bin/env bash
# Idempotent setup: Open MPI from Debian's packages, mpi.jar built from Debian's own Open MPI source,
# the jar installed next to libmpi (so mpirun hands it to every java rank) and into the local Maven
# repository (no public repository carries the Open MPI Java bindings). A second run does nothing.
set -euo pipefail

log() { echo "[setup] $*" >&2; }

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

install_packages() {
  local missing=()
  for p in "$@"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing ${missing[*]} from Debian's packages"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" \
    > /tmp/mse-apt-install.log 2>&1 || { cat /tmp/mse-apt-install.log >&2; exit 1; }
}

# The source package version of the installed Open MPI, e.g. 4.1.4-3 (for apt-get source).
ompi_source_version() { dpkg-query -W -f='${source:Version}' openmpi-bin; }

# Upstream version, e.g. 4.1.4 (for the Maven coordinates).
ompi_upstream_version() { ompi_info --parsable | sed -n 's/^ompi:version:full:\(.*\)$/\1/p' | head -n1; }

mpi_jar_path() { echo "$(ompi_info --parsable --path libdir | sed -n 's/^path:libdir:\(.*\)$/\1/p')/mpi.jar"; }

build_mpi_jar() {
  local jar stamp version work
  jar=$(mpi_jar_path); stamp="$jar.version"; version=$(ompi_source_version)
  if [ -f "$jar" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$version" ]; then return 0; fi
  log "building mpi.jar from Debian's openmpi $version source"
  work=$(mktemp -d); WORK_DIR=$work
  # A private apt configuration with deb-src entries copied from the machine's own sources:
  # /etc/apt is never touched and no mirror host name is written anywhere by us.
  mkdir -p "$work/lists/partial" "$work/src"
  sed 's/^Types:.*/Types: deb-src/' /etc/apt/sources.list.d/debian.sources > "$work/sources.sources"
  local apt_opts=(-o "Dir::Etc::SourceList=/nonexistent" -o "Dir::Etc::SourceParts=$work/parts"
                  -o "Dir::State::Lists=$work/lists" -o "Dir::Cache::srcpkgcache=" -o "Dir::Cache::pkgcache="
                  -o "APT::Sandbox::User=root")
  mkdir -p "$work/parts"; mv "$work/sources.sources" "$work/parts/debian.sources"
  apt-get "${apt_opts[@]}" update -qq >&2
  (cd "$work/src" && apt-get "${apt_opts[@]}" source --download-only -qq "openmpi=$version" >&2)
  local orig; orig=$(ls "$work"/src/openmpi_*.orig.tar.* | head -n1)
  mkdir -p "$work/java"
  tar -xf "$orig" -C "$work/java" --wildcards --strip-components=5 '*/ompi/mpi/java/java/*.java'
  local n; n=$(ls "$work"/java/*.java | wc -l)
  log "compiling $n Java binding sources"
  mkdir -p "$work/classes"
  javac -nowarn --release 8 -d "$work/classes" "$work"/java/*.java 2>&1 | grep -v '^Note:' >&2 || true
  [ -f "$work/classes/mpi/MPI.class" ] || { echo "setup: compiling the Open MPI Java bindings failed" >&2; exit 1; }
  jar cf "$work/mpi.jar" -C "$work/classes" .
  as_root install -m 0644 "$work/mpi.jar" "$jar"
  echo "$version" | as_root tee "$stamp" >/dev/null
}

maven_install_mpi_jar() {
  local upstream repo jar
  upstream=$(ompi_upstream_version); jar=$(mpi_jar_path)
  repo=$(mvn_local_repo)/org/open-mpi/mpi/$upstream
  if [ -f "$repo/mpi-$upstream.jar" ] && cmp -s "$jar" "$repo/mpi-$upstream.jar"; then return 0; fi
  log "installing mpi.jar into the local Maven repository as org.open-mpi:mpi:$upstream"
  local out
  out=$(mvn -q -B install:install-file -Dfile="$jar" -DgroupId=org.open-mpi -DartifactId=mpi \
      -Dversion="$upstream" -Dpackaging=jar -DgeneratePom=true 2>&1) || { echo "$out" >&2; exit 1; }
}

mvn_local_repo() { echo "${MAVEN_REPO_LOCAL:-$HOME/.m2/repository}"; }

WORK_DIR=""
trap '[ -z "$WORK_DIR" ] || rm -rf "$WORK_DIR"' EXIT

main() {
  # Fonts: the report's charts are drawn with Java2D, which needs at least one font and fontconfig. make and gcc build
  # the interposition library (pmpi/) and the C examples with mpicc; gfortran (the `gfortran` command Open MPI's
  # mpifort runs: libopenmpi-dev brings only gfortran-12) the Fortran examples (examples/fortran/). libotf2 (the OTF2
  # reference library's headers and library) builds the archive writer (otf2/); otf2-tools' otf2-print reads archives
  # back in the tests and for users (docs/otf2.md).
  install_packages openmpi-bin libopenmpi-dev fontconfig fonts-dejavu-core make gcc gfortran libopen-trace-format2-dev otf2-tools
  build_mpi_jar
  maven_install_mpi_jar
  if [ "${1:-}" = "--with-browser" ]; then install_packages chromium; fi
}

main "$@"
