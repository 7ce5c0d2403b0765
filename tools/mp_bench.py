# Runs ON MicroPython (unix port), driven by tools/bench.py:
#   micropython [-X heapsize=N] tools/mp_bench.py FIRMWARE_DIR MODE LOG [REPEAT]
# MODE replay: replays the table log line by line, as the device would import it.
# MODE journal: replays the same match from its commands as bytes (3 a command, the form
#               a journal on flash keeps), with no text parser loaded.
# MODE alloc:  bytes allocated by each engine command, after a warm-up replay.
# MODE speed:  engine commands per second over REPEAT replays of the parsed log.
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
    print("replayed cantons=%d,%d round=%d winner=%d"
          % (m.cantons(0), m.cantons(1), m.round(), m.winner()))


def journal(path):
    with open(path, "rb") as f:
        commands = f.read()
    m = Match()
    apply_all(m, commands)
    print("replayed cantons=%d,%d round=%d winner=%d"
          % (m.cantons(0), m.cantons(1), m.round(), m.winner()))


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
    print("commands=%d alloc_total=%d alloc_worst=%d undo_redo=%d"
          % (len(commands) // 3, total, worst, undo))


def speed(path, repeat):
    commands = parsed(path)
    m = Match()
    t0 = time.ticks_us()
    for _ in range(repeat):
        m.clear()
        apply_all(m, commands)
    t = time.ticks_diff(time.ticks_us(), t0)
    print("commands=%d us=%d" % (repeat * len(commands) // 3, t))


mode = sys.argv[2]
if mode == "replay":
    replay(sys.argv[3])
elif mode == "journal":
    journal(sys.argv[3])
elif mode == "encode":  # writes the log's commands as bytes, for the journal mode
    with open(sys.argv[4], "wb") as out:
        out.write(parsed(sys.argv[3]))
elif mode == "alloc":
    alloc(sys.argv[3])
else:
    speed(sys.argv[3], int(sys.argv[4]))
