"""The board's tournament file, truc.tmt (docs/TOURNAMENT.md, "The tournament file"):
written from the director's database, to a file (the simulator) or to the board's flash
through mpremote."""
import os
import subprocess
import sys
import tempfile

FILE_NAME = "truc.tmt"
MAX_BYTES = 512


def tournament_file(broker, port, table, password, ssid=None, wifi=None):
    """The text of truc.tmt. ValueError for a value the format cannot hold."""
    fields = [("broker", broker), ("port", str(port)), ("table", str(table)),
              ("user", "table%d" % table), ("password", password)]
    if ssid is not None:
        fields += [("ssid", ssid), ("wifi", wifi or "")]
    for key, value in fields:
        if "\n" in value or "\r" in value:
            raise ValueError("%s: one line" % key)
    if not broker or " " in broker:
        raise ValueError("broker: a host name or address")
    text = "# truc tournament file 1\n" + "".join("%s=%s\n" % kv for kv in fields)
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise ValueError("the tournament file is over %d bytes" % MAX_BYTES)
    return text


def read(text):
    """{key: value} of a tournament file's text (what the device reads)."""
    out = {}
    for line in text.split("\n"):
        if line.startswith("#") or "=" not in line:
            continue
        key, value = line.rstrip("\r").split("=", 1)
        out[key] = value
    return out


def mpremote_command(port, local):
    return [sys.executable, "-m", "mpremote", "connect", port, "fs", "cp", local,
            ":" + FILE_NAME]


def write_to_board(port, text):
    """Copies the file to the board's flash (mpremote). Raises OSError with its message."""
    with tempfile.TemporaryDirectory() as folder:
        local = os.path.join(folder, FILE_NAME)
        with open(local, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        run = subprocess.run(mpremote_command(port, local), capture_output=True, text=True,
                             timeout=120)
        if run.returncode:
            raise OSError("mpremote: %s" % (run.stderr.strip() or run.stdout.strip()))
