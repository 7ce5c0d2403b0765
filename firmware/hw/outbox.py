# The tournament's outbox, truc.out: every command of the table's tournament match, in
# the order played, numbered from 1 (its seq, docs/TOURNAMENT.md), kept on flash until
# the director has it. It follows the journal (hw.journal): after every change the
# journal saved, the command the change made is appended here (an apply or a redo: the
# command; an undo: "undo"), so the director's replay of 1..seq is the match on the
# device.
#
# Format: "TRO" 1 | len + the match id (ascii) | records of 3 bytes: op a b (the
# engine's command; op UNDO: an undo). The head is written whole (hw.files); records
# are appended and flushed one by one; a last record cut short by the power is dropped.
# A power cut between the journal's save and the append leaves the outbox behind the
# match: open() catches up (the undos back to where both agree, then the commands).
from micropython import const

from hw import files
from truc import rules as R

NAME = "truc.out"
_TMP = "truc.tmp"
UNDO = const(128)
_HEAD = const(4)
_MOST = const(8192)  # bytes of records: a match's log never comes near (512 entries)


class Outbox:
    def __init__(self, fs=None):
        self.fs = fs or files
        self.match_id = ""  # "" : none (no tournament match recorded)
        self.count = 0  # records: the last seq
        self.recording = False  # the match being played is this outbox's
        self._len = 0  # entries of the match in effect after the last record
        self._f = None

    def load(self):
        """Reads the outbox on flash; returns (match_id, records bytes) or None."""
        data = files.read(self.fs, NAME, _MOST)
        if data is None:
            return None
        if len(data) < _HEAD + 1 or data[:4] != b"TRO\x01" or len(data) < 5 + data[4]:
            raise ValueError("bad outbox")
        n = data[4]
        return str(data[5:5 + n], "ascii"), data[5 + n:]

    def open(self, match):
        """The outbox on flash, caught up with match (the journal's). Returns the match
        id ("" when there is none); ValueError when it does not read back (kept)."""
        got = self.load()
        if got is None:
            return ""
        self.match_id, records = got
        n = len(records) // 3  # a record cut short: dropped
        # The match the records make (as a stack of entries) against the one saved.
        stack = bytearray(3 * n)
        depth = 0
        for i in range(n):
            op = records[3 * i]
            if op == UNDO:
                depth = max(depth - 1, 0)
            else:
                stack[3 * depth:3 * depth + 3] = records[3 * i:3 * i + 3]
                depth += 1
        self.count = n
        if len(records) != 3 * n:  # the torn record goes from the file too
            self._write_head(records[:3 * n])
        same = 0
        top = min(depth, match.entries())
        while same < top:
            op, a, b = match.entry(same)
            j = 3 * same
            if stack[j] != op or stack[j + 1] != a or stack[j + 2] != b:
                break
            same += 1
        stack = None
        self._len = depth
        if same < 3 and depth >= 3:  # another match since (a New match): not recorded
            return self.match_id
        self.recording = True
        while self._len > same:
            self._append(UNDO, 0, 0)
            self._len -= 1
        while self._len < match.entries():
            op, a, b = match.entry(self._len)
            self._append(op, a, b)
            self._len += 1
        return self.match_id

    def begin(self, match_id):
        """A new tournament match: the outbox holds its id and no command yet."""
        self.close()
        self.match_id = match_id
        self.count = 0
        self._len = 0
        self._write_head(b"")
        self.recording = True

    def _write_head(self, records):
        self.close()
        head = bytearray(b"TRO\x01\x00")
        head[4] = len(self.match_id)
        files.write(self.fs, _TMP, NAME, (head, self.match_id.encode(), records), [])

    def changed(self, match):
        """After the journal saved a change of match: its command appended. Returns False
        when the change was not one of this match's (a new match began): nothing
        recorded, and the outbox records no more."""
        if not self.recording:
            return False
        n = match.entries()
        if n == self._len + 1:
            op, a, b = match.entry(n - 1)
            self._append(op, a, b)
        elif n == self._len - 1 and n >= 3:
            self._append(UNDO, 0, 0)
        elif n != self._len:
            self.recording = False
            return False
        self._len = n
        return True

    def _append(self, op, a, b):
        if self._f is None:
            self._f = self.fs.open(NAME, "ab")
        self._f.write(bytes((op, a, b)))
        self._f.flush()
        self.count += 1

    def close(self):
        f = self._f
        self._f = None
        if f is not None:
            try:
                f.close()
            except OSError:
                pass

    def lines(self, start, most):
        """The table-log lines of records start+1.. (at most most of them): the commands
        with seq start+1 on, as (seq, line)."""
        from truc.tablelog import format_command

        self.close()  # what was appended, read back
        got = self.load()
        if got is None:
            return []
        records = got[1]
        out = []
        variant = 0
        for i in range(min(len(records) // 3, start + most)):
            op, a, b = records[3 * i], records[3 * i + 1], records[3 * i + 2]
            if op == R.VARIANT:
                variant = a
            if i >= start:
                out.append((i + 1, "undo" if op == UNDO else format_command(variant, op, a, b)))
        return out
