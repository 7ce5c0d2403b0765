# Tournament mode (Menu -> Tournament, docs/TOURNAMENT.md): the board joins the venue's
# WiFi as a station and the broker as its table, with what its tournament file holds
# (hw.tourfile), takes its assignment, and sends every command of the match from the
# outbox (hw.outbox) until the director's `have` covers it.
#
# This module is all that tournament mode keeps in the heap: the table's state, the
# outbox's appends (its file: hw.outbox), and a loop turn that only looks whether there
# is work (a byte from the broker, a command to send, a ping or a connection due). The
# work is hw.tourlink's, with the MQTT client hw.mqtt: imported for a turn that
# has some and forgotten after it with what it imported, so that the screens the players
# open between two commands have the room they have without tournament mode. (Names
# kept few: each a loaded module brings stays interned, docs/PERFORMANCE.md.)
#
# Play never waits for it: poll() runs in the main loop's turns; the socket waits at
# most a second for the broker (hw.tourlink); a connection that fails is tried again
# after a backoff; what is not sent stays in the outbox.
import gc
import sys

from micropython import const

from hw import files
from ui import elapsed, forget

_BACKOFF_MS = const(1000)  # the first wait before connecting again (hw.tourlink doubles it)
_PING_MS = const(30000)  # the keepalive's ping, when nothing was sent for this long
_RESEND_MS = const(5000)  # sent but the director's `have` still behind: sent again
_UNDO = const(128)  # an outbox record's op for an undo (hw.outbox's too)

# What the screen says (app.tournament): where the connection stands.
NO_FILE = "No tournament file"
NO_WIFI = "Joining the WiFi"
NO_BROKER = "Joining the director"
CONNECTED = "Connected"

# Imported by a turn with work, then forgotten (those that were there before stay: a
# screen's, say).
_TRANSIENT = const(("hw.tourlink", "hw.mqtt", "hw.payloads", "hw.tourfile", "hw.outbox",
                    "truc.tableline", "truc.tablesetup"))


def started(device):
    """Tournament mode on for app.device's Device (Device.make_tournament, which App.tour
    calls): a Tournament on its flash, caught up with its match, the radio on."""
    tour = Tournament(device.files)
    tour.start(device.match, device.app.now)
    return tour


class Tournament:
    """The table's connection and outbox. fs: the filesystem (None: the real one)."""

    def __init__(self, fs=None):
        self.fs = fs
        self.config = None  # hw.tourfile's Config, once read
        self.problem = ""  # why the tournament file was refused
        self.outbox = Outbox(fs)
        self.assigned = None  # (match, title, pairs, setup) or None
        self.refused = ""  # the last payload refused, and why
        self.have = 0  # what the director holds of the outbox's match
        self.sent = 0  # what this connection has sent of it (the broker acknowledged)
        self.client = None  # the socket to the broker while connected
        self.pid = 0  # the last MQTT packet id sent on it
        self.wlan = None
        self.next = 0  # ticks_ms of the next try to connect
        self.timeout = _BACKOFF_MS  # before the next try after one failed
        self.heard = 0  # ticks_ms of the last packet sent (the keepalive's ping)
        self.moved = 0  # ticks_ms when `have` last moved (or the last resend)
        self.now = 0  # ticks_ms of this turn
        self.buf = bytearray(1)  # the first byte the broker sends, read by poll

    def start(self, match, now):
        """Reads the tournament file and the outbox (caught up with match); turns the
        radio on. The file's problem, if any, is in self.problem."""
        self.now = now
        self.run("start", match)

    def stop(self):
        self.drop()
        self.outbox.close()
        if self.wlan is not None:
            self.wlan.active(False)
            self.wlan = None

    def state(self):
        if self.config is None:
            return self.problem or NO_FILE
        if self.client is not None:
            return CONNECTED
        if self.wlan is None or not self.wlan.isconnected():
            return NO_WIFI
        return NO_BROKER

    def connected(self):
        return self.client is not None

    def covered(self):
        """Whether the director holds every command of the outbox."""
        return self.have >= self.outbox.count or not self.outbox.match_id

    def waiting(self):
        """The assignment not yet begun (None if none, or it is the outbox's)."""
        a = self.assigned
        return None if a is None or a[0] == self.outbox.match_id else a

    # The match's changes (app.device after the journal's save).
    def changed(self, match):
        if not self.outbox.changed(match) and match.entries() == 1 \
                and self.waiting() is not None and self.covered():
            # A new match while an assignment waits (New match or the Tournament
            # screen's start): the assignment's match.
            self.have = self.sent = 0
            self.run("begin", match)

    # The main loop's turn.
    def poll(self, now):
        """Returns True when what the screen shows may have changed."""
        wlan = self.wlan
        if wlan is None:  # no tournament file, or stopped
            return False
        self.now = now
        sock = self.client
        first = -1
        if sock is None:
            if not wlan.isconnected() or elapsed(now, self.next) < 0:
                return False
        elif not wlan.isconnected():
            self.drop()
            return True
        else:
            try:
                n = sock.readinto(self.buf)  # the socket does not wait (hw.tourlink)
            except OSError:
                n = 0
            if n == 0:  # the broker closed the connection, or it broke
                self.drop()
                self.next = now + _BACKOFF_MS
                return True
            if n:
                first = self.buf[0]
            elif not self._due(now):
                return False
        try:
            self.run("turn", first)
        except MemoryError:
            # No room for the turn's modules while a screen holds the heap: its work
            # waits (the outbox keeps every command), the connection, whose stream it
            # may have cut, left and joined again after a wait. The players never see it.
            self.drop()
            self.next = now + _BACKOFF_MS
        return (sock is None) != (self.client is None)

    def _due(self, now):
        # Whether a connected turn has something to send: a command, again, or a ping.
        box = self.outbox
        return box.match_id and self.sent < box.count \
            or self.sent > self.have and elapsed(now, self.moved) >= _RESEND_MS \
            or elapsed(now, self.heard) >= _PING_MS

    def run(self, what, arg):
        # hw.tourlink's what(self, arg), with the modules it imports for the moment
        had = 0
        for i in range(len(_TRANSIENT)):
            if _TRANSIENT[i] in sys.modules:
                had |= 1 << i
        try:
            from hw import tourlink

            getattr(tourlink, what)(self, arg)
        finally:
            for i in range(len(_TRANSIENT)):
                if not had >> i & 1:
                    forget((_TRANSIENT[i],))
            # and the heap collected: what the screens allocate next lands where it
            # would without the turn, not beyond its garbage (the heap's layout is
            # the same however many turns the broker's answers took)
            gc.collect()

    def drop(self):
        """Leaves the broker (the socket closed): connected again by a later turn."""
        sock = self.client
        self.client = None
        if sock is not None:
            try:
                sock.close()
            except OSError:
                pass


class Outbox:
    """The outbox's state and its appends (the file: hw.outbox)."""

    def __init__(self, fs=None):
        self.fs = fs or files  # hw.files: the real flash
        self.match_id = ""  # "" : none (no tournament match recorded)
        self.count = 0  # records: the last seq
        self.recording = False  # the match being played is this outbox's
        self.depth = 0  # entries of the match in effect after the last record
        self.f = None  # truc.out open to append

    def changed(self, match):
        """After the journal saved a change of match: its command appended. Returns False
        when the change was not one of this match's (a new match began): nothing
        recorded, and the outbox records no more."""
        if not self.recording:
            return False
        n = match.entries()
        if n == self.depth + 1:
            op, a, b = match.entry(n - 1)
            self.append(op, a, b)
        elif n == self.depth - 1 and n >= 3:
            self.append(_UNDO, 0, 0)
        elif n != self.depth:
            self.recording = False
            return False
        self.depth = n
        return True

    def append(self, op, a, b):
        if self.f is None:
            self.f = self.fs.open("truc.out", "ab")
        self.f.write(bytes((op, a, b)))
        self.f.flush()
        self.count += 1

    def close(self):
        f = self.f
        self.f = None
        if f is not None:
            try:
                f.close()
            except OSError:
                pass
