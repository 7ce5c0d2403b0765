# The board file for tests/host/test_deploy.py: the MicroPython unix port as a board. It
# names what every board file names (see boards/tdisplay.py), with a T-Display-sized
# canvas, no backlight and no battery; its "display" only counts what the app sends it
# and, after the first frame, prints the line the test waits for: main.py ran start.py,
# which imported this board, and the app drew its first screen.
from ui.gestures import KEYMAP_2

NAME = "unixboard"
WIDTH = 240
HEIGHT = 135
MONO = False

KEYS = 2
KEYMAP = KEYMAP_2
BUTTONS = (0, 35)  # pins of tests/unixboard/lib/machine.py: they read high, never pressed
BUTTON_PULL_UP = (True, False)
BUTTON_ACTIVE_LOW = True

BACKLIGHT = None
BATTERY_ADC = None
BATTERY_SCALE = 2


class Panel:
    """Stands in for a display driver: App.render sends it the bands that changed."""

    def __init__(self):
        self.bands = 0
        self.bytes = 0

    def show(self, canvas, x, y, w, h):
        self.bands += 1
        self.bytes += w * h // 2  # 4 bits a pixel
        if self.bands == 1:
            print("unixboard: app running, first band %dx%d" % (w, h))


def make_display(sleep_ms=None):
    return Panel()
