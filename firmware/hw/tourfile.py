# The board's tournament file, truc.trn: how to reach the venue's broker, written by
# `tools.director provision` (or by the simulator) and read when tournament mode starts.
# Text, one "key value" a line, in this order, then the check:
#
#     truc-tournament 1
#     table 7
#     host 192.168.4.2
#     port 1883
#     user table7
#     password k3m9p2x7q4w8r6t5
#     ssid Fonda
#     wifi fonda-wifi-password
#     crc 1a2b3c4d
#
# crc is the CRC-32 (8 lowercase hex digits) of every byte before its line, so that a
# copy cut short is told from a whole one. Every field is checked (table 1-999, port
# 1-65535, user table<N>, the password 16 lowercase letters and digits, host 1-63 and
# ssid 1-32 printable ASCII, wifi "" or 8-63): a file that fails is refused with the
# reason and nothing of the device changes. Written through hw.files (its old or its
# new self, whole).
from binascii import crc32
from collections import namedtuple

from micropython import const

from hw import files

NAME = "truc.trn"
_TMP = const("truc.tmp")
_MOST = const(512)  # bytes: no good file is longer (the longest fields: about 260)
KEYS = ("truc-tournament", "table", "host", "port", "user", "password", "ssid", "wifi")
_PASSWORD = const(16)


# The fields of a tournament file (all checked). A named tuple: tournament mode keeps
# one, and an instance of a class of this module would keep the whole module in the heap.
Config = namedtuple("Config", ("table", "host", "port", "user", "password", "ssid", "wifi"))


# (Arguments named as the device already names things: each new name a module brings
# stays interned, docs/PERFORMANCE.md.)
def _printable(text, most, what):
    if not 1 <= len(text) <= most:
        raise ValueError("%s: 1 to %d characters" % (what, most))
    for c in text:
        if not 32 <= ord(c) < 127:
            raise ValueError("%s: printable ASCII only" % what)
    return text


def number(text, most, what):
    """The number 1 to most in text (ASCII digits, no leading 0), or ValueError."""
    if not text or len(text) > 5 or not text.isdigit() or text[0] == "0":
        raise ValueError("%s: a number" % what)
    n = int(text)
    if not 1 <= n <= most:
        raise ValueError("%s: 1 to %d" % (what, most))
    return n


def parse(data):
    """The Config in data (bytes), or ValueError with the reason."""
    if len(data) > _MOST:
        raise ValueError("longer than %d bytes" % _MOST)
    end = data.rfind(b"crc ")
    if end < 0 or (end and data[end - 1] != 10):
        raise ValueError("no crc line")
    tail = data[end + 4:]
    if tail[-1:] != b"\n":
        raise ValueError("cut short: no line end after the crc")
    tail = tail[:-1]
    if len(tail) != 8 or b"%08x" % crc32(data[:end]) != tail:
        raise ValueError("bad crc: damaged or cut short")
    try:
        text = str(data[:end], "ascii")
    except UnicodeError:
        text = None
    if text is None:  # raised here, not in the except: no chained traceback
        raise ValueError("not ASCII text")
    lines = text.split("\n")
    if lines[-1] != "" or len(lines) != len(KEYS) + 1:
        raise ValueError("%d lines, not %d" % (len(lines) - 1, len(KEYS)))
    values = []
    for i in range(len(KEYS)):
        key, space, value = lines[i].partition(" ")
        if key != KEYS[i] or not space:  # "wifi" alone: another file than format's
            raise ValueError("line %d: %s expected" % (i + 1, KEYS[i]))
        values.append(value)
    if values[0] != "1":
        raise ValueError("format %s unknown" % values[0][:8])
    table = number(values[1], 999, "table")
    port = number(values[3], 65535, "port")
    if values[4] != "table%d" % table:
        raise ValueError("user: table%d expected" % table)
    password = values[5]
    for c in password:
        if not ("a" <= c <= "z" or "0" <= c <= "9"):
            raise ValueError("password: %d lowercase letters and digits" % _PASSWORD)
    if len(password) != _PASSWORD:
        raise ValueError("password: %d lowercase letters and digits" % _PASSWORD)
    wifi = values[7]
    if wifi and len(wifi) < 8:
        raise ValueError("wifi: 8 to 63 characters")
    if wifi:
        _printable(wifi, 63, "wifi")
    return Config(table, _printable(values[2], 63, "host"), port, values[4], password,
                  _printable(values[6], 32, "ssid"), wifi)


def format(config):  # noqa: A001  (the file's format, as parse reads it)
    """The bytes of a tournament file holding config."""
    c = config
    body = ("truc-tournament 1\ntable %d\nhost %s\nport %d\nuser %s\npassword %s\n"
            "ssid %s\nwifi %s\n" % (c.table, c.host, c.port, c.user, c.password, c.ssid,
                                    c.wifi)).encode()
    return body + b"crc %08x\n" % crc32(body)


def load(fs=None):
    """The board's Config; None when it has no file. ValueError (the reason) when the
    file does not read back."""
    data = files.read(fs or files, NAME, _MOST + 1)
    return None if data is None else parse(data)


def save(config, fs=None):
    """Writes config (checked first: parse(format(config)) must give it back)."""
    data = format(config)
    parse(data)
    files.write(fs or files, _TMP, NAME, (data,), [])
