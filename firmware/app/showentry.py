# Entering the envit shown at the end of the round: the seat whose show won it (the best;
# equal values go to the seat nearest the mà, as the table says) and its value.
from truc import rules as R
from truc.variants import SHOW_RANGES
from app.i18n import t
from app.menu import Menu
from ui import events as E

# The likeliest winning show, by the kind of show (truc.variants' SHOW_ tables: mallorca
# with two peces, with four, valencia and palacios; the flors of mallorca, of valencia) and
# the hands that play (2, 4, 6): the most frequent best of that many random hands.
_LIKELY = ((31, 33, 33), (33, 33, 35), (31, 31, 33), (31, 31, 31), (34, 34, 34))


class ShowEntry(Menu):
    """The seats of the round (or duel) in seat order, so a seat keeps its row from round
    to round; the mà's row is marked and the cursor starts on it. SELECT takes the seat,
    then its value, which starts on the likeliest winning show and moves only through
    values some hand makes (NEXT/PREV one, NEXT2/PREV2 five); SELECT takes the value,
    BACK goes back to the seats."""

    def __init__(self, app):
        Menu.__init__(self, t("Envit shown"))
        m = app.match
        n = m.players()
        self.ma = m.hand_ma()
        self.seats = [s for s in range(n) if m.plays(s)]
        self.cursor = self.seats.index(self.ma)
        self.low, self.high = m.show_range()
        likely = _LIKELY[SHOW_RANGES.index((self.low, self.high))][len(self.seats) // 2 - 1]
        self.start = self.moved(m, likely - 1, 1, 1)
        self.value = -1  # the value of the seat at the cursor; -1: choosing the seat

    def refresh(self, app):
        items = []
        for i in range(len(self.seats)):
            seat = self.seats[i]
            text = "%s (%s)" % (app.seat_name(seat), R.TEAMS[seat & 1])
            if i == self.cursor and self.value >= 0:
                text = "%s: %d <>" % (text, self.value)
            elif seat == self.ma:
                text = "%s · %s" % (text, t("mà"))
            items.append((text, i))
        self.items = items

    def event(self, app, e):
        if self.value < 0:
            Menu.event(self, app, e)
            return
        m = app.match
        steps = 5 if e == E.NEXT2 or e == E.PREV2 else 1
        if e == E.NEXT or e == E.NEXT2:
            self.value = self.moved(m, self.value, 1, steps)
        elif e == E.PREV or e == E.PREV2:
            self.value = self.moved(m, self.value, -1, steps)
        elif e == E.SELECT:
            app.pop()
            app.apply(R.SHOW, self.seats[self.cursor], self.value)
        elif e == E.BACK:
            self.value = -1

    def moved(self, m, v, way, steps):
        """The value steps presses away from v (way 1 up, -1 down), counting only the
        values some hand makes; it stops at the ends of the range."""
        for _ in range(steps):
            w = v + way
            while self.low <= w <= self.high and not m.show_possible(w):
                w += way
            if self.low <= w <= self.high:
                v = w
        return v

    def choose(self, app, value):
        self.value = self.start


def make(app, arg):
    return ShowEntry(app)
