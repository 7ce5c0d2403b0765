# Past matches on flash: when a match is won, or left for a new one, its history is kept
# in a ring of SLOTS files, the oldest replaced by the newest.
#
#     a = Archive()                     # the real filesystem; tests pass a fake one
#     a.keep(match)                     # True if it wrote a file
#     a.keep(match, ("NOS", "ELLS"))    # with the team names (Settings.names[6:8])
#     for seq, name, head in a.matches():   # newest first; summary(head), teams(head)
#     a.load(name, match)               # match if it holds it (undo log and all), or None
#     m = a.load(name)                  # a Match sized to it holding it, or None
#
# Files (in `folder`): truc.a00 .. truc.a19, each a whole match, written to truc.atm and
# renamed over its slot (littlefs renames atomically), so a power cut leaves the slot's
# old or new whole self and at worst a stray truc.atm, overwritten by the next keep.
# Format (little-endian): "TRA" 2 | seq:u32 | summary (_SUMMARY bytes: variant, players,
# cantons A, B, points A, B, winner, round:u16) | the team names A, B: each len:u8 and
# that many bytes of UTF-8 (len 0: none given) | n:u16 | n bytes of Match.dump without
# its redo tail | crc32:u32 of all before. seq counts up from 0 and wraps to 0 at
# slots << 24 (a multiple of the ring: a file's slot is always seq % slots); the newest
# is the highest, or after a wrap the highest below half the range.
# Version 1 files (no team names) still load; their teams read as the team letters.
# A file is read as the journal reads its own: magic, size and crc32, then every fact
# it holds (its sequence in its slot, the summary within the rules' tables; on load, the
# dump replaying to that summary). One that does not read back is set aside (hw.files:
# NAME.badN, never deleted) and said in set_aside with why; running out of heap while
# reading it sets nothing aside (the MemoryError goes to the caller). A name that is not
# one the names screen gives (not UTF-8, a control character) reads as the team's letter:
# a readable match is never set aside for its names. A file is read in pieces of _PIECE
# bytes (its dump, on load, in one piece of its own size): a full, fragmented heap has
# room for them where it may have none for a whole file.
from binascii import crc32

from micropython import const

from hw import files
from hw.files import put_aside, u16, u32, write_closed
from truc import rules as R
from truc import variants as V
from truc.match import STATE_SIZE

VERSION = const(2)
SLOTS = const(20)
_SUMMARY = const(9)
_NAME_MOST = const(36)  # bytes of UTF-8 a team name may take (9 letters, 4 bytes at most)
_LETTERS = const(9)  # letters a team name may have (app.settings.TEAM_MOST)
_HEAD = const(8)  # magic, version, seq
_BODY = const(8 + _SUMMARY + 2)  # where the dump starts in a version 1 file
_MOST = const(2048)  # bytes: a dump of 512 entries is 1.6 KB
_PIECE = const(64)  # bytes of a file read at a time (the head: 8 + 9 + 2 names + 2 = 93 B)
_HEAD_MOST = const(_HEAD + _SUMMARY + 2 * (1 + _NAME_MOST) + 2)


class Archive:
    DAMAGED = "Bad past match: set aside"  # the notice when a file was set aside
    def __init__(self, fs=None, folder="", slots=SLOTS):
        self.fs = fs or files  # the real filesystem (hw.files is one)
        self.folder = folder
        self.slots = slots
        self._tmp = folder + "truc.atm"
        self.set_aside = []  # (old name, new name, why)
        self._wrap = slots << 24  # seq runs 0 .. _wrap - 1
        self._last = -1  # seq of the newest file, -1: none
        self._scanned = False

    def name(self, slot):
        return "%struc.a%02d" % (self.folder, slot)

    # ---- reading --------------------------------------------------------------------

    def _read(self, slot, dump=False):
        # The slot's file, None if there is none, else (head, dump): its bytes up to the
        # dump, and the dump when asked (else None). Raises ValueError(why) if it is not
        # a past match this ring wrote, MemoryError if the heap has no room to read it.
        try:
            size = self.fs.stat(self.name(slot))[6]
        except OSError:
            return None
        if size > _MOST or size < _BODY + STATE_SIZE + 8:
            raise ValueError("not an archive")
        f = self.fs.open(self.name(slot), "rb")
        try:
            head = f.read(min(size, _HEAD_MOST))
            if len(head) < _BODY or head[:3] != b"TRA" or not 1 <= head[3] <= VERSION:
                raise ValueError("not an archive")
            try:
                at = _dump_at(head)
            except IndexError:  # names longer than a name may be: not ours
                raise ValueError("not an archive") from None
            if at > len(head):
                raise ValueError("not an archive")
            n = u16(head, at - 2)
            if size != at + n + 4:
                raise ValueError("not an archive")
            # The dump: what the head holds of it, then the rest in pieces, only their
            # check kept unless asked for (then in one piece of its size).
            out = bytearray(n) if dump else None
            piece = head[at:at + n]
            done = 0
            crc = crc32(memoryview(head)[:at])
            while piece:
                crc = crc32(piece, crc)
                if out is not None:
                    out[done:done + len(piece)] = piece
                done += len(piece)
                piece = f.read(min(n - done, _PIECE)) if done < n else None
            if done != n:
                raise ValueError("not an archive")
            tail = (head[at + n:] + f.read(4))[:4]
        finally:
            f.close()
        if len(tail) < 4 or crc & 0xFFFFFFFF != int.from_bytes(tail, "little"):
            raise ValueError("bad checksum")
        seq = int.from_bytes(head[4:8], "little")
        if seq >= self._wrap or seq % self.slots != slot:
            raise ValueError("seq %d in slot %d" % (seq, slot))
        v, players, ca, cb = head[_HEAD], head[_HEAD + 1], head[_HEAD + 2], head[_HEAD + 3]
        if not 0 < v <= V.COUNT or not R.players_ok(players) or ca > 3 or cb > 3 \
                or head[_HEAD + 6] > R.NOBODY:
            raise ValueError("bad summary")
        return head[:at], out

    def _good(self, slot, dump=False):
        # _read's (head, dump), or None if there is none or it was bad (then it is set
        # aside). Out of heap, nothing is set aside: the MemoryError goes on up.
        try:
            return self._read(slot, dump)
        except MemoryError:
            raise
        except Exception as e:  # also a read that raises
            self._put_aside(self.name(slot), e.args[0] if e.args else "unreadable")
            return None

    def matches(self):
        """(seq, file name, head) of every readable past match, newest first: head is
        the summary and team names' bytes, for summary() and teams()."""
        found = []
        for slot in range(self.slots):
            got = self._good(slot)
            if got is not None:
                head = got[0]
                found.append((int.from_bytes(head[4:8], "little"), self.name(slot),
                              bytes(head[_HEAD:len(head) - 2])))
        found.sort(reverse=True)
        half = self._wrap >> 1
        if found and found[0][0] - found[-1][0] > half:  # the count wrapped to 0
            i = 0
            while found[i][0] > half:
                i += 1
            found = found[i:] + found[:i]
        self._last = found[0][0] if found else -1
        self._scanned = True
        return found

    def load(self, name, match=None):
        """Loads a past match into match, or (None) into a Match with room for its
        commands alone (a whole match's 512 take a block of 1.5 KB a fragmented heap
        may lack). Returns that match, or None (match cleared) if it does not read:
        not there, not a past match, or its dump not replaying to its summary."""
        got = self._good(int(name[-2:]))
        if got is not None:
            head = got[0]
            f = self.fs.open(name, "rb")
            try:  # the dump read as it is replayed, a piece at a time: no block its size
                f.read(len(head))
                dump = _Dump(f, u16(head, len(head) - 2))
                if match is None:
                    from truc.match import Match

                    match = Match(max(u16((dump[STATE_SIZE + 2], dump[STATE_SIZE + 3]), 0), 1)
                                  if len(dump) >= STATE_SIZE + 4 else 1)
                ok = match.load(dump)
            finally:
                f.close()
            if ok and _summary(match) == head[_HEAD:_HEAD + _SUMMARY]:
                return match
            self._put_aside(name, "summary differs")
        if match is not None:
            match.clear()
        return None

    def _put_aside(self, name, why):
        done = []  # hw.files: NAME.badN, never deleted, none replaced
        put_aside(self.fs, (name,), done)
        for old, new in done:
            self.set_aside.append((old, new, why))

    # ---- keeping --------------------------------------------------------------------

    def keep(self, match, teams=("", "")):
        """Archives match, with the team names teams (A, B; "" for none), unless nothing
        was played in it or it is the newest one kept (whatever its names). Raises
        OSError if the flash refuses (the caller may show it)."""
        if not match.variant() or not match.started() or not match.from_start():
            return False
        if not self._scanned:
            self.matches()
        body = _body(match, teams)
        if self._last >= 0:
            old = self._good(self._last % self.slots, True)
            if old is not None and old[1] == body[_dump_at(body, 0):]:
                return False
        seq = (self._last + 1) % self._wrap
        head = bytearray(b"TRA\x00")
        head[3] = VERSION
        head += u32(seq)
        f = self.fs.open(self._tmp, "wb")
        write_closed(f, (head, body, u32(crc32(body, crc32(head)))))
        self.fs.rename(self._tmp, self.name(seq % self.slots))
        self._last = seq
        return True


class _Dump:
    """A file's dump of n bytes from where f is, read forward _PIECE bytes at a time as
    Match.load reads it (its first piece holds the state and the counts it reads first)."""

    def __init__(self, f, n):
        self.f = f
        self.n = n
        self.start = 0  # where the piece starts in the dump
        self.piece = f.read(min(n, _PIECE))

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i < self.start:  # behind the piece: Match.load reads forward
            raise IndexError(i)
        while i >= self.start + len(self.piece):
            self.start += len(self.piece)
            self.piece = self.f.read(_PIECE)
            if not self.piece:
                raise ValueError("not an archive")
        return self.piece[i - self.start]


def _dump_at(data, head=_HEAD):
    # Where the dump starts in a file's bytes (head: where its summary starts).
    if head and data[3] == 1:
        return _BODY
    at = head + _SUMMARY
    return at + 4 + data[at] + data[at + 1 + data[at]]


def _name(text):
    # A name the names screen cannot give (over _LETTERS, a control character) is kept
    # as none.
    b = text.encode()
    return b if len(text) <= _LETTERS and len(b) <= _NAME_MOST and _name_ok(text) else b""


def _name_ok(text):
    # No control character (C0, DEL, C1): the names screen gives none.
    for c in text:
        if ord(c) < 32 or 127 <= ord(c) < 160:
            return False
    return True


def _body(m, teams):
    # summary | team names | n | the dump without the redo tail (from its parts: no copy
    # of the whole history on the heap, only of what is kept).
    length = m.entries()
    base, counts, entries = m.dump_parts(bytearray(4))
    counts[2] = counts[0]  # redo reaches no further than what is in effect
    counts[3] = counts[1]
    entries = entries[:length * 3]
    n = STATE_SIZE + 4 + len(entries)
    out = _summary(m)
    for text in teams:
        b = _name(text)
        out.append(len(b))
        out += b
    out.append(n & 255)
    out.append(n >> 8)
    out += base
    out += counts
    out += entries
    return out


def _summary(m):
    r = m.round()
    return bytearray((m.variant(), m.players(), m.cantons(0), m.cantons(1), m.points(0),
                      m.points(1), m.winner(), r & 255, r >> 8))


def summary(head):
    """A head's summary as (variant, players, cantons A, B, points A, B, winner, round)."""
    return (head[0], head[1], head[2], head[3], head[4], head[5], head[6], u16(head, 7))


def rounds(head):
    """How many rounds a past match played (its round counter is the next round's)."""
    return max(u16(head, 7) - 1, 0)


def teams(head):
    """A head's team names (A, B), each its letter when none was kept or the one kept is
    not one the names screen gives (not UTF-8, a control character)."""
    out = []
    at = _SUMMARY
    for team in (R.A, R.B):
        n = head[at] if at < len(head) else 0  # version 1: no names
        b = head[at + 1:at + 1 + n]
        name = R.TEAMS[team]
        if n and len(b) == n:
            try:
                text = str(b, "utf-8")
                if _name_ok(text):
                    name = text
            except UnicodeError:
                pass
        out.append(name)
        at += 1 + n
    return out
