# The names of the seats (up to 4 characters) and of the two teams (up to 9:
# "NOSALTRES"), entered letter by letter with two buttons: PREV/NEXT turn the letter
# wheel (PREV2/NEXT2 by five), SELECT takes the letter, BACK deletes the last one. BACK
# on an empty name finishes, leaving the seat (or team) without a name: a team then goes
# by its letter. Names live in app.settings.names, the teams' from TEAM_NAMES on; the
# settings file (app.settings) keeps them.
#
# The wheel is ordered for speed at a table: app.namewheel.
from micropython import const

from truc import rules as R
from ui import events as E
from app.settings import SEAT_MOST, TEAM_MOST, TEAM_NAMES
from app.i18n import t
from app.menu import Menu, draw_title
from app.namewheel import DONE as _DONE, SEATS, TEAMS, wheel
from ui import canvas as C

_JUMP = const(5)


def _whose(seat):
    # "seat 1", or "team A" from TEAM_NAMES on.
    if seat >= TEAM_NAMES:
        return t("team %s") % R.TEAMS[seat - TEAM_NAMES]
    return t("seat %d") % (seat + 1)


class Names(Menu):
    def __init__(self, players):
        Menu.__init__(self, t("Names"))
        self.players = players
        self.seat = -1  # the seat (or team) whose name is being entered; -1: choosing one
        self.most = SEAT_MOST  # the characters its name may have
        self.typed = ""  # the characters entered so far (name is the screen's: App.open)
        self.wheel = ""  # the characters (and Done) in the wheel's order
        self.letter = 0  # wheel position

    def refresh(self, app):
        if self.items:  # rebuilt only when a name changed, not on every press
            return
        names = app.settings.names
        items = [("%s (%s): %s" % (_whose(s), R.TEAMS[s & 1], names[s] or "-"), s)
                 for s in range(self.players)]
        for s in (TEAM_NAMES, TEAM_NAMES + 1):
            items.append(("%s: %s" % (_whose(s), names[s] or "-"), s))
        items.append((t("Done"), -1))
        self.items = items

    def choose(self, app, value):
        if value < 0:
            app.pop()
            return
        self.seat = value
        self.most = TEAM_MOST if value >= TEAM_NAMES else SEAT_MOST
        self.typed = app.settings.names[value]
        self.turn()
        if self.typed:  # a name already there: SELECT keeps it
            self.letter = self.wheel.find(_DONE)

    def turn(self):
        # The wheel for the next character, on its likeliest.
        self.wheel = wheel(self.typed, TEAMS if self.most == TEAM_MOST else SEATS)
        self.letter = 0

    def finish(self, app):
        app.settings.names[self.seat] = self.typed.strip()
        # On to the next seat, from the last seat to the teams, then Done.
        self.cursor = self.seat + 1 if self.seat < TEAM_NAMES else self.players + self.seat - 5
        self.seat = -1
        self.items = []

    def event(self, app, e):
        if self.seat < 0:
            Menu.event(self, app, e)
        elif e == E.NEXT or e == E.PREV or e == E.NEXT2 or e == E.PREV2:
            move = 1 if e == E.NEXT else -1 if e == E.PREV else _JUMP if e == E.NEXT2 else -_JUMP
            self.letter = (self.letter + move) % len(self.wheel)
        elif e == E.SELECT:
            ch = self.wheel[self.letter]
            if ch == _DONE or len(self.typed) >= self.most:
                self.finish(app)
                return
            self.typed += ch
            if len(self.typed) == self.most:
                self.finish(app)
            else:
                self.turn()
        elif e == E.BACK:
            if self.typed:
                self.typed = self.typed[:-1]
                self.turn()
            else:
                self.finish(app)

    def draw(self, app, c):
        if self.seat < 0:
            Menu.draw(self, app, c)
            return
        font = app.font
        line = app.line
        seat = self.seat
        if seat >= TEAM_NAMES:
            title = t("Name of team %s") % R.TEAMS[seat - TEAM_NAMES]
        else:
            title = t("Name of seat %d") % (seat + 1)
        draw_title(app, c, title)
        self._slots(app, c, line + (10 if app.large else 3))
        self._wheel(app, c, line + (46 if app.large else 25))
        if app.large:
            c.text(font, t("Select: take · Back: delete"), 4, c.height - line, C.DIM)

    def label(self, i):
        """How the wheel shows position i: the space as "_", the end as the word."""
        ch = self.wheel[i]
        if ch == _DONE:
            return t("Done")
        return "_" if ch == " " else ch

    def _slots(self, app, c, y):
        # One box a character; the next one holds the wheel's letter, inverted. A team's
        # nine boxes are narrower, to fit across.
        font = app.font
        most = self.most
        gap = 4 if most == SEAT_MOST else 2 if app.large else 1
        size = min(app.line + (8 if app.large else 0), (c.width - 4) // most - gap)
        step = size + gap
        x = (c.width - most * step + gap) // 2
        ty = y + (size - font.HEIGHT) // 2
        n = len(self.typed)
        for i in range(most):
            if i < n:
                c.rect(x, y, size, size, C.FG)
                ch = self.typed[i]
                c.text_centre(font, "_" if ch == " " else ch, x + size // 2, ty, C.FG)
            elif i == n:
                c.fill_rect(x, y, size, size, C.FG)
                if self.wheel[self.letter] != _DONE:
                    c.text_centre(font, self.label(self.letter), x + size // 2, ty, C.BG)
            else:
                c.rect(x, y, size, size, C.DIM)
            x += step

    def _wheel(self, app, c, y):
        # The wheel's letter in the middle, inverted, and its neighbours either side.
        font = app.font
        gap = 8 if app.large else 5
        label = self.label(self.letter)
        w = c.text_width(font, label)
        x0 = (c.width - w) // 2
        c.fill_rect(x0 - 3, y, w + 6, app.line, C.FG)
        ty = y + 1 if app.large else y
        c.text(font, label, x0, ty, C.BG)
        x = x0 + w + gap
        i = self.letter
        while True:  # the neighbours that fit whole
            i = (i + 1) % len(self.wheel)
            label = self.label(i)
            if x + c.text_width(font, label) > c.width:
                break
            x = c.text(font, label, x, ty, C.DIM) + gap
        x = x0 - gap
        i = self.letter
        while True:
            i = (i - 1) % len(self.wheel)
            label = self.label(i)
            x -= c.text_width(font, label)
            if x < 0:
                break
            c.text(font, label, x, ty, C.DIM)
            x -= gap


def make(app, players):
    return Names(players)
