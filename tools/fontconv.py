"""Converts DejaVu TrueType fonts into the bitmap font files in firmware/ui/fonts/.

Host only (CPython + Pillow). From the repo root:

    python -m tools.fontconv                    # every font below + docs/fonts.png
    python -m tools.fontconv medium --out /tmp  # one font into another folder
    python -m tools.fontconv --preview-only     # redraw docs/fonts.png from the files

File format (FORMAT 2), NAME.bin, read by firmware/ui/text.py a glyph at a time:
  header, 16 bytes: b"TF", FORMAT, HEIGHT (rows of every glyph box), BASELINE (rows of
      the box above the baseline), MAX_WIDTH (widest glyph's ink), GLYPHS, MAP_FIRST,
      MAP_LEN, WIDE_COUNT, WIDE_FIRST, PLACEHOLDER, GLYPH_BYTES (2, little endian), 0, 0
  MAP       MAP_LEN bytes: glyph index for code points MAP_FIRST.. (255: no glyph)
  WIDE      code points above U+00FF, 2 bytes each (big endian), glyphs WIDE_FIRST..
  METRICS   3 bytes a glyph: ink width, left bearing + 128, advance
  BITMAPS   GLYPH_BYTES a glyph: its ink in a MAX_WIDTH x HEIGHT box, MONO_HLSB
  then the font's notice and license, as UTF-8 text (never read by the firmware),
  then the check of every data file (tools.mpbuild.seal): the file's length (4), the
      crc32 of all before (4), which the firmware verifies when it opens the file.
PLACEHOLDER is the glyph drawn for characters the font lacks (a hollow box). Glyph boxes
span the full HEIGHT so a glyph needs no y offset, and each bitmap has the layout of the
firmware's scratch buffer, so one read puts a glyph there.

Glyphs come from FreeType's monochrome renderer with the font's own TrueType hinting:
at these sizes it keeps stems one pixel wide and accents apart from capitals, which
thresholding an anti-aliased rendering does not.
"""
import argparse
import hashlib
import os
import sys

from PIL import Image, ImageDraw, ImageFont, __version__ as PILLOW_VERSION, features

from tools.mpbuild import seal

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "firmware", "ui", "fonts")
PREVIEW = os.path.join(ROOT, "docs", "fonts.png")
FONT_DIR = "/usr/share/fonts/truetype/dejavu"  # Debian package fonts-dejavu-core
REGENERATE = ("make fonts  (apt-get install -y fonts-dejavu-core; "
              ".venv/bin/python -m tools.fontconv)")

MAGIC = b"TF"
FORMAT = 2
HEADER = 16
METRICS = 3
NO_GLYPH = 255
BEARING_BIAS = 128

# Printable ASCII, then every letter Catalan and Spanish need, plus their punctuation.
# Ŀ ŀ are the precomposed "l·l" some keyboards produce.
TEXT_CHARS = ("".join(chr(c) for c in range(0x20, 0x7F))
              + "àáèéíïòóúüçñÀÁÈÉÍÏÒÓÚÜÇÑ·¡¿«»’Ŀŀ")
DIGIT_CHARS = " +-/0123456789:"

# name, TTF file, pixel size, characters, what it is for
FONTS = (
    ("small", "DejaVuSans.ttf", 10, TEXT_CHARS, "text on the 128x64 monochrome OLED"),
    ("medium", "DejaVuSans.ttf", 14, TEXT_CHARS, "UI text on the 240x135 colour screen"),
    ("digits_small", "DejaVuSans-Bold.ttf", 35, DIGIT_CHARS, "scores on the 128x64 OLED"),
    ("digits_large", "DejaVuSans-Bold.ttf", 58, DIGIT_CHARS, "scores on the 240x135 screen"),
    # The 320x240 glass (M5Stack Core) is read across a six-player table: its scores are
    # twice the 240x135 screen's digit height, its text a size up.
    ("large", "DejaVuSans.ttf", 18, TEXT_CHARS, "UI text on the 320x240 colour screen"),
    ("digits_huge", "DejaVuSansCondensed-Bold.ttf", 116, DIGIT_CHARS,
     "scores on the 320x240 screen"),
)

# Hand-drawn glyphs where hinting gives blobs (10 px) or strokes twice as heavy as the
# letters (14 px): (left bearing, advance, rows). Rows run top-down; the last one sits
# just above the baseline.
OVERRIDES = {
    ("medium", "\u00ab"): (1, 9, ("..#..#", ".#..#.", "#..#..", ".#..#.", "..#..#", "......")),
    ("medium", "\u00bb"): (1, 9, ("#..#..", ".#..#.", "..#..#", ".#..#.", "#..#..", "......")),
    ("small", "\u00ab"): (1, 6, (".#.#", "#.#.", ".#.#", "....")),  # «
    ("small", "\u00bb"): (1, 6, ("#.#.", ".#.#", "#.#.", "....")),  # »
    ("small", "\u2019"): (1, 4, (".#", ".#", "#.", "..", "..", "..", "..")),  # ’ unlike '
}

FONT_NOTICE = """\
Font: DejaVu %(family)s 2.37 (%(ttf)s, sha256 %(sha)s),
from Debian's fonts-dejavu-core, rendered at %(size)d px by FreeType %(freetype)s
(Pillow %(pillow)s) with monochrome hinting.
Copyright (c) 2003 by Bitstream, Inc. All Rights Reserved. Bitstream Vera is a
trademark of Bitstream, Inc. DejaVu changes are in public domain.
License: Bitstream Vera Fonts license (a free, permissive font license):

Permission is hereby granted, free of charge, to any person obtaining a copy of the
fonts accompanying this license ("Fonts") and associated documentation files (the
"Font Software"), to reproduce and distribute the Font Software, including without
limitation the rights to use, copy, merge, publish, distribute, and/or sell copies of
the Font Software, and to permit persons to whom the Font Software is furnished to do
so, subject to the following conditions:

The above copyright and trademark notices and this permission notice shall be
included in all copies of one or more of the Font Software typefaces.

The Font Software may be modified, altered, or added to, and in particular the designs
of glyphs or characters in the Fonts may be modified and additional glyphs or
characters may be added to the Fonts, only if the fonts are renamed to names not
containing either the words "Bitstream" or the word "Vera".

This License becomes null and void to the extent applicable to Fonts or Font Software
that has been modified and is distributed under the "Bitstream Vera" names.

The Font Software may be sold as part of a larger software package but no copy of one
or more of the Font Software typefaces may be sold by itself.

THE FONT SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO ANY WARRANTIES OF MERCHANTABILITY, FITNESS FOR A
PARTICULAR PURPOSE AND NONINFRINGEMENT OF COPYRIGHT, PATENT, TRADEMARK, OR OTHER
RIGHT. IN NO EVENT SHALL BITSTREAM OR THE GNOME FOUNDATION BE LIABLE FOR ANY CLAIM,
DAMAGES OR OTHER LIABILITY, INCLUDING ANY GENERAL, SPECIAL, INDIRECT, INCIDENTAL, OR
CONSEQUENTIAL DAMAGES, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING
FROM, OUT OF THE USE OR INABILITY TO USE THE FONT SOFTWARE OR FROM OTHER DEALINGS IN
THE FONT SOFTWARE.

Except as contained in this notice, the names of Gnome, the Gnome Foundation, and
Bitstream Inc., shall not be used in advertising or otherwise to promote the sale, use
or other dealings in this Font Software without prior written authorization from the
Gnome Foundation or Bitstream Inc., respectively."""


class Glyph:
    """One character: ink bitmap (rows of 0/1, baseline-relative top) and metrics."""

    def __init__(self, code, left, advance, top, rows):
        self.code = code
        self.left = left          # pen x to first ink column
        self.advance = advance
        self.top = top            # first ink row relative to the baseline (negative: above)
        self.rows = rows          # list of rows, each a list of 0/1; may be empty (space)

    @property
    def width(self):
        return len(self.rows[0]) if self.rows else 0


def ttf_path(ttf, font_dir=None):
    return os.path.join(font_dir or FONT_DIR, ttf)


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def render_glyph(font, size, ch):
    # Pen well inside a canvas three em wide and tall, so no ink can be cut off.
    pen_x, base_y = size, 2 * size
    im = Image.new("1", (3 * size, 3 * size), 0)
    draw = ImageDraw.Draw(im)
    draw.fontmode = "1"  # FreeType mono rendering: hinted, no anti-aliasing
    draw.text((pen_x, base_y), ch, font=font, fill=1, anchor="ls")
    advance = int(font.getlength(ch, mode="1"))
    box = im.getbbox()
    if box is None:
        return Glyph(ord(ch), 0, advance, 0, [])
    x0, y0, x1, y1 = box
    rows = [[1 if im.getpixel((x, y)) else 0 for x in range(x0, x1)] for y in range(y0, y1)]
    # Hinting puts a few glyphs (J V j v x y) a pixel left of the pen. Ink there would be
    # cut off for text drawn at x=0 and breaks "the text starts at x", so they move in;
    # each still fits its advance.
    left = max(0, x0 - pen_x)
    return Glyph(ord(ch), left, advance, y0 - base_y, rows)


def placeholder_glyph(height_above_baseline, size):
    # A hollow box as tall as the digits: unmistakable, and no real glyph looks like it.
    width = max(4, (height_above_baseline * 3 + 4) // 5)
    side = max(1, size // 10)
    stroke = max(1, size // 14)
    rows = []
    for y in range(height_above_baseline):
        edge_row = y < stroke or y >= height_above_baseline - stroke
        rows.append([1 if edge_row or x < stroke or x >= width - stroke else 0
                     for x in range(width)])
    return Glyph(None, side, width + 2 * side, -height_above_baseline, rows)


def drawn_glyph(ch, left, advance, rows):
    bits = [[1 if c == "#" else 0 for c in row] for row in rows]
    return Glyph(ord(ch), left, advance, -len(rows), bits)


def build_glyphs(name, ttf_file, size, chars):
    font = ImageFont.truetype(ttf_file, size, layout_engine=ImageFont.Layout.BASIC)
    glyphs = []
    for ch in sorted(set(chars)):
        drawn = OVERRIDES.get((name, ch))
        glyphs.append(drawn_glyph(ch, *drawn) if drawn else render_glyph(font, size, ch))
    # Hinting rounds some capitals' advances up: at 10 px they keep a pixel of right
    # bearing the lowercase letters lack, and with the next letter's left bearing that
    # reads as a gap ("P artida"). Letters get no more right bearing than "n" has.
    n = next((g for g in glyphs if g.code == ord("n")), None)  # digit fonts have none
    if n:
        n_right = n.advance - n.left - n.width
        for g in glyphs:
            if g.rows and chr(g.code).isalpha():
                g.advance = min(g.advance, g.left + g.width + n_right)
    digit_height = -next(g.top for g in glyphs if g.code == ord("0"))
    glyphs.append(placeholder_glyph(digit_height, size))
    return glyphs


class FontData:
    """The tables of one font file, computed from its glyphs."""

    def __init__(self, glyphs):
        inked = [g for g in glyphs if g.rows]
        self.top = min(g.top for g in inked)
        self.bottom = max(g.top + len(g.rows) for g in inked)
        self.height = self.bottom - self.top
        self.baseline = -self.top
        self.max_width = max(g.width for g in glyphs)
        if len(glyphs) >= NO_GLYPH:
            raise ValueError("too many glyphs for one-byte indexes")

        codes = [g.code for g in glyphs if g.code is not None]
        narrow = [c for c in codes if c <= 0xFF]
        wide = [c for c in codes if c > 0xFF]
        if any(c > 0xFFFF for c in wide):
            raise ValueError("WIDE holds 16-bit code points only")
        self.map_first = narrow[0]
        index = {g.code: i for i, g in enumerate(glyphs)}
        self.map = bytes(index.get(c, NO_GLYPH) for c in range(narrow[0], narrow[-1] + 1))
        self.wide = b"".join(c.to_bytes(2, "big") for c in wide)
        self.wide_first = index[wide[0]] if wide else len(glyphs) - 1
        self.placeholder = len(glyphs) - 1

        # Each glyph's bitmap in the box of the widest: the firmware reads one straight
        # into its scratch buffer. Metrics: ink width, left bearing + 128, advance.
        stride = (self.max_width + 7) // 8
        self.glyph_bytes = stride * self.height
        metrics = bytearray()
        bitmaps = bytearray()
        for g in glyphs:
            if not -BEARING_BIAS <= g.left < BEARING_BIAS or not 0 <= g.advance < 256:
                raise ValueError("metrics do not fit a byte")
            metrics += bytes((g.width, g.left + BEARING_BIAS, g.advance))
            bitmap = bytearray(self.glyph_bytes)
            for r, row in enumerate(g.rows):
                y = g.top + r - self.top
                for c, bit in enumerate(row):
                    if bit:
                        bitmap[y * stride + (c >> 3)] |= 0x80 >> (c & 7)
            bitmaps += bitmap
        self.stride = stride
        self.metrics = bytes(metrics)
        self.bitmaps = bytes(bitmaps)
        self.glyph_count = len(glyphs)


def font_file(name, ttf, size, chars, purpose, font_dir=None):
    """The bytes of firmware/ui/fonts/NAME.bin (FORMAT 2, see the top of this file)."""
    path = ttf_path(ttf, font_dir)
    data = FontData(build_glyphs(name, path, size, chars))
    family = "Sans" + (" Condensed" if "Condensed" in ttf else "") \
        + (" Bold" if "Bold" in ttf else "")
    notice = FONT_NOTICE % dict(family=family, ttf=ttf, sha=sha256(path), size=size,
                                freetype=features.version("freetype2"), pillow=PILLOW_VERSION)
    listed = "".join(sorted(set(chars))).replace(" ", "")
    text = ("Bitmap font %r: %s. Generated by tools/fontconv.py: do not edit.\n"
            "Regenerate: %s\nGlyphs (and a space): %s\n\n%s\n"
            % (name, purpose, REGENERATE, listed, notice))
    head = bytes((MAGIC[0], MAGIC[1], FORMAT, data.height, data.baseline, data.max_width,
                  data.glyph_count, data.map_first, len(data.map), len(data.wide) // 2,
                  data.wide_first, data.placeholder,
                  data.glyph_bytes & 0xFF, data.glyph_bytes >> 8, 0, 0))
    assert len(head) == HEADER
    return seal(head + data.map + data.wide + data.metrics + data.bitmaps
                + text.encode("utf-8"))


def write_font(spec, out_dir=OUT_DIR, font_dir=None):
    path = os.path.join(out_dir, spec[0] + ".bin")
    with open(path, "wb") as f:
        f.write(font_file(*spec, font_dir=font_dir))
    return path


class FontFile:
    """A font file read back (the preview and the tests): its header as attributes."""

    def __init__(self, path):
        with open(path, "rb") as f:
            data = f.read()
        if data[:2] != MAGIC or data[2] != FORMAT:
            raise ValueError("%s: not a FORMAT %d font file" % (path, FORMAT))
        (self.HEIGHT, self.BASELINE, self.MAX_WIDTH, self.GLYPHS, self.MAP_FIRST, map_len,
         wide_count, self.WIDE_FIRST, self.PLACEHOLDER) = data[3:12]
        self.GLYPH_BYTES = data[12] | data[13] << 8
        at = HEADER
        self.MAP = data[at:at + map_len]
        at += map_len
        self.WIDE = data[at:at + 2 * wide_count]
        at += 2 * wide_count
        self.METRICS = data[at:at + METRICS * self.GLYPHS]
        at += METRICS * self.GLYPHS
        self.BITMAPS = data[at:at + self.GLYPH_BYTES * self.GLYPHS]
        self.NOTICE = data[at + self.GLYPH_BYTES * self.GLYPHS:-8].decode("utf-8")
        self.CHECK = data[-8:]  # the length and crc32 (tools.mpbuild.seal)


# ---- preview: drawn from the font files only, never from the TTF ----

def glyph_index(module, ch):
    code = ord(ch)
    i = code - module.MAP_FIRST
    if 0 <= i < len(module.MAP):
        g = module.MAP[i]
        return module.PLACEHOLDER if g == NO_GLYPH else g
    for k in range(0, len(module.WIDE), 2):
        if int.from_bytes(module.WIDE[k:k + 2], "big") == code:
            return module.WIDE_FIRST + k // 2
    return module.PLACEHOLDER


def glyph_metrics(font, index):
    m = font.METRICS[index * METRICS:index * METRICS + METRICS]
    return m[0], m[1] - BEARING_BIAS, m[2]


def paint_glyph(image, font, index, x, y, scale, colour):
    """Paints glyph `index` with its pen at (x, y) (top of the box); returns its advance."""
    width, left, advance = glyph_metrics(font, index)
    stride = (font.MAX_WIDTH + 7) // 8
    bitmap = font.BITMAPS[index * font.GLYPH_BYTES:(index + 1) * font.GLYPH_BYTES]
    draw = ImageDraw.Draw(image)
    for row in range(font.HEIGHT):
        for col in range(width):
            if bitmap[row * stride + (col >> 3)] & (0x80 >> (col & 7)):
                px, py = x + (left + col) * scale, y + row * scale
                draw.rectangle((px, py, px + scale - 1, py + scale - 1), fill=colour)
    return advance * scale


def paint_text(image, module, text, x, y, scale, colour):
    for ch in text:
        x += paint_glyph(image, module, glyph_index(module, ch), x, y, scale, colour)
    return x


SAMPLES = {
    "small": ("Truc! Envit? Falta · l·l ço ñ", "ÀÁÈÉÍÏÒÓÚÜÇÑ «Sí» ¿Què? ¡Vale!"),
    "medium": ("Truc, retruc, val nou i joc fora!", "L’envit: «Falta» · Col·lecció"),
    "digits_small": ("12 : 24", "+3 -1 9/9"),
    "digits_large": ("12 : 24", "+3 -1"),
    "large": ("Truc, retruc, val nou i joc fora!", "L’envit: «Falta» · Col·lecció"),
    "digits_huge": ("12 : 24", "+3"),
}
PREVIEW_SCALE = {"small": 4, "medium": 3, "digits_small": 2, "digits_large": 2, "large": 2,
                 "digits_huge": 1}


def render_preview(modules, path=PREVIEW):
    """modules: list of (name, FontFile). Each glyph in a grey box with its baseline in red."""
    label_font = dict(modules).get("medium") or modules[0][1]
    ink, paper, box, baseline = (0, 0, 0), (255, 255, 255), (222, 222, 222), (230, 60, 60)
    margin, gap, width = 12, 6, 1280
    # Lay out first to know the height, then paint.
    blocks = []
    y = margin
    for name, module in modules:
        scale = PREVIEW_SCALE.get(name, 2)
        cells = []
        x, row_y, cell_h = margin, y + label_font.HEIGHT * 2 + gap, module.HEIGHT * scale
        for index in range(module.GLYPHS):
            w, left, advance = glyph_metrics(module, index)
            lo, hi = min(0, left), max(advance, left + w)
            cell_w = (hi - lo) * scale
            if x + cell_w > width - margin:
                x, row_y = margin, row_y + cell_h + gap
            cells.append((index, x - lo * scale, row_y, lo, hi))
            x += cell_w + gap
        sample_y = row_y + cell_h + gap * 2
        samples = SAMPLES.get(name, ())
        blocks.append((name, module, scale, y, cells, sample_y, samples))
        y = sample_y + len(samples) * (cell_h + gap) + margin * 2
    image = Image.new("RGB", (width, y), paper)
    draw = ImageDraw.Draw(image)
    for name, module, scale, top, cells, sample_y, samples in blocks:
        title = "%s: %d px box, baseline %d, %d glyphs, scale x%d" % (
            name, module.HEIGHT, module.BASELINE, module.GLYPHS, scale)
        paint_text(image, label_font, title, margin, top, 2, ink)
        for index, pen_x, row_y, lo, hi in cells:
            draw.rectangle((pen_x + lo * scale, row_y, pen_x + hi * scale - 1,
                            row_y + module.HEIGHT * scale - 1), fill=box)
            base = row_y + module.BASELINE * scale
            draw.line((pen_x + lo * scale, base, pen_x + hi * scale - 1, base), fill=baseline)
            paint_glyph(image, module, index, pen_x, row_y, scale, ink)
        for i, text in enumerate(samples):
            paint_text(image, module, text, margin, sample_y + i * (module.HEIGHT * scale + gap),
                       scale, ink)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    image.save(path, optimize=True)
    return path


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help="fonts to build (default: all)")
    parser.add_argument("--out", default=OUT_DIR, help="folder for the font files")
    parser.add_argument("--font-dir", default=FONT_DIR, help="folder holding the DejaVu TTFs")
    parser.add_argument("--preview", default=None,
                        help="PNG preview path, '' for none (default: docs/fonts.png when "
                             "building every font into firmware/ui/fonts)")
    parser.add_argument("--preview-only", action="store_true",
                        help="only redraw the preview from the font files in --out")
    args = parser.parse_args(argv)
    known = [spec[0] for spec in FONTS]
    for name in args.names:
        if name not in known:
            parser.error("unknown font %r (known: %s)" % (name, ", ".join(known)))
    specs = [spec for spec in FONTS if not args.names or spec[0] in args.names]
    if args.preview is None:  # a partial or side build must not replace the full preview
        whole = not args.names and os.path.abspath(args.out) == OUT_DIR
        args.preview = PREVIEW if whole else ""
    if not args.preview_only:
        missing = sorted({ttf_path(s[1], args.font_dir) for s in specs
                          if not os.path.exists(ttf_path(s[1], args.font_dir))})
        if missing:
            sys.exit("missing %s: apt-get install -y fonts-dejavu-core" % ", ".join(missing))
        os.makedirs(args.out, exist_ok=True)
        for spec in specs:
            print("wrote", os.path.relpath(write_font(spec, args.out, args.font_dir), ROOT))
    if args.preview:
        modules = [(s[0], FontFile(os.path.join(args.out, s[0] + ".bin"))) for s in specs]
        print("wrote", os.path.relpath(render_preview(modules, args.preview), ROOT))


if __name__ == "__main__":
    main()
