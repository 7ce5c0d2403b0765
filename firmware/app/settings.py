# What the players chose for the device, apart from the match itself, and its file on
# flash, truc.cfg, kept as the journal keeps the match (hw.files: written whole and
# renamed into place; set aside, never deleted, when it does not read back).
#
#     s = Settings()                # on the real filesystem; tests pass a fake one
#     note = s.load()               # "" or a notice: app.message = t(note)
#     s.save()                      # after any event: writes only what changed
#
# The file's format and its reading: app.settingsfile, imported only to read it.
from binascii import crc32

from micropython import const

from app.i18n import LANGUAGES
from hw import files
from ui import forget

VERSION = const(1)  # of the file's format
TEAM_NAMES = const(6)  # where the team names start in Settings.names
SEAT_MOST = const(4)  # characters a seat's name may have (the names screen)
TEAM_MOST = const(9)  # and a team's
TIMEOUTS = (30, 60, 120, 300, 0)  # seconds the screen stays lit; 0 = never


class Settings:
    """What the players chose for the device, apart from the match itself, and their
    file: fs the filesystem (hw.files, the real one, by default), in folder."""

    # Class defaults, so that a device that never shares keeps no room for them.
    sharing = False  # the match shared over WiFi (hw.share): on again at boot
    password = ""  # the shared network's, made the first time (hw.httpd)

    def __init__(self, fs=None, folder=""):
        self.language = LANGUAGES[0]
        # Seconds without a press before the screen goes dark (it dims at half; through a
        # match in progress it stays dim: hw.power); 0 = never. Long enough for a round.
        self.timeout = TIMEOUTS[2]
        # Optional names: seats 0-5 (short), then teams A and B (TEAM_NAMES on).
        self.names = ["", "", "", "", "", "", "", ""]
        self.setup = bytearray(3)  # the last new match: variant (0: none yet), players, options
        self.helped = False  # the key help was shown once (on a fresh device)
        self.fs = fs or files
        self.name = folder + "truc.cfg"
        self._tmp = folder + "truc.tmp"
        self.set_aside = []  # (old, new) names of the files load() put aside
        self._saved = None  # the settings as last read or written

    def load(self):
        """Loads the saved settings (into a Settings with its defaults). Never raises
        because of what the file holds. Returns "" or a notice (in English, for t())."""
        return _load(self)

    def _remember(self):
        self._saved = (self.language, self.timeout, tuple(self.names), bytes(self.setup),
                       self.helped, self.sharing, self.password)

    def save(self):
        """Writes the settings if they differ from what was last read or written (the
        check allocates nothing). Returns True if it wrote them; raises OSError if the
        flash refuses."""
        saved = self._saved
        names = self.names
        if saved is not None and saved[0] == self.language and saved[1] == self.timeout \
                and saved[3] == self.setup and saved[4] == self.helped \
                and saved[5] == self.sharing and saved[6] == self.password \
                and len(saved[2]) == len(names):
            for i in range(len(names)):
                if saved[2][i] != names[i]:
                    break
            else:
                return False
        out = bytearray(b"TRC\x00\x00\x00")
        out[3] = VERSION
        out[4] = self.timeout & 255
        out[5] = self.timeout >> 8 & 255
        # The language, the names and the password, each len + UTF-8.
        for i in range(-1, len(names) + 1):
            b = (names[i] if 0 <= i < len(names) else
                 self.password if i >= 0 else self.language).encode("utf-8")
            if i == len(names):
                out.extend(self.setup)
                out.append(1 if self.helped else 0)
                out.append(1 if self.sharing else 0)
            out.append(len(b))
            out.extend(b)
            if i < 0:
                out.append(len(names))
        files.write(self.fs, self._tmp, self.name, (out, files.u32(crc32(out))), self.set_aside)
        self._remember()
        return True


def _load(s):
    # The file's reading and its checks (app.settingsfile), imported for the moment: a
    # boot reads it; the rest of the time its bytecode is not in the heap.
    from app import settingsfile

    try:
        return settingsfile.load(s, VERSION, TIMEOUTS, (SEAT_MOST,) * TEAM_NAMES
                                 + (TEAM_MOST,) * (len(s.names) - TEAM_NAMES))
    finally:
        forget(("app.settingsfile",))
