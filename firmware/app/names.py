# Short seat names (up to 4 characters), entered letter by letter with two buttons:
# PREV/NEXT turn the letter wheel (PREV2/NEXT2 by five), SELECT takes the letter, BACK
# deletes the last one. The wheel ends with a space and "Done"; BACK on an empty name
# also finishes, leaving the seat without a name. Names live in app.settings.names.
from micropython import const

from ui import events as E
from app.i18n import t
from app.menu import Menu, draw_title
from ui import canvas as C

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZÀÉÍÒÓÚÇÑ "
_END = len(_LETTERS)  # the wheel position after the letters: finish the name
_WHEEL = _END + 1  # so PREV from A reaches Done at once
_JUMP = const(5)
_MOST = const(4)  # characters a name may have


def _label(i):
    # How the wheel shows position i: the space as "_", the end as the word.
    if i == _END:
        return t("Done")
    ch = _LETTERS[i]
    return "_" if ch == " " else ch


class SeatNames(Menu):
    def __init__(self, players):
        Menu.__init__(self, t("Seat names"))
        self.players = players
        self.seat = -1  # the seat whose name is being entered; -1: choosing a seat
        self.typed = ""  # the characters entered so far (name is the screen's: App.open)
        self.letter = 0  # wheel position

    def refresh(self, app):
        if self.items:  # rebuilt only when a name changed, not on every press
            return
        names = app.settings.names
        self.items = [("%s (%s): %s" % (t("seat %d") % (s + 1), "AB"[s & 1], names[s] or "-"), s)
                      for s in range(self.players)]
        self.items.append((t("Done"), -1))

    def choose(self, app, value):
        if value < 0:
            app.pop()
            return
        self.seat = value
        self.typed = app.settings.names[value]
        self.letter = _END if self.typed else 0  # a name already there: SELECT keeps it

    def finish(self, app):
        app.settings.names[self.seat] = self.typed.strip()
        self.cursor = self.seat + 1  # on to the next seat (or Done)
        self.seat = -1
        self.items = []

    def event(self, app, e):
        if self.seat < 0:
            Menu.event(self, app, e)
        elif e == E.NEXT:
            self.letter = (self.letter + 1) % _WHEEL
        elif e == E.PREV:
            self.letter = (self.letter - 1) % _WHEEL
        elif e == E.NEXT2:
            self.letter = (self.letter + _JUMP) % _WHEEL
        elif e == E.PREV2:
            self.letter = (self.letter - _JUMP) % _WHEEL
        elif e == E.SELECT:
            if self.letter == _END or len(self.typed) >= _MOST:
                self.finish(app)
                return
            self.typed += _LETTERS[self.letter]
            self.letter = 0
            if len(self.typed) == _MOST:
                self.finish(app)
        elif e == E.BACK:
            if self.typed:
                self.typed = self.typed[:-1]
            else:
                self.finish(app)

    def draw(self, app, c):
        if self.seat < 0:
            Menu.draw(self, app, c)
            return
        font = app.font
        line = app.line
        draw_title(app, c, t("Name of %s") % (t("seat %d") % (self.seat + 1)))
        self._slots(app, c, line + (10 if app.large else 3))
        self._wheel(app, c, line + (46 if app.large else 25))
        if app.large:
            c.text(font, t("Select: take · Back: delete"), 4, c.height - line, C.DIM)

    def _slots(self, app, c, y):
        # One box a character; the next one holds the wheel's letter, inverted.
        font = app.font
        size = app.line
        if app.large:
            size += 8
        step = size + 4
        x = (c.width - _MOST * step + 4) // 2
        ty = y + (size - font.HEIGHT) // 2
        n = len(self.typed)
        for i in range(_MOST):
            if i < n:
                c.rect(x, y, size, size, C.FG)
                ch = self.typed[i]
                c.text_centre(font, "_" if ch == " " else ch, x + size // 2, ty, C.FG)
            elif i == n:
                c.fill_rect(x, y, size, size, C.FG)
                if self.letter != _END:
                    c.text_centre(font, _label(self.letter), x + size // 2, ty, C.BG)
            else:
                c.rect(x, y, size, size, C.DIM)
            x += step

    def _wheel(self, app, c, y):
        # The wheel's letter in the middle, inverted, and its neighbours either side.
        font = app.font
        gap = 8 if app.large else 5
        label = _label(self.letter)
        w = c.text_width(font, label)
        x0 = (c.width - w) // 2
        c.fill_rect(x0 - 3, y, w + 6, app.line, C.FG)
        ty = y + 1 if app.large else y
        c.text(font, label, x0, ty, C.BG)
        x = x0 + w + gap
        i = self.letter
        while True:  # the neighbours that fit whole
            i = (i + 1) % _WHEEL
            label = _label(i)
            if x + c.text_width(font, label) > c.width:
                break
            x = c.text(font, label, x, ty, C.DIM) + gap
        x = x0 - gap
        i = self.letter
        while True:
            i = (i - 1) % _WHEEL
            label = _label(i)
            x -= c.text_width(font, label)
            if x < 0:
                break
            c.text(font, label, x, ty, C.DIM)
            x -= gap


def make(app, players):
    return SeatNames(players)
