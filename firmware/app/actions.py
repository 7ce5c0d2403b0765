# The Actions menu: every command the engine would accept now (app.commands), then the
# screens for what takes more than one choice. The same presses always land on the same
# row, whatever the match waits for (README: the press table):
# - it opens on the likeliest command the team keys do not give (no vull when a call
#   waits, the show when the round waits for the envit values, else parda: dim where
#   the round waits only for an envit the rivals may call, so the rows keep their place);
# - each team's calls sit beside it, team A's above (its key, PREV, goes up), team B's
#   below, in fixed rows from the cursor: flor (when the match plays it), envit, the
#   envit's top (falta, tots) and the truc's (joc fora); a row the rules do not allow now
#   is dim, and choosing it says why and changes nothing; further out, the team's other
#   commands (going, the other steps, what the keys do);
# - at the top, the menus: Menu, Adjust points, Redo, Undo; a double press up (PREV2)
#   goes straight to Menu, so "Actions, up twice at once, choose" is the main menu;
# - it does not wrap round: presses past an end stay on it.
from truc import rules as R
from truc import variants as V
from app.labels import label, legal, next_step
from app.i18n import t
from app.menu import Menu
from ui import events as E


def _slots(m, team):
    """The team's fixed rows, nearest the cursor first: (op, team, step)."""
    slots = [(R.ENVIT, team, 1), (R.ENVIT, team, len(V.ENVIT_LADDERS[m.variant()]) - 1),
             (R.TRUC, team, len(V.TRUC_LADDERS[m.variant()]) - 1)]
    if m.options() & R.OPT_FLOR:
        slots.insert(0, (R.FLOR, team, 0))
    return slots


class Actions(Menu):
    def __init__(self):
        Menu.__init__(self, t("Actions"))

    def refresh(self, app):
        if self.items:  # the match cannot change under this menu: every choice leaves it
            return
        m = app.match
        home = None  # the item the cursor opens on
        over = m.winner() != R.NOBODY
        shown = m.envit_state() == R.ENVIT_ACCEPTED and m.round_winner() != R.NOBODY
        if over:  # the match is over: the next one
            home = (t("New match"), "newmatch")
        elif shown:  # the round is decided: the values are what it waits for
            home = (t("Show envit values"), "showentry")
        # The allowed commands, each with its step (a call's next step named): the fixed
        # rows find theirs whichever way legal() lists it.
        allowed = []
        for op, a, b in legal(m):
            step = next_step(m, op) if (op == R.ENVIT or op == R.TRUC) and not b else b
            allowed.append(((op, a, step), (op, a, b)))
        sides = ([], [])  # each team's rows, nearest the cursor first
        dim = ([], [])
        fixed = 0 if over else len(_slots(m, R.A))
        for team in () if over else (R.A, R.B):
            for slot in _slots(m, team):
                value = slot
                for i in range(len(allowed)):
                    if allowed[i][0] == slot:
                        value = allowed.pop(i)[1]
                        break
                sides[team].append((label(app, *slot), value))
                dim[team].append(1 if value is slot else 0)
        for _, item in allowed:  # the others, as legal() orders them
            op, a, b = item
            row = (label(app, op, a, b), item)
            if (op == R.NOVULL or op == R.BAZA and a == R.PARDA) and home is None:
                home = row
                continue
            team = a if a < 2 else R.B  # parda and the like: below, with B's
            at = fixed if op == R.FOLD else len(sides[team])  # going: after the fixed rows
            sides[team].insert(at, row)
            dim[team].insert(at, 0)
        parda = 0
        if home is None:  # the envit window: parda's row, dim, keeps every row in place
            home = (label(app, R.BAZA, R.PARDA, 0), (R.BAZA, R.PARDA, 0))
            parda = 1
        menus = [(t("Menu"), "mainmenu")]
        if m.variant() and not over:
            menus.append((t("Adjust points"), "adjust"))
        if m.can_redo():
            menus.append((t("Redo"), "redo"))
        if app.can_undo():
            menus.append((t("Undo"), "undo"))
        if m.envit_state() == R.ENVIT_ACCEPTED and not shown:
            menus.append((t("Show envit values"), "showentry"))
        above = menus + sides[R.A][::-1]
        self.cursor = len(above)
        self.items = above + [home] + sides[R.B]
        self.dim = bytes([0] * len(menus) + dim[R.A][::-1] + [parda] + dim[R.B])

    def event(self, app, e):
        self.refresh(app)
        n = len(self.items)
        if e == E.PREV2:  # straight to the top: Menu
            self.cursor = 0
        elif e == E.PREV:  # no wrapping round: a count of presses never lands far away
            self.cursor = max(self.cursor - 1, 0)
        elif e == E.NEXT:
            self.cursor = min(self.cursor + 1, n - 1)
        else:
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
        else:  # a dim row too: the engine refuses it, the notice says why
            app.pop()
            app.apply(value[0], value[1], value[2])


def make(app, arg):
    return Actions()
