# The device app: a stack of screens over one match. Events come in (app.event), the
# top screen turns them into engine commands or opens other screens by name, and
# render() draws the top screen into the canvas and sends the bands that changed.
#
# Screens are opened by name through open(): a name of SCREENS is the module app.NAME,
# imported when opened, whose make(app, arg) builds it. When a screen leaves the stack,
# the modules its opening imported (app.*, and engine ones such as truc.cards) are
# dropped (sys.modules and the package's attribute) and the heap collected, so the heap
# holds the scoreboard and the screens on the stack, never every screen opened since
# boot. No screen imports another.
import gc
import sys

from truc.match import Match
from truc import rules as R
from app import i18n
from app.i18n import t
from app.settings import Settings, TEAM_NAMES
from ui import canvas as C
from ui import events as E
from ui import text
from ui import elapsed, forget, forget_since

NOTICE_MS = 3000  # how long a notice (an undo, a refusal) stays

# Every screen open() knows: the name is the module app.NAME. tools/deploy.py sends these
# modules (and what they import) to the board; tests/host/test_layers.py checks the table
# against the modules that have make(app, arg).
SCREENS = ("actions", "adjust", "assistant", "bazacalc", "envitcalc", "going", "language",
           "mainmenu", "names", "newmatch", "pastmatches", "rounds", "scoreboard", "settingsmenu",
           "sharescreen", "showentry", "summary", "textpage", "tournament")
# Each glass's fonts (ui/fonts/NAME.bin), text and digits, by the least canvas width that
# takes them: 128x64 (App.size 0), 240x135 (1), 320x240 (2). tools/deploy.py reads it
# to send a board the fonts of its own glass only.
GLASSES = ((0, "small", "digits_small"), (200, "medium", "digits_large"),
           (320, "large", "digits_huge"))


def _nothing():
    pass


def _kept():  # type: () -> str
    # before_new_match's default: nothing to archive, nothing to ask
    return ""


class NoBattery:
    """The power part's battery side, for an app without one (on USB, in tests)."""

    def battery(self):
        return -1

    def low(self):
        return False


class App:
    sharing = None  # hw.share's Sharing, made by share() the first time
    tournament = None  # hw.tournament's Tournament while tournament mode is on (tour())
    make_tournament = None  # a function turning it on: given on a board with a tournament file
    sticky = False  # the notice stays until the next press (sharing ended by itself)

    def __init__(self, canvas, display=None, match=None, settings=None, keys=2, power=None,
                 on_change=_nothing, after_event=_nothing, before_new_match=_kept,
                 archive=None, make_sharing=None, make_tournament=None):
        self.canvas = canvas
        self.display = display
        self.match = match or Match()
        self.settings = settings or Settings()
        self.keys = keys  # 2 or 3 buttons: the key hints differ
        # The layout follows the glass (GLASSES); only the fonts of its size are opened.
        size = 0
        while size + 1 < len(GLASSES) and canvas.width >= GLASSES[size + 1][0]:
            size += 1
        self.size = size
        self.large = size > 0
        self.font = text.font(GLASSES[size][1])
        self.big = text.font(GLASSES[size][2])
        self.line = self.font.HEIGHT + (2 if self.large else 0)
        self.message = ""  # one-line notice (an undo, a refusal), gone after NOTICE_MS
        self._notice = ""  # the notice being timed, and since when
        self._notice_at = 0
        self.unsaved = False  # the last save failed: the scoreboard marks it
        self.power = power or NoBattery()  # its battery() and low() are shown
        self.now = 0  # ticks_ms of the latest tick, for screens that time themselves
        # What the device calls back (app.device's Device, on the board): after every
        # change to the match (to save it), after every event (to save changed settings).
        self.on_change = on_change
        self.after_event = after_event
        # Called before New match clears the match (to archive it): "" or why it could
        # not, which New match asks about before it lets the match go.
        self.before_new_match = before_new_match
        self.archive = archive  # past matches: a function giving hw.archive's Archive
        self.make_sharing = make_sharing  # a function making hw.share's part (or None)
        if make_tournament is not None:  # a board with a tournament file (else no slot)
            self.make_tournament = make_tournament
        self.set_language(self.settings.language)
        self.stack = []  # type: list
        self.open("scoreboard")
        if not self.match.variant():
            self.open("newmatch")

    # Screens.
    def top(self):
        return self.stack[-1]

    def top_name(self):
        return self.stack[-1].name

    def open(self, name, arg=None):
        """Puts screen `name` on top. A screen already on the stack is gone back to
        (the screens above it close): the stack never holds the same screen twice."""
        stack = self.stack
        for i in range(len(stack)):
            if stack[i].name == name:
                self._close_from(i + 1)
                return stack[i]
        screen = self._build(name, arg)
        try:
            stack.append(screen)
        except MemoryError:  # not on the stack: nothing else would drop its modules
            self._drop(screen)
            raise
        screen.open(self)
        return screen

    def _build(self, name, arg):
        # Into a collected heap: the module and the screen, which stay while it is open,
        # fill the holes of what went before instead of landing beyond its garbage (the
        # device's smallest heap: 5.5 KB less for a .mpy deploy, 2.5 KB frozen).
        if name not in SCREENS:
            raise ValueError("no screen " + name)
        # The texts cached so far go: the screens below hold what they show, and the
        # scoreboard reads its own again at home (where the cache is emptied anyway); so
        # does the frame the canvas kept.
        i18n.forget()
        self.canvas.drop()
        gc.collect()
        known = list(sys.modules)
        module = "app." + name
        try:
            __import__(module)
            screen = sys.modules[module].make(self, arg)
            screen.name = name
            screen.modules = [m for m in sys.modules if m not in known]
        except MemoryError:  # what it imported goes too: no screen would ever drop it
            forget_since(known)
            raise
        return screen

    def welcome(self):
        """A fresh device's first screens: the language, then the keys' help in it (both
        over the first screen, which shows when they are closed)."""
        self.open("language")

    def replace(self, name, arg=None):
        """The top screen gives way to `name`."""
        self._close_from(len(self.stack) - 1, collect=False)  # _build collects
        return self.open(name, arg)

    def pop(self):
        self._close_from(len(self.stack) - 1)

    def home(self):
        self._close_from(1)

    def _close_from(self, depth, collect=True):
        # Closes the screens from depth up (never the scoreboard at 0), the top first;
        # then collects the heap, unless a screen is built next (_build collects).
        stack = self.stack
        depth = max(depth, 1)
        if len(stack) <= depth:
            return
        while len(stack) > depth:
            screen = stack.pop()
            screen.close(self)
            self._drop(screen)
        screen = None
        self.canvas.drop()  # the closed screen's kept frame
        if depth == 1:  # home: the texts of the screens left go too, the heap as it was
            i18n.forget()
        if collect:
            gc.collect()

    def _drop(self, screen):
        # Forgets the modules that opening screen imported, engine ones too.
        forget(screen.modules)

    def recover(self):
        """After the heap ran out (the main loop caught it): every screen but the
        scoreboard let go, and a notice."""
        self.home()
        self.message = self._out_of_memory

    # Input.
    def event(self, e):
        self.message = ""
        if "app.notice" in sys.modules:  # a long notice's lines (app.scoreboard): said;
            forget(("app.notice",))  # asked first, a press builds no tuple
        self.sticky = False
        if e == E.MENU:  # the main menu from anywhere (three-button boards)
            self.open("mainmenu")
        else:
            self.top().event(self, e)
        self.after_event()

    def tick(self, now_ms):
        """Returns True when the screen changed without an event (a notice left, a page)."""
        self.now = now_ms
        turned = self.top().tick(self, now_ms)  # a page turned by itself (the scoreboard's)
        if self.message is not self._notice:
            self._notice = self.message
            self._notice_at = now_ms
        elif self.message and not self.sticky \
                and elapsed(now_ms, self._notice_at) >= self.top().said_ms():
            self.message = self._notice = ""
            return True
        return bool(turned)

    def sharing_ended(self):
        """Sharing ended by itself (hw.share): said until the next press."""
        self.message = t("Sharing ended: no phone for 30 minutes")
        self.sticky = True

    def due_ms(self, now_ms):
        """ms until the screen changes by itself (a notice leaves, a screen that times
        itself goes), 0: now, -1: nothing is timed. The loop sleeps no longer."""
        due = self.top().due_ms(self, now_ms)
        if self.message:
            n = self.top().said_ms() - elapsed(now_ms, self._notice_at) \
                if self.message is self._notice else 0
            if due < 0 or n < due:
                due = n
        return due if due > 0 or due == -1 else 0

    # The match.
    def apply(self, op, a=0, b=0):
        """Applies a command; returns None, or the reason (also shown as the notice)."""
        m = self.match
        before = m.round() << 2 | m.duel()
        err = m.apply(op, a, b)
        if err:
            self.message = t(err)
            return err
        # Saved before anything that may run out of heap (the notice, the summary): a
        # change the journal missed would not come back after a reboot.
        self.on_change()
        if op == R.FOLD:  # a round's end by a word, not by the cards: said
            self.message = self._label(m.entries() - 1)
        self._summary(before)
        return None

    def _summary(self, before):
        # After a command (applied or redone, and saved): the summary if it closed the
        # round (or duel) that was in play as before (round << 2 | duel).
        m = self.match
        if m.round() << 2 | m.duel() != before:
            self.open("summary", before)

    def share(self):
        """hw.share's part (Menu -> Share, a boot with sharing on), made by make_sharing
        the first time."""
        make = self.make_sharing
        if self.sharing is None and make is not None:
            self.sharing = make()
        return self.sharing

    def tour(self):
        """Tournament mode on (Menu -> Tournament, a boot with a match unsent): hw.tournament's
        part, made by make_tournament if it is off."""
        make = self.make_tournament
        if self.tournament is None and make is not None:
            self.tournament = make()
        return self.tournament

    def can_undo(self):
        """Whether undo has a command of play to take back: it stops at the set-up
        (variant, options, dealer), which only New match changes."""
        m = self.match
        n = m.entries()
        return n > 0 and m.entry(n - 1)[0] > R.DEALER

    def undo(self):
        if not self.can_undo() or self.match.undo():
            self.message = t("Nothing to undo")
        else:  # saved first (as apply); named after: the label's steps are those before
            self.on_change()
            self.message = t("Undone: %s") % self._label(self.match.entries())

    def redo(self):
        m = self.match
        said = self._label(m.entries()) if m.can_redo() else ""  # before: as it was called
        before = m.round() << 2 | m.duel()
        if m.redo():
            self.message = t("Nothing to redo")
        else:
            self.on_change()  # saved first, as apply
            self.message = t("Redone: %s") % said
            self._summary(before)

    def _label(self, i):
        # What log entry i was, in the words of the Actions menu (app.labels: imported
        # for the moment, unless a screen holds it).
        loaded = "app.labels" in sys.modules
        from app.labels import label

        op, a, b = self.match.entry(i)
        try:
            return label(self, op, a, b)
        finally:
            if not loaded:
                forget(("app.labels",))

    def set_language(self, language):
        self.settings.language = language
        i18n.use(language)
        # Looked up now: the recovery from a full heap reads no file, makes no string.
        self._out_of_memory = t("Out of memory: back to the score")

    # Output.
    def render(self):
        """Draws the top screen, a slice of the canvas at a time (ui.canvas), and sends
        what changed. Returns the bytes sent to the panel."""
        c = self.canvas
        screen = self.top()
        spans = c.spans
        sent = 0
        sliced = c.slices > 1
        if not sliced:  # a canvas never sliced is drawn as its calls are kept
            c.fill(C.BG)
        c.keep()  # the screen draws once, a sliced canvas's slices from what it drew
        try:
            screen.draw(self, c)
        except Exception:  # (out of heap): the calls kept are not what the panel shows
            c.stop()
            c.forget()
            raise
        kept = c.stop()
        if kept == C.SAME:  # the frame the panel shows: nothing to send
            return 0
        for part in range(c.slices):
            c.top = part * c.rows
            if sliced:
                c.fill(C.BG)
                if kept == C.KEPT:
                    c.replay()
                else:
                    screen.draw(self, c)
            n = c.changes()
            for i in range(0, n, 2):
                y, h = spans[i], spans[i + 1] - spans[i]
                if self.display:
                    self.display.show(c, 0, y, c.width, h)
                sent += c.width * h // 8 if c.mono else c.width * h * 2
        return sent

    def team_name(self, team):
        """The team's name ("Nosaltres"), or its letter when none was given."""
        return self.settings.names[TEAM_NAMES + team] or R.TEAMS[team]

    def named(self, how, room):
        """how(names) with the team names, or with their letters when the names make it
        wider than room pixels: "A calls truc 2?" rather than "NOSALTRES calls tr."."""
        text = how((self.team_name(R.A), self.team_name(R.B)))
        if self.canvas.text_width(self.font, text) > room:
            text = how(R.TEAMS)
        return text

    def seat_name(self, seat):
        """The seat's name, or "seat 1".."seat 6": seats count from 1 on screen (the
        table log numbers them from 0)."""
        return self.settings.names[seat] or t("seat %d") % (seat + 1)


class Screen:
    """What every screen can do; subclasses override what they need. The app sets name
    (how it was opened) and modules (what its opening imported)."""

    name = ""
    modules = ()

    def open(self, app):
        """Called once it is on top of the stack for the first time."""

    def close(self, app):
        """Called as it leaves the stack."""

    def draw(self, app, c):
        pass

    def event(self, app, e):
        pass

    def tick(self, app, now_ms):
        """True when what it shows changed by itself (it is drawn again)."""
        return False

    def said_ms(self):
        """How long a notice stays (the scoreboard's: its pages too)."""
        return NOTICE_MS

    def due_ms(self, app, now_ms):
        """ms until tick() changes something, -1: never (see App.due_ms)."""
        return -1
