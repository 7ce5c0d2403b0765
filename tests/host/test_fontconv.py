"""The committed font modules are exactly what tools/fontconv.py makes from the TTFs."""
import os
import re

import pytest

from tools import fontconv


def recorded_sha(module_path):
    with open(module_path, encoding="utf-8") as f:
        found = re.search(r"sha256 ([0-9a-f]{64})", f.read())
    return found.group(1) if found else None


@pytest.mark.parametrize("spec", fontconv.FONTS, ids=[spec[0] for spec in fontconv.FONTS])
def test_committed_font_matches_the_converter(spec, tmp_path):
    name, ttf = spec[0], spec[1]
    committed = os.path.join(fontconv.OUT_DIR, name + ".py")
    source = fontconv.ttf_path(ttf)
    if not os.path.exists(source):
        pytest.skip("%s missing: apt-get install -y fonts-dejavu-core" % source)
    if fontconv.sha256(source) != recorded_sha(committed):
        pytest.skip("installed %s is not the build the fonts were made from" % ttf)
    fontconv.write_font(spec, str(tmp_path))
    with open(committed, "rb") as f:
        expected = f.read()
    with open(os.path.join(str(tmp_path), name + ".py"), "rb") as f:
        assert f.read() == expected, "%s.py drifted from tools/fontconv.py: run make fonts" % name


def test_preview_renders_from_the_modules(tmp_path):
    modules = [(spec[0], fontconv.load_module(os.path.join(fontconv.OUT_DIR, spec[0] + ".py")))
               for spec in fontconv.FONTS]
    path = fontconv.render_preview(modules, str(tmp_path / "fonts.png"))
    from PIL import Image
    with Image.open(path) as image:
        assert image.width == 1280 and image.height > 400
        # Dark glyph pixels are present, not just the grey boxes.
        assert image.convert("L").getextrema()[0] == 0


def test_small_capitals_keep_no_more_right_bearing_than_n():
    # Issue 8 item 6: hinting left "P" and "C" a pixel wider than their ink at 10 px, so
    # the OLED showed "P artida", "C antó".
    spec = next(s for s in fontconv.FONTS if s[0] == "small")
    source = fontconv.ttf_path(spec[1])
    if not os.path.exists(source):
        pytest.skip("%s missing: apt-get install -y fonts-dejavu-core" % source)
    glyphs = {chr(g.code): g for g in fontconv.build_glyphs(spec[0], source, spec[2], spec[3])
              if g.code is not None}
    n = glyphs["n"]
    n_right = n.advance - n.left - n.width
    for ch in "PCÇ":
        g = glyphs[ch]
        assert g.advance - g.left - g.width <= n_right, ch
