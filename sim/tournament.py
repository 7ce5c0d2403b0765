"""The simulator as a tournament's table (python -m sim --headless --tournament
mqtt://HOST:PORT --table N): the board's tournament file written onto the simulated
flash, tournament mode turned on as Menu -> Tournament turns it on, and the same
firmware (hw.tournament, its MQTT client hw.mqtt) talking to the broker through
real sockets (sim/stand_ins/network.py)."""
import time
from urllib.parse import unquote, urlsplit

from hw import tourfile


def config(url, table, path=None):
    """The tournament file's Config for table at url (mqtt://[USER:PASSWORD@]HOST:PORT),
    the password from the URL or from the tournament file at path. ValueError."""
    parts = urlsplit(url)
    if parts.scheme != "mqtt" or not parts.hostname or parts.path not in ("", "/"):
        raise ValueError("--tournament: mqtt://HOST:PORT expected, not %s" % url)
    try:
        port = parts.port or 1883
    except ValueError as e:
        raise ValueError("--tournament: %s" % e) from None
    ssid, wifi, password = "venue", "", unquote(parts.password or "")
    if path is not None:
        with open(path, "rb") as f:
            given = tourfile.parse(f.read())
        if given.table != table:
            raise ValueError("%s is table %d's, not table %d's" % (path, given.table, table))
        ssid, wifi, password = given.ssid, given.wifi, given.password
    if not password:
        raise ValueError("the table's password: mqtt://table%d:PASSWORD@HOST:PORT or "
                         "--tournament-file FILE" % table)
    c = tourfile.Config(table, parts.hostname, port, "table%d" % table, password, ssid, wifi)
    tourfile.parse(tourfile.format(c))  # checked as the board checks it
    return c


def provision(flash, c):
    """Writes the tournament file onto flash, as tools.director provision does."""
    tourfile.save(c, flash)


def wait(device, until, seconds):
    """Runs the device in real time until until() or seconds pass; returns until()."""
    end = time.monotonic() + seconds
    while not until() and time.monotonic() < end:
        device.run(10)
        time.sleep(0.005)
    return until()


def sent(device):
    """Whether the director holds every command the table played."""
    t = device.app.tournament
    return t is not None and t.connected() and t.covered()
