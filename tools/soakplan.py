# The soak's random plan and its checks, shared by tools/soak.py (the simulator, on CPython)
# and tools/mp_soak.py (the MicroPython unix port): one seed makes the same actions on
# both. Written for both runtimes: firmware modules only, no CPython library.
#
# An action is a tuple:
#   (PRESS, key, kind)     a short, double or long press (ui.gestures SHORT, DOUBLE, LONG)
#   (CHORD, k1, k2, ms)    k1 down, then k2, both held ms, then both let go
#   (WAIT, ms)             nobody touches the device
#   (DIM,) (DARK,)         a wait until the screen has dimmed, or gone dark
#   (PULL,)                the battery is pulled: a boot from what is on the flash
#   (START,)               presses that start a match, when none is in progress: back
#                          to New match (opened from the scoreboard when a won match
#                          leaves nothing to go back to), onto Start, and choose it
# The reboot's journal and the export's table log are imported by the checks that use
# them: the walk (tools/mp_soak.py walk) makes neither, and leaves their bytecode out of
# the device's heap.
from truc import rules as R
from truc.match import Match
from ui import events as E
from ui.gestures import DOUBLE, LONG, SHORT

PRESS = 0
CHORD = 1
WAIT = 2
DIM = 3
DARK = 4
PULL = 5
START = 6

MAX_DEPTH = 6  # screens on the stack: scoreboard, menu, assistant, a page... never more
_DIM = 1  # hw.power DIM
_OFF = 2  # hw.power OFF
_STATES = ("lit", "dim", "dark")


class Plan:
    def __init__(self, seed, keys):
        self.keys = keys
        self._x = (seed * 2654435761 + 0x9E3779B9) & 0xFFFFFFFF or 1

    def rand(self, n):
        """0 <= r < n, from a xorshift32: the same numbers on both runtimes."""
        x = self._x
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self._x = x
        return x % n

    def next(self):
        r = self.rand(1000)
        keys = self.keys
        if r < 30:  # random presses alone seldom start a match: a soak would test little
            return (START,)
        if r < 33:
            return (PULL,)
        if r < 34:
            return (DARK,)
        if r < 35:
            return (DIM,)
        if r < 80:
            return (WAIT, 100 + self.rand(4000))  # a summary leaves by itself at 5 s
        if r < 110:
            k1 = self.rand(keys)
            return (CHORD, k1, (k1 + 1 + self.rand(keys - 1)) % keys, 80 + self.rand(900))
        r = self.rand(20)
        kind = SHORT if r < 11 else DOUBLE if r < 15 else LONG
        return (PRESS, self.rand(keys), kind)


START_MOST = 40  # presses a START may take (back out, down the New match rows, Start)


def to_start(app):
    """The event that brings a new match nearer: 0 when one is in progress, -1 when the
    scoreboard shows a won match (the driver opens New match)."""
    if app.match.in_progress():
        return 0
    top = app.top()
    if top.name != "newmatch":
        return E.BACK if len(app.stack) > 1 else -1
    # "drop": a match the device could not archive (no heap for it) is let go.
    if top.items and top.items[top.cursor][1] in ("begin", "start", "drop"):
        return E.SELECT
    return E.NEXT


def gesture(keymap, event):
    """(key, kind) of the gesture that makes event on the keymap (ui.gestures)."""
    i = keymap.index(bytes((event,)))
    return (i // 3, i % 3)


LONG_STEP_MS = 100  # a DIM or DARK wait's loop turns: idle, the loop rests longer


def wait_ms(action, settings):
    """How long a DIM or DARK action waits for the settings' timeout (never: 2 minutes)."""
    t = settings.timeout * 1000
    if t <= 0:
        return 120000
    return (t // 2 if action[0] == DIM else t) + 500


class Checker:
    """check() after every action; the boot is skipped when neither the files nor the
    match changed since the last one that passed (most presses only move in menus).
    starved: a heap too small for every screen (tools/fuzz heap), where a won match may
    wait for room to be archived."""

    def __init__(self, starved=False):
        self.starved = starved
        self._seen = None  # (files, history) of the last boot that gave the match back
        self._exported = None  # the history whose export last replayed to it

    def check(self, app, files, action=None, power=None):
        """What is wrong after an action, or None. files: a copy of what the flash holds
        (a reboot reads it; .files: name -> bytes; None: no reboot checked); power: the
        device's hw.power, checked after a DARK wait."""
        stack = app.stack
        if len(stack) > MAX_DEPTH:
            return "%d screens on the stack" % len(stack)
        for i in range(1, len(stack)):
            for j in range(i):
                if stack[i].name == stack[j].name:
                    return "screen %s twice on the stack" % stack[i].name
        if stack[0].name != "scoreboard":
            return "the scoreboard is not at the bottom of the stack"
        if app.unsaved and not (self.starved and files is not None
                                and app.match.winner() != R.NOBODY):
            return "a save failed"
        # Starved, the mark on a won match may be its archive waiting for a heap with
        # room for hw.archive's import (retried at every press, asked about at New
        # match): nothing is lost while the journal holds it, which the boot below checks
        # (a save that failed leaves the files short of the match: found there).
        if action is not None and action[0] == DARK and app.settings.timeout > 0 \
                and power is not None:
            # Through a match in progress it stays dim, readable, for PLAYING_OFF_MS.
            want = _DIM if power.playing() else _OFF
            if power.state != want:
                return "the screen is %s after the timeout" % _STATES[power.state]
        # A boot from the files: Match.load checks the snapshot's base and passes every
        # command through the rules again, so a match that comes back whole is also one
        # the engine can reach.
        if files is None:
            return None
        from hw.journal import Journal

        m = app.match
        history = m.dump()
        seen = (files.files, history)
        if seen == self._seen:
            return None
        booted = Match()
        note = Journal(files).open(booted)
        if note:
            return "a reboot says: %s" % note
        if booted.dump() != history or booted.state != m.state:
            return "a reboot does not give back the match (%d of %d commands)" % (
                booted.entries(), m.entries())
        self._seen = seen
        return None

    def export(self, m):
        """check_export(m), skipped when the match is the one whose export last passed
        (most returns home come back to a match no press changed)."""
        history = m.dump()
        if history == self._exported:
            return None
        why = check_export(m)
        if why is None:
            self._exported = history
        return why


def check_export(m):
    """None, or why the match's table-log export does not replay to it."""
    if not m.from_start():
        return None
    from truc import tablelog

    replay = Match()
    n = 0
    for line in tablelog.export(m):
        n += 1
        err = tablelog.run(replay, line)
        if err:
            return "line %d of the export, %r: %s" % (n, line, err)
    if replay.state != m.state:
        return "the exported log does not replay to the match"
    return None
