# Files on the board's flash as the journal, the archive and the settings keep them: each
# file always its old or its new whole self, and a file that does not read back renamed
# aside, never deleted.
#
#     from hw import files as fs            # this module is the real filesystem;
#                                           # tests pass a fake one
#     write(fs, "truc.tmp", "truc.cfg", (head, body), set_aside)   # write, then rename
#     data = read(fs, "truc.cfg", 4096)     # the whole file, None if there is none
#     put_aside(fs, ("truc.snp", "truc.log"), set_aside)           # NAME.badN
#
# A filesystem is anything with open (modes rb, wb, ab; files with read, write, flush,
# close), rename (replacing the target atomically, as littlefs and POSIX do) and stat:
# this module has MicroPython's (CPython's on a host), so it is one itself, with no
# object to build.
#
# A file set aside is renamed NAME.badN, N the first number free for every name given
# (so files set aside together share their N). No number is ever reused and no set-aside
# file is ever deleted or replaced: past .bad99 the numbers go on (.bad100 ...), each a
# few bytes of directory, so only a full flash stops them, and that is said ("Flash
# full: not saved") by the save that runs into it.
from builtins import open  # noqa: F401, A004  (fs.open: this module is a filesystem)
from os import rename, stat  # noqa: F401  (fs.rename, fs.stat)

from micropython import const

_ENOENT = const(2)

# The notice for a file of a format version this code does not know (set aside, never
# guessed at), for app.message.
UNKNOWN = "Unknown save format"


def u16(data, i):
    return data[i] | data[i + 1] << 8


def crc8(c, data, start, end):
    """CRC-8 (polynomial 0x07) of data[start:end], continuing from c (the journal's
    records' check: hw.journalformat)."""
    for i in range(start, end):
        c ^= data[i]
        for _ in range(8):
            c = (c << 1 ^ 7) & 255 if c & 128 else c << 1 & 255
    return c


def u32(n):
    return bytes((n & 255, n >> 8 & 255, n >> 16 & 255, n >> 24 & 255))


def read(fs, name, most):
    """The whole file, or None if there is none; one allocation of its size. Raises
    ValueError if it is bigger than most bytes or reads back short."""
    try:
        size = fs.stat(name)[6]
    except OSError as e:
        if e.args[0] == _ENOENT:
            return None
        raise
    if size > most:
        raise ValueError()
    f = fs.open(name, "rb")
    try:
        data = f.read(size)
    finally:
        f.close()
    if len(data) != size:
        raise ValueError()
    return data


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


def write(fs, tmp, name, parts, set_aside):
    """Writes parts to tmp and renames it to name: name holds either its old or its new
    content, whole. Something not a file (a directory) in the way is set aside first."""
    try:
        f = fs.open(tmp, "wb")
    except OSError:
        if not _clear_way(fs, tmp, set_aside):
            raise
        f = fs.open(tmp, "wb")
    write_closed(f, parts)
    try:
        fs.rename(tmp, name)
    except OSError:
        if not _clear_way(fs, name, set_aside):
            raise
        fs.rename(tmp, name)


def _clear_way(fs, name, set_aside):
    # Sets aside what is at name if it is not a file (a directory, say), which would
    # refuse every write there for good. True if it did.
    try:
        if fs.stat(name)[0] & 0o170000 == 0o100000:
            return False
    except OSError:
        return False
    put_aside(fs, (name,), set_aside)
    return True


def put_aside(fs, names, set_aside):
    """Renames those of names that exist to NAME.badN (see above) and adds each (old,
    new) pair to the list set_aside. A rename that fails leaves its file in place."""
    n = 1
    while True:
        for name in names:
            try:
                fs.stat(name + ".bad%d" % n)
                break  # taken
            except OSError:
                pass
        else:
            break  # free for every name
        n += 1
    for name in names:
        try:
            fs.stat(name)
        except OSError:
            continue  # not there
        new = name + ".bad%d" % n
        try:
            fs.rename(name, new)
            set_aside.append((name, new))
        except OSError:
            pass  # the next write there replaces it: nothing better to do
