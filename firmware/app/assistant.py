# The dealer's assistant: the envit and flor of a hand, who takes a baza, the card order,
# the signals, and which cards of a 40-card deck to leave out (RULES.md "Cards",
# "Signals"), for the variant of the match.
from app.cardwords import game, variant_name
from app.i18n import t
from app.menu import Menu


class Assistant(Menu):
    def __init__(self):
        Menu.__init__(self, t("Assistant"))

    def refresh(self, app):
        if self.items:  # built when shown: the match cannot change under this screen
            return
        variant, peces, flor, players = game(app)
        self.title = "%s · %s" % (t("Assistant"), variant_name(variant))
        self.items = [(t("Envit and flor") if flor else t("Envit"), "envit"),
                      (t("Who wins this baza?"), "baza"),
                      (t("Card order"), "order"),
                      (t("Signals"), "signals"),
                      (t("Cards to take out"), "removed"),
                      (t("Back"), "back")]

    def choose(self, app, value):
        del self.items[:]  # built again when shown (refresh): room for the page it opens
        if value == "envit":
            app.open("envitcalc")
        elif value == "baza":
            app.open("bazacalc")
        elif value == "back":
            app.pop()
        else:
            app.open("textpage", value)


def make(app, arg):
    return Assistant()
