# Cards entered one by one, for the assistant's envit calculator and baza resolver.
from truc import cards
from app.cardwords import SUIT_COLOUR, game, rank_named, suit_word
from app.i18n import t
from app.menu import Menu, draw_rows, draw_title
from ui import canvas as C
from ui import events as E


class Picker(Menu):
    """Cards entered one by one, a suit and then a rank of it, offering only the cards of
    the variant's deck not entered yet (nor in `gone`, the cards out of play). Once `most`
    cards are in (or Done, where can_stop), the result shows. BACK steps back: rank to
    suit, then takes out the last card, then leaves; on the result SELECT starts again and
    BACK takes out the last card."""

    can_stop = False
    gone = ()  # cards out of play: the baza resolver's, those of the round's earlier bazas

    def __init__(self, app, most):
        Menu.__init__(self, "")
        self.variant, self.peces, self.flor, self.players = game(app)
        self.deck = cards.deck(self.variant)
        self.most = most
        self.picked = []
        self.suit = -1  # -1: a suit is being chosen; else a rank of this suit
        self.shown = False  # the result is on screen
        self.stopped = False  # it came from Done, not from the last card
        self.scroll = 0  # first result row shown

    # What subclasses give.
    def prompt(self, app):
        return ""

    def result(self, app):
        pass

    def draw_result(self, app, c):
        pass

    def restart(self, app):
        self.picked = []
        self.shown = self.stopped = False
        self.suits(0)

    def leave(self, app):
        app.pop()

    # Choosing.
    def _left(self, suit):
        for c in self.deck:
            if c & 3 == suit and c not in self.picked and c not in self.gone:
                return True
        return False

    def suits(self, suit):
        """The suit step, the cursor on suit."""
        self.suit = -1
        self.items = [(suit_word(s), s) for s in range(4) if self._left(s)]
        if self.can_stop and len(self.picked) >= 2:
            self.items.append((t("Done"), -1))
        self.cursor = 0
        for i in range(len(self.items)):
            if self.items[i][1] == suit:
                self.cursor = i

    def ranks(self, suit):
        self.suit = suit
        self.items = [(rank_named(c, self.variant, self.peces), c) for c in self.deck
                      if c & 3 == suit and c not in self.picked and c not in self.gone]
        self.cursor = 0

    def choose(self, app, value):
        if self.suit >= 0:
            self.picked.append(value)
            if len(self.picked) == self.most:
                self.finish(app, False)
            else:
                self.suits(value & 3)  # the next card is often of the same suit
        elif value < 0:
            self.finish(app, True)
        else:
            self.ranks(value)

    def finish(self, app, stopped):
        self.shown = True
        self.stopped = stopped
        self.scroll = 0
        self.result(app)

    def event(self, app, e):
        if self.shown:
            if e == E.SELECT:
                self.restart(app)
            elif e == E.BACK:
                self.shown = False
                last = self.picked[-1]
                if not self.stopped:
                    self.picked.pop()
                self.suits(last & 3)
            elif e == E.NEXT or e == E.PREV:
                self.scroll += 1 if e == E.NEXT else -1
            elif e == E.MENU or e == E.UNDO:
                Menu.event(self, app, e)
        elif e == E.BACK:
            if self.suit >= 0:
                self.suits(self.suit)
            elif self.picked:
                self.suits(self.picked.pop() & 3)
            else:
                self.leave(app)
        else:
            Menu.event(self, app, e)

    # Drawing.
    def draw(self, app, c):
        if self.shown:
            self.draw_result(app, c)
            return
        font = app.font
        line = app.line
        draw_title(app, c, self.prompt(app))
        # The cards so far, short and in their suit's colour, then what is being chosen.
        y = line + 1 + (1 if app.large else 0)
        x = 4
        for card in self.picked:
            x = c.text(font, cards.card_name(card), x, y, SUIT_COLOUR[card & 3]) + 4
        # With six cards the small screen runs out: the suit and the count only if they fit.
        count = "%d/%d" % (len(self.picked) + 1, self.most)
        room = c.width - 6 - c.text_width(font, count)
        doing = suit_word(self.suit) if self.suit >= 0 else "?"
        if x + c.text_width(font, doing) <= room:
            c.text(font, doing, x, y, C.DIM)
            c.text_right(font, count, c.width - 2, y, C.DIM)
        elif x <= room:
            c.text_right(font, count, c.width - 2, y, C.DIM)
        draw_rows(self, app, c, 2 * line + 1)
