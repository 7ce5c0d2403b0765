# The tournament's outbox, truc.out: every command of the table's tournament match, in
# the order played, numbered from 1 (its seq, docs/TOURNAMENT.md), kept on flash until
# the director has it. It follows the journal (hw.journal): after every change the
# journal saved, the command the change made is appended (an apply or a redo: the
# command; an undo: "undo"), so the director's replay of 1..seq is the match on the
# device.
#
# Format: "TRO" 1 | len + the match id (ascii) | records of 3 bytes: op a b (the
# engine's command; op UNDO: an undo). The head is written whole (hw.files); records
# are appended and flushed one by one; a last record cut short by the power is dropped.
#
# The appending is hw.tournament's Outbox, resident while tournament mode is on; this
# module reads the file back, catches it up with the journal (a power cut between the
# journal's save and the append leaves it behind: the undos back to where both agree,
# then the commands), starts it anew for a new match and gives its commands as table-log
# lines to send. Imported for the moment it is needed and forgotten after (hw.tourlink).
from micropython import const

from hw import files
from truc import rules as R

NAME = "truc.out"
_TMP = const("truc.tmp")
_UNDO = const(128)  # an undo's record (as hw.tournament's)
_HEAD = const(4)
_MOST = const(8192)  # bytes of records: a match's log never comes near (512 entries)


def load(outbox):
    """Reads the outbox on flash; returns (match_id, records bytes) or None."""
    data = files.read(outbox.fs, NAME, _MOST)
    if data is None:
        return None
    if len(data) < _HEAD + 1 or data[:4] != b"TRO\x01" or len(data) < 5 + data[4]:
        raise ValueError("damaged")
    n = data[4]
    return str(data[5:5 + n], "ascii"), data[5 + n:]


def start(outbox, match):
    """The outbox on flash, caught up with match (the journal's). Returns the match
    id ("" when there is none); ValueError when it does not read back (kept)."""
    got = load(outbox)
    if got is None:
        return ""
    outbox.match_id, records = got
    n = len(records) // 3  # a record cut short: dropped
    # The match the records make (as a stack of entries) against the one saved.
    stack = bytearray(3 * n)
    depth = 0
    for i in range(n):
        op = records[3 * i]
        if op == _UNDO:
            depth = max(depth - 1, 0)
        else:
            stack[3 * depth:3 * depth + 3] = records[3 * i:3 * i + 3]
            depth += 1
    outbox.count = n
    if len(records) != 3 * n:  # the torn record goes from the file too
        write(outbox, records[:3 * n])
    same = 0
    top = min(depth, match.entries())
    while same < top:
        op, a, b = match.entry(same)
        j = 3 * same
        if stack[j] != op or stack[j + 1] != a or stack[j + 2] != b:
            break
        same += 1
    stack = None
    outbox.depth = depth
    if same < 3 and depth >= 3:  # another match since (a New match): not recorded
        return outbox.match_id
    outbox.recording = True
    while outbox.depth > same:
        outbox.append(_UNDO, 0, 0)
        outbox.depth -= 1
    while outbox.depth < match.entries():
        op, a, b = match.entry(outbox.depth)
        outbox.append(op, a, b)
        outbox.depth += 1
    return outbox.match_id


def begin(outbox, match_id):
    """A new tournament match: the outbox holds its id and no command yet."""
    outbox.match_id = match_id
    outbox.count = 0
    outbox.depth = 0
    write(outbox, b"")
    outbox.recording = True


def write(outbox, records):
    outbox.close()
    head = bytearray(b"TRO\x01\x00")
    head[4] = len(outbox.match_id)
    files.write(outbox.fs, _TMP, NAME, (head, outbox.match_id.encode(), records), [])


def lines(outbox, start, most):
    """The table-log lines of records start+1.. (at most most of them): the commands
    with seq start+1 on, as (seq, line)."""
    from truc.tableline import format_command

    outbox.close()  # what was appended, read back
    got = load(outbox)
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
            out.append((i + 1, "undo" if op == _UNDO else format_command(variant, op, a, b)))
    return out
