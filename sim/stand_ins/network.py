"""A CPython stand-in for MicroPython's network module: the access point of an ESP32
(network.WLAN(network.AP_IF)) on the host's loopback, so that the firmware's sharing
server (hw.share) answers on 127.0.0.1. What the firmware set is kept for the tests."""
STA_IF = 0
AP_IF = 1
AUTH_OPEN = 0
AUTH_WPA2_PSK = 3

ADDRESS = "127.0.0.1"
_state = {"active": False, "config": {}}  # the one access point of the board


def reset():
    _state["active"] = False
    _state["config"] = {}


class WLAN:
    def __init__(self, interface=STA_IF):
        if interface != AP_IF:
            raise OSError("the simulator has only the access point")

    def active(self, on=None):
        if on is None:
            return _state["active"]
        _state["active"] = bool(on)
        return None

    def config(self, *names, **settings):
        password = settings.get("password")
        if password is not None and not 8 <= len(password) <= 63:
            raise ValueError("a WPA2 password has 8 to 63 characters")
        _state["config"].update(settings)
        if names:
            return _state["config"].get(names[0])
        return None

    def ifconfig(self):
        return (ADDRESS, "255.255.255.0", ADDRESS, ADDRESS)

    def isconnected(self):
        return _state["active"]
