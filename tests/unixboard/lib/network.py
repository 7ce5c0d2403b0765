# The unix board's network (as tests/unixboard/lib/machine.py is its machine): the ESP32's
# access point, network.WLAN(network.AP_IF), on the host's loopback, so that the sharing
# server (hw.share) answers on 127.0.0.1 on the MicroPython unix port.
# Its station interface joins nothing (hw.radio turns it on for the RF's entropy).
STA_IF = 0
AP_IF = 1
AUTH_WPA2_PSK = 3
_active = [False, False]  # the station, the access point


class WLAN:
    def __init__(self, interface):
        if interface not in (STA_IF, AP_IF):
            raise OSError("no such interface")
        self._i = interface

    def active(self, on=None):
        if on is None:
            return _active[self._i]
        _active[self._i] = bool(on)

    def config(self, **settings):
        pass

    def ifconfig(self):
        return ("127.0.0.1", "255.255.255.0", "127.0.0.1", "127.0.0.1")
