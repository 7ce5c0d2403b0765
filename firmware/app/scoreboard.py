# The screen the device rests on: both teams' points in large digits, cantons, round,
# who deals and who is mà, the stakes and the pending call. Its keys are the teams':
# the left key (PREV) is team A's, the right key (NEXT) team B's.
import sys

from micropython import const

from truc import rules as R
from truc import variants as V
from app.app import NOTICE_MS, Screen
from app import commands
from ui import events as E
from app.i18n import t
from ui import canvas as C
from ui import forget
from ui.gestures import elapsed

# Seat positions around the table, per 100 of the radius: seat 0 at the bottom, then
# counter-clockwise (the play order), for 2, 4 and 6 players. The OLED's short middle
# column seats six round a long table: two rows of three.
_SEATS = {
    2: ((0, 100), (0, -100)),
    4: ((0, 100), (100, 0), (0, -100), (-100, 0)),
    6: ((0, 100), (87, 50), (87, -50), (0, -100), (-87, -50), (-87, 50)),
}
_SEATS_6_FLAT = ((0, 100), (100, 100), (100, -100), (0, -100), (-100, -100), (-100, 100))

# Each glass's layout (App.size: 128x64, 240x135, 320x240): the scores' centres from the
# edges and their top; under them the team names (in room pixels, clear of the table
# drawing), their halves and, in the middle, the seats' text (D2 M3); the table drawing
# (centre, radii, seat size, the dealer's ring); the first row of the stakes' lines and
# how many rows they have, the key hints' row, the rows' step; the battery's half room;
# how many rows more the stakes may take above their own before the score's digits.
# score_x, score_y, names_y, room, halves_y, seats_y, cy, rx, ry, seat, ring, stakes_y,
# rows, bottom, step, middle, lift (0 for names_y, halves_y, seats_y: none). Bytes: 17 a
# glass.
_LAYOUTS = (
    bytes((26, 12, 0, 0, 0, 0, 32, 9, 4, 2, 1, 40, 1, 52, 12, 10, 0)),
    bytes((48, 17, 68, 88, 84, 78, 48, 20, 20, 4, 2, 101, 1, 118, 17, 14, 2)),
    bytes((80, 22, 112, 108, 133, 157, 133, 16, 16, 4, 2, 178, 2, 220, 21, 18, 3)),
)
_PAGE_MS = const(2500)  # stakes with more lines than the glass has rows: a page this long


class Scoreboard(Screen):
    def event(self, app, e):
        self._page = 0  # the stakes may change: their first page, for a whole page's time
        self._turned = app.now
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
        elif e == E.GO and m.winner() == R.NOBODY:
            app.open("going")
        elif e == E.UNDO:
            app.undo()
        # BACK does nothing here: backing out of a menu once too often changes nothing.

    _page = 0  # stakes with more lines than rows: the page shown (tick turns it)
    _pages = 1
    _fit = 0  # the lines a page holds while a long notice takes more rows (app.notice)
    _turned = 0  # ticks_ms when the page was last turned (or the stakes changed)

    def said_ms(self):
        return max(NOTICE_MS, self._pages * _PAGE_MS)  # a notice stays for its pages

    def tick(self, app, now_ms):
        if self._pages > 1 and elapsed(now_ms, self._turned) >= _PAGE_MS:
            self._page += 1
            self._turned = now_ms
            return True  # drawn again
        return False

    def draw(self, app, c):
        m = app.match
        (score_x, score_y, names_y, room, halves_y, seats_y, cy, rx, ry, seat, ring, stakes_y,
         rows, bottom, step, middle, lift) = _LAYOUTS[app.size]
        font = app.font
        w = c.width
        # The title and the key hints always show. Stakes that need more lines than their
        # rows take rows above them (the seats' text, the halves, the names and the table
        # give way, each as the lines reach it); more than that, a page at a time.
        if self._fit and not app.message:  # a long notice said: its rows and code go
            self._fit = 0
            forget(_NOTICE)
        lines = self._lines(app, c, m, w - 4)
        n = len(lines)
        fit = max(rows + lift, self._fit)
        self._pages = (n + fit - 1) // fit
        first = self._page % self._pages * fit
        if self._pages > 1:  # a page: its lines, the last page's bottom-aligned
            lines = lines[first:first + fit]
            n = len(lines)
        top = stakes_y - max(n - rows, 0) * step
        if c.shows(0, font.HEIGHT):
            self._title(app, c, m)
        digits = n - rows <= lift  # (on the OLED a notice's rows may cover them)
        for team in (R.A, R.B):
            cx = score_x if team == R.A else w - score_x
            if digits and c.shows(score_y, app.big.HEIGHT):
                c.text_centre(app.big, str(self._score(m, team)), cx, score_y, C.TEAM[team])
            if names_y and names_y + font.HEIGHT <= top:
                c.text_centre(font, app.team_name(team), cx, names_y, C.TEAM[team], room)
                if halves_y + font.HEIGHT <= top and c.shows(halves_y, font.HEIGHT):
                    c.text_centre(font, self._half(m, team), cx, halves_y, C.DIM, room)
        if digits and not app.large and m.winner() == R.NOBODY:  # the cantons between them
            c.text_centre(font, "%d-%d" % (m.cantons(0), m.cantons(1)), w // 2, score_y, C.FG)
        if cy + ry + seat + ring < top:
            self._table(app, c, m, w // 2, cy, rx, ry, seat, ring)
        if seats_y and seats_y + font.HEIGHT <= top and c.shows(seats_y, font.HEIGHT) \
                and m.winner() == R.NOBODY:
            c.text_centre(font, self._seats_text(m), w // 2, seats_y, C.DIM)
        for i in range(n):
            y = top + i * step
            if c.shows(y, font.HEIGHT):
                c.text(font, lines[i], 2 if app.large else 0, y,
                       C.WARN if first + i >= self._said else C.FG)
        if c.shows(bottom, font.HEIGHT):
            self._bottom(app, c, m, bottom, middle)

    def _title(self, app, c, m):
        # The round (or punta duel, or the match over) and the cantons; on the OLED each
        # team's half at its end, the title between them, the cantons under it.
        font = app.font
        w = c.width
        if m.winner() != R.NOBODY:
            title = t("Match over")
        elif m.duel() and not app.large:
            title = t("punta %d/3") % m.duel()
        else:
            title = t("Round %d") % m.round()
            if m.duel():
                title += " · " + t("punta %d/3") % m.duel()
        sharing = app.sharing is not None and app.sharing.active()
        if app.large:
            cantons = self._cantons_text(m)
            right = w - 2 - c.text_width(font, cantons)
            c.text(font, cantons, right, 0, C.DIM)
            end = c.text(font, title, 2, 0, C.DIM)
            if sharing:  # the phones see the match: the mark after the title
                _radio(c, end + 8, 2, font.HEIGHT - 5)
            return
        if sharing:  # beside the cantons, between the scores
            _radio(c, w // 2 + 13, _LAYOUTS[0][1] + 2, 8)
        if m.winner() == R.NOBODY:  # once it is over, the halves give the title their room
            c.text(font, self._half(m, R.A), 0, 0, C.FG)
            c.text_right(font, self._half(m, R.B), w, 0, C.FG)
        c.text_centre(font, title, w // 2, 0, C.FG)

    def _score(self, m, team):
        # The points; once the match is won, the cantons (the points were cleared).
        return m.points(team) if m.winner() == R.NOBODY else m.cantons(team)

    def _half(self, m, team):
        if m.winner() != R.NOBODY:  # under the cantons, in the large digits
            return t("cantons")
        return t("bones") if m.points(team) >= m.target() // 2 else t("males")

    def _cantons_text(self, m):
        return t("cantons %d-%d") % (m.cantons(0), m.cantons(1))

    def _seats_text(self, m):
        return t("D%d M%d") % (m.dealer() + 1, m.hand_ma() + 1)

    def _table(self, app, c, m, cx, cy, rx, ry, size, ring):
        # The seats around the table in team colours (on a monochrome glass team A's
        # filled, team B's hollow); the dealer ringed, the mà dotted; in a punta duel the
        # seats that sit it out are a grey dot (a lone pixel on monochrome): the
        # duellists are the seats drawn whole.
        n = m.players()
        if not n:  # no match set up yet
            return
        dot = size // 3 if app.large else 0
        over = m.winner() != R.NOBODY  # no next round: nobody deals
        seats = _SEATS_6_FLAT if n == 6 and not app.large else _SEATS[n]
        for seat in range(n):
            dx, dy = seats[seat]
            x = cx + dx * rx // 100
            y = cy + dy * ry // 100
            if not m.plays(seat) and not over:  # (once over, no duel is next)
                c.fill_rect(x - dot, y - dot, 2 * dot + 1, 2 * dot + 1, C.DIM)
                continue
            hollow = c.mono and seat & 1
            if hollow:
                c.rect(x - size, y - size, 2 * size + 1, 2 * size + 1, C.FG)
            else:
                c.fill_rect(x - size, y - size, 2 * size + 1, 2 * size + 1, C.TEAM[seat & 1])
            if seat == m.dealer() and not over:
                c.rect(x - size - ring, y - size - ring, 2 * (size + ring) + 1,
                       2 * (size + ring) + 1, C.MARK)
            if seat == m.hand_ma() and not over:
                c.fill_rect(x - dot, y - dot, 2 * dot + 1, 2 * dot + 1,
                            C.FG if hollow else C.BG)

    def _bottom(self, app, c, m, y, middle):
        # The key hints at either end; between them (middle pixels either side of the
        # centre) the battery, and the mark of a failed save. Once the match is over the
        # one hint, New match, is at the right: the battery goes to the left end.
        w = c.width
        x = w // 2 - middle
        if m.winner() != R.NOBODY:
            x = 0
            self._hints(app, c, m, y, w - 2 * middle - 2)
        else:
            self._hints(app, c, m, y, x - 2)
        if app.unsaved:  # the last save failed (the notice said so): a mark until one works
            c.text(app.font, "!", x, y, C.WARN)
        if app.tournament is not None:  # a tournament's table: filled while connected
            (c.fill_rect if app.tournament.connected() else c.rect)(x + 8, y + 3, 5, 5, C.DIM)
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

    _said = 0  # the first of _lines() that is the notice (drawn in the warning colour)

    def _lines(self, app, c, m, room):
        """The stakes (or what stands for them) as lines no wider than room: on one line
        with the team names, else with their letters, else a part or more a line. Under a
        pending call, the notice. A fact is never shortened: the layout makes room."""
        font = app.font
        if app.message and not self._pending(app, m):  # the notice stands for the stakes
            lines = self._notice(app, c, [], room)
            self._said = len(lines)  # (in the stakes' colour)
            return lines
        for names in ((app.team_name(R.A), app.team_name(R.B)), R.TEAMS):
            parts = self._stakes(app, m, names)
            one = " · ".join(parts)
            if c.text_width(font, one) <= room:
                lines = [one]
                break
        else:
            lines = []
            for part in parts:
                longer = lines[-1] + " · " + part if lines else ""
                if longer and c.text_width(font, longer) <= room:
                    lines[-1] = longer
                else:
                    lines.extend(c.wrap(font, part, room, room))
        self._said = len(lines)
        if app.message:  # under the call it waits on
            self._notice(app, c, lines, room)
        return lines

    def _notice(self, app, c, lines, room):
        # The notice after lines: the most said on one; longer, by app.notice (imported
        # while such a notice shows, forgotten once it is gone, by draw), a whole phrase
        # a page, and on the OLED it may take more rows a page.
        if c.text_width(app.font, app.message) <= room:
            lines.append(app.message)
            if self._fit:
                self._fit = 0
        else:
            from app.notice import said
            fit = _LAYOUTS[app.size][12] + _LAYOUTS[app.size][16]  # rows + lift
            self._fit = said(app, c, lines, room, fit)
        return lines

    def _stakes(self, app, m, names):
        # The parts of the stakes line. A pending call is never hidden: a notice then
        # goes under it (_lines).
        pending = self._pending(app, m, names)
        if pending:
            return [pending]
        if app.message:
            return [app.message]
        if app.power.low():
            return [t("Low battery: %d%%") % app.power.battery()]
        if m.winner() != R.NOBODY:
            return [t("%s wins the match!") % names[m.winner()]]
        window = m.envit_window()
        if window != R.NOBODY:  # the round is decided, but the rivals may still envit
            n = m.entries()
            if n and m.entry(n - 1)[0] == R.FOLD:
                return [t("%s went: %s may envit") % (names[window ^ 1], names[window])]
            return [t("%s may still envit") % names[window]]
        state = m.envit_state()
        parts = []
        if m.round_winner() != R.NOBODY:  # decided, an accepted envit waits for its result
            text = t("Round: %s") % names[m.round_winner()]
            why = _last(app, names, None, None)
            parts.append(text + " (%s)" % why if why else text)
        if m.truc_step():
            parts.append(commands.capital(commands.step_word(m, R.TRUC, m.truc_step())))
        kept, points = m.envit_kept()
        if points:  # a refused envit before the one on the flors: its point is known
            parts.append(t("Envit: %s +%d") % (names[kept], points))
        if state == R.ENVIT_ACCEPTED or state == R.ENVIT_SHOWN:
            parts.append(commands.capital(self._envit_word(m, m.envit_call()[0])))
        elif state == R.ENVIT_REFUSED:  # paid when the round ends: its point is known now
            points = V.ENVIT_LADDERS[m.variant()][m.envit_before()]
            parts.append(t("Envit: %s +%d") % (names[m.envit_result()[0]], points))
        for team in (R.A, R.B):
            if m.flors(team):
                many = "x%d" % m.flors(team) if m.flors(team) > 1 else ""
                parts.append(t("Flor %s") % names[team] + many)
        bazas = m.bazas()
        if bazas:
            parts.append(t("bazas") + " " + "".join("AB-"[m.baza(i)] for i in range(bazas)))
        n = m.entries()
        if not parts and not bazas or n and m.entry(n - 1)[0] == R.ADJUST:
            # Points corrected by hand since the last command of play; else, while the
            # round in play has no stakes, what the last one paid and why (never both
            # rounds: "Envit: B +1 · Envit: B +4" would read as one round's; its shown
            # value is read back from the log while no envit was called since).
            parts = _last(app, names, parts, state == R.ENVIT_NONE)
        return parts or [t("No bets")]

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


_LAST = ("app.lastround",)  # made once: forgetting it must not allocate (a full heap)
_NOTICE = ("app.notice",)


def _last(app, names, parts, fresh):
    """app.lastround's lines (parts None: how the round in play was decided), imported
    for the moment unless a screen holds it: its bytecode is not resident. An import
    that ran out of heap midway is forgotten too: none may stay half made."""
    loaded = _LAST[0] in sys.modules
    try:
        from app import lastround

        if parts is None:
            return lastround.decided_by(app, names)
        return lastround.lines(app, names, parts, fresh)
    finally:
        if not loaded:
            forget(_LAST)


def _radio(c, x, y, h):
    """The sharing mark: three bars rising left to right, h pixels tall."""
    for i in range(3):
        bar = h * (i + 1) // 3
        c.fill_rect(x + 3 * i, y + h - bar, 2, bar, C.MARK)


def make(app, arg):
    return Scoreboard()
