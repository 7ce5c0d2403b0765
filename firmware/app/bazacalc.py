# The assistant's baza resolver: who takes this baza?
from truc import cards
from truc import rules as R
from truc import variants as V
from app.cardwords import PARDA, card_text, game, seat_label, seat_name
from app.i18n import t
from app.menu import Menu, draw_title, marks_x
from app.picker import Picker
from ui import canvas as C
from ui import events as E


class BazaCalc(Picker):
    """The leading seat, then the cards in play order from it (one a player, or Done):
    the team that takes the baza, or parda, and the seat. In a punta duel the two
    duelists play. SELECT on the result goes on with the round's next baza: its winner
    leads it. After a parda, in valencia and palacios only the tied players play on, in
    the order they played; in mallorca every player plays, led by the first tied card's
    seat (truc.variants PARDA_ALL_PLAY). The cards of the round's earlier bazas are not
    offered again (one deck: a card is played once a round). Once the round is decided,
    SELECT starts the next round's first baza at the leader step."""

    can_stop = True

    def __init__(self, app):
        m = app.match
        Picker.__init__(self, app, 2 if m.duel() else game(app)[3])
        self.duel = m.duel() != 0
        self.ma = m.hand_ma() if m.variant() else 0
        self.leader = -1  # -1: the leading seat is being chosen
        self.order = []  # the seats that play this baza, in play order
        self.results = bytearray()  # the round's bazas so far: A, B or PARDA
        self.team = self.winner = 0
        self.best = []  # per card: whether it has the winning strength
        self.leaders(app, self.ma)

    def leaders(self, app, seat):
        """The leader step, the cursor on seat: a round's first baza, everyone playing."""
        self.leader = -1
        self.shown = self.stopped = False
        self.picked = []
        self.gone = []  # the cards of the round's earlier bazas
        self.results = bytearray()
        seats = (self.ma, (self.ma + 3) % 6) if self.duel else range(self.players)
        self.items = [(seat_label(app, s), s) for s in seats]
        self.cursor = 0
        for i in range(len(self.items)):
            if self.items[i][1] == seat:
                self.cursor = i

    def play(self, order):
        """A baza played by the seats of order, the first leading."""
        self.order = order
        self.leader = order[0]
        self.most = len(order)
        self.picked = []
        self.shown = self.stopped = False
        self.suits(0)

    def everyone(self, leader):
        if self.duel:
            return [leader, (leader + 3) % 6]
        return [(leader + i) % self.players for i in range(self.players)]

    def seat(self, i):
        """The seat that plays the i-th card."""
        return self.order[i]

    def prompt(self, app):
        return t("Card of %s") % seat_label(app, self.seat(len(self.picked)))

    def restart(self, app):
        results = self.results
        if len(results) == 3 or R.decided(results, 0, len(results)) != R.NOBODY:
            self.leaders(app, self.ma)
            return
        self.gone.extend(self.picked)
        if self.team == PARDA and not V.PARDA_ALL_PLAY[self.variant]:
            self.play([self.seat(i) for i in range(len(self.picked)) if self.best[i]])
        else:
            self.play(self.everyone(self.winner))

    def leave(self, app):
        self.leaders(app, self.leader)

    def event(self, app, e):
        if self.leader < 0 and e == E.BACK:
            app.pop()
            return
        if self.shown and e == E.BACK:  # the baza is open again
            self.results = self.results[:-1]
        Picker.event(self, app, e)

    def choose(self, app, value):
        if self.leader < 0:
            self.play(self.everyone(value))
        else:
            Picker.choose(self, app, value)

    def finish(self, app, stopped):
        Picker.finish(self, app, stopped)
        self.results.append(self.team)

    def result(self, app):
        n = len(self.picked)
        self.team, self.winner = cards.baza(self.picked, self.leader, self.players,
                                            self.variant, self.peces, self.order[:n])
        strengths = [cards.strength(c, self.variant, self.peces) for c in self.picked]
        top = max(strengths)
        self.best = [s == top for s in strengths]

    def verdict(self, app, seat=True):
        """Who takes the round once the bazas decide it (three pardas: the mà's team),
        else who takes the baza; seat: and which seat (its row is marked anyway)."""
        r = self.results
        w = R.decided(r, 0, len(r))
        if w < 2 or len(r) == 3:
            return t("Round: %s") % app.team_name(w if w < 2 else self.ma & 1)
        if self.team == PARDA:
            return t("Parda")
        if not seat:
            return t("Team %s wins") % R.TEAMS[self.team]
        return t("Team %s wins: %s") % (R.TEAMS[self.team], seat_name(app, self.winner))

    def draw(self, app, c):
        if self.leader < 0:
            self.title = t("Who leads the baza?")
            Menu.draw(self, app, c)
        else:
            Picker.draw(self, app, c)

    def draw_result(self, app, c):
        font = app.font
        line = app.line
        # The title leaves room for the scroll marks; the small screen names no seat there.
        room = marks_x(app, c) - c.text_width(font, "^") - 6
        title = self.verdict(app)
        if c.text_width(font, title) > room:
            title = self.verdict(app, False)
        draw_title(app, c, title, C.MARK if self.team == PARDA else C.TEAM[self.team], room)
        top = line + 1
        rows = (c.height - top) // line
        n = len(self.picked)
        self.scroll = min(max(self.scroll, 0), max(n - rows, 0))
        y = top
        i = self.scroll
        while i < n:
            # The small screen has no room for the team letter: the title names the team.
            seat = seat_label(app, self.seat(i)) if app.large else seat_name(app, self.seat(i))
            # A card too long for the row goes on under it: never shortened.
            texts = c.wrap(font, "%s: %s" % (seat, card_text(self.picked[i])), c.width - 4,
                           c.width - 10)
            h = len(texts) * line
            if y + h > c.height:
                break
            colour = C.TEAM[self.seat(i) & 1]
            if self.best[i]:  # the winning card (every tied one in a parda)
                c.fill_rect(0, y, c.width, h, colour)
                colour = C.BG
            for k in range(len(texts)):
                c.text(font, texts[k], 10 if k else 4, y + k * line + (1 if app.large else 0),
                       colour)
            y += h
            i += 1
        # The rows take the whole width: the scroll marks go in the title bar.
        ty = 1 if app.large else 0
        down = marks_x(app, c)
        if self.scroll > 0:
            c.text(font, "^", down - c.text_width(font, "^") - 2, ty, C.DIM)
        if i < n:
            c.text(font, "v", down, ty, C.DIM)


def make(app, arg):
    return BazaCalc(app)
