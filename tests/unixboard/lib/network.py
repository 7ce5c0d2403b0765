# The unix board's network (as tests/unixboard/lib/machine.py is its machine): the ESP32's
# access point, network.WLAN(network.AP_IF), on the host's loopback, so that the sharing
# server (hw.share) answers on 127.0.0.1 on the MicroPython unix port.
AP_IF = 1
AUTH_WPA2_PSK = 3
_active = [False]


class WLAN:
    def __init__(self, interface):
        if interface != AP_IF:
            raise OSError("the unix board has only the access point")

    def active(self, on=None):
        if on is None:
            return _active[0]
        _active[0] = bool(on)

    def config(self, **settings):
        pass

    def ifconfig(self):
        return ("127.0.0.1", "255.255.255.0", "127.0.0.1", "127.0.0.1")
