"""The match state as the host prints it, a dict for JSON (TABLE-LOG.md, "Output"): the
replay tool's output, and what the simulator's headless mode and autopilot say. Here,
below the tools, which stand on the simulator."""
from truc import rules as R
from truc import tablelog
from truc.variants import NAMES


def describe(match):
    """The match state as the replay tool prints it (TABLE-LOG.md "Output")."""
    team = (R.TEAMS[R.A], R.TEAMS[R.B], None)
    duel = match.duel()
    call, by = match.truc_call()
    pending = None
    if call:
        pending = tablelog.format_command(match.variant(), R.TRUC, by, call)
    elif match.envit_state() == R.ENVIT_PENDING:
        call, by = match.envit_call()
        pending = tablelog.format_command(match.variant(), R.ENVIT, by, call)
    return {
        "cantons": [match.cantons(0), match.cantons(1)],
        "points": [match.points(0), match.points(1)],
        "round": match.round(),
        "dealer": match.dealer(),
        "ma": match.ma(),
        "round_type": "punta" if duel else "redondo",
        "duel": duel or None,
        "winner": team[match.winner()],
        "variant": NAMES[match.variant()] or None,
        "players": match.players(),
        "target": match.target(),
        "hand_ma": match.hand_ma(),
        "bazas": [team[match.baza(i)] or "parda" for i in range(match.bazas())],
        "truc_worth": match.truc_worth() if match.variant() else 1,
        "pending": pending,
        "envit": ("none", "pending", "accepted", "refused", "shown")[match.envit_state()],
        "flors": [match.flors(0), match.flors(1)],
    }
