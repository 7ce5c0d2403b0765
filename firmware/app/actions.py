# The Actions menu: every command the engine would accept now (app.commands), then the
# screens for what takes more than one choice.
from truc import rules as R
from app.commands import label, legal
from app.i18n import t
from app.menu import Menu


class Actions(Menu):
    def __init__(self):
        Menu.__init__(self, t("Actions"))

    def refresh(self, app):
        if self.items:  # the match cannot change under this menu: every choice leaves it
            return
        m = app.match
        items = [(label(app, op, a, b), (op, a, b)) for op, a, b in legal(m)]  # type: list
        if m.winner() != R.NOBODY:  # the match is over: the next one first
            items.append((t("New match"), "newmatch"))
        if m.envit_state() == R.ENVIT_ACCEPTED:
            items.append((t("Show envit values"), "showentry"))
        if m.variant() and m.winner() == R.NOBODY:
            items.append((t("Adjust points"), "adjust"))
        if app.can_undo():
            items.append((t("Undo"), "undo"))
        if m.can_redo():
            items.append((t("Redo"), "redo"))
        items.append((t("Menu"), "mainmenu"))
        self.items = items

    def choose(self, app, value):
        if value == "undo":
            app.undo()
            app.home()
        elif value == "redo":
            app.redo()
            app.home()
        elif value in ("showentry", "adjust", "mainmenu", "newmatch"):
            app.replace(value)
        else:
            app.pop()
            app.apply(value[0], value[1], value[2])


def make(app, arg):
    return Actions()
