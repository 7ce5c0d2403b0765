# The boot half of hw.journal: the saved match and settings read back from the files the
# journal writes (their formats and what is kept of damaged ones are described there).
# Journal.open imports it, and main lets it go after the boot (2 KB of bytecode): none of
# it runs again until the next one.
import gc

from micropython import const

from hw.journal import (BAD_SETTINGS, DAMAGED, HEAD, PARTIAL, RECORD, REDO, UNDO, UNKNOWN,
                        VERSION, _crc8, _u16, crc32)
from truc.match import STATE_SIZE

_ENOENT = const(2)
_MOST = const(16384)  # bytes: no file of ours is bigger (a snapshot of 512 entries: 1.6 KB)


class _Unreadable(Exception):
    pass


class _Unknown(Exception):  # a format version this code does not know
    pass


def read_back(j, match, settings=None):
    """Journal.open: loads the saved settings into settings and the saved match into
    match (cleared when nothing usable is saved). Never raises because of what the files
    hold. Returns "" or a notice for the screen (in English, for t())."""
    note = ""
    if settings is not None:
        note = _open_settings(j, settings)
    return _open_match(j, match) or note


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
            if attempt:  # after a collection too: blame the file (too big to load)
                break
            gc.collect()  # a crowded heap is not a damaged file: once more
        except Exception:  # also a read that raises
            break
    m.clear()
    j._ok = False
    j._gen = 0  # the next snapshot is a first one: gen 1, with no log before it
    j._put_aside((j.snap_name, j.log_name))
    return note


def _load(j, m):
    snap = _read(j, j.snap_name)
    log = _read(j, j.log_name)
    if snap is None:
        if log is None:  # nothing saved yet
            m.clear()
            return ""
        raise _Unreadable()
    _load_snapshot(j, m, snap)
    snap = None
    if log is None:  # a cut before the first log's rename leaves none, never later
        return "" if j._gen == 1 else PARTIAL
    try:
        ok = _replay_log(j, m, log)
    except _Unreadable:
        ok = None
    j._ok = ok is True
    if ok is None:  # the snapshot and any good records before the damage are kept
        j._put_aside((j.log_name,))
        return PARTIAL
    return ""


def _read(j, name):
    # The whole file, or None if there is none; one allocation of its size.
    try:
        size = j.fs.stat(name)[6]
    except OSError as e:
        if e.args[0] == _ENOENT:
            return None
        raise
    if size > _MOST:
        raise _Unreadable()
    f = j.fs.open(name, "rb")
    try:
        data = f.read(size)
    finally:
        f.close()
    if len(data) != size:
        raise _Unreadable()
    return data


def _load_snapshot(j, m, data):
    _checked(data, b"TRS")
    n = _u16(data, 6)
    if len(data) != HEAD + n + 4:
        raise _Unreadable()
    view = memoryview(data)
    if crc32(view[:HEAD + n]) & 0xFFFFFFFF != int.from_bytes(data[HEAD + n:], "little"):
        raise _Unreadable()
    if not m.load(view[HEAD:HEAD + n]):
        raise _Unreadable()
    j._gen = _u16(data, 4)
    j._len = m.entries()
    j._top = _u16(data, HEAD + STATE_SIZE + 2)
    j._start = m.from_start()


def _replay_log(j, m, data):
    # Applies the log's records; True if the log can take more (it is current and
    # whole), False if the next change must write a fresh snapshot first, None if a
    # bad record stopped it (those before it applied). Raises on a bad header.
    _checked(data, b"TRL")
    if _crc8(0, data, 0, HEAD - 1) != data[HEAD - 1]:
        raise _Unreadable()
    gen = _u16(data, 4)
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
        nc = _crc8(c, data, i, i + 3)
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


def _open_settings(j, settings):
    try:
        data = _read(j, j.settings_name)
        if data is None:
            return ""
        language, timeout, names, setup, helped, sharing, password = _parse_settings(
            data, len(settings.names), j.languages)
    except _Unknown:
        j._put_aside((j.settings_name,))
        return UNKNOWN
    except Exception:
        j._put_aside((j.settings_name,))
        return BAD_SETTINGS
    settings.language = language
    settings.timeout = timeout
    for i in range(len(names)):
        settings.names[i] = names[i]
    if setup is not None:
        settings.setup[:] = setup
        settings.helped = helped
    if sharing is not None:
        settings.sharing = sharing
        settings.password = password
    j._remember(settings)
    return ""


def _checked(data, magic):
    # Raises unless data starts with magic and this code's format version.
    if len(data) < HEAD or data[:3] != magic:
        raise _Unreadable()
    if data[3] != VERSION:
        raise _Unknown()


def _text(data, i, end):
    # The length-prefixed text at data[i], and where the next field starts.
    if i >= end or i + 1 + data[i] > end:
        raise _Unreadable()
    n = data[i]
    return str(data[i + 1:i + 1 + n], "utf-8"), i + 1 + n


def _parse_settings(data, count, languages):
    _checked(data, b"TRC")
    end = len(data) - 4
    if crc32(memoryview(data)[:end]) & 0xFFFFFFFF != int.from_bytes(data[end:], "little"):
        raise _Unreadable()
    timeout = _u16(data, 4)
    language, i = _text(data, 6, end)
    if i >= end or data[i] > count:  # fewer: saved before the team names came
        raise _Unreadable()
    names = []
    n = data[i]
    i += 1
    for _ in range(n):
        name, i = _text(data, i, end)
        names.append(name)
    setup = helped = sharing = password = None
    if i + 4 <= end:  # the last new match and the help page (absent from older files)
        setup = data[i:i + 3]
        helped = data[i + 3] == 1
        if setup[0] > 3 or data[i + 3] > 1:
            raise _Unreadable()
        i += 4
        if i < end:  # sharing and its password (absent from older files)
            if data[i] > 1:
                raise _Unreadable()
            sharing = data[i] == 1
            password, i = _text(data, i + 1, end)
    if i != end:
        raise _Unreadable()
    if language not in languages:  # the settings menu could not show it
        raise _Unreadable()
    return language, timeout, tuple(names), setup, helped, sharing, password
