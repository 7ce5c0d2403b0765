"""A canvas as an RGB image (Pillow), the way its panel shows it: screenshots and docs."""
from PIL import Image

from ui.canvas import PALETTE


def rgb565(value):
    r, g, b = value >> 11 & 31, value >> 5 & 63, value & 31
    return (r << 3 | r >> 2, g << 2 | g >> 4, b << 3 | b >> 2)


_COLOURS = [rgb565(v) for v in PALETTE]
_MONO = ((0, 0, 0), (120, 200, 255))  # a blue OLED


def image(canvas, scale=1):
    w, h = canvas.width, canvas.height
    fb = canvas.fb
    pic = Image.new("RGB", (w, h))
    table = _MONO if canvas.mono else _COLOURS
    pic.putdata([table[fb.pixel(x, y)] for y in range(h) for x in range(w)])
    if scale > 1:
        pic = pic.resize((w * scale, h * scale), Image.NEAREST)
    return pic
