# Entering the envit values shown at the end of the round.
from truc import rules as R
from app.i18n import t
from app.menu import Menu
from ui import events as E


class ShowEntry(Menu):
    """A value per seat of the round (or duel), from the hand's mà on; NEXT/PREV change
    the selected seat's value once it is being edited; the device picks the winner, ties
    to the seat nearest the mà."""

    def __init__(self, app):
        Menu.__init__(self, t("Envit shown"))
        m = app.match
        n = m.players()
        self.seats = [s % n for s in range(m.hand_ma(), m.hand_ma() + n) if m.plays(s % n)]
        low, high = m.show_range()
        self.values = [-1] * len(self.seats)  # -1: not shown
        self.low = low
        self.high = high
        self.editing = -1

    def refresh(self, app):
        items = []
        for i in range(len(self.seats)):
            seat = self.seats[i]
            name = app.seat_name(seat)
            value = "-" if self.values[i] < 0 else str(self.values[i])
            mark = " <>" if i == self.editing else ""
            items.append(("%s (%s): %s%s" % (name, R.TEAMS[seat & 1], value, mark), i))
        items.append((t("Done"), "done"))
        self.items = items

    def event(self, app, e):
        if self.editing >= 0:
            i = self.editing
            v = self.values[i]
            m = app.match
            if v < 0:  # a first value to start from: a common envit
                v = self.moved(m, self.start() - 1, 1, 1)
            steps = 5 if e == E.NEXT2 or e == E.PREV2 else 1
            if e == E.NEXT or e == E.NEXT2 or e == E.PREV or e == E.PREV2:
                way = 1 if e == E.NEXT or e == E.NEXT2 else -1
                self.values[i] = self.moved(m, v, way, steps)
            elif e == E.SELECT or e == E.BACK:
                self.values[i] = v
                self.editing = -1
                self.cursor = i + 1
            return
        Menu.event(self, app, e)

    def start(self):
        return min(max(25, self.low), self.high)

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
        if value != "done":
            self.editing = value
            return
        seats = [self.seats[i] for i in range(len(self.seats)) if self.values[i] >= 0]
        values = [v for v in self.values if v >= 0]
        try:
            best = app.match.resolve_show(seats, values)
        except ValueError as e:
            app.message = t(str(e))
            return
        app.pop()
        app.apply(R.SHOW, seats[best], values[best])


def make(app, arg):
    return ShowEntry(app)
