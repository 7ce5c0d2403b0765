# Round history: every round (or punta duel) of the match, one page each, with what it
# paid and why. arg None: the match in play; arg (file name, team names): that past match,
# read from the archive, its teams named as they were kept. The log is replayed once, on
# opening (truc.history); a page's rows are built when the page changes, so drawing
# allocates nothing.
from truc import history as H
from truc import rules as R
from app.app import Screen
from app.i18n import t
from app import varianttexts as VT
from app.menu import draw_marks, draw_title
from ui import canvas as C
from ui import events as E



class History(Screen):
    def __init__(self, app, past):
        self.teams = None  # the names of a past match's teams; None: the app's
        if past is None:
            self.h = H.History(app.match)
            self.need = app.match.cantons_to_win()
            self.variant = app.match.variant()
        else:
            from truc.match import Match

            name, self.teams = past
            # A Match with room for the past match's commands alone (Archive.past).
            m = app.archive().load(name) if app.archive is not None else None
            if m is None:
                app.message = t("Not readable")
                m = Match(1)
            self.h = H.History(m, True)  # replayed in place: m is not used after
            self.need = m.cantons_to_win()
            self.variant = m.variant()
            m = None
        self.page = max(self.h.count() - 1, 0)  # the latest round first
        self.first = 0  # the top row shown, when a page has more rows than fit
        self.rows = []
        self.title = ""
        self.score = ""

    def open(self, app):
        self._build(app)

    def close(self, app):
        self.h = None

    def event(self, app, e):
        n = self.h.count()
        if e == E.NEXT and n:
            self.page = (self.page + 1) % n
            self.first = 0
        elif e == E.PREV and n:
            self.page = (self.page - 1) % n
            self.first = 0
        elif e == E.NEXT2:  # the rows of a long page
            self.first = min(self.first + 1, max(len(self.rows) - self._fit(app), 0))
        elif e == E.PREV2:
            self.first = max(self.first - 1, 0)
        elif e == E.SELECT or e == E.BACK:
            app.pop()
            return
        elif e == E.UNDO:
            app.undo()
            app.home()
            return
        self._build(app)

    def _team(self, app, team):
        return self.teams[team] if self.teams else app.team_name(team)

    def _seat(self, app, seat):
        # The archive keeps no seat names: a past match's seats go by their numbers, not
        # by the names sitting at the table today.
        return t("seat %d") % (seat + 1) if self.teams else app.seat_name(seat)

    def _fit(self, app):
        return (app.canvas.height - app.line - 1) // app.line

    def _build(self, app):
        h = self.h
        i = self.page
        if not h.count():
            self.title = t("Round history")
            self.score = ""
            self.rows = [(t("No rounds yet"), C.DIM, 4)]
            return
        r, duel = h.round_name(i)
        self.score = "%d-%d" % (h.field(i, H.PTS_A), h.field(i, H.PTS_B))
        self.rows = rows = []
        more = t("punta %d/3") % duel if duel else ""
        if h.field(i, H.FLAGS) & H.IN_PLAY:
            more = more + " · " + t("in play") if more else t("in play")
        title = t("Round %d") % r
        if more:  # beside the round if it fits before the score, else a row of its own
            longer = title + " · " + more
            if app.canvas.text_width(app.font, longer + self.score) + 12 <= app.canvas.width:
                title = longer
            else:
                rows.append((more, C.DIM, 4))
        self.title = title
        width = app.canvas.width - 8  # the scroll marks take the last 8 pixels
        for team in (R.A, R.B):
            points = h.signed(i, H.ADJUST_A + team)
            if points:
                self._add(app, rows, width, t("Points %s %+d") % (self._team(app, team), points),
                          "", team)
        for team in h.flor_order(i):  # as the summary: the mà's team first
            points = h.field(i, H.FLOR_A + team)
            if points:
                self._add(app, rows, width, t("Flor: %s +%d") % (self._team(app, team), points),
                          "", team)
        team = h.field(i, H.ENVIT_TEAM)
        if h.field(i, H.ENVIT_RIVALS):  # a refused envit before an envit on the flors
            self._add(app, rows, width, t("Envit: %s +%d") % (
                self._team(app, team ^ 1), h.field(i, H.ENVIT_RIVALS)), "", team ^ 1)
        if team != R.NOBODY:
            how = h.field(i, H.ENVIT_HOW)
            who = h.field(i, H.ENVIT_WHO)
            why = ""
            if how == H.HOW_REFUSED:
                why = t("%s: no vull") % self._team(app, who)
            elif how == H.HOW_SHOWN:
                why = "%s: %d" % (self._seat(app, who), h.field(i, H.ENVIT_VALUE))
            text = t("Envit of the flors: %s +%d") if h.field(i, H.FLAGS) & H.ON_FLORS \
                else t("Envit: %s +%d")
            self._add(app, rows, width, text % (self._team(app, team), h.field(i, H.ENVIT_PTS)),
                      why, team)
        team = h.field(i, H.TRUC_TEAM)
        if team != R.NOBODY:
            how = h.field(i, H.TRUC_HOW)
            who = self._team(app, h.field(i, H.TRUC_WHO)) if how != H.HOW_NONE else ""
            why = ""
            if how == H.HOW_ACCEPTED:
                why = t("%s: vull") % who
            elif how == H.HOW_REFUSED:
                why = t("%s: no vull") % who
            elif how == H.HOW_WENT:
                why = t("%s goes") % who
            flags = h.field(i, H.FLAGS)
            if flags & H.FORA:  # what the round was played for, first
                fora = t(VT.TRUC_NAMES[self.variant][-1])
                why = fora + ", " + why if why else fora
            if flags & H.THREE_PARDAS:
                pardas = t("three pardas, the mà wins")
                why = why + ", " + pardas if why else pardas
            self._add(app, rows, width, t("Round: %s +%d") % (self._team(app, team),
                                                               h.field(i, H.TRUC_PTS)), why, team)
        team = h.field(i, H.CANTON)
        if team != R.NOBODY:
            cantons = t("cantons %d-%d") % (h.field(i, H.CANTONS_A), h.field(i, H.CANTONS_B))
            if h.field(i, H.CANTONS_A + team) >= self.need:
                text = t("%s wins the match!") % self._team(app, team)
            else:
                text = t("%s wins the canton") % self._team(app, team)
            self._add(app, rows, width, text, cantons, team)

    def _add(self, app, rows, width, text, why, team):
        # One row when text and why fit side by side, else why indented under it; either
        # on more rows when wider than the glass (a fact is never shortened).
        colour = C.TEAM[team]
        c = app.canvas
        if why:
            both = text + " · " + why
            if c.text_width(app.font, both) + 4 <= width:
                rows.append((both, colour, 4))
                return
        x = 4
        for part in c.wrap(app.font, text, width - 4, width - 12):
            rows.append((part, colour, x))
            x = 12
        if why:
            for part in c.wrap(app.font, why, width - 12, width - 12):
                rows.append((part, colour, 12))

    def draw(self, app, c):
        draw_title(app, c, self.title)
        line = app.line
        if self.score:
            c.text_right(app.font, self.score, c.width - 2, 1 if app.large else 0, C.FG)
        top = line + 1
        fit = self._fit(app)
        rows = self.rows
        first = self.first
        dy = 1 if app.large else 0
        for k in range(first, min(first + fit, len(rows))):
            y = top + (k - first) * line
            if c.shows(y, line):  # else another slice's (ui.canvas)
                text, colour, x = rows[k]
                c.text(app.font, text, x, y + dy, colour)
        draw_marks(app, c, top, c.height - line, first > 0, first + fit < len(rows))


def make(app, arg):
    return History(app, arg)
