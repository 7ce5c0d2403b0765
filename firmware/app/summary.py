# After a round (or duel) closes: what it paid, in the order RULES.md counts it, and
# the canton or the match when one was won. Any key goes back to the scoreboard.
from truc import rules as R
from app.app import Screen
from app.i18n import t
from ui import canvas as C
from app.menu import draw_title
from ui.gestures import elapsed

_SHOWN_MS = 5000  # then the scoreboard comes back by itself


class Summary(Screen):
    since = 0

    def open(self, app):
        self.since = app.now

    def event(self, app, e):
        app.pop()

    def tick(self, app, now_ms):
        if elapsed(now_ms, self.since) >= _SHOWN_MS and app.match.winner() == R.NOBODY:
            app.pop()

    def lines(self, app, names=None):
        """(text, team) a line, each naming the teams by names (their names by default)."""
        names = names or (app.team_name(R.A), app.team_name(R.B))
        m = app.match
        flor_a, flor_b, envit_team, envit_points, truc_team, truc_points, canton = m.last_round()
        out = []
        for team, points in ((R.A, flor_a), (R.B, flor_b)):
            if points:
                out.append((t("Flor: %s +%d") % (names[team], points), team))
        if envit_team != R.NOBODY:
            out.append((t("Envit: %s +%d") % (names[envit_team], envit_points), envit_team))
        if truc_team != R.NOBODY:
            out.append((t("Round: %s +%d") % (names[truc_team], truc_points), truc_team))
        if m.winner() != R.NOBODY:
            out.append((t("%s wins the match!") % names[m.winner()], m.winner()))
        elif canton != R.NOBODY:
            out.append((t("%s wins the canton") % names[canton], canton))
        return out

    def draw(self, app, c):
        m = app.match
        line = app.line
        title = t("Match over") if m.winner() != R.NOBODY else t("Round over")
        if m.last_round()[6] != R.NOBODY:  # a canton was won: the cantons are the score
            score = "%d - %d" % (m.cantons(0), m.cantons(1))
        else:
            score = "%d - %d" % (m.points(0), m.points(1))
        # The small screen puts the score at the right of the title bar.
        draw_title(app, c, title, C.MARK, 0 if app.large else c.width - 6 - c.text_width(
            app.font, score))
        y = line + 2
        room = c.width - 4
        lines = self.lines(app)
        for text, _ in lines:  # every line names the teams alike
            if c.text_width(app.font, text) > room:
                lines = self.lines(app, "AB")
                break
        for text, team in lines:
            c.text(app.font, text, 4, y, C.TEAM_A if team == R.A else C.TEAM_B, room)
            y += line
        if app.large:
            c.text_centre(app.big, score, c.width // 2, c.height - app.big.HEIGHT, C.FG)
        else:
            c.text_right(app.font, score, c.width, 0, C.FG)


def make(app, arg):
    return Summary()
