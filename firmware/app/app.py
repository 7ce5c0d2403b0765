# The device app: a stack of screens over one match. Events come in (app.events), the
# top screen turns them into engine commands or other screens, and render() draws the
# top screen into the canvas and sends the bands that changed to the display.
from truc.match import Match
from app import i18n
from app.i18n import t
from ui import canvas as C


def _nothing():
    pass


class Settings:
    """What the players chose for the device, apart from the match itself."""

    def __init__(self):
        self.language = "ca"
        self.timeout = 60  # seconds without a press before the screen dims; 0 = never
        self.names = ["", "", "", "", "", ""]  # optional short seat names


class App:
    def __init__(self, canvas, display=None, match=None, settings=None, keys=2):
        self.canvas = canvas
        self.display = display
        self.match = match or Match()
        self.settings = settings or Settings()
        self.keys = keys  # 2 or 3 buttons: the key hints differ
        self.large = canvas.width >= 200
        if self.large:  # only the fonts of this screen size are loaded
            from ui.fonts import medium as font, digits_large as big
        else:
            from ui.fonts import small as font, digits_small as big
        self.font = font
        self.big = big
        self.line = self.font.HEIGHT + (2 if self.large else 0)
        self.message = ""  # one-line notice for the next frame (an undo, a refusal)
        self.battery = -1  # percent, -1 when unknown (on USB, no ADC); set by the main loop
        self.battery_low = False
        self.on_change = _nothing  # called after every change to the match (to save it)
        self.after_event = _nothing  # called after every event (to save changed settings)
        i18n.use(self.settings.language)
        from app.scoreboard import Scoreboard

        self.stack = [Scoreboard()]  # type: list
        if not self.match.variant():
            from app.newmatch import NewMatch

            self.stack.append(NewMatch())

    # Screens.
    def top(self):
        return self.stack[-1]

    def push(self, screen):
        self.stack.append(screen)

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()

    def home(self):
        del self.stack[1:]

    # Input.
    def event(self, e):
        self.message = ""
        self.top().event(self, e)
        self.after_event()

    def tick(self, now_ms):
        self.top().tick(self, now_ms)

    # The match.
    def apply(self, op, a=0, b=0):
        """Applies a command; returns None, or the reason (also shown as the notice)."""
        m = self.match
        before = m.round() << 2 | m.duel()
        err = m.apply(op, a, b)
        if err:
            self.message = t(err)
            return err
        self.on_change()
        if m.round() << 2 | m.duel() != before:  # a round (or duel) closed
            from app.summary import Summary

            self.push(Summary())
        return None

    def undo(self):
        if self.match.undo():
            self.message = t("Nothing to undo")
        else:
            self.message = t("Undone")
            self.on_change()

    def redo(self):
        if self.match.redo():
            self.message = t("Nothing to redo")
        else:
            self.message = t("Redone")
            self.on_change()


    def set_language(self, language):
        self.settings.language = language
        i18n.use(language)

    # Output.
    def render(self):
        """Draws the top screen; sends what changed. Returns the bytes sent to the panel."""
        c = self.canvas
        c.fill(C.BG)
        self.top().draw(self, c)
        spans = c.changes()
        sent = 0
        for i in range(0, len(spans), 2):
            y, h = spans[i], spans[i + 1] - spans[i]
            if self.display:
                self.display.show(c, 0, y, c.width, h)
            sent += c.width * h // 8 if c.mono else c.width * h * 2
        return sent

    def team_name(self, team):
        """A or B, or the team's seat names when the players gave them."""
        names = self.settings.names
        given = ""
        for s in range(team, self.match.players(), 2):  # drawn every frame: no lists
            if names[s]:
                given = given + "·" + names[s] if given else names[s]
        return given or ("A", "B")[team]


class Screen:
    """What every screen can do; subclasses override what they need."""

    def draw(self, app, c):
        pass

    def event(self, app, e):
        pass

    def tick(self, app, now_ms):
        pass
