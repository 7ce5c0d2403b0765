# Past matches on flash: when a match is won, or left for a new one, its history is kept
# in a ring of SLOTS files, the oldest replaced by the newest.
#
#     a = Archive()                     # the real filesystem; tests pass a fake one
#     a.keep(match)                     # True if it wrote a file
#     for seq, name, summary in a.matches():   # newest first
#     a.load(name, match)               # True: match holds it (undo log and all)
#
# Files (in `folder`): truc.a00 .. truc.a19, each a whole match, written to truc.atm and
# renamed over its slot (littlefs renames atomically), so a power cut leaves the slot's
# old or new whole self and at worst a stray truc.atm, overwritten by the next keep.
# Format (little-endian): "TRA" 1 | seq:u32 | summary (SUMMARY bytes: variant, players,
# cantons A, B, points A, B, winner, round:u16) | n:u16 | n bytes of Match.dump without
# its redo tail | crc32:u32 of all before. seq counts up; slot = seq % SLOTS.
# A file that does not read back is renamed NAME.badN (never deleted) and said in
# set_aside, as the journal does.
from micropython import const

from hw.journal import Files, crc32, write_closed, _u16, _u32
from truc.match import STATE_SIZE

VERSION = const(1)
SLOTS = const(20)
SUMMARY = const(9)
_HEAD = const(8)  # magic, version, seq
_BODY = const(8 + SUMMARY + 2)  # where the dump starts
_MOST = const(2048)  # bytes: a dump of 512 entries is 1.6 KB
_STARTED = const(4)  # Match's byte: 1 once a round command was applied


class Archive:
    def __init__(self, fs=None, folder="", slots=SLOTS):
        self.fs = fs or Files()
        self.folder = folder
        self.slots = slots
        self._tmp = folder + "truc.atm"
        self.set_aside = []  # (old, new) names
        self._last = -1  # seq of the newest file, -1: none
        self._scanned = False

    def name(self, slot):
        return "%struc.a%02d" % (self.folder, slot)

    # ---- reading --------------------------------------------------------------------

    def _read(self, name):
        # The file's bytes, None if there is none; raises ValueError if it is not ours.
        try:
            size = self.fs.stat(name)[6]
        except OSError:
            return None
        if size > _MOST or size < _BODY + STATE_SIZE + 8:
            raise ValueError()
        f = self.fs.open(name, "rb")
        try:
            data = f.read(size)
        finally:
            f.close()
        if len(data) != size or data[:3] != b"TRA" or data[3] != VERSION:
            raise ValueError()
        n = _u16(data, _BODY - 2)
        if len(data) != _BODY + n + 4 or crc32(memoryview(data)[:_BODY + n]) & 0xFFFFFFFF \
                != int.from_bytes(data[_BODY + n:], "little"):
            raise ValueError()
        return data

    def _good(self, name):
        # The file, or None if there is none or it was bad (then it is set aside).
        try:
            return self._read(name)
        except Exception:  # also a read that raises
            self._put_aside(name)
            return None

    def matches(self):
        """(seq, file name, summary bytes) of every readable past match, newest first."""
        found = []
        for slot in range(self.slots):
            name = self.name(slot)
            data = self._good(name)
            if data is not None:
                found.append((int.from_bytes(data[4:8], "little"), name,
                              bytes(data[_HEAD:_HEAD + SUMMARY])))
        found.sort(reverse=True)
        self._last = found[0][0] if found else -1
        self._scanned = True
        return found

    def load(self, name, match):
        """Loads a past match into match; False (match cleared) if it does not read."""
        data = self._good(name)
        if data is None:
            match.clear()
            return False
        return match.load(memoryview(data)[_BODY:len(data) - 4])

    def _put_aside(self, name):
        n = 1
        while n < 99 and self._exists(name + ".bad%d" % n):
            n += 1
        try:
            self.fs.rename(name, name + ".bad%d" % n)
            self.set_aside.append((name, name + ".bad%d" % n))
        except OSError:
            pass  # the next keep in that slot replaces it

    def _exists(self, name):
        try:
            self.fs.stat(name)
            return True
        except OSError:
            return False

    # ---- keeping --------------------------------------------------------------------

    def keep(self, match):
        """Archives match unless nothing was played in it or it is the newest one kept.
        Raises OSError if the flash refuses (the caller may show it)."""
        if not match.variant() or not match.state[_STARTED] or not match.from_start():
            return False
        if not self._scanned:
            self.matches()
        body = _body(match)
        if self._last >= 0:
            old = self._good(self.name(self._last % self.slots))
            if old is not None and old[_HEAD:len(old) - 4] == body:
                return False
        seq = self._last + 1
        head = bytearray(b"TRA\x00")
        head[3] = VERSION
        head += _u32(seq)
        f = self.fs.open(self._tmp, "wb")
        write_closed(f, (head, body, _u32(crc32(body, crc32(head)))))
        self.fs.rename(self._tmp, self.name(seq % self.slots))
        self._last = seq
        return True


def _body(m):
    # summary | n | the dump without the redo tail.
    dump = m.dump()
    top = _u16(dump, STATE_SIZE + 2)
    length = m.entries()
    end = STATE_SIZE + 4 + length * 3
    dump[STATE_SIZE + 2] = length & 255
    dump[STATE_SIZE + 3] = length >> 8
    if top > length:
        dump = dump[:end]
    n = len(dump)
    r = m.round()
    out = bytearray((m.variant(), m.players(), m.cantons(0), m.cantons(1), m.points(0),
                     m.points(1), m.winner(), r & 255, r >> 8, n & 255, n >> 8))
    out += dump
    return out


def summary(data):
    """The summary bytes as (variant, players, cantons A, B, points A, B, winner, round)."""
    return (data[0], data[1], data[2], data[3], data[4], data[5], data[6], _u16(data, 7))
