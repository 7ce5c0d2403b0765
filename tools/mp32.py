"""The 32-bit MicroPython unix port, for heap figures an ESP32 would see (the 64-bit port
in .venv doubles every pointer). Found, or built and cached under build/mp32/:

    python -m tools.mp32 [--frozen|--grown]   (prints the binary's path, or why not)

plain():  $MICROPYTHON32, else build/mp32/harness-HASH/micropython, else built there
          (about a minute on two cores) when `gcc -m32` works (Debian: apt-get install -y
          gcc-multilib), from MicroPython's source: $MICROPY_SRC, a checkout of
          MicroPython at TAG, v1.29.0 (git clone --depth 1 -b v1.29.0
          https://github.com/micropython/micropython), else the source tarball in
          ../shared/tools/micropython-i386/ beside the project, where there is one.
frozen(): the same port with manifest.py frozen in (the firmware's bytecode in the
          binary, as in a custom board build): $MICROPYTHON32_FROZEN, else
          build/mp32/frozen-HASH/micropython, built when missing.
grown():  the plain port with a heap that grows as stock ESP32 MicroPython's does
          (MICROPY_GC_SPLIT_HEAP_AUTO): out of heap after a collection, py/gc.c adds an
          area as large as the heap so far, here once (tests/unixboard/cmachine/
          growth.c): `-X heapsize=N` starts with N and may grow to 2N in two areas, no
          object spanning them. $MICROPYTHON32_GROWN, else
          build/mp32/grown-HASH/micropython.
All built here freeze the device bench, the soak's walk and the unix board's network
(HARNESS), and have
the unix board's machine in C (MACHINE: `_machine32`, its pins and SPI static, as an
ESP32's machine is built in), so
that the heap they measure holds the device alone; HASH covers what each freezes and
builds in. Run them with ".frozen" first on MICROPYPATH. A binary named by the variables
may lack them: then its heap holds the bench and the Python machine too (about 5 KB).
Each returns (path, None) or (None, the reason there is none); with build=False they
only look (the tests: `make test` and `make bench` build them first).
"""
import glob
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from tools.mpbuild import ROOT  # noqa: E402

TAG = "v1.29.0"  # the MicroPython MICROPY_SRC is checked out at: mpy-cross 1.29's .mpy 6.3
# MicroPython's unix-port sources at upstream 1c3c201149f3 (v1.29.0-preview, .mpy 6.3),
# where the project's shared tools are kept beside it.
TARBALL = os.path.join(os.path.dirname(ROOT), "shared", "tools", "micropython-i386",
                       "micropython-src.tar.gz")
WHAT_SKIPS = ("tests/host/test_device_heap.py and test_no_alloc_32bit.py skip, and make"
              " bench leaves out the device's heap")
CACHE = os.path.join(ROOT, "build", "mp32")
MANIFEST = os.path.join(ROOT, "manifest.py")
HARNESS = ("tools/mp_device_bench.py", "tests/unixboard/lib/network.py", "tools/mp_soak.py",
           "tools/soakplan.py")
MACHINE = os.path.join(ROOT, "tests", "unixboard")  # USER_C_MODULES: cmachine/ in it
# grown(): a heap that adds areas on demand (cmachine/growth.h); py/gc.c's growth adds to
# a void pointer, which the unix port's -Werror refuses (the ESP32 port's flags let it).
GROWN_CFLAGS = "-include %s -Wno-error=pointer-arith" % os.path.join(
    MACHINE, "cmachine", "growth.h")


def source():
    """(the MicroPython source to build from, None), or (None, why there is none and what
    to do): $MICROPY_SRC, else the tarball."""
    given = os.environ.get("MICROPY_SRC")
    if given:
        if os.path.isfile(os.path.join(given, "ports", "unix", "Makefile")):
            return given, None
        return None, "MICROPY_SRC=%s is not a MicroPython checkout (no ports/unix)" % given
    if os.path.isfile(TARBALL):
        return TARBALL, None
    return None, ("no MicroPython source: set MICROPY_SRC to a checkout of MicroPython at %s"
                  " (git clone --depth 1 -b %s https://github.com/micropython/micropython)"
                  "; without it %s" % (TAG, TAG, WHAT_SKIPS))


def can_build():
    """None when there is a source and gcc builds 32-bit programs; else why not."""
    why = source()[1]
    if why:
        return why
    if not shutil.which("gcc") or not shutil.which("make"):
        return "no gcc or make; without them %s" % WHAT_SKIPS
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "m.c")
        with open(src, "w") as f:
            f.write("int main(void){return 0;}\n")
        if subprocess.run(["gcc", "-m32", "-o", os.path.join(d, "m"), src],
                          capture_output=True).returncode:
            return ("gcc -m32 does not work (Debian: apt-get install -y gcc-multilib);"
                    " without it %s" % WHAT_SKIPS)
    return None


def _tree(work):
    """A MicroPython tree to build in, under work: the tarball unpacked, or the checkout's
    folders linked but for those the build writes into (mpy-cross, ports/unix), copied."""
    src = source()[0]
    if src == TARBALL:
        subprocess.run(["tar", "xzf", TARBALL, "-C", work], check=True)
        return os.path.join(work, "micropython")
    tree = os.path.join(work, "micropython")
    os.makedirs(os.path.join(tree, "ports"))
    for name in os.listdir(src):
        if name not in ("ports", "mpy-cross", ".git"):
            os.symlink(os.path.join(src, name), os.path.join(tree, name))
    skip = shutil.ignore_patterns("build", "build-*")
    shutil.copytree(os.path.join(src, "mpy-cross"), os.path.join(tree, "mpy-cross"), ignore=skip)
    shutil.copytree(os.path.join(src, "ports", "unix"), os.path.join(tree, "ports", "unix"),
                    ignore=skip)
    return tree


def _make(tree, manifest, cflags):
    """Builds the static i386 unix port in tree; returns its path, or raises with the
    build's last lines."""
    # The unix port has no boards/manifest.py, which the project's manifest includes (as
    # an ESP32 port's): one that freezes asyncio, as the board ports do.
    boards = os.path.join(tree, "ports", "unix", "boards")
    os.makedirs(boards, exist_ok=True)
    with open(os.path.join(boards, "manifest.py"), "w") as f:
        f.write('include("$(MPY_DIR)/extmod/asyncio")\n')
    jobs = "-j%d" % (os.cpu_count() or 1)
    # USER_C_MODULES and CFLAGS from the environment: the port's Makefile adds to them.
    env = dict(os.environ, USER_C_MODULES=MACHINE, CFLAGS=cflags)
    for cmd in (["make", "-s", "-C", os.path.join(tree, "mpy-cross"), jobs],
                ["make", "-s", "-C", os.path.join(tree, "ports", "unix"), jobs,
                 "VARIANT=standard", "CC=gcc -m32", "LD=gcc -m32", "CFLAGS_EXTRA=-m32",
                 "LDFLAGS_EXTRA=-m32 -static", "MICROPY_PY_BTREE=0", "MICROPY_PY_SSL=0",
                 "MICROPY_SSL_AXTLS=0", "MICROPY_SSL_MBEDTLS=0", "MICROPY_PY_FFI=0",
                 "FROZEN_MANIFEST=" + manifest]):
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1800, env=env)
        if proc.returncode:
            raise RuntimeError((proc.stdout + proc.stderr).strip()[-500:])
    return os.path.join(tree, "ports", "unix", "build-standard", "micropython")


def _manifest(out, firmware):
    # Beside out: what the port freezes anyway, or the project's manifest.py, and HARNESS.
    path = os.path.join(os.path.dirname(out), "manifest.py")
    lines = ['include("%s")' % (MANIFEST if firmware else "$(PORT_DIR)/boards/manifest.py")]
    for name in HARNESS:
        folder, module = os.path.split(os.path.join(ROOT, name))
        lines.append('module("%s", base_path="%s")' % (module, folder))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


def _build(out, firmware, cflags=""):
    # Into a temporary name first: a run beside this one never sees half a binary.
    os.makedirs(os.path.dirname(out), exist_ok=True)
    tmp = "%s.%d" % (out, os.getpid())
    print("building the 32-bit MicroPython port%s from %s into %s (about a minute)" % (
        " with manifest.py frozen" if firmware else " " + cflags if cflags else "",
        source()[0], os.path.relpath(out, ROOT)), file=sys.stderr, flush=True)
    with tempfile.TemporaryDirectory() as work:
        try:
            built = _make(_tree(work), _manifest(out, firmware), cflags)
        except (RuntimeError, subprocess.SubprocessError, OSError) as e:
            return "the 32-bit build failed: %s" % e
        shutil.copyfile(built, tmp)
    os.chmod(tmp, 0o755)
    os.replace(tmp, out)
    return None


def _find(env, out, firmware, build=True, cflags=""):
    given = os.environ.get(env)
    if given:
        if os.path.isfile(given) and os.access(given, os.X_OK):
            return given, None
        return None, "%s=%s is not an executable file" % (env, given)
    if os.path.isfile(out):
        return out, None
    if not build:
        return None, "none named by %s, none built in %s" % (env, os.path.relpath(out, ROOT))
    why = can_build() or _build(out, firmware, cflags)
    return (None, why) if why else (out, None)


def _hash(firmware, cflags=""):
    # Of what a build freezes: the harness, and the firmware with its manifest; and of
    # the flags it was built with.
    paths = [os.path.join(ROOT, name) for name in HARNESS]
    paths += sorted(glob.glob(os.path.join(MACHINE, "cmachine", "*")))
    if firmware:
        paths += [MANIFEST] + sorted(glob.glob(os.path.join(ROOT, "firmware", "**", "*"),
                                               recursive=True))
    src = source()[0] or ""  # the source: the tarball's bytes, or the checkout's path
    h = hashlib.sha256(cflags.encode() + src.encode())
    if src == TARBALL:
        paths.append(TARBALL)
    for path in paths:
        if os.path.isfile(path):
            h.update(os.path.relpath(path, ROOT).encode() + b"\0")
            with open(path, "rb") as f:
                h.update(f.read())
    return h.hexdigest()[:12]


def _cached(kind, env, firmware, build, cflags=""):
    out = os.path.join(CACHE, "%s-%s" % (kind, _hash(firmware, cflags)), "micropython")
    if build and not os.environ.get(env) and not os.path.isfile(out):
        for old in glob.glob(os.path.join(CACHE, kind + "-*")):  # what changed since: stale
            shutil.rmtree(old, ignore_errors=True)
    return _find(env, out, firmware, build=build, cflags=cflags)


def plain(build=True):
    return _cached("harness", "MICROPYTHON32", False, build)


def frozen(build=True):
    return _cached("frozen", "MICROPYTHON32_FROZEN", True, build)


def grown(build=True):
    return _cached("grown", "MICROPYTHON32_GROWN", False, build, GROWN_CFLAGS)


if __name__ == "__main__":
    # --if-possible (make test): no gcc -m32 or no tool is not an error, only said.
    if "--if-possible" in sys.argv[1:] and not os.environ.get("MICROPYTHON32") \
            and not plain(build=False)[0] and can_build():
        print("no 32-bit MicroPython port (%s): its heap tests will skip" % can_build())
        sys.exit(0)
    path, why = frozen() if "--frozen" in sys.argv[1:] else \
        grown() if "--grown" in sys.argv[1:] else plain()
    print(path or why)
    sys.exit(0 if path else 1)
