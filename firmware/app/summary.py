# After a round (or duel) closes: what it paid, in the order RULES.md counts it, and
# the canton or the match when one was won; its score is the points, or once a canton
# was won the cantons, in its title. It came by itself, so it takes no press: a key
# closes it and does what it does on the scoreboard (the next round's first baza is
# entered, not lost); BACK only closes it, and so does a team key once the match is
# won.
from micropython import const

from truc import rules as R
from app.app import Screen
from app.i18n import t
from ui import canvas as C
from ui import events as E
from app.menu import draw_title
from app.lastround import paid
from ui import elapsed

_SHOWN_MS = const(5000)  # then the scoreboard comes back by itself


class Summary(Screen):
    since = 0
    shown = None  # layout(), once drawn

    def __init__(self, hand):
        self.hand = hand  # the round (or duel) that closed: round << 2 | duel

    def open(self, app):
        self.since = app.now

    def event(self, app, e):
        app.pop()
        # Once the match is won, a team key only shows the final score (there it would
        # open New match); undo is undo (the winning baza is the likeliest "oops"), and
        # Actions opens, so the README's presses to the main menu hold here too.
        if app.top_name() == "scoreboard" and e != E.BACK and (
                app.match.winner() == R.NOBODY or e != E.PREV and e != E.NEXT):
            app.top().event(app, e)

    def tick(self, app, now_ms):
        if elapsed(now_ms, self.since) >= _SHOWN_MS and app.match.winner() == R.NOBODY:
            app.pop()

    def due_ms(self, app, now_ms):
        return _SHOWN_MS - elapsed(now_ms, self.since) if app.match.winner() == R.NOBODY else -1

    def lines(self, app, names=None, rows=5):
        """(text, team) a line, each naming the teams by names (their names by default);
        both teams' flors share a line when there are more lines than rows (team -1:
        no team's colour)."""
        names = names or (app.team_name(R.A), app.team_name(R.B))
        m = app.match
        out = paid(app, names, self.hand)
        if m.winner() != R.NOBODY:
            out.append((t("%s wins the match!") % names[m.winner()], m.winner()))
        flors = m.last_round()[:2]
        if len(out) > rows and flors[0] and flors[1]:  # the first two lines: the flors
            second = out[1][1]
            out[:2] = [(out[0][0] + " · %s +%d" % (names[second], flors[second]), -1)]
        return out

    def layout(self, app, c):
        """(title, score, lines, big): what draw() shows. Worked out once: nothing changes
        under this screen, and a frame is drawn a slice at a time (ui.canvas)."""
        m = app.match
        line = app.line
        # The points start again once a canton is won: the title then gives the cantons,
        # named, and there is no score of points.
        canton = m.last_round()[6] != R.NOBODY
        score = ""
        if canton:
            title = t("Cantons: %d-%d") % (m.cantons(0), m.cantons(1))
        else:
            score = "%d - %d" % (m.points(0), m.points(1))
            if self.hand & 3:
                title = t("Duel %d of 3 over") % (self.hand & 3)
            else:
                title = t("Round %d over") % (self.hand >> 2)
        y = line + 2
        rows = (c.height - y) // line
        lines = self.lines(app, None, rows)
        for text, _ in lines:  # every line names the teams alike
            if c.text_width(app.font, text) > c.width - 4:
                lines = self.lines(app, R.TEAMS, rows)
                break
        wrapped = []  # a line still wider than the glass (a round and why) on more rows
        for text, team in lines:
            for part in c.wrap(app.font, text, c.width - 4, c.width - 4):
                wrapped.append((part, team))
        lines = wrapped
        # The score in large digits under the lines where they leave room (the large
        # screen, up to three lines), else at the right of the title bar.
        big = app.large and not canton and y + len(lines) * line <= c.height - app.big.HEIGHT
        return title, score, lines, big

    def draw(self, app, c):
        if self.shown is None:
            self.shown = self.layout(app, c)
        title, score, lines, big = self.shown
        line = app.line
        y = line + 2
        room = c.width - 4
        draw_title(app, c, title, C.MARK, 0 if big else c.width - 6 - c.text_width(
            app.font, score))
        for text, team in lines:
            c.text(app.font, text, 4, y, C.TEAM[team] if team == R.A or team == R.B else C.FG,
                   room)
            y += line
        if big:
            c.text_centre(app.big, score, c.width // 2, c.height - app.big.HEIGHT, C.FG)
        else:
            c.text_right(app.font, score, c.width - 2 if app.large else c.width,
                         1 if app.large else 0, C.FG)


def make(app, hand):
    return Summary(hand)
