# The boot half of hw.journal: the saved match read back from the files the journal
# writes (their formats: hw.journalformat; what is kept of damaged ones: hw.journal).
# Journal.open imports it, and app.boot lets it go after the boot (2 KB of bytecode): none of
# it runs again until the next one.
import gc

from binascii import crc32

from micropython import const

from hw.files import put_aside, read, u16
from hw.journalformat import DAMAGED, HEAD, PARTIAL, RECORD, REDO, UNDO, UNKNOWN, VERSION, crc8
from truc.match import STATE_SIZE

_MOST = const(16384)  # bytes: no file of ours is bigger (a snapshot of 512 entries: 1.6 KB)


class _Unreadable(Exception):
    pass


class _Unknown(Exception):  # a format version this code does not know
    pass


def read_back(j, match):
    """Journal.open: loads the saved match into match (cleared when nothing usable is
    saved). Never raises because of what the files hold. Returns "" or a notice for the
    screen (in English, for t())."""
    return _open_match(j, match)


def _open_match(j, m):
    j._ok = False
    note = DAMAGED
    for attempt in range(2):
        try:
            return _load(j, m)
        except _Unknown:
            note = UNKNOWN
            break
        except MemoryError:
            # A crowded heap is not a damaged file: collected, once more; then the heap's
            # error goes up with the files as they are (read() bounds them: no file of
            # ours needs more than a booting device has, so the heap is never its fault).
            if attempt:
                raise
            gc.collect()
        except Exception:  # also a read that raises
            break
    m.clear()
    j._ok = False
    j._gen = 0  # the next snapshot is a first one: gen 1, with no log before it
    put_aside(j.fs, (j.snap_name, j.log_name), j.set_aside)
    return note


def _load(j, m):
    snap = read(j.fs, j.snap_name, _MOST)
    log = read(j.fs, j.log_name, _MOST)
    if snap is None:
        if log is None:  # nothing saved yet
            m.clear()
            return ""
        raise _Unreadable()
    _load_snapshot(j, m, snap)
    snap = None
    if log is None:  # a cut before the first log's rename leaves none, never later
        return "" if j._gen == 1 else _kept(j, m)
    try:
        ok = _replay_log(j, m, log)
    except _Unreadable:
        ok = None
    j._ok = ok is True
    if ok is None:  # the snapshot and any good records before the damage are kept
        j._damaged_log = True
        return _kept(j, m)
    return ""


def _kept(j, m):
    # What a recovery gave back is saved at once, a fresh snapshot, so that every later
    # boot gives back the same. If the flash refuses, the files stay as they were and
    # give back the same too; the first change retries.
    try:
        j._snapshot(m)
    except (OSError, MemoryError) as e:
        j.error = e
        j._ok = False
        j._close()
    return PARTIAL


def _load_snapshot(j, m, data):
    _checked(data, b"TRS")
    n = u16(data, 6)
    if len(data) != HEAD + n + 4:
        raise _Unreadable()
    view = memoryview(data)
    if crc32(view[:HEAD + n]) & 0xFFFFFFFF != int.from_bytes(data[HEAD + n:], "little"):
        raise _Unreadable()
    if not m.load(view[HEAD:HEAD + n]):
        raise _Unreadable()
    j._gen = u16(data, 4)
    j._len = m.entries()
    j._top = u16(data, HEAD + STATE_SIZE + 2)
    j._start = m.from_start()


def _replay_log(j, m, data):
    # Applies the log's records; True if the log can take more (it is current and
    # whole), False if the next change must write a fresh snapshot first, None if a
    # bad record stopped it (those before it applied). Raises on a bad header.
    _checked(data, b"TRL")
    if crc8(0, data, 0, HEAD - 1) != data[HEAD - 1]:
        raise _Unreadable()
    gen = u16(data, 4)
    if gen != j._gen:
        if gen == (j._gen - 1) & 0xFFFF:  # cut between the snapshot's renames
            return False
        raise _Unreadable()
    c = data[HEAD - 1]
    end = len(data)
    i = HEAD
    top = j._top
    bad = False
    while i + RECORD <= end:
        # A bad check on the last record is a torn one (its command was being
        # written); before it, or a record the rules refuse, is damage.
        nc = crc8(c, data, i, i + 3)
        if nc != data[i + 3]:
            bad = i + RECORD < end
            break
        kind = data[i]
        if kind == UNDO:
            err = m.undo()
        elif kind == REDO:
            err = m.redo()
        else:
            err = m.apply(kind, data[i + 1], data[i + 2])
            if not err:
                top = m.entries()
        if err:
            bad = True
            break
        c = nc
        i += RECORD
    j._len = m.entries()
    j._top = top
    j._start = m.from_start()
    j._size = i
    j._chk = c
    return None if bad else i == end


def _checked(data, magic):
    # Raises unless data starts with magic and this code's format version.
    if len(data) < HEAD or data[:3] != magic:
        raise _Unreadable()
    if data[3] != VERSION:
        raise _Unknown()
