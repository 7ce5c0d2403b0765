# Reading the settings' file on flash, truc.cfg (app.settings: imported at boot to read
# it, not kept; Settings.save writes it).
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
# lacks, a set-up the rules refuse, a name not UTF-8, with a control character or longer
# than the names screen gives) keeps its default and the notice says so; the first save
# writes the file again without it, so the notice is said once.
#
# Why not JSON (MicroPython's json behind the same hw.files.write, tried on 6 December,
# branch h22-settings; 32-bit port, .mpy as deployed, 8 names, sharing on): app.settings
# and its imports kept in the heap 6,080 B here against 6,048 B; a load at boot allocates
# 9,520 B against 9,184 B; a save 496 B against 592 B; the whole device's walk fits from
# 104,960 B either way, and with sharing on from 114,944 B here against 115,456 B (and
# the old files would need a reader of their own, one module more). The file is 72 B
# here against 185 B: over littlefs' 128 B inline limit, each save would erase a block of
# its own. The few hundred bytes a boot's load saves are freed at once; the sharing
# walk, which has no byte to spare, fits from 512 B less with this format: it stays.
from binascii import crc32

from micropython import const

from app.i18n import LANGUAGES
from hw import files
from truc import variants as V

_MOST = const(256)  # bytes: no settings file is bigger (8 names of 9 letters: 180)

BAD_SETTINGS = "Bad settings: reset"  # the notice for app.message


def load(s, version, timeouts, most):
    """Loads the saved settings (into a Settings with its defaults). Never raises
    because of what the file holds. Returns "" or a notice (in English, for t()). The
    limits are app.settings': the format's version, the timeouts the menu offers, and
    the characters each of s.names may have."""
    try:
        data = files.read(s.fs, s.name, _MOST)
        if data is None:
            return ""
        if len(data) < 10 or data[:3] != b"TRC":
            raise ValueError()
        if data[3] != version:
            files.put_aside(s.fs, (s.name,), s.set_aside)
            return files.UNKNOWN
        good = _parse(data, s, timeouts, most)
    except Exception:  # also a read that raises
        files.put_aside(s.fs, (s.name,), s.set_aside)
        return BAD_SETTINGS
    if not good:  # the file goes on holding it until the next save: said until then
        return BAD_SETTINGS
    s._remember()
    return ""


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


def _parse(data, s, timeouts, most):
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
    if timeout in timeouts:
        s.timeout = timeout
    else:
        good = False
    if language in LANGUAGES:
        s.language = language
    else:
        good = False
    for seat in range(count):
        name, at = _text(data, at, end)
        if name is not None and len(name) <= most[seat] and _name_ok(name):
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


def _name_ok(name):
    # No control character (C0, DEL, C1): the names screen gives none, and the archive
    # keeps none (hw.archive.name_ok).
    for c in name:
        if ord(c) < 32 or 127 <= ord(c) < 160:
            return False
    return True


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
