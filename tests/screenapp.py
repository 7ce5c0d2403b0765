# What the screen tests share (CPython and MicroPython): an App on a canvas of either size,
# made once per size as on the device (a fresh 16 KB each time would fragment
# MicroPython's capped heap), its match played from a table log; and a battery that reads
# what it is told.
from play import play
from ui.canvas import Canvas
from app.app import App, Settings

_CANVASES = {}


def make_app(setup="variant valencia", large=True, language="en"):
    settings = Settings()
    settings.language = language
    canvas = _CANVASES.get(large)
    if canvas is None:
        canvas = _CANVASES[large] = Canvas(240, 135) if large else Canvas(128, 64, mono=True)
    canvas.forget()
    return App(canvas, match=play(setup), settings=settings)


class Battery:
    def __init__(self, level, low=False):
        self.level = level
        self.is_low = low

    def battery(self):
        return self.level

    def low(self):
        return self.is_low
