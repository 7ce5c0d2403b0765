# Every data file (a font, a language's texts) ends in a check that tools/fontconv.py and
# tools/textc.py write: the file's length (u32) and the crc32 of everything before the
# crc (u32), little-endian. open_data checks it at opening (a boot opens each file once
# to check it): a file cut short, grown or changed does not open, and the device says
# which one (app.boot: ui.fault).
from binascii import crc32

from micropython import const

_CHUNK = const(128)  # bytes read at a time for the check


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
    import sys

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
