# Sharing's start (hw.share's Sharing.on): the password made the first time, the radio up,
# and the server's sockets open on the board's address. Imported for that and forgotten
# after: while sharing, the heap holds the server (hw.httpd), not its start.
import os
import socket

from micropython import const

from hw.httpd import Server
from ui import forget

_BACKLOG = const(5)  # connections the network stack holds while the server's are served
_PASSWORD = const(10)  # characters of the network's password (WPA2: 8 at least)


def password():
    """A new random password: _PASSWORD letters and digits, none that look alike."""
    letters = b"abcdefghjkmnpqrstuvwxyz23456789"
    return "".join(chr(letters[b % len(letters)]) for b in os.urandom(_PASSWORD))


def _drawn():
    # A password drawn with the RF on, the station interface up and joining nothing
    # (before the access point, which is switched on with its password). Espressif's
    # "Random Number Generation" (ESP-IDF Programming Guide): esp_random(), behind
    # os.urandom, gives true random numbers only while the RF subsystem (WiFi or
    # Bluetooth) is on or bootloader_random_enable() has enabled the internal entropy
    # source; otherwise, once the bootloader is done, they are pseudo-random only.
    # MicroPython has no bootloader_random_enable(): the RF it is.
    import network

    station = network.WLAN(network.STA_IF)
    was = station.active()  # on already in tournament mode (hw.tournament): left on
    station.active(True)
    try:
        return password()
    finally:
        if not was:
            station.active(False)


def start(sharing):
    """Turns sharing on: the password made the first time, the radio up, the server
    listening on its address (sharing.port, and DNS on sharing.dns_port unless None)."""
    s = sharing.settings
    if not s.password:
        s.password = _drawn()
        s.sharing = True
        _keep(sharing, s)
    sharing.address = sharing.radio.up(sharing.name(), s.password)
    try:
        sharing.server = _server(sharing, sharing.address, sharing.port, sharing.dns_port)
    except Exception:
        sharing.radio.down()
        raise


def _keep(sharing, s):
    # The password saved before any phone learns it, in the room kept for it (hw.room)
    # when the flash is full. Not saved: a new password (Menu -> New password) gives way
    # to the one on flash, which the phones know and the next boot takes; the first one
    # is used unsaved (nothing else to give) and the device says the settings were not.
    from hw import room

    try:
        try:
            s.save()
        except OSError:  # full (littlefs says ENOSPC, or ENAMETOOLONG for a new file's
            if not room.give(s.fs):  # name when its directory has no room left)
                raise
            s.save()
    except OSError:
        saved = s._saved[6] if s._saved is not None else ""  # pyright: ignore[reportPrivateUsage]
        if saved:
            s.password = saved
            if sharing.tell is not None:
                sharing.tell("Flash full: settings not saved")  # app.device's SETTINGS_FULL
    finally:
        forget(("hw.room",))


def _server(sharing, address, port, dns_port):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(socket.getaddrinfo(address, port)[0][-1])
    s.listen(_BACKLOG)
    s.setblocking(False)
    # Port 0 (the tests, the simulator): the one the host chose; a board has no
    # getsockname and is given its port.
    port = s.getsockname()[1] if hasattr(s, "getsockname") else port  # pyright: ignore[reportAttributeAccessIssue]
    if dns_port is None:
        return Server(sharing, address, s, port)
    d = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    d.bind(socket.getaddrinfo(address, dns_port)[0][-1])
    d.setblocking(False)
    ip = bytes(int(p) for p in address.split("."))
    # The answer after the question: a pointer to the name, type A, class IN, a minute
    # to live, four bytes: the board's address.
    return Server(sharing, address, s, port, d,
                  b"\xc0\x0c\x00\x01\x00\x01\x00\x00\x00\x3c\x00\x04" + ip)
