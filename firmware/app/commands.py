# What the scoreboard's keys enter and what its lines say of the stakes and of the last
# round; the Actions menu's labels and its list of legal commands are app.labels'.
from truc import rules as R
from truc import variants as V
from app import varianttexts as VT
from app.i18n import t


def step_word(m, op, step):
    """What the table calls a ladder step: its name (truc, retruc, quatre val, joc
    fora; envit, torne, falta), with its points where the steps are counted (mallorca:
    "retruc 6", but "val nou"), and what tots / falta is worth now."""
    v = m.variant()
    value = (V.TRUC_LADDERS if op == R.TRUC else V.ENVIT_LADDERS)[v][step]
    word = t((VT.TRUC_NAMES if op == R.TRUC else VT.ENVIT_NAMES)[v][step])
    if value == R.TOP:
        if op == R.TRUC:
            return word  # joc fora: what closes the canton, its name says so
        worth = m.falta_worth()
        return "%s %d" % (word, worth) if worth else t("%s (canton)") % word
    return word % value if "%d" in word else word


def capital(text):
    return text[0].upper() + text[1:] if text else text


def short_label(app, op, team, name=None):
    """A few characters for a key hint; name instead of the team's (its letter)."""
    name = name or app.team_name(team)
    if op == R.VULL:
        return t("Vull")
    if op == R.ENVITWIN:
        return t("Envit %s") % name
    if op == R.END:
        return t("End")
    return t("Baza %s") % name


def quick(m, team):
    """The team key's short press: accept a call against the team, give it the envit
    that waits for its result, or the baza."""
    call, by = m.truc_call()
    if call and by != team or m.envit_state() == R.ENVIT_PENDING and m.envit_call()[1] != team:
        return R.VULL
    if m.envit_state() == R.ENVIT_ACCEPTED and m.round_winner() != R.NOBODY:
        return R.ENVITWIN
    if m.envit_window() == team:
        return R.END
    return R.BAZA


def offered(m, op, team):
    """op if the engine would accept it from team's key now, else 0: a key hint is
    drawn only for a press that will not be refused."""
    return 0 if m.check(op, team) else op


def strong(m, team):
    """The team key's double press: raise the call against the team, take the envit
    left to it after the round was decided, or call truc."""
    if m.envit_state() == R.ENVIT_PENDING or m.envit_window() == team:
        return R.ENVIT
    return R.TRUC


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
    flors (the mà's team first), the envit (with the winning value shown, when fresh: no
    envit was called since it closed), the round (and why, when a team went or refused)
    and the canton. hand is that round (round << 2 | duel, see closed())."""
    m = app.match
    flor_a, flor_b, envit_team, envit_points, truc_team, truc_points, canton, rivals = \
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
        text = t("Envit: %s +%d") % (names[envit_team], envit_points)
        shown = last_show(m) if fresh else -1
        out.append((text + " (%d)" % shown if shown >= 0 else text, envit_team))
    if truc_team != R.NOBODY:
        text = t("Round: %s +%d") % (names[truc_team], truc_points)
        why = decided_by(app, names)
        out.append((text + " (%s)" % why if why else text, truc_team))
    if canton != R.NOBODY and m.winner() == R.NOBODY:
        out.append((t("%s wins the canton") % names[canton], canton))
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
    return -1
