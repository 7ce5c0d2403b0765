# What every round of a match paid and why, derived from its command log by replaying
# it into a scratch match: one fixed-size record per closed round (or punta duel), in a
# bytearray, so a screen can read them without building anything per round.
#
#     h = History(match)           # replays match's log once (allocates here, not later)
#     for i in range(h.count()): h.field(i, PTS_A) ...
#     h.calls[ENVIT_CALLS + team]  # the match's counts, for tools.report
from micropython import const

from truc.match import Match, STATE_SIZE
from truc import rules as R

# Fields of a record (bytes; team fields hold R.NOBODY when nobody).
_ROUND = const(0)  # 16 bits
_DUEL = const(2)  # 1..3 in a punta round, else 0
FLOR_A = const(3)  # flor points paid to A, B
FLOR_B = const(4)
ENVIT_TEAM = const(5)  # the team the envit paid, and how much
ENVIT_PTS = const(6)
ENVIT_HOW = const(7)  # HOW_ below
ENVIT_WHO = const(8)  # refused: the team that refused; shown: the seat (255: given as a team)
ENVIT_VALUE = const(9)  # the value shown
TRUC_TEAM = const(10)  # the round's winner, and what the round (its truc) paid
TRUC_PTS = const(11)
TRUC_HOW = const(12)
TRUC_WHO = const(13)  # the team that accepted, refused or went
CANTON = const(14)  # the team that won a canton with this round
PTS_A = const(15)  # points when it closed, before a won canton clears them
PTS_B = const(16)
CANTONS_A = const(17)  # cantons after it
CANTONS_B = const(18)
ADJUST_A = const(19)  # points corrected by hand in this round, signed
ADJUST_B = const(20)
FLAGS = const(21)  # IN_PLAY, TRUC_ACCEPTED... below
ENVIT_RIVALS = const(22)  # what a refused envit paid ENVIT_TEAM's rivals before an envit
# on the flors
SIZE = const(23)

HOW_NONE = const(0)  # the envit was given as a team; the round went by its bazas
HOW_REFUSED = const(1)
HOW_SHOWN = const(2)  # the envit's winning show
HOW_ACCEPTED = const(3)  # the truc was accepted (the last answer was vull)
HOW_WENT = const(4)  # a team went (fold)

IN_PLAY = const(1)  # the round is not closed (only corrections so far)
TRUC_ACCEPTED = const(2)  # a truc was accepted in the round (a going after it kept it)
B_FLOR_FIRST = const(4)  # both teams' flors paid, B's first (B's seat was the round's mà)
FORA = const(8)  # the round's truc was joc fora (these three: Match.last_round()'s why << 3)
THREE_PARDAS = const(16)  # three pardas gave the round to the mà's team
ON_FLORS = const(32)  # the envit was on the flors

# The match's counts, per team (index + team): calls (every call and raise), refusals
# (the refusing team) and flors.
ENVIT_CALLS = const(0)
TRUC_CALLS = const(2)
ENVIT_REFUSED = const(4)
TRUC_REFUSED = const(6)
FLORS = const(8)  # flors declared (a team may have two in a round)


class History:
    def __init__(self, match, own=False):
        """own: match is the history's alone (a past match read for it): replayed in
        place, its log read ahead of where the replay writes the same entries back, so no
        second log of its size is made (a fragmented heap may have no room for one)."""
        self.complete = match.from_start()  # False: the log's start was folded away
        n = match.entries()
        # One allocation: a record per round or duel closed, per canton won by hand, and
        # the round in play at most (less the rounds before the replay's base).
        duels = 3 if match.options() & R.OPT_ALTERNATE else 1
        most = duels * (match.round() + 1) + match.cantons(0) + match.cantons(1) + 1
        if own and self.complete:
            scratch = match
            scratch.clear()  # the base and no command in effect; the log's bytes stay
        else:
            scratch = Match(n or 1)
        if not self.complete:  # start from the base the log was folded into
            base = bytearray(STATE_SIZE + 4)  # no command in effect: the entries are
            base[:STATE_SIZE] = match.dump_parts(bytearray(4))[0]  # read from match
            scratch.load(base)
        self.calls = [0] * 10
        self._records = bytearray(SIZE * (most - duels * scratch.round()))
        self._n = 0
        rec = bytearray(SIZE)
        self._reset(rec, scratch)
        for i in range(n):
            op, a, b = match.entry(i)
            self._step(scratch, rec, op, a, b)
        if rec[ADJUST_A] or rec[ADJUST_B]:  # corrections in the round in play
            rec[FLAGS] |= IN_PLAY
            self._close(scratch, rec, None, 0)

    def count(self):
        return self._n

    def field(self, i, f):
        return self._records[i * SIZE + f]

    def records(self):
        """The records, SIZE bytes each, as they are (the shared page reads them)."""
        return memoryview(self._records)[:self._n * SIZE]

    def flor_order(self, i):
        """The teams whose flors record i paid, in the order they were paid."""
        first = 1 if self.field(i, FLAGS) & B_FLOR_FIRST else 0
        return (first, first ^ 1)

    def signed(self, i, f):
        v = self._records[i * SIZE + f]
        return v - 256 if v > 127 else v

    def round_name(self, i):
        """(round, duel) of record i."""
        j = i * SIZE
        return self._records[j] | self._records[j + 1] << 8, self._records[j + _DUEL]

    # ---- the replay -----------------------------------------------------------------

    def _reset(self, rec, m):
        for i in range(SIZE):
            rec[i] = 0
        for f in (ENVIT_TEAM, ENVIT_WHO, TRUC_TEAM, TRUC_WHO, CANTON):
            rec[f] = R.NOBODY
        r = m.round()
        rec[_ROUND] = r & 255
        rec[_ROUND + 1] = r >> 8
        rec[_DUEL] = m.duel()
        rec[PTS_A] = m.points(0)
        rec[PTS_B] = m.points(1)

    def _step(self, m, rec, op, a, b):
        calls = self.calls
        envit_answer = m.envit_state() == R.ENVIT_PENDING
        before = m.round() << 2 | m.duel()
        cantons = m.cantons(0) + m.cantons(1)
        points = m.points(a & 1)
        if m.apply(op, a, b):
            return  # the log holds only accepted commands; a stray one is skipped
        if op == R.ENVIT:
            calls[ENVIT_CALLS + a] += 1
        elif op == R.TRUC:
            calls[TRUC_CALLS + a] += 1
        elif op == R.FLOR:
            calls[FLORS + a] += 1
        elif op == R.VULL or op == R.NOVULL:
            if envit_answer:
                if op == R.NOVULL:
                    calls[ENVIT_REFUSED + a] += 1
                    rec[ENVIT_HOW] = HOW_REFUSED
                    rec[ENVIT_WHO] = a
            else:
                if op == R.NOVULL:
                    calls[TRUC_REFUSED + a] += 1
                rec[TRUC_HOW] = HOW_ACCEPTED if op == R.VULL else HOW_REFUSED
                if op == R.VULL:
                    rec[FLAGS] |= TRUC_ACCEPTED
                rec[TRUC_WHO] = a
        elif op == R.FOLD:
            rec[TRUC_HOW] = HOW_WENT
            rec[TRUC_WHO] = a
        elif op == R.SHOW:
            rec[ENVIT_HOW] = HOW_SHOWN
            rec[ENVIT_WHO] = a
            rec[ENVIT_VALUE] = b
        elif op == R.ENVITWIN:
            rec[ENVIT_HOW] = HOW_NONE
            rec[ENVIT_WHO] = 255
        elif op == R.ADJUST:  # what it changed; a won canton clears the points it made
            now = m.points(a) if m.cantons(0) + m.cantons(1) == cantons else m.target()
            rec[ADJUST_A + a] = (rec[ADJUST_A + a] + now - points) & 255
        if m.round() << 2 | m.duel() != before or m.cantons(0) + m.cantons(1) != cantons:
            self._close(m, rec, op, a)
            self._reset(rec, m)

    def _close(self, m, rec, op, a):
        # rec holds the round's answers and the points it started with; the payments
        # come from the engine (an adjust's close paid nothing but the correction).
        if op is not None and op != R.ADJUST:
            fa, fb, et, ep, tt, tp, canton, rivals, why = m.last_round()
            rec[FLAGS] |= why << 3
            rec[FLOR_A] = fa
            rec[FLOR_B] = fb
            rec[ENVIT_TEAM] = et
            rec[ENVIT_PTS] = ep
            rec[TRUC_TEAM] = tt
            rec[TRUC_PTS] = tp
            rec[CANTON] = canton
            rec[ENVIT_RIVALS] = rivals
            if fa and fb and first_flor(m, rec[_ROUND] | rec[_ROUND + 1] << 8, rec[_DUEL]):
                rec[FLAGS] |= B_FLOR_FIRST
        elif op == R.ADJUST:  # a correction reached the target: the canton is its team's
            rec[CANTON] = a
        for team in (0, 1):
            total = rec[PTS_A + team] + _signed(rec[ADJUST_A + team]) + rec[FLOR_A + team]
            if rec[ENVIT_TEAM] == team:
                total += rec[ENVIT_PTS]
            elif rec[ENVIT_TEAM] == team ^ 1:
                total += rec[ENVIT_RIVALS]
            if rec[TRUC_TEAM] == team:
                total += rec[TRUC_PTS]
            if op is None:  # in play: the points as they are
                total = m.points(team)
            rec[PTS_A + team] = min(max(total, 0), m.target())
        rec[CANTONS_A] = m.cantons(0)
        rec[CANTONS_B] = m.cantons(1)
        j = self._n * SIZE
        self._records[j:j + SIZE] = rec
        self._n += 1


def first_flor(m, number, duel):
    """The team paid first when both have flor in round number (or its punta duel): the
    mà's (RULES.md)."""
    ma = (m.first_dealer() + number) % m.players()
    return (ma + duel - 1 if duel else ma) & 1


def _signed(v):
    return v - 256 if v > 127 else v
