# The screen the device rests on: both teams' points in large digits, cantons, round,
# who deals and who is mà, the stakes and the pending call. Its keys are the teams':
# the left key (PREV) is team A's, the right key (NEXT) team B's.
from truc import rules as R
from app.app import Screen
from app import commands as actions
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
_TEAM_COLOUR = (C.TEAM_A, C.TEAM_B)


class Scoreboard(Screen):
    def event(self, app, e):
        m = app.match
        if m.winner() != R.NOBODY and (e == E.PREV or e == E.NEXT):
            app.open("newmatch")  # the match is over: the team keys offer the next one
        elif e == E.PREV or e == E.NEXT or e == E.PREV2 or e == E.NEXT2:
            team = R.A if e == E.PREV or e == E.PREV2 else R.B
            if e == E.PREV or e == E.NEXT:
                op = actions.quick(m, team)
            else:
                op = actions.strong(m, team)
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
        if app.unsaved:  # the last save failed (the notice said so): a mark until one works
            c.text(app.font, "!", c.width // 2 + (30 if app.large else 12), 0, C.WARN)

    # 240 x 135
    def _draw_large(self, app, c, m):
        font = app.font
        w = c.width
        title = t("Round %d") % m.round() if m.winner() == R.NOBODY else t("Match over")
        if m.duel():
            title += " · " + t("punta %d/3") % m.duel()
        c.text(font, title, 2, 0, C.DIM)
        c.text_right(font, self._cantons_text(m), w - 2, 0, C.DIM)
        self._battery(app, c, w // 2 + 4, 3, 20, 9)
        half = m.target() // 2
        for team in (R.A, R.B):
            cx = 52 if team == R.A else w - 52
            colour = _TEAM_COLOUR[team]
            c.text_centre(app.big, str(m.points(team)), cx, 17, colour)
            c.text_centre(font, app.team_name(team), cx, 68, colour)
            c.text_centre(font, t("bones") if m.points(team) >= half else t("males"), cx, 84, C.DIM)
        self._table(app, c, m, w // 2, 48, 22, 4)
        c.text_centre(font, self._seats_text(m), w // 2, 78, C.DIM)
        c.text(font, self._stakes(app, m), 2, 101, C.FG)
        self._hints(app, c, m, 118)

    # 128 x 64
    def _draw_small(self, app, c, m):
        font = app.font
        w = c.width
        head = "R%d" % m.round() + (" P%d" % m.duel() if m.duel() else "")
        c.text(font, head, 0, 0, C.FG)
        c.text_centre(font, "%d-%d" % (m.cantons(0), m.cantons(1)), w // 2, 0, C.FG)
        c.text_right(font, self._seats_text(m), w, 0, C.FG)
        for team in (R.A, R.B):
            cx = 32 if team == R.A else w - 32
            c.text_centre(app.big, str(m.points(team)), cx, 11, C.FG)
        c.text_centre(font, ":", w // 2, 20, C.FG)
        self._battery(app, c, w // 2 - 7, 33, 14, 6)
        c.text(font, self._stakes(app, m), 0, 40, C.FG)
        self._hints(app, c, m, 52)

    def _cantons_text(self, m):
        return t("cantons %d-%d") % (m.cantons(0), m.cantons(1))

    def _seats_text(self, m):
        return t("D%d M%d") % (m.dealer(), m.hand_ma())

    def _table(self, app, c, m, cx, cy, radius, size):
        # The seats around the table in team colours; the dealer ringed, the mà dotted,
        # and in a punta duel the seats that sit it out in grey.
        n = m.players()
        for seat in range(n):
            dx, dy = _SEATS[n][seat]
            x = cx + dx * radius // 100
            y = cy + dy * radius // 100
            colour = _TEAM_COLOUR[seat & 1] if m.plays(seat) else C.DIM
            c.fill_rect(x - size, y - size, 2 * size + 1, 2 * size + 1, colour)
            if seat == m.dealer():
                c.rect(x - size - 2, y - size - 2, 2 * size + 5, 2 * size + 5, C.MARK)
            if seat == m.hand_ma():
                c.fill_rect(x - 1, y - 1, 3, 3, C.BG)

    def _battery(self, app, c, x, y, w, h):
        # An outline with its charge filled in; red when low. Nothing when unknown.
        level = app.power.battery()
        if level < 0:
            return
        colour = C.WARN if app.power.low() else C.DIM
        c.rect(x, y, w, h, colour)
        c.fill_rect(x + w, y + h // 4, 2, h - 2 * (h // 4), colour)
        c.fill_rect(x + 2, y + 2, (w - 4) * level // 100, h - 4, colour)

    def _pending(self, app, m):
        """The call waiting for an answer, or None."""
        call, by = m.truc_call()
        if call:
            return t("%s: %s?") % (app.team_name(by), actions.step_word(m, R.TRUC, call))
        if m.envit_state() == R.ENVIT_PENDING:
            step, by = m.envit_call()
            return t("%s: %s?") % (app.team_name(by), self._envit_word(m, step))
        return None

    def _envit_word(self, m, step):
        word = actions.step_word(m, R.ENVIT, step)
        return t("%s of the flors") % word if m.envit_on_flors() else word

    def _stakes(self, app, m):
        # A pending call is never hidden: a notice then takes the hint line instead.
        pending = self._pending(app, m)
        if pending:
            return pending
        if app.message:
            return app.message
        if app.power.low():
            return t("Low battery: %d%%") % app.power.battery()
        if m.winner() != R.NOBODY:
            return t("%s wins the match!") % app.team_name(m.winner())
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
            parts.append(actions.capital(actions.step_word(m, R.TRUC, m.truc_step())))
        if state == R.ENVIT_ACCEPTED or state == R.ENVIT_SHOWN:
            parts.append(actions.capital(self._envit_word(m, m.envit_call()[0])))
        elif state == R.ENVIT_REFUSED:  # paid when the round ends: its point is known now
            points = R.envit_ladder(m.variant())[m.envit_before()]
            parts.append(t("Envit: %s +%d") % (app.team_name(m.envit_result()[0]), points))
        for team in (R.A, R.B):
            if m.flors(team):
                many = "x%d" % m.flors(team) if m.flors(team) > 1 else ""
                parts.append(t("Flor %s") % app.team_name(team) + many)
        bazas = m.bazas()
        if bazas:
            parts.append(t("bazas") + " " + "".join("AB-"[m.baza(i)] for i in range(bazas)))
        return " · ".join(parts) if parts else t("No bets")

    def _hints(self, app, c, m, y):
        # What the two team keys do now, under the team they belong to.
        font = app.font
        if app.message and self._pending(app, m):
            c.text(font, app.message, 0, y, C.WARN)
            return
        if m.winner() != R.NOBODY:
            arrow = c.width - c.text_width(font, ">")
            c.text(font, ">", arrow, y, C.DIM)
            c.text_right(font, t("New match"), arrow, y, C.DIM)
            return
        for team in (R.A, R.B):
            op = actions.offered(m, actions.quick(m, team), team)
            if not op:  # the press would be refused (say why when pressed): no hint
                continue
            text = actions.short_label(app, op, team)
            if team == R.A:  # the arrows drawn apart: no string built per frame for them
                c.text(font, text, c.text(font, "<", 0, y, C.DIM), y, C.DIM)
            else:
                arrow = c.width - c.text_width(font, ">")
                c.text(font, ">", arrow, y, C.DIM)
                c.text_right(font, text, arrow, y, C.DIM)


def make(app, arg):
    return Scoreboard()
