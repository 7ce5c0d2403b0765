# The main screens, in every language and on both sizes, are exactly the canvases they
# were when last looked at (docs/screens/): a checksum of the canvas bytes. The same
# checksums hold on CPython (the framebuf stand-in) and on MicroPython (the real one).
# mp-heap: 384K  (both screen sizes, every screen, all three languages in one process)
from binascii import crc32

from goldens import GOLDENS
from tools.scenes import SCENES, build
from ui.canvas import Canvas

_SIZES = (("tdisplay", 240, 135, False), ("oled", 128, 64, True))
# Made once, first, as on the device: a fresh 16 KB canvas per check would have to find
# room in a heap the screens before it have fragmented.
_CANVASES = [Canvas(w, h, mono) for _, w, h, mono in _SIZES]


def _check(language):
    wrong = []
    for i in range(len(_SIZES)):
        size = _SIZES[i][0]
        canvas = _CANVASES[i]
        for name, _ in SCENES:
            key = "%s-%s-%s" % (name, size, language)
            build(canvas, name, language)
            if crc32(canvas.buffer) != GOLDENS[key]:
                wrong.append(key)
    assert not wrong, "changed: %s (look at python -m tools.screens)" % " ".join(wrong)


def test_main_screens_in_catalan():
    _check("ca")


def test_main_screens_in_spanish():
    _check("es")


def test_main_screens_in_english():
    _check("en")


def test_every_screen_has_a_golden_in_every_language():
    for size, _, _, _ in _SIZES:
        for name, _ in SCENES:
            for language in ("ca", "es", "en"):
                assert "%s-%s-%s" % (name, size, language) in GOLDENS
