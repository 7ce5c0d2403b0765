"""The board's tournament file, truc.trn (docs/TOURNAMENT.md, "The board's tournament
file"): made from the director's database, written to a file (the simulator's
--tournament-file) or to the board's flash through mpremote, crash-safe (truc.tmp, then
renamed, as the board's hw.files.write does)."""
import os
import subprocess
import sys
import tempfile
from binascii import crc32

FILE_NAME = "truc.trn"
TMP_NAME = "truc.tmp"
KEYS = ("truc-tournament", "table", "host", "port", "user", "password", "ssid", "wifi")


def _printable(text, least, most, what):
    if not least <= len(text) <= most or any(not " " <= c <= "~" for c in text):
        raise ValueError("%s: %d to %d printable ASCII characters" % (what, least, most))


def tournament_file(host, port, table, password, ssid="venue", wifi=""):
    """The bytes of truc.trn, every field checked as the board checks it; ValueError."""
    if not 1 <= table <= 999:
        raise ValueError("table: 1 to 999")
    if not 1 <= port <= 65535:
        raise ValueError("port: 1 to 65535")
    if len(password) != 16 or any(not ("a" <= c <= "z" or "0" <= c <= "9") for c in password):
        raise ValueError("password: 16 lowercase letters and digits")
    _printable(host, 1, 63, "host")
    _printable(ssid, 1, 32, "ssid")
    if wifi:
        _printable(wifi, 8, 63, "wifi")
    body = ("truc-tournament 1\ntable %d\nhost %s\nport %d\nuser table%d\npassword %s\n"
            "ssid %s\nwifi %s\n" % (table, host, port, table, password, ssid, wifi)).encode()
    return body + ("crc %08x\n" % crc32(body)).encode()


def read(data):
    """{key: value} of a tournament file (bytes) whose crc holds; ValueError."""
    end = data.rfind(b"crc ")
    if end < 0 or data[end + 4:] != ("%08x\n" % crc32(data[:end])).encode():
        raise ValueError("bad crc: damaged or cut short")
    lines = data[:end].decode("ascii").split("\n")[:-1]
    keys = [line.partition(" ")[0] for line in lines]
    if keys != list(KEYS):
        raise ValueError("the keys are %s" % " ".join(KEYS))
    return {line.partition(" ")[0]: line.partition(" ")[2] for line in lines}


def mpremote_command(port, local):
    """mpremote: the file to truc.tmp, then renamed to truc.trn."""
    return [sys.executable, "-m", "mpremote", "connect", port, "fs", "cp", local,
            ":" + TMP_NAME, "+", "exec",
            "import os; os.rename(%r, %r)" % (TMP_NAME, FILE_NAME)]


def write_to_board(port, data):
    """Copies the file to the board's flash (mpremote). Raises OSError with its message."""
    with tempfile.TemporaryDirectory() as folder:
        local = os.path.join(folder, FILE_NAME)
        with open(local, "wb") as f:
            f.write(data)
        run = subprocess.run(mpremote_command(port, local), capture_output=True, text=True,
                             timeout=120)
        if run.returncode:
            raise OSError("mpremote: %s" % (run.stderr.strip() or run.stdout.strip()))
