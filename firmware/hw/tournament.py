# Tournament mode (Menu -> Tournament, docs/TOURNAMENT.md): the board joins the venue's
# WiFi as a station and the broker as its table, with what its tournament file holds
# (hw.tourfile), takes its assignment, and sends every command of the match from the
# outbox (hw.outbox) until the director's `have` covers it. Imported when tournament
# mode starts; the radio's module and micropython-lib's umqtt.simple (lib/umqtt.simple)
# when it first connects.
#
# Play never waits for it: poll() runs in the main loop's turns; the socket waits at
# most TIMEOUT_S for the broker; a connection that fails is tried again after a backoff
# that doubles up to BACKOFF_MOST_MS; what is not sent stays in the outbox.
import sys

from micropython import const

from hw.outbox import Outbox
from ui import elapsed, forget

TIMEOUT_S = const(1)  # the longest a turn waits for the broker
BACKOFF_MS = const(1000)
BACKOFF_MOST_MS = const(32000)
KEEPALIVE_S = const(60)  # the broker says "off" (the will) after 1.5 times this unheard
_PING_MS = const(30000)
_RESEND_MS = const(5000)  # sent but the director's `have` still behind: sent again
_BURST = const(4)  # commands sent in one turn at most
_LINE_MOST = const(128)  # bytes of a log payload (docs/TOURNAMENT.md)

# What the screen says (app.tournament): where the connection stands.
NO_FILE = "No tournament file"
NO_WIFI = "Joining the WiFi"
NO_BROKER = "Joining the director"
CONNECTED = "Connected"


# Imported for a moment (a message read, the commands sent as lines), then forgotten, so
# that tournament mode keeps resident only this module, hw.outbox and the client.
_TRANSIENT = ("hw.payloads", "hw.tourfile", "truc.tablelog")


class _Timed:
    """The client's socket, whose blocking reads wait TIMEOUT_S at most: umqtt.simple
    sets a socket blocking (no timeout) after each read, which a silent network would
    make wait for ever."""

    def __init__(self, sock):
        self.sock = sock

    def setblocking(self, flag):
        self.sock.settimeout(TIMEOUT_S if flag else 0)

    def read(self, n):
        return self.sock.read(n)

    def write(self, data, n=-1):
        return self.sock.write(data, len(data) if n < 0 else n)

    def close(self):
        self.sock.close()


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
        self.config = None
        self.problem = ""  # why the tournament file was refused
        self.outbox = Outbox(fs)
        self.assigned = None  # (match, title, pairs, setup) or None
        self.refused = ""  # the last payload refused, and why
        self.have = 0  # what the director holds of the outbox's match
        self.sent = 0  # what this connection has sent of it (the broker acknowledged)
        self.client = None
        self.wlan = None
        self._next = 0  # ticks_ms of the next try to connect
        self._backoff = BACKOFF_MS
        self._heard = 0  # ticks_ms of the last packet sent (the keepalive's ping)
        self._moved = 0  # ticks_ms when `have` last moved (or the last resend)
        self._now = 0  # ticks_ms of this turn
        self._topics = ("", "", "", "")  # log, status, assign, have: made by start

    def start(self, match, now):
        """Reads the tournament file and the outbox (caught up with match); turns the
        radio on. The file's problem, if any, is in self.problem."""
        loaded = "hw.tourfile" in sys.modules
        from hw import tourfile  # needed once: forgotten after

        try:
            self.config = tourfile.load(self.fs)
            if self.config is None:
                self.problem = NO_FILE
        except (ValueError, OSError) as e:
            self.problem = "%s: %s" % (tourfile.NAME, e)
        finally:
            if not loaded:
                forget(("hw.tourfile",))
        try:
            self.outbox.open(match)
        except (ValueError, OSError) as e:  # kept on flash as it is: said
            self.problem = "%s: %s" % ("truc.out", e)
        c = self.config
        if c is None:
            return
        import network

        t = "truc/table%d/" % c.table
        self._topics = (t + "log", t + "status", t + "assign", t + "have")
        self.wlan = network.WLAN(network.STA_IF)
        self.wlan.active(True)
        self.wlan.connect(c.ssid, c.wifi)
        self._next = now

    def stop(self):
        self._drop()
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
        box = self.outbox
        if not box.changed(match) and match.entries() == 1 and self.waiting() is not None \
                and self.covered():
            # A new match while an assignment waits (New match or the Tournament
            # screen's start): the assignment's match.
            self.have = self.sent = 0
            box.begin(self.waiting()[0])  # pyright: ignore[reportOptionalSubscript]
            box.changed(match)

    # The main loop's turn.
    def poll(self, now):
        """Returns True when what the screen shows may have changed."""
        if self.config is None:
            return False
        self._now = now
        was = self.client is not None
        if self.client is not None and not self.wlan.isconnected():
            self._drop()
            return True
        had = 0  # which of _TRANSIENT were there before the turn (a screen's, say)
        for i in range(len(_TRANSIENT)):
            if _TRANSIENT[i] in sys.modules:
                had |= 1 << i
        if self.client is None:
            if self.wlan.isconnected() and elapsed(now, self._next) >= 0:
                self._connect(now)
        else:
            try:
                self._turn(now)
            except (OSError, AssertionError, IndexError, TypeError):  # the broker gone,
                self._drop()  # or what it said did not parse: connected again later
                self._later(now)
        for i in range(len(_TRANSIENT)):  # what the turn imported for a moment
            if not had >> i & 1:
                forget((_TRANSIENT[i],))
        return was != (self.client is not None)

    def _later(self, now):
        self._next = now + self._backoff
        self._backoff = min(2 * self._backoff, BACKOFF_MOST_MS)

    def _connect(self, now):
        from umqtt.simple import MQTTClient

        c = self.config
        topics = self._topics
        client = MQTTClient(c.user, c.host, c.port, c.user, c.password, KEEPALIVE_S)
        client.set_callback(self._message)
        client.set_last_will(topics[1], b"off", True, 1)
        try:
            client.connect(True, TIMEOUT_S)
            client.sock = _Timed(client.sock)
            self.client = client
            client.publish(topics[1], b"on", True, 1)
            client.subscribe(topics[2], 1)
            client.subscribe(topics[3], 1)
        except Exception:  # refused, unreachable, cut: tried again later
            self._drop(client)
            self._later(now)
            return
        self._backoff = BACKOFF_MS
        self._heard = self._moved = now
        self.sent = self.have

    def _drop(self, client=None):
        client = client or self.client
        self.client = None
        if client is not None and client.sock is not None:
            try:
                client.sock.close()
            except OSError:
                pass

    def _turn(self, now):
        client = self.client
        for _ in range(_BURST):  # what the broker has for the table
            if client.check_msg() is None:
                break
        box = self.outbox
        if self.sent > self.have and elapsed(now, self._moved) >= _RESEND_MS:
            self.sent = self.have  # lost on the way (a broker restarted): again
            self._moved = now
        if box.match_id and self.sent < box.count:
            topic = self._topics[0]
            for seq, line in box.lines(self.sent, _BURST):
                payload = ("%s %d %s" % (box.match_id, seq, line)).encode()
                client.publish(topic, payload[:_LINE_MOST], False, 1)
                self.sent = seq
                self._heard = now
        if elapsed(now, self._heard) >= _PING_MS:
            client.ping()
            self._heard = now

    def _message(self, topic, payload):
        # umqtt's callback: the assignment, or what the director holds.
        from hw.payloads import assignment, have  # forgotten after the turn (poll)

        try:
            if topic.endswith(b"/assign"):
                self.assigned = assignment(payload, self.config.table)
            elif topic.endswith(b"/have"):
                match, count = have(payload)
                if match == self.outbox.match_id and count <= self.outbox.count:
                    if count > self.have:
                        self._moved = self._now
                    self.have = count
                    self.sent = max(self.sent, count)
        except ValueError as e:  # said on the Tournament screen; nothing changes
            self.refused = "%s: %s" % (str(topic, "ascii").rsplit("/", 1)[-1], e)
