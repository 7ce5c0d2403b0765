# What can be entered now: the legal commands with their labels, for the scoreboard's
# quick keys and for the Actions menu. Only commands the engine accepts are offered.
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


def call_word(m, op, step):
    """step_word, and for an envit on the flors (both teams declared one) that it is."""
    word = step_word(m, op, step)
    if op == R.ENVIT and m.flors(R.A) and m.flors(R.B):
        return t("%s of the flors") % word
    return word


def capital(text):
    return text[0].upper() + text[1:] if text else text


def next_step(m, op):
    """The step a call or raise without a jump goes to."""
    if op == R.TRUC:
        call = m.truc_call()[0]
        return (call or m.truc_step()) + 1
    return m.envit_call()[0] + 1 if m.envit_state() == R.ENVIT_PENDING else 1


def label(app, op, a=0, b=0):
    m = app.match
    team = app.team_name(a) if a < 2 else ""
    if op == R.BAZA:
        return t("Parda") if a == R.PARDA else t("Baza %s") % team
    if op == R.TRUC or op == R.ENVIT:
        return t("%s: %s") % (team, call_word(m, op, b or next_step(m, op)))
    if op == R.VULL:
        return t("%s: vull") % team
    if op == R.NOVULL:
        return t("%s: no vull") % team
    if op == R.FLOR:
        return t("Flor %s") % team
    if op == R.FOLD:  # what the team says as it goes
        return t(VT.FOLD_WORDS[m.variant()]) % team
    if op == R.ENVITWIN:
        return t("Envit won by %s") % team
    if op == R.END:
        return t("No envit: next round")
    if op == R.SHOW:
        return "%s: %d" % (app.seat_name(a), b)
    if op == R.ADJUST:
        return t("Points %s %+d") % (team, b - 256 if b > 127 else b)
    return "?"


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


def legal(m):
    """Every command the engine would accept now, in the order the menu offers them:
    answers first, then the envit (it only lives in the first baza), the bazas, the
    truc and the rest; jumps up the ladders come last."""
    out = []
    jumps = []
    for op in (R.VULL, R.NOVULL, R.ENVIT, R.BAZA, R.TRUC, R.FLOR, R.ENVITWIN, R.END, R.FOLD):
        for a in (0, 1, 2) if op == R.BAZA else (0,) if op == R.END else (0, 1):
            if op == R.TRUC or op == R.ENVIT:
                first = next_step(m, op)
                steps = len((V.TRUC_LADDERS if op == R.TRUC else V.ENVIT_LADDERS)[m.variant()])
                for step in range(first, steps):
                    if not m.check(op, a, step):
                        jump = step > first
                        (jumps if jump else out).append((op, a, step if jump else 0))
            elif not m.check(op, a):
                out.append((op, a, 0))
    return out + jumps


def decided_by(app, names):
    """How the round was decided, read back from the log, when a team went or refused
    the truc: "A went", "B: no vull" (else None). Sound while the round in play has no
    baza (or is the one decided): the first going, baza or refused truc met from the
    log's end is then the deciding one."""
    m = app.match
    i = m.entries()
    while i:
        i -= 1
        op, a, _ = m.entry(i)
        if op == R.BAZA:
            return None
        if op == R.FOLD:
            return t("%s went") % names[a]
        if op == R.NOVULL:
            j = i
            while j:  # a refusal answers the call before it: a truc's decides
                j -= 1
                call = m.entry(j)[0]
                if call == R.TRUC:
                    return t("%s: no vull") % names[a]
                if call == R.ENVIT:
                    break
    return None


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
    i = m.entries()
    while i:
        i -= 1
        op, _, b = m.entry(i)
        if op == R.SHOW:
            return b
        if op == R.ENVIT or op == R.ENVITWIN:
            return -1
    return -1
