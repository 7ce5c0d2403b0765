"""A picture and a short summary of a match from its table log.

    python -m tools.report FILE.log [-o report.png]     (default: FILE.png beside the log)
    python -m tools.report FILE.log --teams NÓS,ELLS    (the teams' names for A and B)

The log is replayed with the firmware's engine and its rounds read with truc.history, as
the device's round history screen reads them. The picture plots both teams' points round
by round (a dot where each round closed, the line back to 0 after a canton), a vertical
line in the winner's colour where a canton was won, and under the plot one row of marks
per team and kind, where a flor, an envit and a called truc paid. The summary (printed)
counts rounds (and the points adjusted by hand, which are no round), and per team the
envits and trucs called, won and refused, the flors, and why rounds paid: envits of the
flors and jocs fora won, rounds the mà's team took by three pardas, the points corrected
by hand. An illegal
line stops it with "line N: reason" and exit status 2: the log is read as tools.replay
reads it (truc.tablelog.split and play, the one reader of logs). The table log has no
place for the teams' names (tools.pull prints those a past match was kept with): --teams
gives them, and the picture and the summary say them instead of the letters A and B.
"""
import os
import sys

import tools  # noqa: F401  (puts the firmware on the import path)
from truc import history as H
from truc import rules as R
from truc import tablelog
from truc.match import Match
from truc.variants import NAMES
from sim.cli import Parser, log_bytes
from sim.picture import rgb565
from ui.canvas import PALETTE, TEAM

# The picture's geometry, in pixels (tests/host/test_report.py reads it back).
STEP = 36  # between rounds
LEFT = 70  # the plot starts here (x of the start of the match), or further for long names
TOP = 30  # the plot's top: the canton's target
SCALE = 8  # per point
MARKS = 16  # height of a row of marks
MARK = 8  # a mark's side
BOTTOM = 40  # under the rows of marks: the round numbers
COLOURS = tuple(rgb565(PALETTE[c]) for c in TEAM)  # A, B: as on the device
BG = (255, 255, 255)
GRID = (225, 225, 225)
INK = (40, 40, 40)
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"  # fonts-dejavu-core, as tools.fontconv
KINDS = ("flor", "envit", "truc")  # the rows of marks, per team: A's three, then B's


class Geometry:
    """Where each thing of the picture of history h is drawn."""

    def __init__(self, h, target, left=LEFT):
        self.n = h.count()
        self.target = target
        self.left = left
        self.width = left + STEP * (self.n + 1)
        self.base = TOP + target * SCALE  # y of 0 points
        self.height = self.base + 10 + MARKS * 6 + BOTTOM

    def x(self, i):
        """x of record i's dot (i = -1: the start of the match)."""
        return self.left + STEP * (i + 1)

    def y(self, points):
        return self.base - points * SCALE

    def canton_x(self, i):
        return self.x(i) + STEP // 2

    def mark(self, team, kind):
        """y of the middle of the row of marks of team and kind (an index of KINDS)."""
        return self.base + 10 + MARKS * (3 * team + kind) + MARKS // 2


def margin(font, teams):
    """The plot's left edge: LEFT, or where the widest row label ("NOSALTRES envit") ends
    with room to spare: a name is never cut (a cut one reads as another word)."""
    widest = max(font.getlength("%s %s" % (name, kind)) for name in teams for kind in KINDS)
    return max(LEFT, int(widest) + 12)


def paid(h, i, team):
    """(flor, envit, truc): whether each paid team in record i; truc when one was called
    (accepted, then played out or gone, or refused), not a round won by its bazas alone."""
    truc = h.field(i, H.TRUC_TEAM) == team and (
        h.field(i, H.FLAGS) & H.TRUC_ACCEPTED or h.field(i, H.TRUC_HOW) == H.HOW_REFUSED)
    return (h.field(i, H.FLOR_A + team) > 0, h.field(i, H.ENVIT_TEAM) == team, truc)


def picture(match, h, teams=R.TEAMS):
    from PIL import Image, ImageDraw, ImageFont

    try:  # DejaVu has the names' accents (Ó, Ñ...); Pillow's own font has not
        font = ImageFont.truetype(FONT, 12)
    except OSError:
        font = ImageFont.load_default(size=13)
    g = Geometry(h, match.target(), margin(font, teams))
    title = "%s, cantons %s %d  %s %d" % (NAMES[match.variant()], teams[R.A], match.cantons(0),
                                          teams[R.B], match.cantons(1))
    g.width = max(g.width, int(font.getlength(title)) + 12)  # the title whole
    img = Image.new("RGB", (g.width, g.height), BG)
    d = ImageDraw.Draw(img)
    d.font = font
    for p in range(0, g.target + 1, 6):  # the grid, every 6 points
        d.line((g.left, g.y(p), g.width - 1, g.y(p)), fill=GRID)
        d.text((g.left - 24, g.y(p) - 7), "%d" % p, fill=INK)
    x = 4 + d.textlength("%s, cantons " % NAMES[match.variant()])
    d.text((4, 6), "%s, cantons " % NAMES[match.variant()], fill=INK)
    d.text((x, 6), "%s %d" % (teams[R.A], match.cantons(0)), fill=COLOURS[0])
    x += d.textlength("%s %d " % (teams[R.A], match.cantons(0)))
    d.text((x, 6), "%s %d" % (teams[R.B], match.cantons(1)), fill=COLOURS[1])
    for team in (R.A, R.B):
        for k in range(3):
            d.text((4, g.mark(team, k) - 7), "%s %s" % (teams[team], KINDS[k]),
                   fill=COLOURS[team])
    for i in range(g.n):
        r, duel = h.round_name(i)
        d.text((g.x(i) - 6, g.height - BOTTOM + 6), "%d" % r, fill=INK)
        if duel:
            d.text((g.x(i) - 6, g.height - BOTTOM + 20), "%d/3" % duel, fill=INK)
    for team in (R.A, R.B):
        colour = COLOURS[team]
        x0, y0 = g.x(-1), g.y(0)
        for i in range(g.n):
            x1, y1 = g.x(i), g.y(h.field(i, H.PTS_A + team))
            d.line((x0, y0, x1, y1), fill=colour, width=2)
            x0, y0 = x1, y1
            if h.field(i, H.CANTON) != R.NOBODY:
                x0, y0 = g.canton_x(i), g.y(0)
        for i in range(g.n):
            x, y = g.x(i), g.y(h.field(i, H.PTS_A + team))
            d.ellipse((x - 3, y - 3, x + 3, y + 3), fill=colour)
            marks = paid(h, i, team)
            for k in range(3):
                if marks[k]:
                    m = g.mark(team, k)
                    d.rectangle((x - MARK // 2, m - MARK // 2, x + MARK // 2, m + MARK // 2),
                                fill=colour)
    for i in range(g.n):  # last, over the lines
        canton = h.field(i, H.CANTON)
        if canton != R.NOBODY:
            d.line((g.canton_x(i), TOP, g.canton_x(i), g.base), fill=COLOURS[canton], width=3)
    return img


def counts(h):
    """Per team [A, B]: the summary's counts."""
    out = {}
    for key, first in (("envits called", H.ENVIT_CALLS), ("trucs called", H.TRUC_CALLS),
                       ("envits refused", H.ENVIT_REFUSED), ("trucs refused", H.TRUC_REFUSED),
                       ("flors", H.FLORS)):  # flors declared: two in one round are two
        out[key] = h.calls[first:first + 2]
    for key, kind in (("envits won", 1), ("trucs won", 2)):
        out[key] = [sum(1 for i in range(h.count()) if paid(h, i, team)[kind]) for team in (0, 1)]
    # Why rounds paid what they did: the flags truc.history keeps of each (as the round
    # history screen says them), and the points corrected by hand.
    for key, field, flag in (("joc fora won", H.TRUC_TEAM, H.FORA),
                             ("by three pardas", H.TRUC_TEAM, H.THREE_PARDAS),
                             ("flor envits won", H.ENVIT_TEAM, H.ON_FLORS)):
        out[key] = [sum(1 for i in range(h.count()) if h.field(i, field) == team
                        and h.field(i, H.FLAGS) & flag) for team in (0, 1)]
    out["points by hand"] = [sum(h.signed(i, H.ADJUST_A + team) for i in range(h.count()))
                             for team in (0, 1)]
    return out


def played(h):
    """(rounds, punta duels) closed by play (not a canton corrected by hand, not the
    round in play)."""
    rounds = set()
    duels = 0
    for i in range(h.count()):
        if h.field(i, H.FLAGS) & H.IN_PLAY:
            continue
        if h.field(i, H.TRUC_TEAM) == R.NOBODY and h.field(i, H.ENVIT_TEAM) == R.NOBODY \
                and not h.field(i, H.FLOR_A) and not h.field(i, H.FLOR_B):
            continue
        r, duel = h.round_name(i)
        rounds.add(r)
        duels += duel > 0
    return len(rounds), duels


def summary(match, h, teams=R.TEAMS):
    """The summary's lines, the teams named teams (A, B)."""
    rounds, duels = played(h)
    winner = match.winner()
    lines = ["%s, %d players, canton %d: cantons %s %d, %s %d%s" % (
        NAMES[match.variant()], match.players(), match.target(), teams[R.A], match.cantons(0),
        teams[R.B], match.cantons(1), ", %s won" % teams[winner] if winner != R.NOBODY else
        ", points now %d-%d" % (match.points(0), match.points(1)))]
    adjusted = sum(1 for i in range(match.entries()) if match.entry(i)[0] == R.ADJUST)
    lines.append("rounds: %d%s%s" % (rounds, " (%d punta duels)" % duels if duels else "",
                                     ", points adjusted by hand: %d" % adjusted if adjusted
                                     else ""))
    wa, wb = max(3, len(teams[R.A])), max(3, len(teams[R.B]))  # the columns fit the names
    lines.append("%-15s %*s %*s" % ("", wa, teams[R.A], wb, teams[R.B]))
    c = counts(h)
    for key in ("envits called", "envits won", "envits refused", "trucs called", "trucs won",
                "trucs refused", "flors", "flor envits won", "joc fora won", "by three pardas",
                "points by hand"):
        lines.append("%-15s %*d %*d" % (key, wa, c[key][0], wb, c[key][1]))
    if not h.complete:
        lines.append("(the log's start was folded away: only its later rounds)")
    return lines


def load(path):
    """The match a log replays to; raises ValueError("line N: reason"), OSError."""
    match = Match()
    reason = tablelog.play(match, tablelog.split(log_bytes(path)))
    if reason:
        raise ValueError(reason)
    return match


def main(argv=None):
    parser = Parser(prog="python -m tools.report", description=__doc__.split("\n")[0])
    parser.add_argument("file", help="a table log")
    parser.add_argument("-o", "--output", help="the picture (PNG); default FILE.png")
    parser.add_argument("--teams", metavar="A,B",
                        help="the teams' names, A's then B's (the log has none): said "
                             "instead of the letters")
    args = parser.parse_args(argv)
    teams = R.TEAMS
    if args.teams is not None:
        teams = [name.strip() for name in args.teams.split(",")]
        if len(teams) != 2 or not all(teams) or not all(n.isprintable() for n in teams):
            parser.error("--teams: two printable names, A's then B's, e.g. --teams NOS,ELLS")
    out = args.output or os.path.splitext(args.file)[0] + ".png"
    folder = os.path.dirname(os.path.abspath(out))
    if not os.path.isdir(folder) or os.path.isdir(out):
        parser.error("-o: %s cannot be written" % out)
    try:
        match = load(args.file)
    except OSError as e:
        print("report: cannot read %s: %s" % (args.file, e.strerror or e), file=sys.stderr)
        return 2
    except ValueError as e:
        print("report: %s" % e, file=sys.stderr)
        return 2
    if not match.variant():
        print("report: %s holds no match (no variant line)" % args.file, file=sys.stderr)
        return 2
    h = H.History(match)
    try:
        picture(match, h, teams).save(out, "PNG")
    except OSError as e:
        print("report: cannot write %s: %s" % (out, e.strerror or e), file=sys.stderr)
        return 2
    for line in summary(match, h, teams):
        print(line)
    print("picture: %s" % out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
