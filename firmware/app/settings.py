# What the players chose for the device, apart from the match itself, and its file on
# flash, truc.cfg, kept as the journal keeps the match (hw.files: written whole and
# renamed into place; set aside, never deleted, when it does not read back).
#
#     s = Settings()                # on the real filesystem; tests pass a fake one
#     note = s.load()               # "" or a notice: app.message = t(note)
#     s.save()                      # after any event: writes only what changed
#
# Format (integers little-endian): "TRC" 1 | timeout:u16 | language: len + ascii |
# names: count, each len + utf-8 | [the last new match: variant players options | help
# seen:u8 | [sharing on:u8 | the shared network's password: len + ascii]] | crc32:u32 of
# all before. A file without a bracketed part (written before it came) leaves those
# settings as they were.
#
# A file that does not read back (its check, its length, its layout) is set aside with
# a notice, and every setting keeps its default; one of a format version this code does
# not know too. In a file that reads back, every field is checked as Match.load checks a
# match: one the device could not have written (a timeout the menu lacks, a language it
# lacks, a set-up the rules refuse, a name not UTF-8 or longer than the names screen
# gives) keeps its default and the notice says so; the first save writes the file again
# without it, so the notice is said once.
from binascii import crc32

from micropython import const

from app.i18n import LANGUAGES
from hw import files
from truc import variants as V

VERSION = const(1)
TEAM_NAMES = const(6)  # where the team names start in Settings.names
SEAT_MOST = const(4)  # characters a seat's name may have (the names screen)
TEAM_MOST = const(9)  # and a team's
TIMEOUTS = (30, 60, 120, 300, 0)  # seconds the screen stays lit; 0 = never
_MOST = const(256)  # bytes: no settings file is bigger (8 names of 9 letters: 180)

BAD_SETTINGS = "Bad settings: reset"  # the notice for app.message


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
        try:
            data = files.read(self.fs, self.name, _MOST)
            if data is None:
                return ""
            if len(data) < 10 or data[:3] != b"TRC":
                raise ValueError()
            if data[3] != VERSION:
                files.put_aside(self.fs, (self.name,), self.set_aside)
                return files.UNKNOWN
            good = _parse(data, self)
        except Exception:  # also a read that raises
            files.put_aside(self.fs, (self.name,), self.set_aside)
            return BAD_SETTINGS
        if not good:  # the file goes on holding it until the next save: said until then
            return BAD_SETTINGS
        self._remember()
        return ""

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


def _text(data, i, end):
    # The length-prefixed text at data[i] (None if not UTF-8), and where the next starts.
    if i >= end or i + 1 + data[i] > end:
        raise ValueError()
    n = data[i]
    try:
        text = str(data[i + 1:i + 1 + n], "utf-8")
    except UnicodeError:
        text = None
    return text, i + 1 + n


def _parse(data, s):
    # Reads data's fields into s, each one checked; False if one kept its default.
    # Raises ValueError if the file's check or layout is wrong (then s is untouched).
    end = len(data) - 4
    if crc32(memoryview(data)[:end]) & 0xFFFFFFFF != int.from_bytes(data[end:], "little"):
        raise ValueError()
    language, i = _text(data, 6, end)
    if i >= end or data[i] > len(s.names):  # fewer: saved before the team names came
        raise ValueError()
    count = data[i]
    i += 1
    at = i
    for _ in range(count):  # the layout first: nothing is taken from a file cut wrong
        i = _text(data, i, end)[1]
    rest = i  # the last new match, the help, sharing: each absent from older files
    if i + 4 < end:
        i = _text(data, i + 5, end)[1]
    if i != end and i + 4 != end:
        raise ValueError()
    good = True
    timeout = files.u16(data, 4)
    if timeout in TIMEOUTS:
        s.timeout = timeout
    else:
        good = False
    if language in LANGUAGES:
        s.language = language
    else:
        good = False
    for seat in range(count):
        name, at = _text(data, at, end)
        if name is not None and len(name) <= (TEAM_MOST if seat >= TEAM_NAMES else SEAT_MOST):
            s.names[seat] = name
        else:
            good = False
    i = rest
    if i + 4 <= end:  # the last new match and the help page
        setup = data[i:i + 3]
        if V.setup_ok(setup[0], setup[1], setup[2]) or setup == b"\x00\x00\x00":
            s.setup[:] = setup
        else:
            good = False
        if data[i + 3] > 1:
            good = False
        else:
            s.helped = data[i + 3] == 1
    if i + 4 < end:  # sharing, and the password its network was made with
        password = _text(data, i + 5, end)[0]
        if data[i + 4] > 1 or password is None or not _password_ok(password):
            good = False
        else:
            s.sharing = data[i + 4] == 1
            s.password = password
    return good


def _password_ok(password):
    # None yet, or as hw.httpd makes them: ASCII letters and digits, 8 to 63 (WPA2).
    if not password:
        return True
    if not 8 <= len(password) <= 63:
        return False
    for c in password:
        if ord(c) > 127 or not (c.isalpha() or c.isdigit()):
            return False
    return True
