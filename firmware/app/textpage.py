# A page of lines to read: the assistant's card order, signals and cards to take out, and
# what each key of this board does (from the main menu, and once on the first boot). Each
# page imports its lines' module (app.keylines, decklines, signals) and drops it when it
# closes; the card words only for the assistant's pages: the key pages, the first boot's
# among them, go without app.cardwords and truc.cards (9 KB of bytecode).
from app import i18n
from app.i18n import t
from app.menu import Menu, draw_marks, draw_title, marks_x
from ui import events as E


GOES_ON = 0x80  # in a row's style: it goes on with the line of the row above


class TextPage(Menu):
    """Lines to read: PREV/NEXT scroll a line (round at the ends), PREV2/NEXT2 a page;
    SELECT or BACK closes. lines are (text, colour); long ones are wrapped once, here,
    into rows: items holds their texts and styles their colours, with GOES_ON on the
    rows that continue a line (a byte a row where a tuple took 32)."""

    def __init__(self, app, title, lines):
        Menu.__init__(self, title)
        # Rows start at 4, continuations at 10; the scroll marks take the right edge.
        width = marks_x(app, app.canvas) - 2
        rows = []
        styles = bytearray()
        for text, colour in lines:
            parts = app.canvas.wrap(app.font, text, width - 4, width - 10)
            for i in range(len(parts)):
                rows.append(parts[i])
                styles.append(colour | GOES_ON if i else colour)
        self.items = rows
        self.styles = styles
        # The rows hold the lines' words now: the translations' cache lets them go (the
        # screens below keep their texts, and the scoreboard reads its own again at home).
        i18n.forget()
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
            y = top + (i - first) * line
            if not c.shows(y, line):  # drawn with the slice that holds it
                continue
            style = self.styles[i]
            x = 10 if style & GOES_ON else 4
            c.text(app.font, self.items[i], x, y + (1 if app.large else 0), style & ~GOES_ON)
        draw_marks(app, c, top, c.height - line, first > 0, first + self.rows < n)


def make(app, page):
    if page == "keys" or page == "welcome":  # their lines dropped with the page (App._drop)
        from app import keylines as K

        if page == "keys":
            return TextPage(app, t("Keys"), K.key_lines(app) + K.abbreviation_lines())
        # the first boot's, after the language (app.language)
        return TextPage(app, t("Keys (also in the Menu)"), K.key_lines(app))
    from app import cardwords as W  # dropped with the page (App._drop)

    variant, peces = W.game(app)[:2]
    if page == "order":
        from app.decklines import order_lines

        return TextPage(app, t("Card order"), order_lines(variant, peces))
    if page == "signals":
        from app.signals import signal_lines

        return TextPage(app, t("Signals"), signal_lines(variant))
    from app.decklines import removed_lines

    return TextPage(app, t("Cards to take out"), removed_lines(variant))
