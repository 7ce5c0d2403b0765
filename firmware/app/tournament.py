# Menu -> Tournament: opening it turns tournament mode on (hw.tournament: the venue's
# WiFi, the broker, the outbox) and shows where the table stands: connected or not, the
# match the director assigned it (its title: "Table 7: SEGUI/SEGUI v BERMUDEZ/DIAZ ·
# Mallorca · to 3 cantons") and how much of the last match the director still lacks.
# The cursor starts on the assignment: one press starts that match, with the director's
# names and options and a dealer drawn at random. Back leaves it on; Leave turns it off
# once the director holds every command (the outbox stays on flash: a boot with it joins
# again).
import random
import sys

from truc import rules as R
from app.i18n import t
from app.menu import Menu
from app.settings import TEAM_MOST, TEAM_NAMES
from ui import forget


class Tournament(Menu):
    def __init__(self, app):
        Menu.__init__(self, t("Tournament"))
        self.tour = app.tour()
        self.shown = None

    def refresh(self, app):
        tour = self.tour
        waiting = tour.waiting()
        box = tour.outbox
        shown = (tour.state(), waiting, tour.have, box.count, tour.refused)
        if shown == self.shown:
            return
        self.shown = shown
        if tour.config is not None:
            self.title = t("Tournament") + " · " + t("Table %d") % tour.config.table
        items = [(t(tour.state()), "")]  # type: list  # "": a line to read, not to choose
        if not tour.covered():
            items.append((t("Sending: %d of %d") % (tour.have, box.count), ""))
        if waiting is not None and tour.covered():
            # The director's title whole, but on the 128x64 glass (the pairs: the title
            # and the table are on the screen's title already)
            what = waiting[1] if app.size else " v ".join(waiting[2])
            items.append((t("Start: %s") % what, "start"))
        elif waiting is None and tour.config is not None:
            items.append((t("No match assigned"), ""))
        if tour.refused:
            items.append((tour.refused, ""))
        items.append((t("Leave the tournament"), "leave"))
        items.append((t("Back to the score"), "back"))
        self.items = items
        self.cursor = len(items) - 3 if items[-3][1] == "start" else len(items) - 1

    def choose(self, app, value):
        if value == "back":
            app.home()
        elif value == "start":
            start(app, self.tour.waiting())
        elif value == "leave":
            leave(app, self.tour)


def leave(app, tour):
    """Tournament mode off (the radio too), once the director holds the whole match."""
    if not tour.covered():  # as New match: not before the director holds the match
        app.message = t("Sending: %d of %d") % (tour.have, tour.outbox.count)
        return
    tour.stop()
    app.tournament = None
    forget(("hw.tournament",))
    app.home()


def start(app, assigned):
    """Starts the assigned match: its set-up lines, the pairs' names, a dealer drawn.
    The tournament's outbox begins with the first command (app.device)."""
    why = app.before_new_match()  # the match before goes to the archive first
    if why:
        app.message = why
        return
    had = "truc.tablesetup" in sys.modules
    from truc.tablesetup import setup  # for the moment: forgotten

    m = app.match
    m.clear()
    try:
        for line in assigned[3]:
            command = setup(m, line)  # checked when it came (hw.payloads)
            if app.apply(command[0], command[1], command[2]):
                return
    finally:
        if not had:
            forget(("truc.tablesetup", "truc.tableline"))
    names = app.settings.names
    for team in range(2):
        names[TEAM_NAMES + team] = assigned[2][team][:TEAM_MOST]
    if not app.apply(R.DEALER, random.randint(0, m.players() - 1)):
        app.home()


def make(app, arg):
    return Tournament(app)
