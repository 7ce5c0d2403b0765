# The screen the device rests on: both teams' points in large digits, cantons, round,
# who deals and who is mà, the stakes and the pending call. Its keys are the teams':
# the left key (PREV) is team A's, the right key (NEXT) team B's.
from truc import rules as R
from truc import variants as V
from app.app import Screen
from app import commands
from ui import events as E
from app.i18n import t
from ui import canvas as C

# Seat positions around the table, per 100 of the radius: seat 0 at the bottom, then
# counter-clockwise (the play order), for 2, 4 and 6 players.
_SEATS = {
    2: ((0, 100), (0, -100)),
    4: ((0, 100), (100, 0), (0, -100), (-100, 0)),
    6: ((0, 100), (87, 50), (87, -50), (0, -100), (-87, -50), (-87, 50)),
}
_SCORE_X = 48  # the large scores' centres from the edges: clear of the table drawing


class Scoreboard(Screen):
    def event(self, app, e):
        m = app.match
        if m.winner() != R.NOBODY and (e == E.PREV or e == E.NEXT):
            app.open("newmatch")  # the match is over: the team keys offer the next one
        elif e == E.PREV or e == E.NEXT or e == E.PREV2 or e == E.NEXT2:
            team = R.A if e == E.PREV or e == E.PREV2 else R.B
            if e == E.PREV or e == E.NEXT:
                op = commands.quick(m, team)
            else:
                op = commands.strong(m, team)
            app.apply(op, team)
        elif e == E.SELECT:
            app.open("actions")
        elif e == E.BACK or e == E.UNDO:
            app.undo()

    def draw(self, app, c):
        m = app.match
        if app.large:
            self._draw_large(app, c, m)
        else:
            self._draw_small(app, c, m)

    # 240 x 135
    def _draw_large(self, app, c, m):
        # Each slice of the canvas (ui.canvas) makes only the texts of its own rows.
        font = app.font
        w = c.width
        line = font.HEIGHT
        if c.shows(0, line):
            cantons = self._cantons_text(m)
            right = w - 2 - c.text_width(font, cantons)
            c.text(font, cantons, right, 0, C.DIM)
            title = t("Round %d") % m.round() if m.winner() == R.NOBODY else t("Match over")
            if m.duel():
                title += " · " + t("punta %d/3") % m.duel()
            c.text(font, title, 2, 0, C.DIM, right - 8)
        for team in (R.A, R.B):
            cx = _SCORE_X if team == R.A else w - _SCORE_X
            colour = C.TEAM[team]
            room = 2 * cx - 8 if team == R.A else 2 * (w - cx) - 8
            if c.shows(17, app.big.HEIGHT):
                c.text_centre(app.big, str(m.points(team)), cx, 17, colour)
            c.text_centre(font, app.team_name(team), cx, 68, colour, room)
            if c.shows(84, line):
                c.text_centre(font, self._half(m, team), cx, 84, C.DIM, room)
        self._table(app, c, m, w // 2, 48, 20, 4, 2)
        if c.shows(78, line):
            c.text_centre(font, self._seats_text(m), w // 2, 78, C.DIM, w - 4 * _SCORE_X)
        if c.shows(101, line):
            stakes = app.named(lambda names: self._stakes(app, m, names), w - 4)
            c.text(font, stakes, 2, 101, C.FG, w - 4)
        if c.shows(118, line):
            self._bottom(app, c, m, 118, 14)

    # 128 x 64: each team's half over its score; between the scores the cantons and the
    # table drawn small (no letters: "R" would be both the round and the dealer). Once the
    # match is over the title says so across the top, the line under the scores who won.
    def _draw_small(self, app, c, m):
        font = app.font
        w = c.width
        over = m.winner() != R.NOBODY
        side = 0
        for team in (R.A, R.B):
            if not over:  # once it is over, the halves give the title their room
                half = self._half(m, team)
                side = max(side, c.text_width(font, half))
                if team == R.A:
                    c.text(font, half, 0, 0, C.FG)
                else:
                    c.text_right(font, half, w, 0, C.FG)
            cx = 26 if team == R.A else w - 26
            c.text_centre(app.big, str(m.points(team)), cx, 12, C.FG)
        if over:
            title = t("Match over")
        elif m.duel():
            title = t("punta %d/3") % m.duel()
        else:
            title = t("Round %d") % m.round()
        c.text_centre(font, title, w // 2, 0, C.FG, w - 2 * side - 8)
        c.text_centre(font, "%d-%d" % (m.cantons(0), m.cantons(1)), w // 2, 12, C.FG, 24)
        self._table(app, c, m, w // 2, 32, 5, 1, 1)
        c.text(font, app.named(lambda names: self._stakes(app, m, names), w), 0, 40, C.FG, w)
        self._bottom(app, c, m, 52, 10)

    def _half(self, m, team):
        return t("bones") if m.points(team) >= m.target() // 2 else t("males")

    def _cantons_text(self, m):
        return t("cantons %d-%d") % (m.cantons(0), m.cantons(1))

    def _seats_text(self, m):
        return t("D%d M%d") % (m.dealer() + 1, m.hand_ma() + 1)

    def _table(self, app, c, m, cx, cy, radius, size, ring):
        # The seats around the table in team colours; the dealer ringed, the mà dotted,
        # and in a punta duel the seats that sit it out in grey.
        n = m.players()
        dot = size // 3
        for seat in range(n):
            dx, dy = _SEATS[n][seat]
            x = cx + dx * radius // 100
            y = cy + dy * radius // 100
            colour = C.TEAM[seat & 1] if m.plays(seat) else C.DIM
            c.fill_rect(x - size, y - size, 2 * size + 1, 2 * size + 1, colour)
            if seat == m.dealer():
                c.rect(x - size - ring, y - size - ring, 2 * (size + ring) + 1,
                       2 * (size + ring) + 1, C.MARK)
            if seat == m.hand_ma():
                c.fill_rect(x - dot, y - dot, 2 * dot + 1, 2 * dot + 1, C.BG)

    def _bottom(self, app, c, m, y, middle):
        # The key hints at either end; between them (middle pixels either side of the
        # centre) the battery, and the mark of a failed save. Once the match is over the
        # one hint, New match, is at the right: the battery goes to the left end.
        w = c.width
        x = w // 2 - middle
        if app.message and self._pending(app, m):  # the notice takes the whole line
            c.text(app.font, app.message, 0, y, C.WARN, w)
            return
        if m.winner() != R.NOBODY:
            x = 0
            self._hints(app, c, m, y, w - 2 * middle - 2)
        else:
            self._hints(app, c, m, y, x - 2)
        if app.unsaved:  # the last save failed (the notice said so): a mark until one works
            c.text(app.font, "!", x, y, C.WARN)
        bw = middle + 6 if app.large else middle + 4
        self._battery(app, c, x + 2 * middle - bw - 2, y + (4 if app.large else 3),
                      bw, 9 if app.large else 6)

    def _battery(self, app, c, x, y, w, h):
        # An outline with its charge filled in; red when low. Nothing when unknown.
        level = app.power.battery()
        if level < 0:
            return
        colour = C.WARN if app.power.low() else C.DIM
        c.rect(x, y, w, h, colour)
        c.fill_rect(x + w, y + h // 4, 2, h - 2 * (h // 4), colour)
        c.fill_rect(x + 2, y + 2, (w - 4) * level // 100, h - 4, colour)

    def _pending(self, app, m, names=None):
        """The call waiting for an answer, or None."""
        names = names or (app.team_name(R.A), app.team_name(R.B))
        call, by = m.truc_call()
        if call:
            return t("%s: %s?") % (names[by], commands.step_word(m, R.TRUC, call))
        if m.envit_state() == R.ENVIT_PENDING:
            step, by = m.envit_call()
            return t("%s: %s?") % (names[by], self._envit_word(m, step))
        return None

    def _envit_word(self, m, step):
        word = commands.step_word(m, R.ENVIT, step)
        return t("%s of the flors") % word if m.envit_on_flors() else word

    def _stakes(self, app, m, names=None):
        # A pending call is never hidden: a notice then takes the hint line instead.
        names = names or (app.team_name(R.A), app.team_name(R.B))
        pending = self._pending(app, m, names)
        if pending:
            return pending
        if app.message:
            return app.message
        if app.power.low():
            return t("Low battery: %d%%") % app.power.battery()
        if m.winner() != R.NOBODY:
            return t("%s wins the match!") % names[m.winner()]
        window = m.envit_window()
        if window != R.NOBODY:  # the round is decided, but the rivals may still envit
            n = m.entries()
            if n and m.entry(n - 1)[0] == R.FOLD:
                return t("%s went: %s may envit") % (app.team_name(window ^ 1),
                                                     app.team_name(window))
            return t("%s may still envit") % app.team_name(window)
        state = m.envit_state()
        parts = []
        if m.truc_step():
            parts.append(commands.capital(commands.step_word(m, R.TRUC, m.truc_step())))
        if state == R.ENVIT_ACCEPTED or state == R.ENVIT_SHOWN:
            parts.append(commands.capital(self._envit_word(m, m.envit_call()[0])))
        elif state == R.ENVIT_REFUSED:  # paid when the round ends: its point is known now
            points = V.ENVIT_LADDERS[m.variant()][m.envit_before()]
            parts.append(t("Envit: %s +%d") % (app.team_name(m.envit_result()[0]), points))
        for team in (R.A, R.B):
            if m.flors(team):
                many = "x%d" % m.flors(team) if m.flors(team) > 1 else ""
                parts.append(t("Flor %s") % names[team] + many)
        bazas = m.bazas()
        if bazas:
            parts.append(t("bazas") + " " + "".join("AB-"[m.baza(i)] for i in range(bazas)))
        return " · ".join(parts) if parts else t("No bets")

    def _hints(self, app, c, m, y, room):
        # What the two team keys do now, under the team they belong to, each in the room
        # from its end of the line.
        font = app.font
        if m.winner() != R.NOBODY:
            arrow = c.width - c.text_width(font, ">")
            c.text(font, ">", arrow, y, C.DIM)
            c.text_right(font, t("New match"), arrow, y, C.DIM, room - c.width + arrow)
            return
        for team in (R.A, R.B):
            op = commands.offered(m, commands.quick(m, team), team)
            if not op:  # the press would be refused (say why when pressed): no hint
                continue
            arrow = c.text_width(font, "<" if team == R.A else ">")
            text = commands.short_label(app, op, team)
            if c.text_width(font, text) > room - arrow:  # "Baza A" rather than "Baza NOS."
                text = commands.short_label(app, op, team, R.TEAMS[team])
            if team == R.A:  # the arrows drawn apart: no string built per frame for them
                c.text(font, text, c.text(font, "<", 0, y, C.DIM), y, C.DIM, room - arrow)
            else:
                c.text(font, ">", c.width - arrow, y, C.DIM)
                c.text_right(font, text, c.width - arrow, y, C.DIM, room - arrow)


def make(app, arg):
    return Scoreboard()
