# The WiFi radio as the board's own access point, for sharing the match (hw.share): the
# module that imports network (hw.listen too, to draw the password). WPA2, the name from
# the chip's id ("truc-1a2b"), the board's address on it (192.168.4.1 on an ESP32).
import machine
import network
from micropython import const

_WPA2_PSK = const(3)  # network.AUTH_WPA2_PSK on an ESP32
# Stations that may join: six players and four onlookers. ESP-IDF lets 4 join by default
# and 10 at most on the ESP32; each takes about 1.5 KB of ESP-IDF's memory, not the heap.
_STATIONS = const(10)


class Radio:
    def __init__(self):
        self._ap = None

    def name(self):
        uid = machine.unique_id()
        return "truc-%02x%02x" % (uid[-2], uid[-1])

    def up(self, name, password):
        """Opens the network; returns the board's address on it. WPA2 is set before the
        access point is switched on: it is never open, not for a moment."""
        ap = network.WLAN(network.AP_IF)
        ap.config(essid=name, password=password, max_clients=_STATIONS,
                  authmode=getattr(network, "AUTH_WPA2_PSK", _WPA2_PSK))
        ap.active(True)
        self._ap = ap
        return ap.ifconfig()[0]

    def down(self):
        """The radio off (also when it was never on: a boot's default)."""
        ap = self._ap or network.WLAN(network.AP_IF)
        ap.active(False)
        self._ap = None
