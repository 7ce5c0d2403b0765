# A page of the assistant's lines to read: the card order, the signals, the cards to take out.
from app.cardwords import game, order_lines, removed_lines, signal_lines, wrap
from app.i18n import t
from app.menu import Menu, draw_title
from ui import canvas as C
from ui import events as E


class TextPage(Menu):
    """Lines to read: PREV/NEXT scroll a line (round at the ends), PREV2/NEXT2 a page;
    SELECT or BACK closes. lines are (text, colour); long ones are wrapped once, here."""

    def __init__(self, app, title, lines):
        Menu.__init__(self, title)
        self.lines = lines
        # Rows start at 4, continuations at 10; the scroll marks take the last 8 pixels.
        width = app.canvas.width - 8
        rows = []
        for text, colour in lines:
            parts = wrap(app.canvas, app.font, text, width - 4, width - 10)
            for i in range(len(parts)):
                rows.append((parts[i], colour, 4 if i == 0 else 10))
        self.items = rows
        self.rows = (app.canvas.height - app.line - 1) // app.line

    def event(self, app, e):
        last = max(len(self.items) - self.rows, 0)  # the top row of the last page
        if e == E.NEXT:
            self.cursor = self.cursor + 1 if self.cursor < last else 0
        elif e == E.PREV:
            self.cursor = self.cursor - 1 if self.cursor > 0 else last
        elif e == E.NEXT2:
            self.cursor = min(self.cursor + self.rows, last)
        elif e == E.PREV2:
            self.cursor = max(self.cursor - self.rows, 0)
        elif e == E.SELECT:
            app.pop()
        else:
            Menu.event(self, app, e)

    def draw(self, app, c):
        draw_title(app, c, self.title)
        line = app.line
        top = line + 1
        n = len(self.items)
        first = self.cursor  # the top row shown
        for i in range(first, min(first + self.rows, n)):
            text, colour, x = self.items[i]
            c.text(app.font, text, x, top + (i - first) * line + (1 if app.large else 0), colour,
                   c.width - 8 - x)  # a word too long for a line (wrap keeps it whole)
        if first > 0:
            c.text(app.font, "^", c.width - 8, top, C.DIM)
        if first + self.rows < n:
            c.text(app.font, "v", c.width - 8, c.height - line, C.DIM)


def make(app, page):
    variant, peces = game(app)[:2]
    if page == "order":
        return TextPage(app, t("Card order"), order_lines(variant, peces))
    if page == "signals":
        return TextPage(app, t("Signals"), signal_lines(variant))
    return TextPage(app, t("Cards to take out"), removed_lines(variant))
