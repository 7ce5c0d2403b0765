# Runs ON MicroPython (unix port), driven by tools/bench.py:
#   micropython [-X heapsize=N] tools/mp_bench.py FIRMWARE_DIR MODE LOG [REPEAT]
# MODE replay: replays the table log line by line, as the device would import it.
# MODE journal: replays the same match from its commands as bytes (3 a command, the form
#               a journal on flash keeps), with no text parser loaded.
# MODE alloc:  bytes allocated by each engine command, after a warm-up replay.
# MODE speed:  engine commands per second over REPEAT replays of the parsed log.
# MODE ui:     the app on the T-Display canvas (240x135, 4 bits), REPEAT key presses
#              from a fixed pseudo-random script: bytes sent to the panel, render time
#              and heap allocated per press.
import gc
import sys
import time

sys.path.insert(0, sys.argv[1])
from truc.match import Match  # noqa: E402

if sys.argv[2] != "journal":
    from truc import tablelog  # noqa: E402


def replay(path):
    m = Match()
    with open(path) as f:
        for n, line in enumerate(f, 1):
            reason = tablelog.run(m, line)
            if reason:
                print("line %d: %s" % (n, reason))
                sys.exit(2)
    print("replayed cantons=%d,%d round=%d winner=%d" % (m.cantons(0), m.cantons(1), m.round(), m.winner()))


def journal(path):
    with open(path, "rb") as f:
        commands = f.read()
    m = Match()
    apply_all(m, commands)
    print("replayed cantons=%d,%d round=%d winner=%d" % (m.cantons(0), m.cantons(1), m.round(), m.winner()))


def parsed(path):
    # The log's commands as bytes (op, a, b), parsed once, before any measuring.
    m = Match()
    out = bytearray()
    with open(path) as f:
        for line in f:
            c = tablelog.parse(m, line)
            if c is not None:
                m.apply(c[0], c[1], c[2])
                out.extend(bytes((c[0], c[1], c[2] & 255)))
    return out


def apply_all(m, commands):
    for i in range(0, len(commands), 3):
        b = commands[i + 2]
        m.apply(commands[i], commands[i + 1], b - 256 if b > 127 else b)


def alloc(path):
    commands = parsed(path)
    m = Match()
    apply_all(m, commands)  # warm-up
    m.clear()
    gc.collect()
    gc.disable()
    total = worst = 0
    for i in range(0, len(commands), 3):
        b = commands[i + 2]
        before = gc.mem_alloc()
        m.apply(commands[i], commands[i + 1], b - 256 if b > 127 else b)
        used = gc.mem_alloc() - before
        total += used
        worst = used if used > worst else worst
    before = gc.mem_alloc()
    m.undo()
    m.redo()
    undo = gc.mem_alloc() - before
    gc.enable()
    print("commands=%d alloc_total=%d alloc_worst=%d undo_redo=%d" % (len(commands) // 3, total, worst, undo))


def speed(path, repeat):
    commands = parsed(path)
    m = Match()
    t0 = time.ticks_us()
    for _ in range(repeat):
        m.clear()
        apply_all(m, commands)
    t = time.ticks_diff(time.ticks_us(), t0)
    print("commands=%d us=%d" % (repeat * len(commands) // 3, t))


def ui(presses):
    from ui.canvas import Canvas
    from app.app import App, Settings
    from app import events as E

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
    for i in range(presses):
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


mode = sys.argv[2]
if mode == "replay":
    replay(sys.argv[3])
elif mode == "ui":
    ui(int(sys.argv[3]))
elif mode == "journal":
    journal(sys.argv[3])
elif mode == "encode":  # writes the log's commands as bytes, for the journal mode
    with open(sys.argv[4], "wb") as out:
        out.write(parsed(sys.argv[3]))
elif mode == "alloc":
    alloc(sys.argv[3])
else:
    speed(sys.argv[3], int(sys.argv[4]))
