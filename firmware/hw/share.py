# Sharing the match: the Share menu turns the board into a WiFi access point (hw.radio)
# and serves a read-only page of the match on it (hw.httpd, the page hw/share.html). Off
# by default; on again at boot if it was on (settings.sharing); off by itself after
# IDLE_MS without a request. The server's module is imported while sharing, not before.
import sys

from micropython import const

from ui import elapsed, forget

IDLE_MS = const(1800000)  # 30 minutes without a request: sharing ends
_SERVING = const(("hw.httpd", "hw.pastlog", "truc.history", "truc.tablelog", "truc.tableline",
                   "truc.tablesetup", "hw.archive", "truc.loadcheck"))


class Sharing:
    """The Share menu's part: the radio (hw.radio) and the server (hw.httpd) on together,
    off together, and off by themselves after IDLE_MS without a request; both imported
    when it is first turned on. settings.sharing says whether it is on, so that a boot
    turns it on again; settings.password is made the first time."""

    def __init__(self, match, settings, archive=None, port=80, dns_port=53, radio=None,
                 words=None, tell=None):
        self.radio = radio
        self.match = match
        self.settings = settings
        self.archive = archive  # a function giving hw.archive's Archive
        self._words = words  # a function giving the score's words (app.device: the scoreboard's)
        self.tell = tell  # tell(notice): a notice on the device's screen, in its language
        self.port = port
        self.dns_port = dns_port
        self.server = None
        self.address = ""
        self.version = 0  # changed() counts: the page's state is made again when it moves
        self._last = 0  # ticks_ms of the last request
        self.had = ()  # what of _SERVING was imported before sharing began

    def words(self):
        """The score's words in the device's language."""
        return self._words() if self._words is not None else []

    def name(self):
        return self.radio.name()

    def on(self, now):
        if self.server is None:
            self.had = [name for name in _SERVING if name in sys.modules]
            if self.radio is None:
                from hw.radio import Radio

                self.radio = Radio()
            from hw.listen import start  # needed once: forgotten after

            try:
                start(self)
            finally:
                forget(("hw.listen",))
        self.settings.sharing = True
        self._last = now

    def off(self):
        if self.server is not None:
            self.server.close()
            self.server = None
        if self.radio is not None:
            self.radio.down()
        self.settings.sharing = False
        for name in _SERVING:  # what serving imported goes, its bytecode too
            if name not in self.had:
                forget((name,))

    def active(self):
        return self.server is not None

    def changed(self):
        self.version += 1
        if self.server is not None:
            self.server.cached = None  # stale: its room is free until a phone asks

    def poll(self, now):
        """Returns True when sharing ended by itself (the screen may show it)."""
        server = self.server
        if server is None:
            return False
        if server.poll(now):
            self._last = now
        elif elapsed(now, self._last) > IDLE_MS:
            self.off()
            return True
        return False
