# Runs ON MicroPython (unix port, which has no `machine`): the display drivers' show()
# with fake bus and pin objects, timed, and checked for heap allocation.
#   .venv/bin/micropython tools/mp_driver_bench.py [FIRMWARE_DIR]
# For comparison it also times the two pure-Python ways of expanding a row that the
# drivers do not use (a 256-entry table of 4-byte pairs; two 256-entry RGB565 tables).
# The fake SPI write costs one Python call per line, as the real one does, but no wire
# time: at 26.7 MHz a 240x135 frame is 19.4 ms on the wire, at 40 MHz 13 ms.
import gc
import sys
import time
from array import array

import micropython

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else "firmware")
from ui.canvas import Canvas, PALETTE  # noqa: E402
from hw.dcs import MX, MV, BGR  # noqa: E402
from hw.st7789 import ST7789  # noqa: E402
from hw.ili9342c import ILI9342C  # noqa: E402
from hw.ssd1306 import SSD1306  # noqa: E402


class FakePin:
    def __init__(self):
        self.v = 1

    def __call__(self, v=None):
        if v is None:
            return self.v
        self.v = v


class FakeSPI:
    def __init__(self):
        self.bytes = 0
        self.writes = 0

    def write(self, buf):
        self.bytes += len(buf)
        self.writes += 1


class FakeI2C:
    def __init__(self):
        self.bytes = 0

    def writeto_mem(self, addr, mem, buf):
        self.bytes += len(buf) + 1


def no_sleep(ms):
    pass


def picture(c):
    # Something like a screen: every colour, text-sized blocks, an odd edge.
    c.fill(0)
    for i in range(60):
        c.fill_rect(i * 37 % (c.width - 11), i * 23 % (c.height - 7), 11, 7, i % 9)
    c.rect(1, 1, c.width - 3, c.height - 3, 1)


def us_per(fn, n):
    gc.collect()
    t = time.ticks_us()
    for _ in range(n):
        fn()
    return time.ticks_diff(time.ticks_us(), t) / n


def allocates(fn):
    """True if fn allocates on the heap (it runs with the heap locked)."""
    fn()  # warm: widths fitted once
    micropython.heap_lock()
    try:
        for _ in range(3):
            fn()
    except MemoryError:
        return True
    finally:
        micropython.heap_unlock()
    return False


def py_table_quad(canvas):
    # 256 entries x 4 bytes: both pixels of a source byte, big-endian RGB565, in one lookup.
    t = bytearray(1024)
    for b in range(256):
        hi, lo = PALETTE[b >> 4], PALETTE[b & 15]
        t[4 * b:4 * b + 4] = bytes((hi >> 8, hi & 255, lo >> 8, lo & 255))
    line = bytearray(480)
    src = canvas.buffer
    spi = FakeSPI()

    def frame():
        for row in range(135):
            j = 0
            base = row * 120
            for i in range(base, base + 120):
                k = src[i] << 2
                line[j] = t[k]
                line[j + 1] = t[k + 1]
                line[j + 2] = t[k + 2]
                line[j + 3] = t[k + 3]
                j += 4
            spi.write(line)
    return frame


def py_table_halves(canvas):
    # Two 256-entry RGB565 tables (left and right pixel of a byte), stored byte-swapped so
    # the little-endian array holds big-endian pixels: two loads, two stores a byte.
    def swap(c):
        return (c & 255) << 8 | c >> 8
    left = array("H", [swap(PALETTE[b >> 4]) for b in range(256)])
    right = array("H", [swap(PALETTE[b & 15]) for b in range(256)])
    line = array("H", bytes(480))
    src = canvas.buffer
    spi = FakeSPI()

    def frame():
        for row in range(135):
            j = 0
            base = row * 120
            for i in range(base, base + 120):
                b = src[i]
                line[j] = left[b]
                line[j + 1] = right[b]
                j += 2
            spi.write(line)
    return frame


def main():
    print("MicroPython", sys.version, sys.implementation._machine)
    canvas = Canvas(240, 135)
    picture(canvas)
    spi = FakeSPI()
    d = ST7789(spi, FakePin(), FakePin(), FakePin(), width=240, height=135, col0=40, row0=53,
               madctl=MX | MV | BGR, invert=True, palette=PALETTE, sleep_ms=no_sleep)
    full = us_per(lambda: d.show(canvas, 0, 0, 240, 135), 50)
    band16 = us_per(lambda: d.show(canvas, 0, 40, 240, 16), 400)
    band4 = us_per(lambda: d.show(canvas, 0, 40, 240, 4), 1000)
    spi.bytes = spi.writes = 0
    d.show(canvas, 0, 0, 240, 135)
    print("ST7789 240x135 full frame: %.0f us  (%d bytes in %d writes)"
          % (full, spi.bytes, spi.writes))
    print("ST7789 16-row band:        %.0f us" % band16)
    print("ST7789 4-row band:         %.0f us" % band4)
    print("ST7789 show() allocates:   %s" % allocates(lambda: d.show(canvas, 0, 0, 240, 135)))

    wide = Canvas(320, 240)  # the M5Stack Core's glass, whole
    picture(wide)
    m5 = ILI9342C(FakeSPI(), FakePin(), FakePin(), FakePin(), invert=True, palette=PALETTE,
                  sleep_ms=no_sleep)
    print("ILI9342C 320x240 frame:    %.0f us, allocates: %s" % (
        us_per(lambda: m5.show(wide, 0, 0, 320, 240), 50),
        allocates(lambda: m5.show(wide, 0, 0, 320, 240))))

    mono = Canvas(128, 64, mono=True)
    picture(mono)
    o = SSD1306(FakeI2C(), sleep_ms=no_sleep)
    print("SSD1306 128x64 full frame: %.0f us, one page: %.0f us, allocates: %s" % (
        us_per(lambda: o.show(mono, 0, 0, 128, 64), 200),
        us_per(lambda: o.show(mono, 0, 8, 128, 8), 1000),
        allocates(lambda: o.show(mono, 0, 0, 128, 64))))

    print("for comparison, pure-Python row expansion of a full 240x135 frame:")
    print("  256 x 4-byte table:      %.0f us" % us_per(py_table_quad(canvas), 5))
    print("  2 x 256 RGB565 tables:   %.0f us" % us_per(py_table_halves(canvas), 5))


main()
