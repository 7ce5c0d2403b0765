# Every text is fitted to its box (issue 8) and every fact is whole (issue 27): every
# screen, on every board and in every language, drawn with the longest names, keeps
# each text on the screen, off every other text, either inside a drawn shape (a
# highlight, a slot) or clear of it, and never shortened to fit ("the 7 of cop."): where
# a line is full the layout changes instead.
# mp-heap: 512K  (every board, every screen, every language in one process)
import framebuf

from play import play
from tools.scenes import BOARDS, SCENES, build
from ui import events as E
from ui import text
from ui.canvas import Canvas
from screenapp import Battery



def _is_digits(font):
    # By its glyphs, not by identity: a test that boots with its own font cache (test_boot)
    # leaves screens holding Font objects other than text.font()'s.
    return len(font._metrics) // 3 <= 16


# The boards that draw differently (the M5StickC Plus2 draws as the T-Display does).
_SIZES = []
for _board in BOARDS:
    if not any(_board[1:] == b[1:] for b in _SIZES):
        _SIZES.append(_board)
_CANVASES = [Canvas(w, h, mono) for _, w, h, mono, _ in _SIZES]
# Seats of four letters (the most a seat name takes), the widest ones, and team names
# as long as a table gives them.
LONG_NAMES = ["MÀRW", "WILM", "XISC", "JOAN", "MÒNI", "QUIM", "NOSALTRES", "VOSALTRES"]
_GAP = 2  # pixels between a text and a shape beside it that it is not inside
_SCORE_GAP = 6  # between a score and the table drawing next to it


def _rows_inked(font):
    # Digit fonts leave the rows under the baseline blank: their box ends at the ink.
    if not _is_digits(font):
        return font.HEIGHT
    w = text.width(font, "0123456789")
    buf = bytearray(w * ((font.HEIGHT + 7) // 8))
    fb = framebuf.FrameBuffer(buf, w, font.HEIGHT, framebuf.MONO_VLSB)
    text.draw(fb, font, "0123456789", 0, 0, 1)
    last = 0
    for y in range(font.HEIGHT):
        for x in range(w):
            if fb.pixel(x, y):
                last = y
                break
    return last + 1


class Recorder:
    """Wraps a canvas's text and shape calls to record their boxes (x, y, w, h, what)."""

    def __init__(self, canvas):
        self.canvas = canvas
        self.texts = []
        self.shapes = []
        original = canvas.text

        def text_(font, s, x, y, colour, room=0):
            if s:
                whole = text.width(font, s)
                self.texts.append((x, y, text.width(font, s, room), _rows_inked(font), s, font,
                                   0 < room < whole))
            return original(font, s, x, y, colour, room)

        fill_rect = canvas.fill_rect
        rect = canvas.rect

        def fill_rect_(x, y, w, h, colour):
            self.shapes.append((x, y, w, h, "fill_rect"))
            fill_rect(x, y, w, h, colour)

        def rect_(x, y, w, h, colour):
            self.shapes.append((x, y, w, h, "rect"))
            rect(x, y, w, h, colour)

        canvas.text = text_
        canvas.fill_rect = fill_rect_
        canvas.rect = rect_

    def stop(self):
        del self.canvas.text
        del self.canvas.fill_rect
        del self.canvas.rect


def _overlap(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _inside(a, b):
    return (b[0] <= a[0] and a[0] + a[2] <= b[0] + b[2]
            and b[1] <= a[1] and a[1] + a[3] <= b[1] + b[3])


def _near(a, b, gap):
    # Overlapping, or side by side (rows in common) less than gap pixels apart. Rows
    # stacked one under the other may touch: a list's rows touch its highlight bar.
    return _overlap((a[0] - gap, a[1], a[2] + 2 * gap, a[3]), b)


def problems(recorder, width, height):
    """What is wrong with the recorded boxes, as readable lines."""
    out = []
    texts = recorder.texts
    for i in range(len(texts)):
        a = texts[i]
        x, y, w, h, s = a[:5]
        if a[6]:
            out.append("%r at %d,%d is cut short to fit %d px" % (s, x, y, w))
        if x < 0 or y < 0 or x + w > width or y + h > height:
            out.append("%r at %d,%d %dx%d leaves the screen" % (s, x, y, w, h))
        for b in texts[i + 1:]:
            if _overlap(a, b):
                out.append("%r at %d,%d over %r at %d,%d" % (s, x, y, b[4], b[0], b[1]))
        for b in recorder.shapes:
            if b[2] > 0 and b[3] > 0 and not _inside(a, b) and _near(a, b, _GAP):
                out.append("%r at %d,%d %dx%d touches the %s %r" % (s, x, y, w, h, b[4], b[:4]))
    return out


def _draw(i, name, language, names=LONG_NAMES, power=None, setup=None):
    canvas = _CANVASES[i]
    keys = _SIZES[i][4]
    holder = []

    def record(app):
        if setup:
            setup(app)
        holder.append(Recorder(canvas))

    app = build(canvas, name, language, names, power, record, keys)
    recorder = holder[0]
    recorder.stop()
    return app, recorder


def _new(text_):
    def setup(app):
        app.match.clear()
        play(text_, app.match)
    return setup


def _notice_over_call(app):
    _new("variant valencia\ntruc A")(app)
    app.event(E.PREV)  # A cannot answer its own truc: the reason, under the call


def _typing_a_team_name(app):
    app.open("names", 4)
    screen = app.top()
    screen.refresh(app)
    screen.choose(app, 6)  # team A's name, already there: the letters after it
    screen.letter = 3


def _five_line_summary(app):
    # Both flors, the envit, the round and the canton: the most lines a summary has.
    _new("variant valencia\nset flor=on\nadjust A +18\nflor A\nflor B\nenvit A\nvull B\n"
         "envitwin A\nbaza A")(app)
    app.event(E.PREV)  # A's second baza closes the round and the canton
    assert app.top_name() == "summary" and len(app.top().lines(app)) == 5


def _duel(app):
    _new("variant valencia\nset players=6 rounds=alternate\nbaza A\nbaza A")(app)


def _at(k, text_=None):
    # The menu on top with its cursor on item k (past the end: the last): every row of
    # a list is drawn somewhere, the ones at the bottom too.
    def setup(app):
        if text_:
            _new(text_)(app)
            app.event(E.SELECT)  # Actions
        app.top().refresh(app)  # its items, and the cursor where it opens
        app.top().cursor = k
    return setup


def _discard_question(app):
    _new("variant valencia\nbaza A")(app)
    app.open("newmatch")
    screen = app.top()
    screen.confirm = True  # as Start asks with a match in progress
    screen.items = []


# More states than the goldens show: (screen, setup), each drawn in every language.
STATES = tuple(("new-match", _at(k)) for k in (3, 6, 9, 12)) + tuple(
    ("scoreboard", _at(k, "variant valencia\nset flor=on\nenvit A\nvull B\nbaza A"))
    for k in (0, 3, 6, 9, 12)) + (
    ("scoreboard", _new("variant valencia\nenvit A falta")),
    ("scoreboard", _new("variant valencia\ntruc B fora")),
    ("scoreboard", _new("variant valencia\nadjust A +24\nadjust B +24\nadjust A +23\n"
                        "adjust B +22\nenvit B\nvull A")),
    ("scoreboard", _new("variant palacios")),
    ("scoreboard", _new("variant mallorca\nset players=6 flor=on\nflor A\nflor B")),
    ("scoreboard", _duel),
    ("scoreboard", _notice_over_call),
    ("scoreboard", _new("variant mallorca\nenvit B tots")),
    # Val nou, a refused envit's point and two bazas: the stakes line of issue 27, whole.
    ("scoreboard", _new("variant valencia\nenvit A\nnovull B\ntruc A\nvull B\ntruc B\n"
                        "vull A\ntruc A\nvull B\nbaza A\nbaza B")),
    ("scoreboard", _new("variant valencia\nset flor=on\nflor A\nflor B\nflor A\ntruc A\n"
                        "vull B\ntruc B\nvull A\nbaza A\nbaza parda")),
    ("names", _typing_a_team_name),
    ("scoreboard", _discard_question),
    ("five-line-summary", _five_line_summary),  # no screen of that name: the setup opens it
)


def _check(language):
    wrong = []
    for i in range(len(_SIZES)):
        size, width, height = _SIZES[i][:3]
        cases = [(name, None) for name, _ in SCENES] + list(STATES)
        # The default names ("seient 1") are longer than a seat's own name can be.
        for names, power in ((LONG_NAMES, Battery(60, False)), (None, Battery(8, True))):
            for name, setup in cases:
                recorder = _draw(i, name, language, names, power, setup)[1]
                for p in problems(recorder, width, height):
                    wrong.append("%s-%s-%s: %s" % (name, size, language, p))
    assert not wrong, "\n".join(wrong)


def test_every_screen_fits_in_catalan():
    _check("ca")


def test_every_screen_fits_in_spanish():
    _check("es")


def test_every_screen_fits_in_english():
    _check("en")


def test_the_320x240_glass_shows_scores_twice_the_tdisplays_and_uses_its_rows():
    # Issue 27: the M5Stack Core drew the 240x135 layout in the middle of its glass.
    heights = {}
    bottoms = {}
    for i in range(len(_SIZES)):
        recorder = _draw(i, "scoreboard", "en")[1]
        digits = [box for box in recorder.texts if _is_digits(box[5])]
        glass = tuple(_SIZES[i][1:3])  # by glass: the boards are in their files' order
        heights[glass] = digits[0][3]
        bottoms[glass] = max(box[1] + box[3] for box in recorder.texts)
    assert heights[320, 240] >= 2 * heights[240, 135]
    assert bottoms[320, 240] > 220  # the key hints on its last rows
