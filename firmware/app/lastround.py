# What the last round (or duel) paid and why, in the words said at the table, and how the
# round in play was decided: the scoreboard's lines of the last round, the summary's.
# Read from the engine's record of the last round (Match.last_round: its payments, and
# whether its truc was joc fora, three pardas gave it to the mà, its envit was on the
# flors) and back from the log's end (a going, a refused truc, the value shown, points
# corrected by hand). Imported while a line is made and let go after (the scoreboard's
# _last; the summary holds it while open): none of it is resident.
from micropython import const

from truc import rules as R
from truc import variants as V
from app.commands import step_word
from app.i18n import t

# Match.last_round()'s why, bit by bit.
_FORA = const(1)
_PARDAS = const(2)
_ON_FLORS = const(4)


def decided_by(app, names):
    """How the round was decided, read back from the log, when a team went or refused
    the truc: "A went", "B: no vull" (else None). Sound while the round in play has no
    baza (or is the one decided): the first going, baza or refused truc met from the
    log's end is then the deciding one."""
    m = app.match
    i = m.entries()
    while True:
        i = _before(m, i, (R.BAZA, R.FOLD, R.NOVULL))
        if i < 0:
            return None
        op, a, _ = m.entry(i)
        if op == R.BAZA:
            return None
        if op == R.FOLD:
            return t("%s went") % names[a]
        call = _before(m, i, (R.TRUC, R.ENVIT))  # a refusal answers the call before it
        if call >= 0 and m.entry(call)[0] == R.TRUC:  # a truc's decides
            return t("%s: no vull") % names[a]


def closed(m):
    """round << 2 | duel of the round (or duel) before the one in play: the last closed
    one (a punta round's third duel, unless a duel before it won the canton)."""
    r = m.round()
    d = m.duel()
    if d > 1:
        return r << 2 | d - 1
    return (r - 1) << 2 | (3 if m.options() & R.OPT_ALTERNATE and r & 1 else 0)


def paid(app, names, hand, fresh=True):
    """What the last closed round paid, in the order it was paid, as (text, team): the
    flors (the mà's team first), the envit (of the flors, when it was; with the winning
    value shown, when fresh: no envit was called since it closed), the round (and why:
    joc fora, three pardas, a team went or refused) and the canton. hand is that round
    (round << 2 | duel, see closed())."""
    m = app.match
    flor_a, flor_b, envit_team, envit_points, truc_team, truc_points, canton, rivals, why = \
        m.last_round()
    out = []
    first = R.A
    if flor_a and flor_b:  # the order matters: the team of that round's (or duel's) mà
        ma = (m.first_dealer() + (hand >> 2)) % m.players()
        first = (ma + (hand & 3) - 1 if hand & 3 else ma) & 1
    for team in (first, first ^ 1):
        points = flor_b if team else flor_a
        if points:
            out.append((t("Flor: %s +%d") % (names[team], points), team))
    if rivals:  # a refused envit, paid before the envit on the flors
        out.append((t("Envit: %s +%d") % (names[envit_team ^ 1], rivals), envit_team ^ 1))
    if envit_team != R.NOBODY:
        text = t("Envit of the flors: %s +%d") if why & _ON_FLORS else t("Envit: %s +%d")
        text = text % (names[envit_team], envit_points)
        shown = last_show(m) if fresh else -1
        out.append((text + " (%d)" % shown if shown >= 0 else text, envit_team))
    if truc_team != R.NOBODY:
        text = t("Round: %s +%d") % (names[truc_team], truc_points)
        said = decided_by(app, names)
        if why & _PARDAS:  # (a round decided by its bazas: nobody went)
            said = t("three pardas, the mà wins")
        if why & _FORA:  # the step's name in the variant's words
            fora = step_word(m, R.TRUC, len(V.TRUC_LADDERS[m.variant()]) - 1)
            said = fora + ", " + said if said else fora
        out.append((text + " (%s)" % said if said else text, truc_team))
    if canton != R.NOBODY and m.winner() == R.NOBODY:
        out.append((t("%s wins the canton") % names[canton], canton))
    return out


def lines(app, names, parts, fresh):
    """The scoreboard's parts: parts (the round in play's), then the points corrected by
    hand since the last command of play, per team as entered ("Points B -2"); when there
    are neither, what the last round paid (paid(); fresh as there), labelled lines."""
    m = app.match
    fixed = [0, 0]
    i = m.entries()
    while i and m.entry(i - 1)[0] == R.ADJUST:
        i -= 1
        _, team, b = m.entry(i)
        fixed[team] += b - 256 if b > 127 else b
    out = list(parts)
    for team in (R.A, R.B):
        if fixed[team]:
            out.append(t("Points %s %+d") % (names[team], fixed[team]))
    if len(out) > len(parts):
        last = m.last_round()
        if last[6] != R.NOBODY and last[4] == last[2] == R.NOBODY and not last[0] + last[1]:
            out.append(t("%s wins the canton") % names[last[6]])  # a correction won it
    elif not parts:
        hand = closed(m)
        out = _labelled(app, hand, [text for text, _ in paid(app, names, hand, fresh)])
    return out


def _labelled(app, hand, texts):
    """texts as the scoreboard's lines, every line starting with the round (or duel)
    that paid them ("Round 1: Envit: B +4 (33)", "Round 1: A +1"): a page may show any
    line alone, and this round's "Envit: B +1" and the last round's must never read
    alike. Laid out here as the scoreboard would (a text or more a line, " · " apart),
    in its room (Scoreboard.draw's) less the label's: it never wraps them again. The
    round's own word goes where it would start a line: not "Round 1: Round: A +1"."""
    c = app.canvas
    font = app.font
    label = (t("punta %d/3") % (hand & 3) if hand & 3 else t("Round %d") % (hand >> 2)) + ": "
    room = c.width - 4 - c.text_width(font, label)
    said = t("Round: %s +%d").split("%")[0]
    out = []
    for text in texts:
        if out and c.text_width(font, out[-1] + " · " + text) <= room:
            out[-1] += " · " + text
        else:
            out += c.wrap(font, text[len(said):] if text.startswith(said) else text, room, room)
    for i in range(len(out)):
        out[i] = label + out[i]
    return out


def last_show(m):
    """The value of the winning show of the last round that called an envit, or -1 (the
    envit refused or given to a team): its show comes after its last call."""
    i = _before(m, m.entries(), (R.SHOW, R.ENVIT, R.ENVITWIN))
    return m.entry(i)[2] if i >= 0 and m.entry(i)[0] == R.SHOW else -1


def _before(m, i, ops):
    """The index of the last command before the i-th whose op is one of ops, or -1."""
    while i:
        i -= 1
        if m.entry(i)[0] in ops:
            return i
    return -1
