# MicroPython only (pytest skips it, see conftest.py): a press made with the heap filled
# to every level, a step of 16 B from nothing free to enough, leaves the device working.
# Where the press runs out of heap the main loop's recovery brings the app home and says
# so, in the language in use; the recovery itself runs in the same full heap. After each
# level: no exception escaped the loop, the translations' cache and ring agree (a lookup
# and a forget() work), the scoreboard is at the bottom, and the next press goes through.
# mp-heap: 192K  (the app on a T-Display canvas, in Catalan, and the filler's room)
import gc
import sys


from app import i18n
from app.i18n import t
from app.loop import Loop
from heaplock import locked
from screenapp import make_app
from ui import events as E

STEP = 16
LIMIT = 48 * 1024  # more than any press needs
_held = [None] * 1024  # the filler's blocks, in a list made before any level


def _fill(level):
    """Allocates until at most `level` bytes of the heap are free (and no more than one
    GC block less). Returns how many blocks it holds."""
    gc.collect()
    n = 0
    chunk = 4096
    while n < len(_held):
        free = gc.mem_free()
        if free <= level:
            break
        if chunk > 32 and free - chunk - 64 < level:
            chunk >>= 1
            continue
        try:
            _held[n] = bytearray(chunk) if chunk > 32 else bytearray(0)  # one block
            n += 1
        except MemoryError:  # no hole that large left
            if chunk <= 32:
                break
            chunk >>= 1
    return n


def _release(n):
    for i in range(n):
        _held[i] = None
    gc.collect()


class _Keys:
    """The buttons: one event per scan, from what the test queues."""

    def __init__(self):
        self.events = []

    def scan(self, now):
        return self.events.pop(0) if self.events else 0

    def busy(self, now):
        return False


class _Power:
    def tick(self, now):
        return False

    def rest(self, now, busy):
        pass


# Presses from the scoreboard, each opening screens whose texts are looked up: the
# actions menu, the main menu, a page deeper in it, and a play that closes a round (its
# summary).
PRESSES = ((E.SELECT,), (E.SELECT, E.NEXT), (E.BACK,), (E.BACK, E.SELECT), (E.PREV,), (E.NEXT,))
SETUP = "variant valencia\nenvit A\nvull B\nbaza A"
WORDS = ("New match", "Back", "Out of memory: back to the score", "Actions")


def _sound(app, loop, keys, now):
    # The translations answer after a forget (cache and ring agree), the scoreboard is
    # at the bottom, and a press and a return home go through.
    i18n.forget()
    for w in WORDS:
        assert t(w) != w, w  # Catalan, from the file
    assert app.stack[0].name == "scoreboard"
    keys.events.append(E.NEXT)
    loop.step(now)
    app.home()
    app.message = ""
    loop.step(now + 10)


def test_a_press_at_every_heap_level_leaves_the_device_working():
    app = make_app(SETUP, large=True, language="ca")
    keys = _Keys()
    loop = Loop(app, keys, _Power())
    notice = t("Out of memory: back to the score")
    now = 0
    swept = recovered = 0
    for press in PRESSES:  # once each with room: the modules that stay loaded after
        keys.events.extend(press)
        loop.step(now)
        app.home()
        keys.events.clear()
    loaded = sorted(sys.modules)
    for press in PRESSES:
        level = 0
        clean = 0  # levels in a row where the press went through
        while clean < 8 and level < LIMIT:
            now += 100
            app.home()
            app.match.clear()
            from play import play
            play(SETUP, app.match)
            app.message = ""
            loop.step(now)
            before = loop.recoveries
            keys.events.extend(press)
            n = _fill(level)
            try:
                loop.step(now)  # a MemoryError is the loop's to catch, nothing else
            finally:
                _release(n)
            keys.events.clear()
            if loop.recoveries != before:
                recovered += 1
                clean = 0
                assert len(app.stack) == 1 and app.message == notice, (press, level)
            else:
                clean += 1
            _sound(app, loop, keys, now + 50)
            # A press that ran out of heap midway through an import leaves nothing loaded
            # that no screen would drop.
            assert sorted(sys.modules) == loaded, (press, level)
            level += STEP
            swept += 1
        assert clean == 8, (press, 'never went through')
    print("out of memory: %d heap levels swept, %d recoveries" % (swept, recovered))
    assert recovered > len(PRESSES)  # the sweep did reach below every press's needs


def test_the_recovery_allocates_nothing():
    # With the heap locked (every allocation fails), the loop's recovery still brings the
    # app home from a deep stack and says so in Catalan, and the next press works.
    app = make_app(SETUP, large=True, language="ca")
    keys = _Keys()
    loop = Loop(app, keys, _Power())
    loop.step(0)
    notice = t("Out of memory: back to the score")
    i18n.forget()  # the notice is not in the translations' cache
    for name in ("mainmenu", "settingsmenu"):
        app.open(name)
    app.message = ""
    locked(app.recover)
    assert [s.name for s in app.stack] == ["scoreboard"] and app.message == notice
    _sound(app, loop, keys, 100)
