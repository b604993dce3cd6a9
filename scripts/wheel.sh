#!/usr/bin/env bash
# The Python package as a user installs it: builds the wheel offline with setuptools (setup.py
# runs the project's CMake in build-wheel/cmake, kept between runs), installs it into a fresh
# venv of Debian's /usr/bin/python3 and runs tests/python against it from outside the source
# tree, checking that `import dtb` is the installed wheel.
#
#   scripts/wheel.sh [DIR]     the wheel goes into DIR (default dist/)
#
# Expects the dtb command built first (scripts/build.sh, or DTB_TARGET=dtb scripts/build.sh):
# build/cli/dtb, or the path in DTB_EXE. The tests write their tables with it (as ctest's
# python.tables does) and hold the package's answers equal to `dtb probe --json`'s.
# Jobs of the wheel's build: CMAKE_BUILD_PARALLEL_LEVEL, else every processor.
set -euo pipefail
root=$(realpath "$(dirname "$0")/..")
dist=$(realpath -m "${1:-$root/dist}")
exe=$(realpath -m "${DTB_EXE:-$root/build/cli/dtb}")
python=/usr/bin/python3  # Debian's: the one with python3-build, setuptools and pytest
cd "$root"
if [ ! -x "$exe" ]; then
    echo "dtb: no dtb command at $exe: build it first (DTB_TARGET=dtb scripts/build.sh)" >&2
    exit 2
fi
unset PYTHONPATH PYTHONHOME

scripts/setup.sh
tmp=$(mktemp -d -t dtb-wheel.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

SECONDS=0
echo "dtb: building the wheel (python3 -m build --no-isolation --wheel)"
if ! "$python" -m build --no-isolation --wheel --outdir "$tmp/wheelhouse" >"$tmp/build.log" 2>&1; then
    cat "$tmp/build.log" >&2
    echo "dtb: the wheel's build failed" >&2
    exit 1
fi
built=("$tmp"/wheelhouse/dtb-*.whl)
mkdir -p "$dist"
cp "${built[0]}" "$dist/"
wheel=$dist/$(basename "${built[0]}")
echo "dtb: $(basename "$wheel"): $(stat -c %s "$wheel") bytes, in $dist (${SECONDS} s)"

# --system-site-packages: pytest is Debian's python3-pytest (no PyPI here to install it into
# the venv); the venv's own site-packages, with the wheel, still come first.
"$python" -m venv --system-site-packages "$tmp/venv"
venv_python=$tmp/venv/bin/python
"$venv_python" -m pip install --quiet --no-index --no-deps "$wheel"

# From an empty directory outside the source tree: `import dtb` must find the installed wheel,
# not python/dtb or a build tree.
mkdir "$tmp/run"
cd "$tmp/run"
imported=$("$venv_python" -c "import dtb; print(dtb.__file__)")
echo "dtb: import dtb -> $imported"
case "$imported" in
    "$root"/*) echo "dtb: dtb was imported from the source or build tree" >&2; exit 1 ;;
    "$tmp/venv/"*) ;;
    *) echo "dtb: dtb was imported from outside the venv's site-packages" >&2; exit 1 ;;
esac
echo "dtb: dtb.perft('russian', 9) = $("$venv_python" -c "import dtb; print(dtb.perft('russian', 9))")"

# The tables of tests/python/python_tests.cmake: russian up to 4 pieces with the counters' tables,
# russian up to 3 WDL alone, portuguese up to 4.
start=$SECONDS
tables=$tmp/tables
if ! { "$exe" gen russian --pieces 4 --out "$tables/russian" &&
       "$exe" gen russian --pieces 3 --values wdl --out "$tables/wdl" &&
       "$exe" gen portuguese --pieces 4 --out "$tables/portuguese"; } >"$tmp/gen.log" 2>&1; then
    cat "$tmp/gen.log" >&2
    echo "dtb: $exe could not write the test tables" >&2
    exit 1
fi
echo "dtb: test tables written ($((SECONDS - start)) s)"

# No bytecode written into tests/python.
DTB_EXE=$exe DTB_PYTHON_TABLES=$tables PYTHONDONTWRITEBYTECODE=1 \
    "$venv_python" -m pytest -q -p no:cacheprovider "$root/tests/python"
# The example script, as docs/python.md runs it (ctest's python.example_hardest).
out=$("$venv_python" "$root/examples/python/hardest.py" "$tables/russian" KKKvK)
echo "$out" | grep -q "hardest (counters): W:[^ ]*, 13 moves of the winner" || {
    echo "$out" >&2
    echo "dtb: examples/python/hardest.py did not give KKKvK's 13 moves" >&2
    exit 1
}
echo "dtb: the installed wheel passes tests/python and examples/python/hardest.py (${SECONDS} s)"
