# What the scoreboard's keys enter and the words of its stakes; the Actions menu's labels
# and its list of legal commands are app.labels', what the last round paid and why
# app.lastround's (both imported when needed, not resident).
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
