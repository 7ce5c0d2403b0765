# Runs ON MicroPython (unix port), driven by tools/soak.py --mp:
#   micropython [-X heapsize=N] -m mp_soak PRESSES SEED PRESS GAP HOLD SETTLE [home] [every=N]
#     [starved] [walk]
# with MICROPYPATH naming a folder laid out as `make flash` lays out the board (start.mpy,
# board.mpy, the firmware packages) plus tests/unixboard/lib/machine.py and soakplan.mpy,
# and the current folder as the board's filesystem. PRESS GAP HOLD SETTLE: the simulator's
# finger timings (sim.fingers), so a seed makes the same gestures as there.
#
# main.start(board) wires the whole device; the soak presses its buttons through their
# pins on a virtual clock (a loop turn every 10 ms), waits, and pulls the battery (a new
# main.start on the files as they are), and after every action runs soakplan.check on a
# copy of the files. After each return to the scoreboard it checks the table-log export,
# collects and notes the heap in use ("home" prints each figure). Prints "soaked" and the
# figures, or "FAIL" and why; "every=N" prints the figures so far ("at ...") every N
# presses, for a long run watched, or stopped, midway. "starved": a heap too small for
# every screen, where the loop's recovery from a full heap is expected, and a won match
# marked while it waits for room to be archived (tools/fuzz heap).
# "walk": the heap's own walk (tools/bench.py walk), on a port that freezes this file and
# soakplan (tools/mp32.py) with the board's files in the current folder, as the device
# bench runs: only the checks that allocate nothing (the stack, the saves, no recovery
# from a full heap), no reboot or export checked (tools.soak's other runs check them),
# so that the heap holds the device alone; a pull lets the firmware's modules go before
# the boot, as a board's reset does.
import gc
import sys

try:  # the 32-bit ports' machine, in C (tools/mp32.py), as the device bench has it
    import _machine32

    sys.modules["machine"] = _machine32
except ImportError:  # the Python one, tests/unixboard/lib/machine.py
    pass
import machine

try:  # the 32-bit ports' (tools/mp32.py): the heap's largest free block
    from _machine32 import largest_free
except ImportError:
    largest_free = None

import board
import soakplan as S

STEP_MS = 10
TICKS = 0x3FFFFFFF  # MicroPython's ticks_ms period, less one
NAMES = ("truc.snp", "truc.log", "truc.cfg")


class Copy:
    """The journal's files as they are now, in memory: what a boot would read."""

    def __init__(self):
        import os

        self.files = {}
        for name in NAMES:
            try:
                os.stat(name)
            except OSError:
                continue
            with open(name, "rb") as f:
                self.files[name] = f.read()

    def stat(self, name):
        if name not in self.files:
            raise OSError(2)
        return (0o100644, 0, 0, 0, 0, 0, len(self.files[name]), 0, 0, 0)

    def open(self, name, mode):
        import io

        if mode != "rb":
            raise OSError(30)  # read only: a check writes nothing
        return io.BytesIO(self.files[name])

    def rename(self, old, new):
        raise OSError(30)


def _no_wait(ms):
    pass


class NoRoom(MemoryError):
    """The device's boot (main.start) ran out of heap: too small a heap to boot in. Not
    a MemoryError that escaped the loop afterwards, which its recovery should catch."""


NO_ROOM = NoRoom()  # made now: out of heap, there may be no room to make one


class Soak:
    def __init__(self, timings, known=None):
        self.press_ms, self.gap_ms, self.hold_ms, self.settle_ms = timings
        self.known = known  # the modules before the first boot: a pull keeps only those
        self.now = 0
        self.boot()
        self.presses = self.pulls = self.waits = self.returns = 0
        self.recoveries = 0  # of the loops before the last pull
        self.playing = 0  # presses made with a match in progress (after the press)
        self.deepest = 1
        # The heap in use after each return home: the first, the last, the least and
        # the most, and the most in the second half of the run (a list would grow).
        self.first = self.last = self.low = self.high = self.late = -1
        self.block = -1  # the least largest free block after a collection at home (-1: unknown)

    def boot(self):
        make = board.make_display
        # The panel's reset and wake-up waits are real sleeps (260 ms a boot on the
        # ST7789) on a clock the soak does not use: the driver sends the same commands.
        board.make_display = lambda: make(_no_wait)
        try:
            import start

            self.loop = start.start(board)
        except MemoryError:
            raise NO_ROOM from None
        finally:
            board.make_display = make
        self.app = self.loop.app
        self.pins = [machine.PINS[k] for k in board.BUTTONS]
        self.now = self.loop.power._last  # the power part started on the real clock
        self.wait(STEP_MS)

    def wait(self, ms, step=STEP_MS):
        turn = self.loop.step
        now = self.now
        for _ in range(ms // step):
            now = (now + step) & TICKS  # wraps as ticks_ms does
            turn(now)
        self.now = now

    def key(self, k, down):
        self.pins[k].value(0 if down == board.BUTTON_ACTIVE_LOW else 1)

    def tap(self, k, ms):
        self.key(k, True)
        self.wait(ms)
        self.key(k, False)

    def figures(self):
        return ("presses=%d playing=%d recoveries=%d pulls=%d waits=%d returns=%d deepest=%d"
                " heap_min=%d heap_max=%d heap_first=%d heap_last=%d heap_late_max=%d"
                " block_min=%d" % (
                    self.presses, self.playing,
                    self.recoveries + (self.loop.recoveries if self.loop else 0),
                    self.pulls, self.waits,
                    self.returns, self.deepest,
                    self.low, self.high, self.first, self.last, self.late, self.block))

    def pressed(self):
        self.presses += 1
        if self.app.match.in_progress():
            self.playing += 1

    def act(self, a):
        kind = a[0]
        if kind == S.PRESS:
            k, g = a[1], a[2]
            if g == S.LONG:
                self.tap(k, self.hold_ms)
            else:
                self.tap(k, self.press_ms)
                if g == S.DOUBLE:
                    self.wait(self.gap_ms)
                    self.tap(k, self.press_ms)
            self.wait(self.settle_ms)
            self.pressed()
        elif kind == S.CHORD:
            self.key(a[1], True)
            self.wait(self.press_ms)
            self.key(a[2], True)
            self.wait(a[3])
            self.key(a[1], False)
            self.key(a[2], False)
            self.wait(self.settle_ms)
            self.pressed()
        elif kind == S.START:
            for _ in range(S.START_MOST):
                e = S.to_start(self.app)
                if e < 0:
                    try:
                        self.app.open("newmatch")
                    except MemoryError:  # recovered as the loop does from a press
                        self.loop.recoveries += 1
                        gc.collect()
                        self.app.recover()
                    self.wait(STEP_MS)
                elif e:
                    k, g = S.gesture(board.KEYMAP, e)
                    self.act((S.PRESS, k, g))
                else:
                    break
        elif kind == S.PULL:
            self.recoveries += self.loop.recoveries
            self.loop = self.app = None
            if self.known is not None:  # and from their packages (ui.forget_since)
                from ui import forget_since

                forget_since(self.known)
            gc.collect()
            self.boot()
            self.pulls += 1
        elif kind == S.WAIT:
            self.wait(a[1])
            self.waits += 1
        else:
            self.wait(S.wait_ms(a, self.app.settings), S.LONG_STEP_MS)
            self.waits += 1


def main():
    presses, seed = int(sys.argv[1]), int(sys.argv[2])
    timings = [int(v) for v in sys.argv[3:7]]
    say_home = "home" in sys.argv[7:]
    starved = "starved" in sys.argv[7:]
    walk = "walk" in sys.argv[7:]
    every = 0
    for arg in sys.argv[7:]:
        if arg.startswith("every="):
            every = int(arg[6:])
    try:
        soak = Soak(timings, list(sys.modules) if walk else None)
    except NoRoom:
        if not starved:
            raise
        # Too small a heap to boot in (as a pull's boot below): tools/fuzz heap's floor
        # is measured with another seed, whose shorter argv left the heap laid out
        # otherwise (heap seed 2, case 85: the first boot's menu out of heap).
        print("soaked presses=0 boot_out_of_heap=1")
        return
    plan = S.Plan(seed, board.KEYS)
    checker = S.Checker(starved)
    depth = 1
    while soak.presses < presses:
        a = plan.next()
        why = None
        try:
            soak.act(a)
        except MemoryError as e:
            if starved and e is NO_ROOM:  # too small a heap to boot in: the run ends
                print("soaked", soak.figures(), "boot_out_of_heap=1")
                return
            sys.print_exception(e)  # the loop's recovery should have caught it
            why = "%s: %s" % (type(e).__name__, e)
        except Exception as e:
            sys.print_exception(e)
            why = "%s: %s" % (type(e).__name__, e)
        if not why:
            try:
                why = checker.check(soak.app, None if walk else Copy(), a, soak.loop.power)
            except MemoryError as e:
                if not starved:  # starved, the check's own copy may find no room
                    why = "%s: %s" % (type(e).__name__, e)
            except Exception as e:
                sys.print_exception(e)
                why = "%s: %s" % (type(e).__name__, e)
        if not why and soak.loop.recoveries and not starved:
            why = "out of heap (the loop recovered)"
        if why:
            print("FAIL after %d presses, action %r: %s" % (soak.presses, a, why))
            sys.exit(1)
        now = len(soak.app.stack)
        soak.deepest = max(soak.deepest, now)
        if now == 1 and depth > 1:
            soak.returns += 1
            try:
                why = None if walk else checker.export(soak.app.match)
            except MemoryError as e:  # starved, the check's own match may find no room
                why = None if starved else "%s: %s" % (type(e).__name__, e)
            if why:
                print("FAIL after %d presses, action %r: %s" % (soak.presses, a, why))
                sys.exit(1)
            gc.collect()
            used = gc.mem_alloc()
            if soak.first < 0:
                soak.first = soak.low = used
            soak.last = used
            soak.low = min(soak.low, used)
            soak.high = max(soak.high, used)
            if soak.presses >= presses // 2:
                soak.late = max(soak.late, used)
            if largest_free is not None:  # after the collection: what fragmentation left
                block = largest_free()
                soak.block = block if soak.block < 0 else min(soak.block, block)
            if say_home:
                print("home %d heap %d" % (soak.returns, used))
        depth = now
        if every and a[0] <= S.CHORD and soak.presses % every == 0:
            print("at", soak.figures())
    print("soaked", soak.figures())


main()
