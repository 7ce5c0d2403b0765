# Every data file (a font, a language's texts) ends in a check that tools/fontconv.py and
# tools/textc.py write: the file's length (u32) and the crc32 of everything before the
# crc (u32), little-endian. open_data checks it at opening (a boot opens each file once
# to check it): a file cut short, grown or changed does not open, and the device says
# which one (app.boot: ui.fault).
#
# Beside them, the package (resident anyway) holds two helpers below both the app and the
# hardware, each of which would cost a module's heap (about 500 B) of its own: elapsed,
# the board's clock, and the one module unloader, forget (the app forgets what a screen
# left brought in, the boot what it imported for a moment, sharing what serving imported).
import sys
from binascii import crc32

from micropython import const

_CHUNK = const(128)  # bytes read at a time for the check
_MASK = const(0x3FFFFFFF)  # ticks_ms period 2**30, minus one
_HALF = const(0x20000000)


def elapsed(now, then):
    """The milliseconds between two times of the board's clock (time.ticks_ms values),
    for everything that times itself: the keys, the power, the app's notices, sharing.
    time.ticks_diff(now, then), kept within small ints on 32-bit ports (2**30 is not
    one)."""
    d = (now - then) & _MASK
    if d >= _HALF:
        d = d - _MASK - 1
    return d


class DataError(Exception):
    """A data file missing or damaged: args are (what, name), what being "missing" or
    "damaged" and name the file's ("ui/fonts/small.bin")."""


def open_data(name, check=True, sealed=True):
    """Opens the firmware's data file `name` ("ui/fonts/small.bin"), found along sys.path
    as a module is: beside the .py files on the host, the .mpy files on the board's
    filesystem, or under /lib for a frozen build (tools/deploy.py: a folder /ui would
    shadow the frozen package; `.frozen` holds no files to open). Raises DataError
    unless it is there and, if check, whole (a boot checks each file once). A file not
    sealed (the shared page, edited by hand and served as it is) is only found."""
    for folder in sys.path:
        try:
            f = open(folder + "/" + name if folder else name, "rb")
        except OSError:
            continue
        if not sealed:
            return f
        try:  # whole: the length and crc its last 8 bytes give
            size = f.seek(0, 2)
            f.seek(size - 8 if size > 8 else 0)
            tail = f.read(8)
            whole = size > 8 and int.from_bytes(tail[:4], "little") == size
            f.seek(0)
            buf = bytearray(_CHUNK)
            view = memoryview(buf)
            crc = 0
            left = size - 4 if whole and check else 0
            while left:
                n = f.readinto(buf)
                if not n:
                    whole = False
                    break
                crc = crc32(buf if n == _CHUNK and n <= left else view[:min(n, left)], crc)
                left = max(left - n, 0)
            whole = whole and (not check or crc & 0xFFFFFFFF == int.from_bytes(tail[4:], "little"))
        except OSError:
            whole = False
        if whole:
            f.seek(0)
            return f
        f.close()
        raise DataError("damaged", name)
    raise DataError("missing", name)


def forget(modules):
    """Forgets the modules named as if never imported (their bytecode goes at the next
    collection): dropped from sys.modules and from their package, if loaded. Allocates
    nothing (no slice of a name): the recovery from a full heap runs it."""
    for m in modules:
        _forget(m)


def forget_since(known):
    """Forgets every module not named in known, making no list of them."""
    while True:
        for m in sys.modules:
            if m not in known:
                break
        else:
            return
        _forget(m)


def _forget(m):
    module = sys.modules.pop(m, None)
    if module is None:
        return
    dot = m.rfind(".")
    for name in sys.modules:  # its package, if loaded, lets go of it too
        if dot == len(name) and m.startswith(name):
            attrs = sys.modules[name].__dict__
            for key in attrs:
                if attrs[key] is module:
                    del attrs[key]
                    break
            return
