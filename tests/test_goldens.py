# The main screens, in every language and on every board, are exactly the canvases they
# were when last looked at (docs/screens/): a checksum of the canvas bytes. The same
# checksums hold on CPython (the framebuf stand-in) and on MicroPython (the real one).
# mp-heap: 512K  (every board, every screen, every language in one process)
from binascii import crc32

from goldens import GOLDENS
from tools.scenes import BOARDS, SCENES, build
from ui.canvas import Canvas

# Made once, first, as on the device: a fresh canvas per check would have to find room
# in a heap the screens before it have fragmented. Boards of one glass share one.
_CANVASES = {}
for _, _w, _h, _mono, _ in BOARDS:
    if (_w, _h, _mono) not in _CANVASES:
        _CANVASES[(_w, _h, _mono)] = Canvas(_w, _h, _mono)


def _check(language):
    wrong = []
    for board, width, height, mono, keys in BOARDS:
        canvas = _CANVASES[(width, height, mono)]
        for name, _ in SCENES:
            key = "%s-%s-%s" % (name, board, language)
            build(canvas, name, language, keys=keys)
            if crc32(canvas.buffer) != GOLDENS[key]:
                wrong.append(key)
    assert not wrong, "changed: %s (look at python -m tools.screens)" % " ".join(wrong)


def test_main_screens_in_catalan():
    _check("ca")


def test_main_screens_in_spanish():
    _check("es")


def test_main_screens_in_english():
    _check("en")


def test_every_screen_has_a_golden_on_every_board_in_every_language():
    for board in BOARDS:
        for name, _ in SCENES:
            for language in ("ca", "es", "en"):
                assert "%s-%s-%s" % (name, board[0], language) in GOLDENS
