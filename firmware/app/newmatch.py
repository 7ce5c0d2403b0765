# Setting up a match: the variant preset, every option of RULES.md, the first dealer
# (or one drawn at random), then the engine's set-up commands. It opens on the variant,
# players and options of the last match started (app.settings.setup, kept with the settings).
import random

from truc import rules as R
from truc import variants as V
from truc.variants import MALLORCA
from app import varianttexts as VT
from app.i18n import t
from app.menu import Menu

_FLAG_ROWS = (  # option bit, label, text when clear, text when set
    (R.OPT_CANTONS3, "Cantons to win", "2", "3"),
    (R.OPT_PECES4, "Peces", "2", "4"),
    (R.OPT_FLOR, "Flor", "off", "on"),
    (R.OPT_FORA_MATCH, "Joc fora worth", "the canton", "the match"),
    (R.OPT_ALTERNATE, "Rounds", "team only", "redondo and punta"),
    (R.OPT_ENVIT_FIRST, "Envit before truc", "off", "on"),
)


class NewMatch(Menu):
    def __init__(self, app):
        Menu.__init__(self, t("New match"))
        self.confirm = False  # asking before the match in progress is discarded
        self.unarchived = ""  # asking before a match not archived is let go: why not
        last = app.settings.setup
        self.preset(last[0] or MALLORCA)
        if last[0]:
            self.players = last[1]
            self.options = last[2]
            self.dealer = self.players - 1

    def preset(self, variant):
        self.variant = variant
        self.players = V.PRESET_PLAYERS[variant]
        self.options = V.PRESET_OPTIONS[variant]
        self.dealer = self.players - 1  # -1: drawn at random when the match starts

    def refresh(self, app):
        if self.items:  # rebuilt after a choice, not on every press
            return
        if self.unarchived:
            self.title = self.unarchived
            self.items = [(t("No, keep it"), "keep"), (t("Yes, discard it"), "drop")]
            return
        if self.confirm:
            # The match in progress is not lost: it goes to Past matches (app.device's keep).
            self.title = t("Start a new match?")
            self.items = [(t("No, play on"), "keep"), (t("Yes: this one to Past matches"),
                                                       "start")]
            return
        self.title = t("New match")
        items = [(t("Variant: %s") % t(VT.TITLES[self.variant]), "variant"),
                 (t("Players: %d") % self.players, "players"),
                 (t("Canton: %d points") % R.TARGETS[self.options & R.OPT_TARGET], "target")]
        for bit, name, off, on in _FLAG_ROWS:
            if bit == R.OPT_PECES4 and not V.PECES[self.variant]:
                continue
            if bit == R.OPT_ALTERNATE and self.players != 6:
                continue
            items.append(("%s: %s" % (t(name), t(on if self.options & bit else off)), bit))
        dealer = t("random") if self.dealer < 0 else t("seat %d") % (self.dealer + 1)
        items.append((t("First dealer: %s") % dealer, "dealer"))
        items.append((t("Names"), "names"))
        items.append((t("Start"), "begin"))
        self.items = items

    def choose(self, app, value):
        self.items = []  # every choice but Names changes a row or the question
        if value == "variant":
            self.preset(self.variant % V.COUNT + 1)
        elif value == "players":
            self.players = {2: 4, 4: 6, 6: 2}[self.players]
            if self.players != 6:
                self.options &= ~R.OPT_ALTERNATE
            self.dealer = self.players - 1
        elif value == "target":
            self.options = self.options & ~R.OPT_TARGET | ((self.options & R.OPT_TARGET) + 1) % 3
        elif value == "dealer":
            self.dealer = self.dealer + 1 if self.dealer < self.players - 1 else -1
        elif value == "names":
            app.open("names", self.players)
        elif value == "keep":  # back on Start
            self.confirm = False
            self.unarchived = ""
            self.refresh(app)
            self.cursor = len(self.items) - 1
        elif value == "begin" or value == "start" or value == "drop":
            tour = app.tournament
            if tour is not None and not tour.covered():  # the director lacks some of it
                app.message = t("Sending: %d of %d") % (tour.have, tour.outbox.count)
                return
            m = app.match
            if value == "begin" and m.entries() and m.winner() == R.NOBODY:
                self.confirm = True
                self.cursor = 0
                return
            self.confirm = False
            self.unarchived = "" if value == "drop" else app.before_new_match()
            if self.unarchived:  # it stays in the journal until the player lets it go
                self.cursor = 0
                return
            self.start(app)
        else:
            self.options ^= value

    def start(self, app):
        dealer = self.dealer if self.dealer >= 0 else random.randint(0, self.players - 1)
        setup = ((R.VARIANT, self.variant, 0), (R.OPTIONS, self.players, self.options),
                 (R.DEALER, dealer, 0))
        app.match.clear()  # after every allocation: the first apply saves the cleared match
        for op, a, b in setup:
            err = app.apply(op, a, b)
            if err:  # the menu only builds legal set-ups; say so if one is not
                app.message = t(err)
                return
        app.settings.setup[:] = bytes((self.variant, self.players, self.options))
        app.home()


def make(app, arg):
    return NewMatch(app)
