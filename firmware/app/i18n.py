# Translations. Screens write their texts in English, `t("...")`; the language in use
# maps each English text to its translation through app/lang_XX.bin on flash, compiled
# by tools/textc.py from app/lang_XX.py (where translators edit) and checked whole at
# boot (check(), ui.open_data). A text is read from the file when first asked for and kept in
# a small cache (the last SLOTS texts), so the heap never holds a whole language.
from micropython import const

from ui import DataError, open_data

LANGUAGES = ("ca", "es", "en")
NAMES = ("Català", "Español", "English")

SLOTS = const(32)  # texts kept: more than any screen shows
_HEADER = const(8)
_ENTRY = const(8)

_file = None  # the language in use, None for English
_count = 0
_buf = bytearray(0)  # one key and its translation, read from the file
_entry = bytearray(_ENTRY)
_cache = {}  # English -> translation
_ring = [None] * SLOTS  # the English texts in _cache, oldest at _hand
_hand = 0


def forget():
    """Empties the cache (a screen left: its texts go with it; the screen below asks
    again for what it shows). The dict keeps its table: refilling it allocates only
    the strings."""
    global _hand
    for i in range(SLOTS):
        old = _ring[i]
        if old is not None:
            del _cache[old]
            _ring[i] = None
    _hand = 0


def check():
    """Opens every language's file, which checks it whole (ui.open_data): at boot, so
    that a damaged one is said then (app.boot), not when a player picks it."""
    for language in LANGUAGES:
        if language != "en":
            open_data("app/lang_%s.bin" % language).close()


def use(language):
    global _file, _count, _buf
    if _file is not None:
        _file.close()
        _file = None
    forget()
    _buf = bytearray(0)
    if language == "en" or language not in LANGUAGES:
        return
    path = "app/lang_%s.bin" % language
    f = open_data(path, False)  # checked whole at boot (check())
    head = f.read(_HEADER)
    if head[:3] != b"TX\x01":
        f.close()
        raise DataError("damaged", path)  # not a text file this code reads
    _count = head[4] | head[5] << 8
    _buf = bytearray(head[6] | head[7] << 8)
    _file = f


def t(text):
    global _hand
    if _file is None:
        return text
    found = _cache.get(text)
    if found is None:
        found = _read(text)
        # The ring names only what the cache holds, even when storing runs out of heap
        # (the dict grows its table): the slot is emptied first, filled once stored.
        old = _ring[_hand]
        if old is not None:
            _ring[_hand] = None
            del _cache[old]
        _cache[text] = found
        _ring[_hand] = text
        _hand = _hand + 1 if _hand + 1 < SLOTS else 0
    return found


def _read(text):
    # The index is sorted by a 24-bit hash of the English text (tools/textc.py): a
    # binary search, then the key read back to be sure.
    h = 5381
    for ch in text:
        h = (h * 33 ^ ord(ch)) & 0xFFFFFF
    f = _file
    e = _entry
    lo = 0
    hi = _count
    while lo < hi:
        mid = (lo + hi) >> 1
        f.seek(_HEADER + _ENTRY * mid)
        f.readinto(e)
        v = e[0] | e[1] << 8 | e[2] << 16
        if v < h:
            lo = mid + 1
        elif v > h:
            hi = mid
        else:
            f.seek(e[4] | e[5] << 8)
            n = e[6] + e[7]
            view = memoryview(_buf)[:n]
            if len(view) != n or f.readinto(view) != n:
                break  # past the buffer or the file: only a crafted file says so
            try:  # a file that passed its check holds UTF-8, but one crafted to pass...
                if str(view[:e[6]], "utf-8") == text:
                    return str(view[e[6]:], "utf-8")
            except UnicodeError:
                pass  # ...is shown in English rather than stop the device
            break
    return text  # not translated: shown in English
