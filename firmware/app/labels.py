# The commands' labels, as the Actions menu lists them (and an undo says what it undid),
# and every command the engine would accept now: imported with the screens that use them
# and let go with them (app.commands holds what the scoreboard draws at every frame).
from truc import rules as R
from truc import variants as V
from app import varianttexts as VT
from app.commands import step_word
from app.i18n import t


def call_word(m, op, step):
    """step_word, and for an envit on the flors (both teams declared one) that it is."""
    word = step_word(m, op, step)
    if op == R.ENVIT and m.flors(R.A) and m.flors(R.B):
        return t("%s of the flors") % word
    return word


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
