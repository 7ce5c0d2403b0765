# Runs ON MicroPython (unix port), driven by tools/bench.py:
#   micropython [-X heapsize=N] -m mp_ui_bench FIRMWARE_DIR PRESSES
# The app on the T-Display canvas (240x135, 4 bits) for PRESSES key presses from a fixed
# pseudo-random script: bytes sent to the panel, render time and heap allocated per press.
import gc
import sys
import time

sys.path.insert(0, sys.argv[1])
from truc.match import Match  # noqa: E402
from truc import tablelog  # noqa: E402


def ui(presses):
    from ui.canvas import Canvas
    from app.app import App, Settings
    from ui import events as E

    canvas = Canvas(240, 135)  # first, before the heap fragments, as on the device
    settings = Settings()
    m = Match()
    for line in ("variant valencia", "set canton=12"):
        tablelog.run(m, line)
    app = App(canvas, match=m, settings=settings)
    app.render()
    # Mostly the team keys, sometimes a call, the menu and a way back out of it.
    keys = (E.PREV, E.NEXT, E.PREV, E.NEXT, E.NEXT, E.PREV2, E.NEXT, E.SELECT, E.NEXT,
            E.SELECT, E.BACK, E.NEXT2, E.PREV)
    seed = 12345
    sent = []
    total_us = 0
    allocated = 0
    now = 0
    for _ in range(presses):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        e = keys[seed % len(keys)]
        if m.winner() != 2:  # a new match when this one is over
            m.clear()
            for line in ("variant valencia", "set canton=12"):
                tablelog.run(m, line)
        gc.collect()
        before = gc.mem_alloc()
        t0 = time.ticks_us()
        app.event(e)
        now += 700
        app.tick(now)
        sent.append(app.render())
        total_us += time.ticks_diff(time.ticks_us(), t0)
        allocated += gc.mem_alloc() - before
    sent.sort()
    print("replayed presses=%d median=%d worst=%d full=%d us=%d alloc=%d free=%d" % (
        presses, sent[len(sent) // 2], sent[-1], 240 * 135 * 2, total_us, allocated, gc.mem_free()))


ui(int(sys.argv[2]))
