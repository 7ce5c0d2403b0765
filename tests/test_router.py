# Screens opened by name and dropped when left (app.app.App.open), on CPython and on the
# MicroPython unix port: the modules a screen brought in leave sys.modules with it, the
# stack never holds a screen twice, and the heap comes back to where it was.
# mp-heap: 176K  (64-bit port; 160K is enough since the names wheel and the first-run help)
import gc
import sys

from play import play
from ui.canvas import Canvas
from app.app import App, Settings
from ui import events as E

_CANVAS = []  # one canvas for the module, made first, as on the device
_LAST = []  # the app of the test before: its screens are closed first, as a device has one


def _app(setup="variant valencia"):
    if _LAST:
        _LAST.pop().home()
    settings = Settings()
    settings.language = "en"
    if not _CANVAS:
        _CANVAS.append(Canvas(240, 135))
    canvas = _CANVAS[0]
    canvas.forget()
    app = App(canvas, match=play(setup) if setup else None, settings=settings)
    app.render()
    _LAST.append(app)
    return app


def _loaded(*names):
    return [n for n in names if "app." + n in sys.modules]


def _names(app):
    return [s.name for s in app.stack]


def _forget(*names):
    # As on a device just booted: other tests of this process may have imported these.
    for n in names:
        sys.modules.pop("app." + n, None)


def test_a_screen_and_what_it_imported_leave_with_it():
    _forget("assistant", "envitcalc", "picker", "cardwords")
    app = _app()
    app.home()
    assert not _loaded("assistant", "envitcalc", "picker", "cardwords")
    app.open("assistant")
    assert _loaded("assistant", "cardwords") == ["assistant", "cardwords"]
    app.open("envitcalc")
    app.render()
    assert _loaded("envitcalc", "picker") == ["envitcalc", "picker"]
    app.pop()  # the calculator's modules go, the assistant's stay
    assert _loaded("assistant", "envitcalc", "picker", "cardwords") == ["assistant", "cardwords"]
    app.home()
    assert not _loaded("assistant", "envitcalc", "picker", "cardwords")
    assert not hasattr(sys.modules["app"], "assistant")
    assert _names(app) == ["scoreboard"]


def test_the_scoreboard_is_always_at_the_bottom():
    app = _app()
    app.pop()
    app.home()
    assert _names(app) == ["scoreboard"]
    assert "app.scoreboard" in sys.modules


def test_a_screen_is_never_on_the_stack_twice():
    app = _app()
    app.open("mainmenu")
    app.open("settingsmenu")
    for _ in range(50):  # MENU again and again, from a menu: back to the one main menu
        app.event(E.MENU)
    assert _names(app) == ["scoreboard", "mainmenu"]
    _forget("textpage")
    app.open("assistant")
    app.open("textpage", "order")
    app.open("assistant")  # gone back to, the page above it closed
    assert _names(app) == ["scoreboard", "mainmenu", "assistant"]
    assert not _loaded("textpage")


def test_a_screen_keeps_its_name_whatever_it_holds():
    # The seat names screen held the typed name in `name`, the router's name for it:
    # typing "A" made it screen "A", which MENU-like reopening then stacked twice.
    app = _app()
    app.open("newmatch")
    app.open("names", 4)
    app.event(E.SELECT)  # seat 0
    app.event(E.SELECT)  # takes the letter A
    assert app.top_name() == "names"
    app.open("names", 4)
    assert _names(app) == ["scoreboard", "newmatch", "names"]


def test_open_and_close_hooks_are_called_once_each():
    app = _app("variant valencia\nbaza A")
    app.now = 1000
    app.event(E.PREV)  # A's second baza closes the round: the summary opens
    assert app.top_name() == "summary" and app.top().since == 1000
    app.tick(5999)
    assert app.top_name() == "summary"
    app.tick(6000)  # 5 s after it opened, it leaves by itself
    assert _names(app) == ["scoreboard"]


def test_replace_puts_a_screen_in_the_place_of_the_top_one():
    app = _app("variant valencia\nenvit A\nvull B\nbaza A\nbaza A")
    app.event(E.SELECT)
    assert app.top_name() == "actions"
    app.replace("showentry")
    assert _names(app) == ["scoreboard", "showentry"]


def test_recover_lets_every_screen_go_and_says_so():
    _forget("mainmenu", "assistant", "cardwords")
    app = _app()
    app.open("mainmenu")
    app.open("assistant")
    app.recover()
    assert _names(app) == ["scoreboard"] and app.message
    assert not _loaded("mainmenu", "assistant")


def _walk(app):
    # Every screen once, back home after each.
    for name, arg in (("actions", None), ("mainmenu", None), ("newmatch", None),
                      ("names", 4), ("settingsmenu", None), ("assistant", None),
                      ("envitcalc", None), ("bazacalc", None), ("textpage", "signals"),
                      ("adjust", None), ("going", None), ("language", None)):
        app.open(name, arg)
        app.render()
        # (there a team key would make B go, or choose a language: the match and the
        # settings would differ from walk to walk)
        app.event(E.BACK if name in ("going", "language") else E.NEXT)
        app.render()
        app.home()
        app.render()


def test_the_heap_in_use_at_home_is_the_same_after_every_walk():
    if not hasattr(gc, "mem_alloc"):
        return  # CPython: nothing to measure
    app = _app()
    _walk(app)  # first: whatever is made once (interned names, caches)
    gc.collect()
    first = gc.mem_alloc()
    for _ in range(3):
        _walk(app)
        gc.collect()
        assert abs(gc.mem_alloc() - first) <= 256, (gc.mem_alloc(), first)


def test_a_name_outside_the_table_of_screens_is_refused_and_changes_nothing():
    app = _app()
    before = _names(app)
    try:
        app.open("nosuch")
        raise AssertionError("opened a screen app.app.SCREENS does not name")
    except ValueError as e:
        assert "nosuch" in str(e)
    assert _names(app) == before
    assert "app.nosuch" not in sys.modules
