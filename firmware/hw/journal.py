# The match (with its undo history) on the board's flash, so that a power cut at any
# moment loses at most the command being written and a boot resumes play exactly where
# it stood. (The settings have a file of their own: app.settings.)
#
#     j = Journal()                       # the real filesystem; tests pass a fake one
#     note = j.open(match)                # "" or a notice: app.message = t(note)
#     App(..., on_change=j.changed)       # after every apply, undo and redo
#
# Files (all in `folder`; written and set aside as hw.files does):
#   truc.snp  snapshot: the match's history at some point (Match.dump's bytes, written
#             from its parts: no copy of it on the heap), written whole
#   truc.log  the commands since that snapshot, one 4-byte record each, appended
#   truc.tmp  where the snapshot and a new log are written before a rename puts them in
#             place (littlefs renames atomically), so each file is always either its
#             old or its new whole self.
#
# Formats: hw.journalformat (which hw.recover reads too).
#
# Why two files: littlefs keeps a file of up to 128 bytes (its cache size, as VfsLfs2
# mounts the ESP32's flash) inside its directory block, and a flush then costs one small
# directory commit; a flush after appending to a bigger file copies the file's last
# block into a newly erased one. So the log stays within _LOG_MAX and the snapshot, never
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
# snapshot and the records before the damage, and a notice says so; so does a log
# missing after the first snapshot. What such a recovery gives back is written at once,
# a fresh snapshot (the damaged log set aside between its two renames), so a second
# boot gives back the same, without the notice. Anything else that does not read back
# (garbage, a log without a snapshot, a file whose reading raises) is set aside and
# play starts over on a clean match with a notice. Otherwise boot writes nothing: the
# first change after it writes a fresh snapshot if the files need one. Something not a
# file (a directory) where a write must go is set aside then.
from binascii import crc32

from micropython import const

from hw import files
from hw.files import crc8
from hw.journalformat import DAMAGED, HEAD, RECORD, REDO, UNDO, VERSION
from truc.match import STATE_SIZE
from ui import forget

forget(("hw.journalformat",))  # its values are copied here: its bytecode is not resident

_LOG_MAX = const(128)  # bytes: littlefs' inline limit with MicroPython's ESP32 settings
_ENOSPC = const(28)

# Notices of a failed save for app.message (those of a reading back: hw.journalformat).
FULL = "Flash full: not saved"
NOT_SAVED = "Not saved: retrying"


class Journal:
    def __init__(self, fs=None, folder="", log_max=_LOG_MAX):
        self.fs = fs or files  # the real filesystem (hw.files is one)
        self.snap_name = folder + "truc.snp"
        self.log_name = folder + "truc.log"
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
        self._damaged_log = False  # set aside before the next snapshot's log replaces it

    # ---- boot -----------------------------------------------------------------------

    def open(self, match):
        """Loads the saved match into match (cleared when nothing usable is saved). Never
        raises because of what the files hold. Returns "" or a notice for the screen
        (in English, for t()). The reading is hw.recover's, imported for it."""
        from hw.recover import read_back

        self.match = match
        note = read_back(self, match)
        forget(("hw.journalformat",))  # hw.recover imported it again
        return note

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
        files.put_aside(self.fs, (self.snap_name, self.log_name), self.set_aside)
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
        c = crc8(self._chk, r, 0, 3)
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
        # No copy of the history (Match.dump_parts); its counts in the record's buffer,
        # free until the next record (RECORD is 4 bytes, as the counts are).
        base, counts, entries = m.dump_parts(self._rec)
        n = STATE_SIZE + 4 + len(entries)
        head = bytearray(b"TRS\x00\x00\x00\x00\x00")
        head[3] = VERSION
        head[4] = gen & 255
        head[5] = gen >> 8
        head[6] = n & 255
        head[7] = n >> 8
        check = files.u32(crc32(entries, crc32(counts, crc32(base, crc32(head)))))
        files.write(self.fs, self._tmp, self.snap_name, (head, base, counts, entries, check),
                    self.set_aside)
        self._gen = gen
        if self._damaged_log:  # kept, not replaced (a cut before this leaves it one gen
            # old: the snapshot holds it)
            files.put_aside(self.fs, (self.log_name,), self.set_aside)
            self._damaged_log = False
        log = bytearray(b"TRL\x00\x00\x00\x00\x00")
        log[3] = VERSION
        log[4] = gen & 255
        log[5] = gen >> 8
        log[7] = crc8(0, log, 0, HEAD - 1)
        files.write(self.fs, self._tmp, self.log_name, (log,), self.set_aside)
        self._len = m.entries()
        self._top = files.u16(counts, 2)
        self._start = m.from_start()
        self._size = HEAD
        self._chk = log[7]
        self._ok = True
        self.snapshots += 1

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
