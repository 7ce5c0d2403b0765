# What can be entered now: the legal commands with their labels, for the scoreboard's
# quick keys and for the Actions menu. Only commands the engine accepts are offered.
from truc import rules as R
from truc.variants import MALLORCA
from app.i18n import t


def _truc_name(step, mallorca):
    if step == 1:
        return t("truc")
    if step == 2:
        return t("retruc")
    if step == 3:
        return t("val nou") if mallorca else t("quatre val")
    return t("joc fora")


def _envit_name(step, mallorca):
    if step == (4 if mallorca else 3):  # the top of the ladder
        return t("tots") if mallorca else t("falta")
    if step == 2 and not mallorca:
        return t("torne")
    return t("envit")  # mallorca's 4 and 6 have no name of their own: the points say it


def step_word(m, op, step):
    """What the table calls a ladder step: its name (truc, retruc, quatre val, joc
    fora; envit, torne, falta), with its points beside it in mallorca, where the steps
    are counted, and what tots / falta is worth now."""
    mallorca = m.variant() == MALLORCA
    ladder = R.truc_ladder(m.variant()) if op == R.TRUC else R.envit_ladder(m.variant())
    value = ladder[step]
    word = _truc_name(step, mallorca) if op == R.TRUC else _envit_name(step, mallorca)
    if value == R.TOP:
        if op == R.TRUC:
            return word  # joc fora: what closes the canton, its name says so
        worth = m.falta_worth()
        return "%s %d" % (word, worth) if worth else t("%s (canton)") % word
    return "%s %d" % (word, value) if mallorca else word


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
        return t("%s goes (ens n'anam)") % team if m.variant() == MALLORCA \
            else t("%s goes (ens n'anem)") % team
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
                for step in range(first, 5):
                    if not m.check(op, a, step):
                        jump = step > first
                        (jumps if jump else out).append((op, a, step if jump else 0))
            elif not m.check(op, a):
                out.append((op, a, 0))
    return out + jumps
