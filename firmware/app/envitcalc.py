# The assistant's envit and flor calculator.
from truc import cards
from app.cardwords import SUIT_COLOUR, named
from app.i18n import t
from app.menu import draw_title
from app.picker import Picker
from ui import canvas as C


class EnvitCalc(Picker):
    """Three cards: their envit, and their flor where the variant plays flor."""

    def __init__(self, app):
        Picker.__init__(self, app, 3)
        self.envit = 0
        self.flor_value = -1  # -1: not a flor
        self.suits(0)

    def prompt(self, app):
        return t("Card %d of 3") % (len(self.picked) + 1)

    def result(self, app):
        self.envit = cards.envit(self.picked, self.variant, self.peces)
        self.flor_value = cards.flor(self.picked)
        self.shown_rows = None  # worked out at the first frame (draw_result)

    shown_rows = None

    def flor_text(self):
        """What the screen says of the flor ("" where the variant plays none)."""
        if not self.flor:
            return ""
        return t("Flor: %d") % self.flor_value if self.flor_value >= 0 else t("No flor")

    def draw_result(self, app, c):
        # The value in large digits beside the cards, each card named whole ("la sota
        # d'oros (madona)": the nickname is why it counts); where a name does not fit
        # beside the digits (and on the OLED) the value goes in the title and the cards
        # take the width, a name wider still wrapping under itself. A flor voids the
        # envit (where the variant plays flor): the flor's value is then the one shown.
        font = app.font
        line = app.line
        flor = self.flor and self.flor_value >= 0
        title = t("Flor") if flor else t("Envit")
        value = str(self.flor_value if flor else self.envit)
        if self.shown_rows is None:  # once: a frame is drawn a slice at a time
            self.shown_rows = self._rows(app, c, value)
        beside, rows = self.shown_rows
        draw_title(app, c, title if beside else "%s: %s" % (title, value))
        y = line + 2 if app.large else line
        if beside:
            c.text_right(app.big, value, c.width - 4, y, C.FG)
        for i in range(len(rows)):
            parts = rows[i]
            for k in range(len(parts)):
                c.text(font, parts[k], 8 if k else 4, y, SUIT_COLOUR[self.picked[i] & 3])
                y += line
        if self.flor and not flor:  # under the cards; on a full OLED, in the title bar
            if y + font.HEIGHT <= c.height:
                c.text(font, t("No flor"), 4, y + (4 if app.large else 0), C.DIM)
            else:
                c.text_right(font, t("No flor"), c.width, 0, C.FG)
        if app.large:
            c.text(font, t("Select: another hand"), 4, c.height - line, C.DIM)

    def _rows(self, app, c, value):
        # (beside, rows): whether the digits go beside the cards, each card's name in
        # the rows it takes.
        font = app.font
        names = [named(card, self.variant, self.peces) for card in self.picked]
        room = c.width - 16 - c.text_width(app.big, value)  # the cards end clear of it
        beside = app.large
        for text in names:
            beside = beside and c.text_width(font, text) <= room
        if not beside:
            room = c.width - 4
        return beside, [c.wrap(font, text, room, room - 8) for text in names]


def make(app, arg):
    return EnvitCalc(app)
