# The match (with its undo history) and the settings on the board's flash, so that a power
# cut at any moment loses at most the command being written and a boot resumes play
# exactly where it stood.
#
#     j = Journal()                       # the real filesystem; tests pass a fake one
#     note = j.open(match, settings)      # "" or a notice: app.message = t(note)
#     app.on_change = j.changed           # after every apply, undo and redo
#     j.save_settings(app.settings)       # after any event: writes only what changed
#
# Files (all in `folder`):
#   truc.snp  snapshot: the match's history at some point (Match.dump), written whole
#   truc.log  the commands since that snapshot, one 4-byte record each, appended
#   truc.cfg  the settings
#   truc.tmp  where the snapshot, a new log and the settings are written before a rename
#             puts them in place (littlefs renames atomically), so each file is always
#             either its old or its new whole self.
#
# Formats (integers little-endian). Every file starts with a 3-byte magic and a format
# version byte, which no later version may move: a version this code does not know is
# set aside, never guessed at.
#   snapshot: "TRS" 1 | gen:u16 | n:u16 | n bytes of Match.dump() | crc32:u32 of all before
#   log:      "TRL" 1 | gen:u16 | 0 | crc8 of the 7 bytes before | records...
#   record:   kind a b | crc8 of (previous record's crc8, or the header's) + kind a b;
#             kind 1..127 is apply(kind, a, b), 128 undo, 129 redo (a = b = 0)
#   settings: "TRC" 1 | timeout:u16 | language: len + ascii | names: count, each
#             len + utf-8 | [the last new match: variant players options | help seen:u8]
#             | crc32:u32 of all before (a file without the bracketed part, written
#             before it came, leaves those settings as they were)
# A log belongs to the snapshot with its gen. Each record's check chains on the one
# before, so records cannot be dropped, doubled or reordered unseen.
#
# Why two files: littlefs keeps a file of up to 128 bytes (its cache size, as VfsLfs2
# mounts the ESP32's flash) inside its directory block, and a flush then costs one small
# directory commit; a flush after appending to a bigger file copies the file's last
# block into a newly erased one. So the log stays within LOG_MAX and the snapshot, never
# appended to, is rewritten when the log fills. Measured on littlefs (tests/ramflash.py,
# the 3-canton match): 150 bytes programmed and an erase every 15 commands; with a log
# allowed to grow past the limit, 200 to 670 bytes and an erase for most commands.
#
# A save that fails (a full flash, say) sets j.error (problem() says it for the screen)
# until one succeeds; play goes on and the next change tries again, with a snapshot.
#
# Recovery: a last record cut short by the power (or, on media that tear writes, one
# that fails its check) is dropped: that command was being written. A log one gen older
# than the snapshot is what a cut between the two renames of a snapshot leaves: the
# snapshot already holds it. A damaged log (a bad header, a bad check before the last
# record, a record the rules refuse) beside a good snapshot: play resumes from the
# snapshot and the records before the damage, the log is set aside, and a notice says
# so; so does a log missing after the first snapshot. Anything else that does not read
# back (garbage, a log without a snapshot, a file whose reading raises) is renamed to
# NAME.badN, never deleted, and play starts over on a clean match with a notice. Boot
# itself writes nothing but those renames: the first change after it writes a fresh
# snapshot if the files need one. Something not a file (a directory) where a write
# must go is set aside then.
from micropython import const

from truc.match import STATE_SIZE


def _crc32(data, crc=0):
    # binascii.crc32's, for a port built without it.
    crc ^= 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = crc >> 1 ^ 0xEDB88320 if crc & 1 else crc >> 1
    return crc ^ 0xFFFFFFFF


try:
    import binascii

    crc32 = binascii.crc32
except (ImportError, AttributeError):
    crc32 = _crc32


VERSION = const(1)
LOG_MAX = const(128)  # bytes: littlefs' inline limit with MicroPython's ESP32 settings
HEAD = const(8)  # snapshot and log headers
RECORD = const(4)
UNDO = const(128)
REDO = const(129)
_ENOSPC = const(28)

# Notices for app.message: short enough for the 128-pixel screen.
DAMAGED = "Bad save: new match"
UNKNOWN = "Unknown save format"
BAD_SETTINGS = "Bad settings: reset"
PARTIAL = "Bad save: last plays lost"
FULL = "Flash full: not saved"
NOT_SAVED = "Not saved: retrying"


class Files:
    """The real filesystem: MicroPython's os and open on the board, CPython's on a host.
    A journal needs only open (modes rb, wb, ab; files with read, write, flush, close),
    rename (replacing the target atomically, as littlefs and POSIX do) and stat."""

    def __init__(self):
        import os

        self.rename = os.rename
        self.stat = os.stat

    def open(self, name, mode):
        return open(name, mode)


def _crc8(c, data, start, end):
    # CRC-8 (polynomial 0x07) of data[start:end], continuing from c.
    for i in range(start, end):
        c ^= data[i]
        for _ in range(8):
            c = (c << 1 ^ 7) & 255 if c & 128 else c << 1 & 255
    return c


def _u16(data, i):
    return data[i] | data[i + 1] << 8


def _u32(n):
    return bytes((n & 255, n >> 8 & 255, n >> 16 & 255, n >> 24 & 255))


def write_closed(f, parts):
    """Writes parts to the open file f and closes it; a failed write closes it and raises."""
    try:
        for p in parts:
            f.write(p)
    except Exception:  # not a finally: nothing may run after a (simulated) power cut
        try:
            f.close()
        except OSError:
            pass
        raise
    f.close()


class Journal:
    def __init__(self, fs=None, folder="", log_max=LOG_MAX, languages=("ca", "es", "en")):
        self.fs = fs or Files()
        self.languages = languages  # the ones the settings may name (main passes the app's)
        self.snap_name = folder + "truc.snp"
        self.log_name = folder + "truc.log"
        self.settings_name = folder + "truc.cfg"
        self._tmp = folder + "truc.tmp"
        self.log_max = log_max
        self.match = None
        self.set_aside = []  # (old, new) names of the files open() put aside
        self.error = None  # what last stopped a save (the next change retries)
        self.snapshots = 0  # written since open
        self.records = 0
        self._f = None  # the log, open for appending
        self._ok = False  # the log on flash may take the next record
        self._gen = 0
        self._len = 0  # the history the files hold: entries in effect,
        self._top = 0  # entries redo reaches,
        self._start = True  # whether the log reaches back to the empty match
        self._size = 0  # bytes in the log
        self._chk = 0  # the last record's check
        self._rec = bytearray(RECORD)
        self._saved = None  # the settings as last read or written

    # ---- boot -----------------------------------------------------------------------

    def open(self, match, settings=None):
        """Loads the saved settings into settings and the saved match into match (cleared
        when nothing usable is saved). Never raises because of what the files hold.
        Returns "" or a notice for the screen (in English, for t()). The reading is
        hw.recover's, imported for it."""
        from hw.recover import read_back

        self.match = match
        return read_back(self, match, settings)

    def _put_aside(self, names):
        # Renames the files that exist to NAME.badN, N the first number free for all.
        n = 1
        while n < 99 and (self._exists(names[0] + ".bad%d" % n)
                          or self._exists(names[-1] + ".bad%d" % n)):
            n += 1
        for name in names:
            if self._exists(name):
                new = name + ".bad%d" % n
                try:
                    self.fs.rename(name, new)
                    self.set_aside.append((name, new))
                except OSError:
                    pass  # the next snapshot replaces it: nothing better to do

    def _exists(self, name):
        try:
            self.fs.stat(name)
            return True
        except OSError:
            return False

    # ---- recording ------------------------------------------------------------------

    def changed(self):
        """The App's on_change: writes what the last apply, undo or redo did. Must follow
        every change to the match (a change it cannot tell from the history it holds, a
        new match or a log compaction, it saves as a snapshot)."""
        m = self.match
        if m is None:  # not opened yet
            return
        try:
            n = m.entries()
            if not self._ok or m.from_start() != self._start \
                    or self._size + RECORD > self.log_max:
                self._snapshot(m)
            elif n == self._len + 1:
                if m.can_redo():
                    self._append(REDO, 0, 0)
                else:  # an apply, or a redo of the last undone command: the same record
                    op, a, b = m.entry(n - 1)
                    self._append(op, a, b)
                    self._top = n
                self._len = n
            elif n == self._len - 1 and m.can_redo():
                self._append(UNDO, 0, 0)
                self._len = n
            else:
                self._snapshot(m)
        except (OSError, MemoryError) as e:  # a full flash, or no heap for a snapshot:
            self.error = e  # play goes on, and the next change tries a snapshot
            self._ok = False
            self._close()
            return
        self.error = None

    def problem(self):
        """The notice for what stopped the last save."""
        e = self.error
        return FULL if isinstance(e, OSError) and e.args and e.args[0] == _ENOSPC else NOT_SAVED

    def discard(self):
        """Sets the match's files aside and clears it (the app could not start on it)."""
        self._close()
        self._put_aside((self.snap_name, self.log_name))
        self.match.clear()
        self._ok = False
        return DAMAGED

    def _append(self, kind, a, b):
        if self._f is None:
            self._f = self.fs.open(self.log_name, "ab")
        r = self._rec
        r[0] = kind
        r[1] = a
        r[2] = b
        c = _crc8(self._chk, r, 0, 3)
        r[3] = c
        self._f.write(r)
        self._f.flush()  # on littlefs the record is on flash when this returns
        self._chk = c
        self._size += RECORD
        self.records += 1

    def _snapshot(self, m):
        self._close()  # littlefs: no file is renamed over while open
        self._ok = False
        gen = (self._gen + 1) & 0xFFFF
        history = m.dump()
        n = len(history)
        head = bytearray(b"TRS\x00\x00\x00\x00\x00")
        head[3] = VERSION
        head[4] = gen & 255
        head[5] = gen >> 8
        head[6] = n & 255
        head[7] = n >> 8
        self._write(self.snap_name, head, history, _u32(crc32(history, crc32(head))))
        self._gen = gen
        log = bytearray(b"TRL\x00\x00\x00\x00\x00")
        log[3] = VERSION
        log[4] = gen & 255
        log[5] = gen >> 8
        log[7] = _crc8(0, log, 0, HEAD - 1)
        self._write(self.log_name, log)
        self._len = m.entries()
        self._top = _u16(history, STATE_SIZE + 2)
        self._start = m.from_start()
        self._size = HEAD
        self._chk = log[7]
        self._ok = True
        self.snapshots += 1

    def _write(self, name, *parts):
        # Write-then-rename: name holds either its old or its new content, whole.
        try:
            f = self.fs.open(self._tmp, "wb")
        except OSError:
            if not self._clear_way(self._tmp):
                raise
            f = self.fs.open(self._tmp, "wb")
        write_closed(f, parts)
        try:
            self.fs.rename(self._tmp, name)
        except OSError:
            if not self._clear_way(name):
                raise
            self.fs.rename(self._tmp, name)

    def _clear_way(self, name):
        # Sets aside what is at name if it is not a file (a directory, say), which would
        # refuse every write there for good. True if it did.
        try:
            if self.fs.stat(name)[0] & 0o170000 == 0o100000:
                return False
        except OSError:
            return False
        self._put_aside((name,))
        return True

    def _close(self):
        f = self._f
        self._f = None
        if f is not None:
            try:
                f.close()
            except OSError:
                pass

    def close(self):
        """Closes the log (every record is already on flash)."""
        self._close()

    # ---- settings -------------------------------------------------------------------

    def _remember(self, s):
        self._saved = (s.language, s.timeout, tuple(s.names), bytes(s.setup), s.helped,
                       s.sharing, s.password)

    def save_settings(self, settings):
        """Writes the settings if they differ from what was last read or written (the
        check allocates nothing). Returns True if it wrote them."""
        saved = self._saved
        names = settings.names
        if saved is not None and saved[0] == settings.language and saved[1] == settings.timeout \
                and saved[3] == settings.setup and saved[4] == settings.helped \
                and saved[5] == settings.sharing and saved[6] == settings.password \
                and len(saved[2]) == len(names):
            for i in range(len(names)):
                if saved[2][i] != names[i]:
                    break
            else:
                return False
        data = _settings_bytes(settings)
        try:
            self._write(self.settings_name, data, _u32(crc32(data)))
        except OSError as e:
            self.error = e
            return False
        self._remember(settings)
        return True


def _settings_bytes(s):
    out = bytearray(b"TRC\x00\x00\x00")
    out[3] = VERSION
    out[4] = s.timeout & 255
    out[5] = s.timeout >> 8 & 255
    _put_text(out, s.language)
    out.append(len(s.names))
    for name in s.names:
        _put_text(out, name)
    out.extend(s.setup)
    out.append(1 if s.helped else 0)
    out.append(1 if s.sharing else 0)
    _put_text(out, s.password)
    return out


def _put_text(out, text):
    b = text.encode("utf-8")
    out.append(len(b))
    out.extend(b)


