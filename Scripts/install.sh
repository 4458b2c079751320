#!/usr/bin/env bash
# Installs planner under PREFIX (default /usr/local): builds it in release and lays out
#   PREFIX/bin/planner                                    the binary
#   PREFIX/share/planner/                                 the bundled data (Data/: theaters, places, coverage, areas)
#   PREFIX/share/man/man1/planner.1                       the man page (Scripts/man_page.py, from the binary)
#   PREFIX/share/bash-completion/completions/planner      completions, from `planner --generate-completion-script`
#   PREFIX/share/zsh/site-functions/_planner
#   PREFIX/share/fish/vendor_completions.d/planner.fish
# The binary finds its data in PREFIX/share/planner by its own path, so PREFIX can be anywhere (~/.local, /opt/planner).
# Installing again replaces all of these (PREFIX/share/planner as a whole); nothing else under PREFIX is touched.
#
# Usage: Scripts/install.sh [PREFIX]     (as root, or with sudo, for /usr/local)
# Knobs:
#   PLANNER_BUILD=debug     install the debug build instead (no release build, seconds not minutes)
#   PLANNER_BIN_DIR=DIR     install the planner and planner-server in DIR, built already, and build nothing (the tests
#                           install the debug build they ran: a build from their environment recompiles Hummingbird,
#                           whose manifest reads the environment)
#   PLANNER_STATIC_STDLIB=0 link the Swift runtime dynamically. By default it is linked in (built in .build-install),
#                           so the binary needs only libcurl, SQLite and zlib, and no Swift toolchain: it
#                           keeps working when the toolchain is upgraded or removed, and under systemd's
#                           ProtectHome= when the toolchain lives in a home folder (swiftly's default). Dynamic
#                           saves that second release build, and ties the binary to this toolchain's folder.
set -euo pipefail

prefix=${1:-/usr/local}
[[ $# -le 1 && $prefix != -* ]] || { echo "usage: Scripts/install.sh [PREFIX]" >&2; exit 64; }
configuration=${PLANNER_BUILD:-release}
[[ $configuration == release || $configuration == debug ]] ||
    { echo "planner: error: PLANNER_BUILD is '$configuration'; it must be release or debug" >&2; exit 64; }

# Fail now, not after a build of several minutes, when PREFIX cannot be written.
if ! mkdir -p "$prefix" 2>/dev/null || [[ ! -w $prefix ]]; then
    echo "planner: error: cannot write to $prefix: run as root (sudo), or give a PREFIX such as ~/.local" >&2
    exit 1
fi
prefix=$(cd "$prefix" && pwd -P)  # a relative PREFIX is the caller's, not the repository's
cd "$(dirname "$0")/.."

# The static build has a scratch folder of its own: the tests build in .build with the default flags, and one folder
# built both ways recompiles much of the package each time it changes hands (10 min on 2 cores).
build=(swift build -c "$configuration")
if [[ $configuration == release && ${PLANNER_STATIC_STDLIB:-1} != 0 ]]; then
    # shellcheck source=Scripts/release-build.sh
    . Scripts/release-build.sh
    build=("${release_build[@]}")
fi
if [[ -n ${PLANNER_BIN_DIR:-} ]]; then
    # Binaries built already (the tests install the debug build they ran): nothing is built.
    bin_path=$(cd "$PLANNER_BIN_DIR" && pwd -P)
    for name in planner planner-server; do
        [[ -x $bin_path/$name ]] ||
            { echo "planner: error: PLANNER_BIN_DIR is '$PLANNER_BIN_DIR', which holds no executable $name" >&2; exit 1; }
    done
else
    echo "planner: building: ${build[*]} --product planner, then --product planner-server" >&2
    "${build[@]}" --product planner
    # `planner serve`, `users` and `db` run planner-server, installed beside planner.
    "${build[@]}" --product planner-server
    bin_path="$("${build[@]}" --show-bin-path)"
fi
binary="$bin_path/planner"
server_binary="$bin_path/planner-server"

# The man page, from the binary's own description of its commands (Scripts/man_page.py: UTF-8 text kept, with
# ENVIRONMENT and EXIT STATUS sections; argument-parser's generate-manual plugin drops both, and every non-ASCII
# character). The date is the last commit's, so that the page does not change from one day to the next.
date=$(git log -1 --format=%cs 2>/dev/null || date +%F)
echo "planner: generating the man page: Scripts/man_page.py" >&2
staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
cp "$binary" "$staging/planner"
page="$staging/planner.1"
python3 Scripts/man_page.py "$staging/planner" "$date" >"$page"

completions="$staging/completions"
mkdir -p "$completions"
for shell in bash zsh fish; do
    "$staging/planner" --generate-completion-script "$shell" >"$completions/$shell"
done

echo "planner: installing into $prefix" >&2
install -D -m 755 "$staging/planner" "$prefix/bin/planner"
install -D -m 755 "$server_binary" "$prefix/bin/planner-server"
rm -rf "$prefix/share/planner"
mkdir -p "$prefix/share/planner"
cp -R Data/. "$prefix/share/planner/"
chmod -R u=rwX,go=rX "$prefix/share/planner"
install -D -m 644 "$page" "$prefix/share/man/man1/planner.1"
install -D -m 644 "$completions/bash" "$prefix/share/bash-completion/completions/planner"
install -D -m 644 "$completions/zsh" "$prefix/share/zsh/site-functions/_planner"
install -D -m 644 "$completions/fish" "$prefix/share/fish/vendor_completions.d/planner.fish"

cat <<EOF
installed planner $("$prefix/bin/planner" --version) into $prefix:
  $prefix/bin/planner
  $prefix/bin/planner-server (runs 'planner serve', 'users' and 'db')
  $prefix/share/planner/ (the data)
  $prefix/share/man/man1/planner.1
  $prefix/share/bash-completion/completions/planner
  $prefix/share/zsh/site-functions/_planner
  $prefix/share/fish/vendor_completions.d/planner.fish
EOF
