# The assistant's envit and flor calculator.
from truc import cards
from app.cardwords import SUIT_COLOUR, card_text, named
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

    def flor_text(self):
        """What the screen says of the flor ("" where the variant plays none)."""
        if not self.flor:
            return ""
        return t("Flor: %d") % self.flor_value if self.flor_value >= 0 else t("No flor")

    def draw_result(self, app, c):
        # The cards in their suits' colours and the value in large digits beside them; the
        # OLED has no room beside the cards: the value is in the title, the cards whole.
        font = app.font
        line = app.line
        value = str(self.envit)
        y = line + 2
        if app.large:
            draw_title(app, c, t("Envit"))
            room = c.width - 16 - c.text_width(app.big, value)  # the cards end clear of it
            c.text_right(app.big, value, c.width - 4, y, C.FG)
        else:
            draw_title(app, c, "%s: %s" % (t("Envit"), value))
            y = line
            room = c.width - 4
        for card in self.picked:
            text = named(card, self.variant, self.peces)
            if c.text_width(font, text) > room:  # the nickname left out, never the suit
                text = card_text(card)
            c.text(font, text, 4, y, SUIT_COLOUR[card & 3])
            y += line
        flor = self.flor_text()
        if flor:
            c.text(font, flor, 4, y + (4 if app.large else 0),
                   C.GOOD if self.flor_value >= 0 else C.DIM)
        if app.large:
            c.text(font, t("Select: another hand"), 4, c.height - line, C.DIM)


def make(app, arg):
    return EnvitCalc(app)
