# A page of lines to read: the assistant's card order, signals and cards to take out, and
# what each key of this board does (from the main menu, and once on the first boot). The
# card words are imported only for the assistant's pages: the key pages, the first boot's
# among them, go without app.cardwords and truc.cards (9 KB of bytecode).
from app.i18n import t
from app.menu import Menu, draw_marks, draw_title, marks_x
from ui import canvas as C
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


def key_lines(app):
    """What each press does on this board's keys (2: the T-Display's left and right; 3:
    A, B, C): the scoreboard's first, then going, undo, Actions, back and the menus."""
    if app.keys == 2:
        texts = (t("Left key: team A. Right: B."),
                 t("Short: the baza, or vull."),
                 t("Double: truc, or raise it."),
                 t("Both keys: who goes? Then the team's key."),
                 t("Hold both keys: undo."),
                 t("Hold right: Actions (parda, flor, envit values); choose in menus."),
                 t("Hold left: back; it never changes the match."),
                 t("In menus: short moves, double is a page."),
                 t("Main menu: Actions, then Menu at the top."))
    else:
        texts = (t("A: team A, C: B."),
                 t("Short: baza, or vull."),
                 t("Double: truc, raise."),
                 t("A and C together: who goes? Then the team's key."),
                 t("Hold A and C: undo."),
                 t("B: Actions (parda, flor, envit values); choose in menus."),
                 t("Hold A: back; it never changes the match."),
                 t("In menus: A and C move, double is a page."),
                 t("Hold B: main menu."))
    return [(text, C.FG) for text in texts]


def abbreviation_lines():
    """What the scoreboard's short forms mean, written as it writes them."""
    texts = (t("On the score:"),
             t("D%d M%d") % (1, 2) + " " + t("= seat 1 deals, seat 2 is mà."),
             t("bazas") + " AB-: " + t("who took each baza, - parda."),
             t("males") + ", " + t("bones") + ": " + t("the canton's first, second half."),
             t("Flor %s") % "A" + "x2: " + t("team A's two flors."),
             t("punta %d/3") % 2 + ": " + t("the second of three duels."))
    return [(text, C.DIM if i == 0 else C.FG) for i, text in enumerate(texts)]


def make(app, page):
    if page == "keys":
        return TextPage(app, t("Keys"), key_lines(app) + abbreviation_lines())
    if page == "welcome":  # the first boot's, after the language (app.language)
        return TextPage(app, t("Keys (also in the Menu)"), key_lines(app))
    from app import cardwords as W  # dropped with the page (App._drop)

    variant, peces = W.game(app)[:2]
    if page == "order":
        return TextPage(app, t("Card order"), W.order_lines(variant, peces))
    if page == "signals":
        from app.signals import signal_lines

        return TextPage(app, t("Signals"), signal_lines(variant))
    return TextPage(app, t("Cards to take out"), W.removed_lines(variant))
