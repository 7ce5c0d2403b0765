# Hand corrections of the points.
from truc import rules as R
from app.i18n import t
from app.menu import Menu


class Adjust(Menu):
    """Hand corrections: each choice adds or takes a point and stays here."""

    def __init__(self):
        Menu.__init__(self, t("Adjust points"))

    def refresh(self, app):
        if self.items:  # rebuilt after a choice, not on every press
            return
        m = app.match
        title = t("Adjust points")
        self.title = "%s  %d-%d" % (title, m.points(0), m.points(1))
        self.items = [("%s +1" % app.team_name(0), (0, 1)), ("%s -1" % app.team_name(0), (0, -1)),
                      ("%s +1" % app.team_name(1), (1, 1)), ("%s -1" % app.team_name(1), (1, -1)),
                      (t("Done"), None)]

    def choose(self, app, value):
        self.items = []
        if value is None:
            app.pop()
        else:
            app.apply(R.ADJUST, value[0], value[1])


def make(app, arg):
    return Adjust()
