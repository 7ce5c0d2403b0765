"""The pictures in docs/screens are the screens the goldens hold: one picture a golden, and
each the picture of the canvas whose checksum is that golden (tools/screens.py draws them:
`python -m tools.screens` after a change to a screen)."""
import os
from binascii import crc32

from PIL import Image

from goldens import GOLDENS
from sim.picture import image
from tools import screens


def test_one_picture_a_golden():
    found = sorted(f[:-4] for f in os.listdir(screens.DOCS) if f.endswith(".png"))
    assert found == sorted(GOLDENS)


def test_each_picture_shows_its_goldens_canvas():
    wrong = []
    for key, canvas, scale in screens.pictures():
        assert crc32(canvas.buffer) == GOLDENS[key], key  # (tests/test_goldens.py says more)
        with Image.open(os.path.join(screens.DOCS, key + ".png")) as png:
            if png.convert("RGB").tobytes() != image(canvas, scale).convert("RGB").tobytes():
                wrong.append(key)
    assert not wrong, "docs/screens out of date (python -m tools.screens): %s" % wrong
