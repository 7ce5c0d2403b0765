# Runs ON MicroPython (unix port), driven by tools/bench.py and tests/host/test_device_heap.py:
#   micropython [-X heapsize=N] -m mp_device_bench PRESSES [measure]
# with MICROPYPATH naming a folder laid out as `make flash` lays out a board (start.mpy,
# board.mpy from boards/tdisplay.py, the firmware packages, or ".frozen" first for a
# frozen build) plus tests/unixboard/lib/machine.py, and the current folder as the
# board's filesystem (the journal writes there). The 32-bit ports tools/mp32.py builds
# freeze this file and have the unix board's machine in C (tests/unixboard/cmachine:
# `_machine32`, installed here as `machine`), its pins and SPI static as an ESP32's are,
# so that the heap holds the device alone; "harness=heap" in the figures says when the
# bench or the Python machine were loaded into it instead.
#
# The whole device: main.start(board) wires the T-Display board file, the real ST7789
# driver (on machine.SPI, which here counts the bytes), the journal, the buttons, the
# power and the app; the bench presses the buttons through their pins on a virtual
# clock (a loop turn every 10 ms) and walks every screen with TOURS, each from the
# scoreboard back to it. Prints "replayed" and the figures when all PRESSES are done and
# the loop never ran out of heap.
#   measure: a gc.collect() before each press, to count what each press allocates, and
#            the heap in use after each return to the scoreboard.
#   share=PORT: sharing on (hw.share, on 127.0.0.1:PORT through the unix board's
#            network) and a phone polling the page's state every second of the virtual
#            clock, as the page does; the figures add its requests, bytes and times.
#   tournament=PORT:TABLE:PASSWORD: a board provisioned as TABLE (its tournament file
#            written first) in tournament mode (Menu -> Tournament: hw.tournament with
#            its own MQTT client, hw.mqtt) against a broker on 127.0.0.1:PORT, whose
#            director has assigned it a match: the walk's new match is that match, every
#            command sent as it is played; the figures add what was sent and held.
import gc
import sys
import time

try:  # the 32-bit ports' machine, in C (tools/mp32.py)
    import _machine32

    sys.modules["machine"] = _machine32
except ImportError:  # the Python one, tests/unixboard/lib/machine.py
    pass
import machine

# Gestures: p n (short PREV, NEXT), P N (double: PREV2, NEXT2), b s (long: BACK, SELECT),
# x X (both keys: GO, and held: UNDO).
# g:VALUE moves a menu's cursor to the item of that value (NEXT presses) and selects it;
# c:OP the same for the first engine command OP (truc.rules: 4 envit, 6 vull); where
# there is none the tour goes home and ends. h: BACK until the scoreboard.
TOURS = (
    "s g:mainmenu g:rounds p p N P h",
    "s g:mainmenu g:pastmatches s p p h",  # from the second round on: the match the new
    # match of the last tour archived, opened as its history
    "s c:4 s c:6 s g:showentry s n s s n s h",
    "p n p n P p n n N p n p b n p n x b x n X",
    "s s h",
    "s g:adjust s n n s n n s h",
    "s g:mainmenu g:assistant g:envit s s s s s s p n h",
    "s g:mainmenu g:assistant g:baza s s s s s s h",
    "s g:mainmenu g:assistant g:order n n h",
    "s g:mainmenu g:assistant g:signals n h",
    "s g:mainmenu g:assistant g:removed h",
    "p n n p N n p p n P",
    "s g:mainmenu g:settingsmenu g:language s s g:timeout s s s s h",
    "s g:mainmenu g:newmatch g:names g:0 s p s g:-1 g:players g:players g:players"
    " g:begin g:start h",
)
STEP_MS = 10
KEY_PINS = (0, 35)  # boards/tdisplay.py BUTTONS


class Timed:
    """The display driver, its show() timed."""

    def __init__(self, display):
        self.display = display
        self.us = 0

    def show(self, canvas, x, y, w, h):
        t0 = time.ticks_us()
        self.display.show(canvas, x, y, w, h)
        self.us += time.ticks_diff(time.ticks_us(), t0)


POLL_MS = 1000  # the page asks for the state every second


class Phone:
    """A client of the shared page in the same process: GET /state every POLL_MS, the
    answer read as the device's loop turns serve it."""

    def __init__(self, port):
        import socket

        self.socket = socket
        self.addr = socket.getaddrinfo("127.0.0.1", port)[0][-1]
        self.sock = None
        self.since = 0
        self.t0 = 0
        self.got = 0
        self.requests = self.bytes = self.us = self.failed = 0
        self.buf = bytearray(128)  # the bench's, in the heap: small

    def turn(self, now):
        sock = self.sock
        if sock is None:
            if now - self.since >= POLL_MS:
                self.since = now
                self.t0 = time.ticks_us()
                s = self.socket.socket(self.socket.AF_INET, self.socket.SOCK_STREAM)
                s.connect(self.addr)  # loopback: the backlog takes it at once
                s.send(b"GET /state HTTP/1.1\r\nHost: 192.168.4.1\r\n\r\n")
                s.setblocking(False)
                self.sock = s
                self.got = 0
            return
        try:
            n = sock.readinto(self.buf)
        except OSError:
            return
        if n is None:  # nothing yet (a non-blocking stream's read says so)
            return
        if n:
            self.got += n
            return
        sock.close()
        self.sock = None
        if self.got:
            self.requests += 1
            self.bytes += self.got
            self.us += time.ticks_diff(time.ticks_us(), self.t0)
        else:
            self.failed += 1


class Bench:
    def __init__(self, measure, share=0, tournament=""):
        import board
        import start

        self.measure = measure
        if tournament:  # provisioned first: the boot offers Menu -> Tournament
            from hw import tourfile

            port, table, password = tournament.split(":")
            table = int(table)
            tourfile.save(tourfile.Config(table, "127.0.0.1", int(port), "table%d" % table,
                                          password, "venue", ""))
            del sys.modules["hw.tourfile"]
        self.loop = start.start(board)
        self.tournament = None
        if tournament:
            self.tournament = t = self.loop.app.tour()
            now = time.ticks_ms()
            for _ in range(500):  # up to 5 s: joined, and the assignment in
                if t.assigned is not None:
                    break
                now += STEP_MS
                self.loop.step(now)
                time.sleep_ms(10)
        self.phone = None
        if share:  # Menu -> Share, on the bench's port (a board's is 80)
            sharing = self.loop.app.share()
            sharing.port = share
            sharing.dns_port = None
            sharing.on(time.ticks_ms())
            self.phone = Phone(share)
        self.app = self.loop.app
        self.spi = machine.last_spi()
        self.panel = Timed(self.app.display)  # the driver's share of the render time
        self.app.display = self.panel
        self.pins = [machine.PINS[k] for k in KEY_PINS]
        self.now = time.ticks_ms()  # the power part started on the real clock
        self.presses = self.renders = self.render_us = self.turns = self.turn_us = 0
        self.alloc = self.alloc_worst = 0
        self.stays = self.alloc_stay = 0  # presses that left the same screen on top
        self.returns = 0
        self.flat_low = self.flat_high = -1
        self.seen = set()
        self.where = ""  # the screen the latest press went to
        # The heap at home is judged from the third round of tours on: the second is the
        # first to open a past match (the first round's new match archived it), and a
        # .mpy deploy interns the names of a module the first time it loads, for good.
        self.rounds = 0

    def settle(self, heard):
        # Tournament mode: what the broker answers to a step's sending (heard: the
        # table's last sending before the step) is read before time goes on, in
        # turns at the same moment 30 ms of real time apart, until the director holds
        # every command; as at a table, where the network takes milliseconds and
        # presses come seconds apart. Otherwise which turn reads an answer is the
        # machine's timing, and so is the heap's layout: a walk that fits would fail
        # in one run in a few on a loaded machine.
        t = self.tournament
        for _ in range(34 if t is not None and t.heard != heard else 0):  # up to 1 s
            time.sleep_ms(30)
            self.loop.step(self.now)
            if not t.connected() or t.covered():
                return

    def wait(self, ms):
        loop = self.loop
        for _ in range(ms // STEP_MS):
            self.now += STEP_MS
            heard = self.tournament.heard if self.tournament is not None else 0
            t0 = time.ticks_us()
            drawn = loop.step(self.now)
            dt = time.ticks_diff(time.ticks_us(), t0)
            self.settle(heard)
            if self.phone is not None:
                self.phone.turn(self.now)
            if drawn:
                self.renders += 1
                self.render_us += dt
            else:
                self.turns += 1
                self.turn_us += dt

    def key(self, k, down):
        self.pins[k].value(0 if down else 1)  # active low

    def press(self, gesture):
        depth = len(self.app.stack)
        self.where = self.app.stack[-1].name
        if self.measure:
            gc.collect()
            before = gc.mem_alloc()
        k = 0 if gesture in "pPbxX" else 1
        self.key(k, True)
        if gesture in "xX":  # both keys: short (who goes?) or held (undo)
            self.wait(50)
            self.key(1, True)
            self.wait(80 if gesture == "x" else 700)
            self.key(1, False)
            self.key(0, False)
            self.wait(400)
        elif gesture in "pn":
            self.wait(80)
            self.key(k, False)
            self.wait(400)  # the double window (300 ms) and the debounce (25 ms) pass
        elif gesture in "PN":
            self.wait(80)
            self.key(k, False)
            self.wait(100)
            self.key(k, True)
            self.wait(80)
            self.key(k, False)
            self.wait(100)
        else:
            self.wait(700)  # a long press fires at 600 ms
            self.key(k, False)
            self.wait(100)
        if self.measure:
            used = gc.mem_alloc() - before
            self.alloc += used
            if used > self.alloc_worst:
                self.alloc_worst = used
            if len(self.app.stack) == depth and self.app.top_name() == self.where:
                self.stays += 1
                self.alloc_stay += used
        self.presses += 1
        self.seen.add(self.app.top_name())
        if len(self.app.stack) == 1 and depth > 1:
            self.returns += 1
            if self.measure and self.rounds >= 2:
                gc.collect()
                used = gc.mem_alloc()
                if self.flat_low < 0 or used < self.flat_low:
                    self.flat_low = used
                if used > self.flat_high:
                    self.flat_high = used
        if self.loop.recoveries:
            print("out of heap after %d presses, the last on %s" % (self.presses, self.where))
            sys.exit(3)

    def choose(self, value, op=0):
        """Moves the top menu's cursor to the item of value (or the first command op)
        and selects it; False when the menu has none."""
        n = self.steps(value, op)
        if n is None:
            return False
        if n == "top":  # the Actions menu's Menu: a double press up
            self.press("P")
        for _ in range(n if n != "top" and n > 0 else 0):
            self.press("n")
        for _ in range(-n if n != "top" and n < 0 else 0):
            self.press("p")
        self.press("s")
        return True

    def steps(self, value, op):
        # The NEXT presses to that item (PREV ones where negative: the Actions menu does
        # not wrap round; "top": its first item), None for none. A function of its own:
        # the menu's objects stay in this frame, gone once it returns (a caller's frame
        # would keep them alive for the collector after the press that leaves the menu).
        screen = self.app.top()
        items = getattr(screen, "items", None)
        if items is None:
            return None
        screen.refresh(self.app)
        items = screen.items
        ends = type(screen).__name__ == "Actions"
        for i in range(len(items)):
            v = items[i][1]
            if (type(v) is tuple and v[0] == op) if op else str(v) == value:
                if ends:
                    return "top" if i == 0 else i - screen.cursor
                return (i - screen.cursor) % len(items)
        return None

    def home(self):
        for _ in range(20):
            if len(self.app.stack) == 1:
                return
            self.press("b")

    def tour(self, words, budget):
        for w in words.split():
            if self.presses >= budget:
                return
            if w == "h":
                self.home()
            elif w[1:2] == ":":
                if not self.choose(w[2:], int(w[2:]) if w[0] == "c" else 0):
                    self.home()
                    return
            else:
                self.press(w)

    def run(self, budget):
        if self.app.top_name() == "language":  # the first boot: the language, its help
            self.press("p")
            self.press("b")
        if self.app.top_name() == "newmatch":  # no match saved
            self.choose("begin")
        while self.presses < budget:
            for words in TOURS:
                self.tour(words, budget)
            self.rounds += 1


def out_of_heap():
    """Whether the bench and machine are out of the heap: this module frozen (a frozen
    module's __file__ is its source's name; from the tree, a .mpy) and machine in C
    (no __file__) or frozen."""
    where = getattr(machine, "__file__", ".py")
    return __file__.endswith(".py") and where.endswith(".py")


def main():
    import random

    # The walk's new match draws its dealer: one seed, so that every run plays the same
    # match and a heap figure is the same each time (the port's random is built in).
    random.seed(1)
    presses = int(sys.argv[1])
    measure = "measure" in sys.argv[2:]
    gc.collect()
    base = gc.mem_alloc()
    share = 0
    tournament = ""
    for arg in sys.argv[2:]:
        if arg.startswith("share="):
            share = int(arg[6:])
        elif arg.startswith("tournament="):
            tournament = arg[11:]
    b = Bench(measure, share, tournament)
    gc.collect()
    booted = gc.mem_alloc() - base
    b.run(presses)
    gc.collect()
    print("replayed presses=%d renders=%d render_us=%d turns=%d turn_us=%d alloc=%d"
          " alloc_worst=%d returns=%d flat_low=%d flat_high=%d booted=%d spi=%d panel_us=%d"
          " screens=%d stays=%d alloc_stay=%d harness=%s %s" % (
              b.presses, b.renders, b.render_us, b.turns, b.turn_us, b.alloc, b.alloc_worst,
              b.returns, b.flat_low, b.flat_high, booted, b.spi.bytes, b.panel.us, len(b.seen),
              b.stays, b.alloc_stay,
              "frozen" if out_of_heap() else "heap",
              ",".join(sorted(b.seen))))
    t = b.tournament
    if t is not None:
        for _ in range(500):  # up to 5 s more: what is not sent yet
            if t.connected() and t.covered():
                break
            b.wait(STEP_MS)
            time.sleep_ms(10)
        print("tournament state=%s match=%s sent=%d have=%d" % (
            t.state().replace(" ", "_"), t.outbox.match_id or "-", t.outbox.count, t.have))
    phone = b.phone
    if phone is not None:
        print("shared requests=%d failed=%d bytes=%d us=%d page=%d" % (
            phone.requests, phone.failed, phone.bytes, phone.us, _page_size()))


def _page_size():
    from ui import open_data

    f = open_data("hw/share.html", sealed=False)  # served as it is: no check
    try:
        return f.seek(0, 2)
    finally:
        f.close()


main()
