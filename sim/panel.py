"""The simulated display panel: its own pixel memory, written only through show().

The window and the screenshots show this memory, never the canvas, so a band that the
app's change detection forgot to send stays visibly stale, as it would on the device.
"""
import random

from PIL import Image

# Byte -> one of its nibbles, and byte -> one of its bits: decoding whole rows with
# bytes.translate keeps a full-screen update cheap on CPython.
_HIGH = bytes(b >> 4 for b in range(256))
_LOW = bytes(b & 15 for b in range(256))
_BIT = tuple(bytes(b >> i & 1 for b in range(256)) for i in range(8))


class Panel:
    def __init__(self, board):
        self.width = board.width
        self.height = board.height
        self.mono = board.mono
        # Per channel, pixel value -> intensity (256 entries for translate).
        self._channels = tuple(bytes(board.colours[v][c] if v < len(board.colours) else 0
                                     for v in range(256)) for c in range(3))
        # Like a real controller's RAM at power-on: noise until written.
        self.rgb = bytearray(random.Random(0).randbytes(self.width * self.height * 3))
        self.bytes_sent = 0  # what the bus would have carried
        self.updates = 0

    def show(self, canvas, x, y, w, h):
        """Sends the canvas's (x, y, w, h) rectangle to the panel."""
        if canvas.width != self.width or canvas.height != self.height:
            raise ValueError("canvas is %dx%d, panel %dx%d"
                             % (canvas.width, canvas.height, self.width, self.height))
        if w <= 0 or h <= 0 or x < 0 or y < 0 or x + w > self.width or y + h > self.height:
            raise ValueError("rectangle %r outside the panel" % ((x, y, w, h),))
        if self.mono:
            # An SSD1306 is written in pages of 8 rows: a band must start and end on one.
            if y % 8 or (y + h) % 8 and y + h != self.height:
                raise ValueError("mono bands must be whole 8-row pages, not rows %d..%d"
                                 % (y, y + h))
            self.bytes_sent += w * ((h + 7) // 8)
        else:
            self.bytes_sent += w * h * 2  # RGB565
        self.updates += 1
        for row in range(y, y + h):
            self._write_row(canvas.buffer, row, x, w)

    def _write_row(self, buffer, row, x, w):
        width = self.width
        if self.mono:  # MONO_VLSB: a byte is a column of a page, bit 0 at the top
            page = buffer[row // 8 * width + x:row // 8 * width + x + w]
            values = page.translate(_BIT[row % 8])
        else:  # GS4_HMSB: two pixels a byte, the left one in the high nibble
            stride = (width + 1) // 2
            packed = buffer[row * stride + x // 2:row * stride + (x + w + 1) // 2]
            both = bytearray(len(packed) * 2)
            both[0::2] = packed.translate(_HIGH)
            both[1::2] = packed.translate(_LOW)
            values = both[x & 1:(x & 1) + w]
        start = (row * width + x) * 3
        for c in range(3):
            self.rgb[start + c:start + w * 3:3] = values.translate(self._channels[c])

    def pixel(self, x, y):
        i = (y * self.width + x) * 3
        return tuple(self.rgb[i:i + 3])

    def image(self, scale=1):
        """The panel's memory as a Pillow image, enlarged without smoothing."""
        pic = Image.frombytes("RGB", (self.width, self.height), bytes(self.rgb))
        if scale > 1:
            pic = pic.resize((self.width * scale, self.height * scale), Image.NEAREST)
        return pic
