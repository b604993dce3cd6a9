"""The wheel of the Python package dtb, built with setuptools (Debian's python3-setuptools).

build_ext configures the project's CMake for the package alone (no tests, benchmarks or
command line; a portable build, not -march=native; dtb_probe linked into the module) and
builds the one target dtb_python, the extension dtb._dtb; the package files come from
python/dtb. Offline, from a checkout:

    python3 -m build --no-isolation --wheel      # Debian's python3-build
    pip wheel . --no-build-isolation --no-deps

The CMake build directory is build-wheel/cmake (DTB_WHEEL_BUILD_DIR overrides it) and is kept
between runs, so a second wheel rebuilds only what changed. Jobs: build_ext's --parallel,
else CMAKE_BUILD_PARALLEL_LEVEL, else the processors this process may run on. Metadata:
pyproject.toml; the version is the project's (project(dtb VERSION ...) in CMakeLists.txt).
"""

import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent
WORK = ROOT / "build-wheel"  # beside build/ (scripts/build.sh's), ignored by git as build*/


def project_version() -> str:
    cmake = ROOT / "CMakeLists.txt"
    if not cmake.exists():
        # An sdist carries setup.py and python/ but not the C++ project.
        sys.exit("dtb: the wheel is built from a checkout of the repository "
                 "(python3 -m build --no-isolation --wheel), not from an sdist")
    match = re.search(r"project\(\s*dtb\s+VERSION\s+([0-9.]+)", cmake.read_text())
    if not match:
        sys.exit(f"dtb: no project(dtb VERSION ...) in {cmake}")
    return match.group(1)


class CMakeBuild(build_ext):
    """Builds dtb._dtb with the project's CMake instead of compiling sources itself."""

    def build_extension(self, ext: Extension) -> None:
        build_dir = pathlib.Path(os.environ.get("DTB_WHEEL_BUILD_DIR") or WORK / "cmake")
        build_dir = build_dir.resolve()
        jobs = self.parallel or os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or len(
            os.sched_getaffinity(0))
        configure = [
            "cmake", "-S", str(ROOT), "-B", str(build_dir),
            "-DCMAKE_BUILD_TYPE=Release",
            f"-DPython_EXECUTABLE={sys.executable}",  # the interpreter the wheel is for
            "-DDTB_BUILD_PYTHON=ON",
            "-DDTB_BUILD_TESTS=OFF",
            "-DDTB_BUILD_BENCH=OFF",
            "-DDTB_NATIVE=OFF",        # runs on any x86-64, not only this machine's CPU
            "-DDTB_PROBE_SHARED=OFF",  # the library inside the module: one self-contained file
            "-DDTB_MPI=OFF",
            # No install rules: the wheel takes the module from the build tree, and
            # probe/CMakeLists.txt's export set cannot hold a static dtb_probe (it lacks
            # dtb_compress), so generating it would fail.
            "-DCMAKE_SKIP_INSTALL_RULES=ON",
            # No RUNPATH: the module needs none (the project's code is inside it), and the
            # build tree's is padded with empty entries, which the loader reads as ".".
            "-DCMAKE_SKIP_RPATH=ON",
        ]
        print("dtb: " + " ".join(configure), flush=True)
        # Quiet (CMake warns that install() was called with the rules skipped) unless it fails.
        done = subprocess.run(configure, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            sys.stderr.write(done.stdout + done.stderr)
            sys.exit(f"dtb: CMake's configure step failed ({done.returncode})")
        cache = (build_dir / "CMakeCache.txt").read_text()
        if re.search(r"^pybind11_DIR:PATH=.*NOTFOUND", cache, re.M):
            sys.exit("dtb: CMake found no pybind11 (apt install pybind11-dev python3-dev)")
        subprocess.run(["cmake", "--build", str(build_dir), "--target", "dtb_python",
                        "-j", str(jobs)], check=True)

        # _dtb.cpython-311-x86_64-linux-gnu.so: CMake names it for the same interpreter.
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        built = build_dir / "python" / "dtb" / target.name
        if not built.exists():
            sys.exit(f"dtb: CMake built no {built} (another interpreter than {sys.executable}?)")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built, target)


WORK.mkdir(exist_ok=True)
setup(
    version=project_version(),
    packages=["dtb"],
    package_dir={"": "python"},
    package_data={"dtb": ["_dtb.pyi", "py.typed"]},
    ext_modules=[Extension("dtb._dtb", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
    # setuptools' own scratch (build/lib..., build/bdist...) and metadata away from build/,
    # scripts/build.sh's CMake tree, and from python/.
    options={"build": {"build_base": str(WORK / "setuptools")},
             "egg_info": {"egg_base": str(WORK)}},
)
