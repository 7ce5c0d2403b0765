"""The board's tournament file, truc.trn (docs/TOURNAMENT.md, "The board's tournament
file"): made from the director's database, written to a file (the simulator's
--tournament-file) or to the board's flash through mpremote, crash-safe (truc.tmp, then
renamed, as the board's hw.files.write does)."""
import os
import subprocess
import sys
import tempfile

from hw import tourfile  # the format, as the board reads it (tools/ puts firmware on the path)

FILE_NAME = tourfile.NAME
TMP_NAME = "truc.tmp"


def tournament_file(host, port, table, password, ssid="venue", wifi=""):
    """The bytes of truc.trn, every field checked as the board checks it; ValueError."""
    for name, value in (("host", host), ("ssid", ssid), ("wifi", wifi)):
        if "\n" in value:  # a line of its own: said as the field's fault
            raise ValueError("%s: printable ASCII only" % name)
    data = tourfile.format(tourfile.Config(table, host, port, "table%d" % table, password,
                                           ssid, wifi))
    tourfile.parse(data)
    return data


def read(data):
    """{key: value} of a tournament file (bytes) the board accepts; ValueError."""
    c = tourfile.parse(data)
    return dict(zip(tourfile.KEYS, ("1", str(c.table), c.host, str(c.port), c.user,
                                    c.password, c.ssid, c.wifi)))


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
