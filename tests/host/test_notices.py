# Every notice (a refusal, a file's note, an undo, sharing ended) on the scoreboard of every
# glass in every language: a page turned by itself says a whole phrase, and the notice
# stays until its last page was shown (issue 34's trial: the OLED paged "Sharing ended: 30"
# / "minutes without" / "a phone").
import ast
import os
import re

from app.app import App, NOTICE_MS, Settings
from app.i18n import LANGUAGES, t
from app.scoreboard import _LAYOUTS
from play import play
from ui.canvas import Canvas

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GLASSES = ((128, 64, True), (240, 135, False), (320, 240, False))  # OLED, T-Display, M5Stack
# The app's own notices; the engine's refusals and the files' notes are read from their
# sources below.
APP_NOTICES = ("Sharing ended: no phone for 30 minutes", "Out of memory: back to the score",
               "Nothing to undo", "Nothing to redo", "Not readable", "No tournament file",
               "No match assigned")
PHRASE_END = ":.;?!"


def _notices():
    with open(os.path.join(ROOT, "firmware", "app", "lang_ca.py"), encoding="utf-8") as f:
        src = f.read()
    keys = ast.literal_eval(src[src.index("{"):src.rindex("}") + 1])
    said = set()
    for folder in ("truc", "hw"):
        for name in os.listdir(os.path.join(ROOT, "firmware", folder)):
            if name.endswith(".py"):
                with open(os.path.join(ROOT, "firmware", folder, name), encoding="utf-8") as f:
                    said.update(re.findall(r'"([^"\n]+)"', f.read()))
    found = sorted(k for k in keys if k in said and "%" not in k)
    assert "the round is already decided" in found and "Bad save: new match" in found
    return found + list(APP_NOTICES)


def _pages(width, height, mono, language, notice):
    """The notice's pages as the scoreboard draws them, each the notice's words on it."""
    settings = Settings()
    settings.language = language
    app = App(Canvas(width, height, mono=mono), match=play("variant valencia\nbaza A"),
              settings=settings)
    app.message = text = t(notice)
    board = app.top()
    drawn = []
    c = app.canvas
    original = c.text
    bottom = _LAYOUTS[app.size][13]  # the key hints' row; the title's is 0
    left = 2 if app.large else 0  # where the stakes' lines start (the rest is centred)
    c.text = lambda font, s, x, y, colour, room=0: (
        font is app.font and 0 < y < bottom and x == left and drawn.append((y, s))
        or original(font, s, x, y, colour, room))
    pages = []
    try:
        app.render()
        for page in range(board._pages):
            board._page = page
            del drawn[:]
            c.forget()
            app.render()
            pages.append(" ".join(s for _, s in sorted(drawn) if s))
    finally:
        del c.text
    return app, board, text, pages


def test_each_page_of_a_notice_is_a_whole_phrase_on_every_glass_in_every_language():
    wrong = []
    for notice in _notices():
        for language in LANGUAGES:
            for width, height, mono in GLASSES:
                app, board, text, pages = _pages(width, height, mono, language, notice)
                if " ".join(pages) != text:
                    wrong.append((width, language, text, pages))
                    continue
                for page in pages[:-1]:
                    if page[-1] not in PHRASE_END:
                        wrong.append((width, language, text, pages))
                        break
    assert not wrong, "\n".join(repr(w) for w in wrong)


def _digits(app):
    """Whether the scores' large digits are drawn."""
    drawn = []
    c = app.canvas
    original = c.text
    c.text = lambda font, s, x, y, colour, room=0: (
        font is app.big and drawn.append(s) or original(font, s, x, y, colour, room))
    try:
        c.forget()
        app.render()
    finally:
        del c.text
    return bool(drawn)


def test_on_the_oled_a_phrase_a_row_or_the_whole_notice_over_the_scores_for_a_moment():
    app, board, text, pages = _pages(128, 64, True, "en",
                                     "Sharing ended: no phone for 30 minutes")
    assert pages == ["Sharing ended:", "no phone for 30 minutes"]  # a row each: scores seen
    assert _digits(app) and board.said_ms() == 2 * 2500
    app, board, text, pages = _pages(128, 64, True, "ca",
                                     "a truc was called: the envit comes before the truc")
    assert pages == ["ja s'ha trucat:", "l'envit va abans del truc"] and _digits(app)
    # A phrase longer than a row: the notice whole, in three rows over the scores.
    app, board, text, pages = _pages(128, 64, True, "en",
                                     "the round is over: only the rivals may still call an "
                                     "envit, or 'end'")
    assert pages == ["the round is over: only the rivals may still call an envit, or 'end'"]
    assert not _digits(app) and board.said_ms() == NOTICE_MS
    app.message = ""
    assert _digits(app)  # back once it is gone
    app, board, text, pages = _pages(128, 64, True, "en", "Nothing to undo")
    assert pages == ["Nothing to undo"] and _digits(app)
    # An undo names a team's call: only the first ':' ends a phrase ("B:" is no page).
    settings = Settings()
    settings.language = "es"
    app = App(Canvas(128, 64, mono=True), match=play("variant mallorca\nenvit A tots"),
              settings=settings)
    app.undo()
    assert app.message == "Deshecho: A: tots (cantón)"
    app.render()
    board = app.top()
    assert board._lines(app, app.canvas, app.match, 124) == ["Deshecho:", "A: tots (cantón)"]


def test_a_notice_stays_until_its_last_page_had_its_time():
    settings = Settings()
    settings.language = "en"
    app = App(Canvas(128, 64, mono=True), match=play("variant valencia\nbaza A"),
              settings=settings)
    app.message = "Bad past match: set aside"  # two phrases, a row each (not sticky)
    app.tick(0)
    app.render()
    assert app.top()._pages == 2
    app.tick(2500)  # the second page
    app.render()
    assert app.message and app.top()._page == 1
    app.tick(NOTICE_MS)  # a notice of one page would be gone by now
    assert app.message
    assert app.due_ms(NOTICE_MS) == 2 * 2500 - NOTICE_MS
    app.tick(2 * 2500)
    assert not app.message
