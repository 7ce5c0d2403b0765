# Sharing the match: the Share menu turns the board into a WiFi access point (hw.radio)
# and serves a read-only page of the match on it (hw.httpd, the page hw/share.html). Off
# by default; on again at boot if it was on (settings.sharing); off by itself after
# IDLE_MS without a request. The server's module is imported while sharing, not before.
import os
import sys

from micropython import const

from ui.gestures import elapsed

IDLE_MS = const(1800000)  # 30 minutes without a request: sharing ends
PASSWORD = const(10)  # characters of the network's password (WPA2: 8 at least)
PAGE = "hw/share.html"
_SERVING = ("hw.httpd", "truc.history", "truc.tablelog", "hw.archive")


def forget(name):
    """Forgets module name as if never imported: its bytecode goes at the next collection."""
    sys.modules.pop(name, None)
    dot = name.rfind(".")
    package = sys.modules.get(name[:dot])
    if package is not None and hasattr(package, name[dot + 1:]):
        delattr(package, name[dot + 1:])


def password():
    """A new random password: PASSWORD letters and digits, none that look alike."""
    letters = b"abcdefghjkmnpqrstuvwxyz23456789"
    return "".join(chr(letters[b % len(letters)]) for b in os.urandom(PASSWORD))


class Sharing:
    """The Share menu's part: the radio and the server on together, off together, and off
    by themselves after IDLE_MS without a request. settings.sharing says whether it is
    on, so that a boot turns it on again; settings.password is made the first time."""

    page = PAGE

    def words(self):
        """The score's words in the device's language (main: the scoreboard's)."""
        return []

    def __init__(self, radio, match, settings, archive=None, port=80, dns_port=53):
        self.radio = radio
        self.match = match
        self.settings = settings
        self.archive = archive  # a function giving hw.archive's Archive
        self.port = port
        self.dns_port = dns_port
        self.server = None
        self.address = ""
        self.version = 0  # changed(): the state cached below is stale
        self._state = None
        self._last = 0  # ticks_ms of the last request
        self._had = ()  # what of _SERVING was imported before sharing began

    def name(self):
        return self.radio.name()

    def on(self, now):
        s = self.settings
        if self.server is None:
            self._had = [name for name in _SERVING if name in sys.modules]
        if not s.password:
            s.password = password()
        if self.server is None:
            self.address = self.radio.up(self.name(), s.password)
            try:
                from hw.httpd import Server

                self.server = Server(self, self.address, self.port, self.dns_port)
            except Exception:
                self.radio.down()
                raise
        s.sharing = True
        self._last = now

    def off(self):
        if self.server is not None:
            self.server.close()
            self.server = None
        self.radio.down()
        self.settings.sharing = False
        self._state = None
        for name in _SERVING:  # what serving imported goes, its bytecode too
            if name not in self._had:
                forget(name)

    def active(self):
        return self.server is not None

    def changed(self):
        self.version += 1
        self._state = None

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

    # What the server shows.
    def state(self):
        if self._state is None:
            from hw.httpd import state

            self._state = state(self.match, self.settings, self.version, self.words())
        return self._state

    def past(self):
        from hw.httpd import past

        if self.archive is None:
            return b"[]"
        return past(self.archive())

    def log(self):
        from hw.httpd import match_log

        return match_log(self.match)
