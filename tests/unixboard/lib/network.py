# The unix board's network (as tests/unixboard/lib/machine.py is its machine): the ESP32's
# access point, network.WLAN(network.AP_IF), on the host's loopback, so that the sharing
# server (hw.share) answers on 127.0.0.1 on the MicroPython unix port; and its station,
# network.WLAN(network.STA_IF), joined at once to any network, so that tournament mode
# (hw.tournament) reaches a broker on loopback with the port's own sockets.
STA_IF = 0
AP_IF = 1
AUTH_WPA2_PSK = 3
_active = [False, False]  # the station, the access point
_joined = [False]


class WLAN:
    def __init__(self, interface):
        if interface != AP_IF and interface != STA_IF:
            raise OSError("no such interface")
        self._i = interface

    def active(self, on=None):
        if on is None:
            return _active[self._i]
        _active[self._i] = bool(on)
        if not on and self._i == STA_IF:
            _joined[0] = False

    def connect(self, ssid, key=None):
        if not _active[STA_IF]:
            raise OSError("the station is not active")
        _joined[0] = True

    def isconnected(self):
        return _joined[0] if self._i == STA_IF else _active[AP_IF]

    def config(self, **settings):
        pass

    def ifconfig(self):
        return ("127.0.0.1", "255.255.255.0", "127.0.0.1", "127.0.0.1")
