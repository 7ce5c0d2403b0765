# Who goes? Both keys pressed on the scoreboard ask it; the team key answers as on the
# scoreboard (left A, right B) and that team goes ("ens n'anem"), which App.apply says.
# Any other key leaves without a change: going is never one press away by accident.
from truc import rules as R
from app.app import Screen
from app import varianttexts as VT
from app.i18n import t
from app.menu import draw_title
from ui import canvas as C
from ui import events as E


class Going(Screen):
    def event(self, app, e):
        app.pop()
        if e == E.PREV or e == E.NEXT:
            app.apply(R.FOLD, R.A if e == E.PREV else R.B)  # which says it, or why not
        elif e == E.UNDO:  # both keys held, as everywhere
            app.undo()

    def draw(self, app, c):
        draw_title(app, c, t("Who goes?"))
        m = app.match
        font = app.font
        y = app.line + 2
        room = c.width - 8 - c.text_width(font, "< ")
        for team in (R.A, R.B):
            # Each team on its key's side, by its letter when its name is too wide; a
            # team that may not go now is its letter in grey (its key says why).
            why = m.check(R.FOLD, team)
            if why:
                text = R.TEAMS[team]
            else:
                text = app.named(lambda names, team=team: t(VT.FOLD_WORDS[m.variant()])
                                 % names[team], room)
            colour = C.DIM if why else C.TEAM[team]
            if team == R.A:
                c.text(font, "<", 2, y, colour)
                c.text(font, text, 4 + c.text_width(font, "< "), y, colour, room)
            else:
                c.text(font, ">", c.width - 2 - c.text_width(font, ">"), y, colour)
                c.text_right(font, text, c.width - 4 - c.text_width(font, "> "), y, colour,
                             room)
            y += 2 * app.line
        c.text(font, t("Other key: nobody goes"), 2, c.height - app.line, C.DIM,
               c.width - 4)


def make(app, arg):
    return Going()
