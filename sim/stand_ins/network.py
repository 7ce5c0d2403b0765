"""A CPython stand-in for MicroPython's network module: the access point of an ESP32
(network.WLAN(network.AP_IF)) on the host's loopback, so that the firmware's sharing
server (hw.share) answers on 127.0.0.1, and its station interface, which joins nothing
(the firmware turns it on for the RF's entropy: hw.radio). What the firmware set is kept
for the tests: the access point's config, and in "log" every call in order."""
STA_IF = 0
AP_IF = 1
AUTH_OPEN = 0
AUTH_WPA2_PSK = 3

ADDRESS = "127.0.0.1"
# The board's two interfaces: whether each is active; the access point's config.
_state = {"active": False, "station": False, "config": {}, "log": []}


def reset():
    _state["active"] = False
    _state["station"] = False
    _state["config"] = {}
    _state["log"] = []


def rf_on():
    """The RF subsystem is on while either interface is (true random numbers)."""
    return _state["active"] or _state["station"]


class WLAN:
    def __init__(self, interface=STA_IF):
        if interface not in (STA_IF, AP_IF):
            raise OSError("no such interface")
        self._key = "active" if interface == AP_IF else "station"

    def active(self, on=None):
        if on is None:
            return _state[self._key]
        _state[self._key] = bool(on)
        _state["log"].append((self._key, bool(on)))
        return None

    def config(self, *names, **settings):
        if self._key == "station":
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
        return _state[self._key]
