# The Actions menu: every command the engine would accept now (app.commands), then the
# screens for what takes more than one choice. It opens on the likeliest command the team
# keys do not already give (no vull, the show, parda), with each team's others beside it:
# team A's above (its key, PREV, goes up), team B's below, the nearest the likeliest; and
# a team key's double press here is that team going (its item marked so, team A's over
# Menu). So no vull, parda, flor and going are at most three presses from the scoreboard.
from truc import rules as R
from app.commands import label, legal, quick, strong
from app.i18n import t
from app.menu import Menu
from ui import events as E

_NEAR = (R.FLOR, R.ENVIT, R.FOLD)  # beside the cursor, in this order from it


def _keyed(m, op, a, b):
    """Whether a scoreboard key already does the command (one step, the team's own)."""
    if op == R.END:
        return True
    return a < 2 and not b and (op == quick(m, a) or op == strong(m, a))


class Actions(Menu):
    def __init__(self):
        Menu.__init__(self, t("Actions"))

    def refresh(self, app):
        if self.items:  # the match cannot change under this menu: every choice leaves it
            return
        m = app.match
        home = None  # the item the cursor opens on
        shown = m.envit_state() == R.ENVIT_ACCEPTED and m.round_winner() != R.NOBODY
        sides = ([], [])  # team A's and B's commands beside it
        rest = []  # what the keys do, and jumps up the ladders
        if m.winner() != R.NOBODY:  # the match is over: the next one
            home = (t("New match"), "newmatch")
        elif m.can_redo():  # right after an undo: the likeliest
            home = (t("Redo"), "redo")
        elif shown:  # the round is decided: the values are what it waits for
            home = (t("Show envit values"), "showentry")
        for op, a, b in legal(m):
            text = label(app, op, a, b)
            if op == R.FOLD:  # the double press that does it, at its key's end
                text = "<< " + text if a == R.A else text + " >>"
            item = (text, (op, a, b))
            if (op == R.NOVULL or op == R.BAZA and a == R.PARDA) and home is None:
                home = item
            elif op == R.NOVULL or op == R.BAZA and a == R.PARDA:
                sides[1 if a == R.PARDA else a].insert(0, item)
            elif op in _NEAR and not b and not _keyed(m, op, a, b):
                sides[a].append(item)
            else:
                rest.append(item)
        for side in sides:
            side.sort(key=lambda item: _NEAR.index(item[1][0]) if item[1][0] in _NEAR else -1)
        extras = []
        if m.envit_state() == R.ENVIT_ACCEPTED and not shown:
            extras.append((t("Show envit values"), "showentry"))
        if m.variant() and m.winner() == R.NOBODY:
            extras.append((t("Adjust points"), "adjust"))
        if app.can_undo():
            extras.append((t("Undo"), "undo"))
        top = sides[0][::-1]
        # Team A's going, which its double press does, sits over Menu: Menu comes nearer.
        gone = [top.pop(0)] if top and top[0][1][0] == R.FOLD else []
        above = gone + [(t("Menu"), "mainmenu")] + top
        self.cursor = len(above)
        self.items = above + ([home] if home else []) + sides[1] + extras + rest

    def event(self, app, e):
        if e == E.PREV2 or e == E.NEXT2:  # the team goes, when it may; else a page
            team = R.A if e == E.PREV2 else R.B
            if not app.match.check(R.FOLD, team):
                self.choose(app, (R.FOLD, team, 0))
                return
        Menu.event(self, app, e)

    def choose(self, app, value):
        if value == "undo":
            app.undo()
            app.home()
        elif value == "redo":  # home first: a redone close opens the summary over it
            app.home()
            app.redo()
        elif value in ("showentry", "adjust", "mainmenu", "newmatch"):
            app.replace(value)
        else:
            app.pop()
            app.apply(value[0], value[1], value[2])


def make(app, arg):
    return Actions()
