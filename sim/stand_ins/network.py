"""A CPython stand-in for MicroPython's network module, on the host's loopback: the
access point of an ESP32 (network.WLAN(network.AP_IF)), so that the firmware's sharing
server (hw.share) answers on 127.0.0.1, and the station (network.WLAN(network.STA_IF)),
joined at once to any network, so that tournament mode (hw.tournament) reaches a broker
on loopback through real sockets (hw.listen turns it on for the RF's entropy too). What
the firmware set is kept for the tests: whether each interface is active, the access
point's config, and in "log" every call in order; drop(True) takes the station's network
away (a WiFi gone) until drop(False).

Importing it also gives CPython's sockets the stream methods MicroPython's have and
the MQTT client hw.mqtt (read, write) and hw.tournament (readinto) call."""
import socket

STA_IF = 0
AP_IF = 1
AUTH_OPEN = 0
AUTH_WPA2_PSK = 3

ADDRESS = "127.0.0.1"
# The board's two interfaces: whether each is active; the access point's config.
_state = {"active": False, "station": False, "config": {}, "log": []}
_station = {"joined": None, "dropped": False}


def reset():
    _state["active"] = False
    _state["station"] = False
    _state["config"] = {}
    _state["log"] = []
    _station["joined"] = None


def rf_on():
    """The RF subsystem is on while either interface is (true random numbers)."""
    return _state["active"] or _state["station"]


def drop(gone):
    """The station's network gone (True) or back (False): the board's radio is not told."""
    _station["dropped"] = bool(gone)


def joined():
    """(ssid, password) the station last joined, or None."""
    return _station["joined"]


class WLAN:
    def __init__(self, interface=STA_IF):
        if interface not in (STA_IF, AP_IF):
            raise OSError("no such interface")
        self.interface = interface
        self._key = "active" if interface == AP_IF else "station"

    def active(self, on=None):
        if on is None:
            return _state[self._key]
        _state[self._key] = bool(on)
        _state["log"].append((self._key, bool(on)))
        if not on and self.interface == STA_IF:
            _station["joined"] = None
        return None

    def connect(self, ssid, key=None):
        if self.interface != STA_IF or not _state["station"]:
            raise OSError("the station is not active")
        _station["joined"] = (ssid, key)

    def config(self, *names, **settings):
        if self.interface == STA_IF:
            raise OSError("the station's config is not used")
        password = settings.get("password")
        if password is not None and not 8 <= len(password) <= 63:
            raise ValueError("a WPA2 password has 8 to 63 characters")
        _state["config"].update(settings)
        if settings:
            _state["log"].append(("config", dict(settings)))
        if names:
            return _state["config"].get(names[0])
        return None

    def ifconfig(self):
        return (ADDRESS, "255.255.255.0", ADDRESS, ADDRESS)

    def isconnected(self):
        if self.interface == AP_IF:
            return _state["active"]
        return _station["joined"] is not None and not _station["dropped"]


def _read(sock, n=-1):
    # MicroPython's stream read: n bytes (fewer at the end of the stream); a socket
    # without a timeout set to 0 (non-blocking) gives None when nothing has come.
    if sock.gettimeout() == 0:
        try:
            return sock.recv(n)
        except BlockingIOError:
            return None
    got = b""
    while len(got) < n:
        part = sock.recv(n - len(got))
        if not part:
            break
        got += part
    return got


def _readinto(sock, buf):
    # MicroPython's stream readinto: the bytes read into buf, 0 at the end of the stream;
    # a non-blocking socket gives None when nothing has come.
    try:
        return sock.recv_into(buf)
    except BlockingIOError:
        return None


def _write(sock, data, n=None):
    if isinstance(data, str):  # MicroPython's streams take text as its UTF-8
        data = data.encode()
    data = memoryview(data)[:len(data) if n is None else n]
    sock.sendall(data)
    return len(data)


if not hasattr(socket.socket, "read"):
    socket.socket.read = _read
    socket.socket.write = _write
    socket.socket.readinto = _readinto
