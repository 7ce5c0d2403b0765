# The Actions menu: every command the engine would accept now (app.commands), then the
# screens for what takes more than one choice. It opens on the likeliest command the team
# keys do not already give, by what the match waits for (no vull when a call waits, the
# show when the round waits for the envit values, else parda), never by what was pressed
# before: the same presses always land on the same command. Each team's others sit beside
# it, team A's above (its key, PREV, goes up), team B's below, the nearest the likeliest;
# so parda is 2 presses from the scoreboard and a flor 3. Its keys are a menu's, as
# everywhere (a double press is a page); going, a round's end, is asked with both keys
# (app.going) or chosen here, further down.
from truc import rules as R
from app.commands import label, legal, quick, strong
from app.i18n import t
from app.menu import Menu

_NEAR = (R.FLOR, R.ENVIT)  # beside the cursor, in this order from it


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
        elif shown:  # the round is decided: the values are what it waits for
            home = (t("Show envit values"), "showentry")
        goings = []
        for op, a, b in legal(m):
            item = (label(app, op, a, b), (op, a, b))
            if (op == R.NOVULL or op == R.BAZA and a == R.PARDA) and home is None:
                home = item
            elif op == R.NOVULL or op == R.BAZA and a == R.PARDA:
                sides[1 if a == R.PARDA else a].insert(0, item)
            elif op in _NEAR and not b and not _keyed(m, op, a, b):
                sides[a].append(item)
            elif op == R.FOLD:
                goings.append(item)
            else:
                rest.append(item)
        for side in sides:
            side.sort(key=lambda item: _NEAR.index(item[1][0]) if item[1][0] in _NEAR else -1)
        extras = []
        if m.envit_state() == R.ENVIT_ACCEPTED and not shown:
            extras.append((t("Show envit values"), "showentry"))
        if m.can_redo():
            extras.append((t("Redo"), "redo"))
        if m.variant() and m.winner() == R.NOBODY:
            extras.append((t("Adjust points"), "adjust"))
        if app.can_undo():
            extras.append((t("Undo"), "undo"))
        above = [(t("Menu"), "mainmenu")] + sides[0][::-1]
        self.cursor = len(above)
        self.items = above + ([home] if home else []) + sides[1] + extras + goings + rest

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
