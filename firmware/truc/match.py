# The match: its whole state is one small bytearray, and its history is a log of the
# commands applied to a base state. Undo truncates the log and replays it; nothing here
# allocates once the Match exists, so a button press never wakes the garbage collector.
from micropython import const

from truc import variants as V
from truc import rules as R

# Layout of the state bytes. Options first, then the match, then the round (or duel) in play.
_VARIANT = const(0)
_PLAYERS = const(1)
_OPTS = const(2)
_DEALER0 = const(3)  # first dealer; 255 = the default, seat N-1
_STARTED = const(4)  # 1 once a round command (or adjust) has been applied
_CANTONS = const(5)  # A, B
_POINTS = const(7)  # A, B
_ROUND = const(9)  # 16 bits, little-endian
_DUEL = const(11)  # 1..3 in a punta round, 0 otherwise
_ROUND_FIELDS = const(12)  # from here to _ROUND_END: reset for every round or duel
_BAZAS = const(12)  # how many bazas are recorded
_BAZA1 = const(13)  # their results, 3 bytes
_WINNER = const(16)  # the round's winning team, once known
_WINDOW = const(17)  # the team that may still call an optional envit
_TRUC = const(18)  # accepted truc step
_TRUC_CALL = const(19)  # pending truc step, 0 = none
_TRUC_BY = const(20)  # team of the last truc call
_RAISER = const(21)  # team allowed to raise the accepted truc (NOBODY = either)
_ENVIT = const(22)  # R.ENVIT_* state
_ENVIT_BEFORE = const(23)  # step before the last raise (what a refusal pays)
_ENVIT_CALL = const(24)  # step of the last envit call
_ENVIT_BY = const(25)  # team of the last envit call
_ENVIT_WON = const(26)  # team whose envit won
_ENVIT_SEAT = const(27)  # the winning seat and value shown (255 = given as a team)
_ENVIT_VALUE = const(28)
_ENVIT_FLORS = const(29)  # 0: the envit is the ordinary one; else bit 0 set, and the refused
# ordinary envit it followed, if any, kept in the rest: its team in bit 1, points from bit 2
_FLORS = const(30)  # A, B
_ROUND_END = const(32)
_LAST_FLOR = const(32)  # what the last closed round paid: flor points A, B,
_LAST_ENVIT = const(34)  # envit team and points (from bit 2 of the team's byte: the points a
# refused envit paid the other team before an envit on the flors),
_LAST_TRUC = const(36)  # truc team and points,
_LAST_CANTON = const(38)  # the team that won the canton then (NOBODY if none), and from
# bit 2 why it paid what it did (last_round()): _FORA, _PARDAS, _ON_FLORS
STATE_SIZE = const(39)
_FORA = const(4)  # its truc was joc fora
_PARDAS = const(8)  # its three bazas were parda: the mà's team took it
_ON_FLORS = const(16)  # its envit was on the flors

_ENTRY = const(3)  # log entry: op, a, b


def _round_default(i):
    return R.NOBODY if i == _WINNER or i == _WINDOW or i == _RAISER else 0


class Match:
    def __init__(self, capacity=512):
        self.state = bytearray(STATE_SIZE)
        self._base = bytearray(STATE_SIZE)
        self._log = bytearray(_ENTRY * capacity)
        self._capacity = capacity
        self._len = 0  # entries in effect
        self._top = 0  # entries that redo can bring back
        self.clear()

    def clear(self):
        """Forget everything: an empty match waiting for its variant."""
        s = self._base
        for i in range(STATE_SIZE):
            s[i] = 0
        s[_ROUND] = 1
        s[_DEALER0] = 255
        s[_LAST_ENVIT] = s[_LAST_TRUC] = s[_LAST_CANTON] = R.NOBODY
        self._reset_round(s)
        self._len = self._top = 0
        self._replay()

    # ---- commands -------------------------------------------------------------------

    def apply(self, op, a=0, b=0):
        """Apply one command. Returns None, or why it was refused (nothing changes then)."""
        err = self.check(op, a, b)
        if err:
            return err
        b &= 255  # adjust's signed points travel as one byte
        if op == R.END:
            a = 0  # end names no team: the key that pressed it is not kept
        if self._len == self._capacity:
            self._compact()
        i = self._len * _ENTRY
        log = self._log
        log[i] = op
        log[i + 1] = a
        log[i + 2] = b
        self._run(op, a, b, True)
        self._len += 1
        self._top = self._len
        return None

    def check(self, op, a=0, b=0):
        """What apply would return, without applying anything."""
        if a < 0 or a > 255 or b < -128 or b > 255:
            return "argument out of range"
        return self._run(op, 0 if op == R.END else a, b & 255, False)

    def undo(self):
        if not self._len:
            return "nothing to undo"
        self._len -= 1
        self._replay()
        return None

    def redo(self):
        if self._len == self._top:
            return "nothing to redo"
        i = self._len * _ENTRY
        log = self._log
        self._run(log[i], log[i + 1], log[i + 2], True)
        self._len += 1
        return None

    def can_redo(self):
        return self._top > self._len

    def entries(self):
        """How many commands are in effect; entry(i) returns one as (op, a, b)."""
        return self._len

    def entry(self, i):
        j = i * _ENTRY
        return self._log[j], self._log[j + 1], self._log[j + 2]

    def started(self):
        """Whether play has begun: a round command (or adjust) was applied."""
        return self.state[_STARTED] == 1

    def from_start(self):
        """True while the log reaches back to the empty match (it always does unless
        a match outgrew the log's capacity, see _compact)."""
        return self._base[_VARIANT] == 0

    def dump(self):
        """The history as bytes, for saving it: the base state, the number of commands in
        effect and the number redo can reach (16 bits each, little-endian), then that many
        log entries (a new bytearray). load() takes it back; the state is replayed, not
        stored."""
        base, counts, entries = self.dump_parts(bytearray(4))
        return base + counts + entries

    def dump_parts(self, counts):
        """dump()'s bytes in three parts, copying nothing (a snapshot on a starved heap
        finds no block for a 1.6 KB copy): the base state, counts (4 bytes) filled with
        the two counts, and a memoryview of the log entries, valid until the next
        change."""
        counts[0] = self._len & 255
        counts[1] = self._len >> 8
        counts[2] = self._top & 255
        counts[3] = self._top >> 8
        return self._base, counts, memoryview(self._log)[:self._top * _ENTRY]

    def load(self, data):
        """Takes back a history from dump(). Every entry, the redo tail's too, must pass
        the rules again from the base; if one does not, or data is not a dump this log can
        hold, the match is cleared and load returns False. Allocates nothing but the import
        of truc.loadcheck, which does the work, when it is not loaded: its bytecode is in
        the heap only while a match is taken back (the boot lets it go after, and so does
        whatever else loads a match), never in play. (A plain import: once the module is
        loaded, it allocates nothing, where a from-import does.)"""
        import truc.loadcheck

        return truc.loadcheck.load(self, data)

    def _replay(self):
        s = self.state
        base = self._base
        for i in range(STATE_SIZE):
            s[i] = base[i]
        log = self._log
        for i in range(0, self._len * _ENTRY, _ENTRY):
            self._run(log[i], log[i + 1], log[i + 2], True)

    def _compact(self):
        # The log is full: fold its older half into the base state. Undo then reaches
        # back only as far as the newer half, which a real match never needs.
        drop = self._capacity // 2
        log = self._log
        self._len = drop
        self._replay()
        base = self._base
        s = self.state
        for i in range(STATE_SIZE):
            base[i] = s[i]
        shift = drop * _ENTRY
        for i in range(shift, self._capacity * _ENTRY):
            log[i - shift] = log[i]
        self._len = self._top = self._capacity - drop
        self._replay()

    # ---- reading the state ----------------------------------------------------------

    def variant(self):
        return self.state[_VARIANT]

    def players(self):
        return self.state[_PLAYERS]

    def options(self):
        return self.state[_OPTS]

    def target(self):
        return R.TARGETS[self.state[_OPTS] & R.OPT_TARGET]

    def cantons_to_win(self):
        return 3 if self.state[_OPTS] & R.OPT_CANTONS3 else 2

    def peces(self):
        if not V.PECES[self.state[_VARIANT]]:
            return 0
        return 4 if self.state[_OPTS] & R.OPT_PECES4 else 2

    def first_dealer(self):
        d = self.state[_DEALER0]
        return self.state[_PLAYERS] - 1 if d == 255 else d

    def cantons(self, team):
        return self.state[_CANTONS + team]

    def points(self, team):
        return self.state[_POINTS + team]

    def round(self):
        return self.state[_ROUND] | self.state[_ROUND + 1] << 8

    def dealer(self):
        n = self.state[_PLAYERS]
        return (self.first_dealer() + self.round() - 1) % n if n else 0

    def ma(self):
        n = self.state[_PLAYERS]
        return (self.dealer() + 1) % n if n else 0

    def duel(self):
        return self.state[_DUEL]

    def hand_ma(self):
        """The mà of the round, or of the duel in play: the duelist nearest the mà."""
        d = self.state[_DUEL]
        return (self.ma() + d - 1) % 6 if d else self.ma()

    def plays(self, seat):
        """Whether seat takes part in the round or duel in play."""
        if seat >= self.state[_PLAYERS]:
            return False
        return not self.state[_DUEL] or (seat - self.hand_ma()) % 3 == 0

    def winner(self):
        s = self.state
        need = self.cantons_to_win()
        if s[_CANTONS] >= need:
            return R.A
        if s[_CANTONS + 1] >= need:
            return R.B
        return R.NOBODY

    def in_progress(self):
        """Whether a match is in progress: set up, and not won yet."""
        return self.state[_VARIANT] != 0 and self.winner() == R.NOBODY

    # The round (or duel) in play.
    def bazas(self):
        return self.state[_BAZAS]

    def baza(self, i):
        return self.state[_BAZA1 + i]

    def round_winner(self):
        return self.state[_WINNER]

    def envit_window(self):
        """The team that may still call an optional envit after the round was decided."""
        s = self.state
        return s[_WINDOW] if s[_ENVIT] == R.ENVIT_NONE else R.NOBODY

    def truc_step(self):
        return self.state[_TRUC]

    def truc_call(self):
        """Pending truc step (0 if none) and the calling team."""
        return self.state[_TRUC_CALL], self.state[_TRUC_BY]

    def envit_state(self):
        return self.state[_ENVIT]

    def envit_call(self):
        """Step of the last envit call and its team."""
        return self.state[_ENVIT_CALL], self.state[_ENVIT_BY]

    def envit_result(self):
        """Winning team, seat and value of the envit (seat 255 when given as a team)."""
        s = self.state
        return s[_ENVIT_WON], s[_ENVIT_SEAT], s[_ENVIT_VALUE]

    def envit_before(self):
        """Step before the last envit raise: what a refusal pays (step 0 is worth 1)."""
        return self.state[_ENVIT_BEFORE]

    def envit_kept(self):
        """The team and points of a refused envit that an envit on the flors followed
        (paid when the round closes), or (NOBODY, 0)."""
        f = self.state[_ENVIT_FLORS]
        return (f >> 1 & 1, f >> 2) if f >> 2 else (R.NOBODY, 0)

    def envit_on_flors(self):
        """Whether the envit called in this round is on the flors."""
        return self.state[_ENVIT_FLORS] != 0

    def falta_worth(self):
        """What an accepted tots / falta pays now, or 0 while both teams are in the
        males: it then closes the canton for its winner."""
        s = self.state
        target = self.target()
        a = s[_POINTS]
        b = s[_POINTS + 1]
        if 2 * a < target and 2 * b < target:
            return 0
        return target - (a if a > b else b)

    def flors(self, team):
        return self.state[_FLORS + team]

    def last_round(self):
        """What the last closed round paid, in the order it was counted: flor points of
        A and B, the envit's team and points, the truc's team and points, the team
        that won the canton (NOBODY for each part that paid nothing), the points a
        refused envit paid the envit's rivals before an envit on the flors (0 if none),
        and why, as bits: 1 the truc was joc fora, 2 three pardas gave the round to the
        mà's team, 4 the envit was on the flors."""
        s = self.state
        return (s[_LAST_FLOR], s[_LAST_FLOR + 1], s[_LAST_ENVIT] & 3, s[_LAST_ENVIT + 1],
                s[_LAST_TRUC], s[_LAST_TRUC + 1], s[_LAST_CANTON] & 3, s[_LAST_ENVIT] >> 2,
                s[_LAST_CANTON] >> 2)

    def truc_worth(self):
        """Points the round's truc pays now (1 when no truc was accepted)."""
        step = self.state[_TRUC]
        value = V.TRUC_LADDERS[self.state[_VARIANT]][step]
        return value if value != R.TOP else self.target()

    def _show_kind(self):
        s = self.state
        if s[_ENVIT_FLORS]:
            return V.SHOW_FLOR[s[_VARIANT]]
        if s[_OPTS] & R.OPT_PECES4:
            return V.SHOW_ENVIT4[s[_VARIANT]]
        return V.SHOW_ENVIT2[s[_VARIANT]]

    def show_range(self):
        """Lowest and highest value a show may give for the envit in play (a constant
        tuple: building one per call would allocate)."""
        return V.SHOW_RANGES[self._show_kind()]

    def show_possible(self, value):
        """Whether some hand of the deck shows value for the envit in play."""
        mask = V.SHOW_MASKS[self._show_kind()]
        return 0 <= value < 8 * len(mask) and mask[value >> 3] >> (value & 7) & 1

    # ---- the rules ------------------------------------------------------------------

    def _run(self, op, a, b, commit):
        # Checks one command and, if commit, carries it out. Every check comes before
        # the first change, so a refused command leaves the state as it was.
        s = self.state
        if op < R.VARIANT or op > R.LAST_OP:
            return "unknown command"
        if b and not R.TAKES_B[op - 1]:
            return "argument out of range"
        if op <= R.DEALER:
            return self._setup(s, op, a, b, commit)
        if not s[_VARIANT]:
            return "the first command must be 'variant'"
        if self.winner() != R.NOBODY:
            return "the match is over"
        if op == R.ADJUST:
            return self._adjust(s, a, b, commit)
        if op == R.BAZA:
            if a > R.PARDA:
                return "a baza is won by A, B or parda"
        elif op != R.SHOW and a > R.B:
            return "team must be A or B"
        if s[_WINNER] != R.NOBODY and op != R.ENVIT and op != R.VULL and op != R.NOVULL \
                and op != R.SHOW and op != R.ENVITWIN and op != R.END:
            return "the round is already decided"
        if op == R.ENVIT:
            err = self._envit(s, a, b, commit)
        elif op == R.TRUC:
            err = self._truc(s, a, b, commit)
        elif op == R.VULL or op == R.NOVULL:
            err = self._answer(s, a, op == R.VULL, commit)
        elif op == R.FLOR:
            err = self._flor(s, a, commit)
        elif op == R.BAZA or op == R.FOLD:
            err = self._play(s, op, a, commit)
        elif op == R.SHOW or op == R.ENVITWIN:
            err = self._envit_result(s, op, a, b, commit)
        else:  # END
            if self.envit_window() == R.NOBODY:
                return "the round is not waiting for an optional envit"
            err = None
            if commit:
                s[_WINDOW] = R.NOBODY
        if err or not commit:
            return err
        s[_STARTED] = 1
        e = s[_ENVIT]
        if s[_WINNER] != R.NOBODY and e != R.ENVIT_PENDING and e != R.ENVIT_ACCEPTED \
                and (e != R.ENVIT_NONE or s[_WINDOW] == R.NOBODY):
            self._close(s)
        return None

    def _setup(self, s, op, a, b, commit):
        if s[_STARTED]:
            return "set-up commands must come before the first round command"
        if op == R.VARIANT:
            if s[_VARIANT]:
                return "the variant is already chosen"
            if a < 1 or a > V.COUNT:
                return "unknown variant"
            if commit:
                s[_VARIANT] = a
                s[_PLAYERS] = V.PRESET_PLAYERS[a]
                s[_OPTS] = V.PRESET_OPTIONS[a]
            return None
        if not s[_VARIANT]:
            return "the first command must be 'variant'"
        if op == R.OPTIONS:
            if not R.players_ok(a):
                return "players must be 2, 4 or 6"
            if b & ~R.OPT_ALL or b & R.OPT_TARGET == 3:
                return "bad option value"
            if b & R.OPT_PECES4 and not V.PECES[s[_VARIANT]]:
                return "peces are a mallorca option"
            if b & R.OPT_ALTERNATE and a != 6:
                return "punta rounds need 6 players"
            if s[_DEALER0] != 255 and s[_DEALER0] >= a:
                return "no such seat"
            if commit:
                s[_PLAYERS] = a
                s[_OPTS] = b
            return None
        if a >= s[_PLAYERS]:  # DEALER
            return "no such seat"
        if commit:
            s[_DEALER0] = a
        return None

    def _envit(self, s, team, step, commit):
        top = len(V.ENVIT_LADDERS[s[_VARIANT]]) - 1
        e = s[_ENVIT]
        if e == R.ENVIT_PENDING:  # a raise: it accepts the call and goes above it
            if team == s[_ENVIT_BY]:
                return "a team cannot answer its own call"
            if s[_ENVIT_CALL] == top:
                return "the bet is already at the top of its ladder"
            step = step or s[_ENVIT_CALL] + 1
            if step <= s[_ENVIT_CALL]:
                return "a raise must go above the current call"
            if step > top:
                return "that step is not on the ladder"
            if commit:
                s[_ENVIT_BEFORE] = s[_ENVIT_CALL]
                s[_ENVIT_CALL] = step
                s[_ENVIT_BY] = team
            return None
        # Settled, but for an envit on the flors after a refused one (seed 000: "a no ser
        # que otro jugador tenga flor y haya envite de flores"): that refusal stays paid.
        kept = e == R.ENVIT_REFUSED and not s[_ENVIT_FLORS] and s[_FLORS] and s[_FLORS + 1]
        if e != R.ENVIT_NONE and not kept:
            return "the envit of this round is already settled"
        if s[_WINNER] != R.NOBODY:
            window = self.envit_window()
            if window != team:
                if window == R.NOBODY:
                    return "the round is already decided"
                return "the round is over: only the rivals may still call an envit, or 'end'"
        else:
            if s[_BAZAS]:
                return "the envit and the flor belong to the first baza"
            if self._truc_closed_envit(s):
                return "a truc was called: the envit comes before the truc"
            if s[_TRUC_CALL]:
                return "a truc call is pending: answer it first"
            if (s[_FLORS] or s[_FLORS + 1]) and not (s[_FLORS] and s[_FLORS + 1]):
                return "after a flor the envit is only on the flors, when both teams have one"
        step = step or 1
        if step > top:
            return "that step is not on the ladder"
        if commit:
            flors = 1 if s[_FLORS] else 0
            if kept:
                points = V.ENVIT_LADDERS[s[_VARIANT]][s[_ENVIT_BEFORE]]
                flors |= s[_ENVIT_WON] << 1 | points << 2
            s[_ENVIT] = R.ENVIT_PENDING
            s[_ENVIT_BEFORE] = 0
            s[_ENVIT_CALL] = step
            s[_ENVIT_BY] = team
            s[_ENVIT_FLORS] = flors
        return None

    def _truc(self, s, team, step, commit):
        if s[_ENVIT] == R.ENVIT_PENDING:
            return "an envit is pending: answer it first"
        top = len(V.TRUC_LADDERS[s[_VARIANT]]) - 1
        pending = s[_TRUC_CALL]
        if pending:  # a raise answers the rivals' call
            if team == s[_TRUC_BY]:
                return "a team cannot answer its own call"
            base = pending
        else:
            if s[_RAISER] != R.NOBODY and s[_RAISER] != team:
                return "only the team that accepted the last truc may raise it"
            base = s[_TRUC]
        if base == top:
            return "the bet is already at the top of its ladder"
        step = step or base + 1
        if step <= base:
            return "a raise must go above the current call"
        if step > top:
            return "that step is not on the ladder"
        if commit:
            if pending:
                s[_TRUC] = pending
            s[_TRUC_CALL] = step
            s[_TRUC_BY] = team
        return None

    def _answer(self, s, team, accept, commit):
        if s[_ENVIT] == R.ENVIT_PENDING:
            if team == s[_ENVIT_BY]:
                return "a team cannot answer its own call"
            if commit:
                if accept:
                    s[_ENVIT] = R.ENVIT_ACCEPTED
                else:
                    s[_ENVIT] = R.ENVIT_REFUSED
                    s[_ENVIT_WON] = s[_ENVIT_BY]
            return None
        if not s[_TRUC_CALL]:
            return "no call is pending"
        if team == s[_TRUC_BY]:
            return "a team cannot answer its own call"
        if commit:
            if accept:
                s[_TRUC] = s[_TRUC_CALL]
                s[_RAISER] = team
            else:  # the round ends; the caller's team takes the step before the raise
                s[_WINNER] = s[_TRUC_BY]
                self._open_window(s, s[_TRUC_BY])
            s[_TRUC_CALL] = 0
        return None

    def _flor(self, s, team, commit):
        if not s[_OPTS] & R.OPT_FLOR:
            return "flor is off in this match"
        if s[_BAZAS]:
            return "the envit and the flor belong to the first baza"
        if s[_TRUC_CALL]:
            return "a truc call is pending: answer it first"
        per_team = 1 if s[_DUEL] else s[_PLAYERS] // 2
        if s[_FLORS + team] >= per_team:
            return "every player of that team has already declared a flor"
        if commit:
            s[_FLORS + team] += 1
            e = s[_ENVIT]
            if e != R.ENVIT_NONE and e != R.ENVIT_REFUSED and not s[_ENVIT_FLORS]:
                s[_ENVIT] = R.ENVIT_NONE  # a flor voids the envit
        return None

    def _play(self, s, op, a, commit):
        if s[_TRUC_CALL]:
            return "a truc call is pending: answer it first"
        if s[_ENVIT] == R.ENVIT_PENDING:
            return "an envit is pending: answer it first"
        if not commit:
            return None
        if op == R.FOLD:
            s[_WINNER] = a ^ 1
            self._open_window(s, a ^ 1)
        else:
            n = s[_BAZAS]
            s[_BAZA1 + n] = a
            s[_BAZAS] = n + 1
            s[_WINNER] = self._decided(s)
        return None

    def _open_window(self, s, team):
        # Going, or a refused truc, in the first baza with no envit called and no flor
        # declared still lets `team` call an envit before the round closes, unless a
        # truc call has closed the envit.
        if not s[_BAZAS] and s[_ENVIT] == R.ENVIT_NONE and not s[_FLORS] and not s[_FLORS + 1] \
                and not self._truc_closed_envit(s):
            s[_WINDOW] = team

    def _truc_closed_envit(self, s):
        # Where the envit comes before the truc, any truc call (pending, accepted or
        # being refused) closes the round's envit.
        return s[_OPTS] & R.OPT_ENVIT_FIRST and (s[_TRUC] or s[_TRUC_CALL])

    def _decided(self, s):
        n = s[_BAZAS]
        won = R.decided(s, _BAZA1, n)
        if won == R.NOBODY and n == 3:  # all three parda
            return self.hand_ma() & 1
        return won

    def _envit_result(self, s, op, a, b, commit):
        if s[_ENVIT] != R.ENVIT_ACCEPTED:
            return "no accepted envit is waiting for its result"
        if op == R.SHOW:
            if a >= s[_PLAYERS]:
                return "no such seat"
            if not self.plays(a):
                return "that seat does not play this duel"
            if not self.show_possible(b):
                return V.SHOW_REFUSALS[self._show_kind()]
        if commit:
            s[_ENVIT] = R.ENVIT_SHOWN
            if op == R.SHOW:
                s[_ENVIT_WON] = a & 1
                s[_ENVIT_SEAT] = a
                s[_ENVIT_VALUE] = b
            else:
                s[_ENVIT_WON] = a
                s[_ENVIT_SEAT] = 255
        return None

    def resolve_show(self, seats, values):
        """The index in seats of the winning show: the best value, ties to the seat
        nearest the hand's mà. Raises ValueError if a show could not stand."""
        n = self.state[_PLAYERS]
        ma = self.hand_ma()
        best = -1
        for i in range(len(seats)):
            seat = seats[i]
            err = self._run(R.SHOW, seat, values[i], False) if seat < 256 else "no such seat"
            if not err and seat in seats[:i]:
                err = "a seat shows its envit once"
            if err:
                raise ValueError(err)
            if best < 0 or values[i] > values[best] or values[i] == values[best] and \
                    (seat - ma) % n < (seats[best] - ma) % n:
                best = i
        if best < 0:
            raise ValueError("show needs SEAT:VALUE pairs")
        return best

    def _adjust(self, s, team, b, commit):
        if team > R.B:
            return "team must be A or B"
        delta = b - 256 if b > 127 else b
        if delta > R.ADJUST_MAX or delta < -R.ADJUST_MAX:
            return "adjust by 1 to 99 points"
        target = self.target()
        now = s[_POINTS + team]
        new = now + delta
        if new < 0:
            new = 0
        if new > target:
            new = target
        if new == now:
            return "the adjustment changes nothing"
        if commit:
            s[_STARTED] = 1
            s[_POINTS + team] = new
            if new == target:
                # The canton is won by hand: the round in play, if begun, is not played on.
                begun = s[_DUEL] > 1
                for i in range(_ROUND_FIELDS, _ROUND_END):
                    begun = begun or s[i] != _round_default(i)
                self._clear_last(s)  # no round paid it: only the canton is the news
                self._win_canton(s, team, False)
                if begun:
                    self._next_round(s)
                else:
                    self._reset_round(s)
        return None

    def _reset_round(self, s):
        for i in range(_ROUND_FIELDS, _ROUND_END):
            s[i] = _round_default(i)

    # ---- closing a round ------------------------------------------------------------

    def _close(self, s):
        # Flors (the hand's mà's team first), then the envit, then the truc: the first
        # payment that reaches the target wins the canton and the rest is not added.
        self._clear_last(s)
        won = R.NOBODY
        why = 0  # _FORA, _PARDAS, _ON_FLORS: kept with the canton's team (last_round())
        team = self.hand_ma() & 1
        for _ in range(2):
            flor = 3 * s[_FLORS + team]
            if flor and won == R.NOBODY:
                s[_LAST_FLOR + team] = flor
                won = self._pay(s, team, flor)
            team ^= 1
        e = s[_ENVIT]
        kept = s[_ENVIT_FLORS] >> 2  # a refused envit before the one on the flors
        if won == R.NOBODY and kept:
            team = s[_ENVIT_FLORS] >> 1 & 1
            s[_LAST_ENVIT] = team
            s[_LAST_ENVIT + 1] = kept
            won = self._pay(s, team, kept)
        if won == R.NOBODY and (e == R.ENVIT_REFUSED or e == R.ENVIT_SHOWN):
            team = s[_ENVIT_WON]
            ladder = V.ENVIT_LADDERS[s[_VARIANT]]
            points = ladder[s[_ENVIT_BEFORE] if e == R.ENVIT_REFUSED else s[_ENVIT_CALL]]
            if points == R.TOP:
                points = self._tots(s, team)
            # One line for both when the refused envit went to the same team; else the
            # refused one's points stay beside this one's.
            same = not kept or s[_LAST_ENVIT] == team
            s[_LAST_ENVIT] = team if same else team | kept << 2
            s[_LAST_ENVIT + 1] = points + kept if same else points
            won = self._pay(s, team, points)
            if s[_ENVIT_FLORS]:
                why = _ON_FLORS
        if won == R.NOBODY:
            team = s[_WINNER]
            points = V.TRUC_LADDERS[s[_VARIANT]][s[_TRUC]]
            if points == R.TOP:
                why |= _FORA
                points = self.target() - s[_POINTS + team]
            if s[_BAZAS] == 3 and s[_BAZA1] & s[_BAZA1 + 1] & s[_BAZA1 + 2] == R.PARDA:
                why |= _PARDAS
            s[_LAST_TRUC] = team
            s[_LAST_TRUC + 1] = points
            won = self._pay(s, team, points)
        if won != R.NOBODY:
            self._win_canton(s, won, why & _FORA and s[_OPTS] & R.OPT_FORA_MATCH)
        s[_LAST_CANTON] |= why
        if s[_DUEL] and s[_DUEL] < 3 and won == R.NOBODY:
            s[_DUEL] += 1
            self._reset_round(s)
        else:
            self._next_round(s)

    def _clear_last(self, s):
        for i in range(_LAST_FLOR, _LAST_CANTON):
            s[i] = 0
        s[_LAST_ENVIT] = s[_LAST_TRUC] = s[_LAST_CANTON] = R.NOBODY

    def _tots(self, s, team):
        # Tots / falta: with both teams in the males it closes the canton for the
        # winner; otherwise it is worth what the leading team lacks.
        return self.falta_worth() or self.target() - s[_POINTS + team]

    def _pay(self, s, team, points):
        total = s[_POINTS + team] + points
        target = self.target()
        if total >= target:
            s[_POINTS + team] = target
            return team
        s[_POINTS + team] = total
        return R.NOBODY

    def _win_canton(self, s, team, whole_match):
        s[_CANTONS + team] = self.cantons_to_win() if whole_match else s[_CANTONS + team] + 1
        s[_POINTS] = s[_POINTS + 1] = 0
        s[_LAST_CANTON] = team

    def _next_round(self, s):
        r = self.round() + 1
        s[_ROUND] = r & 255
        s[_ROUND + 1] = r >> 8
        s[_DUEL] = 1 if s[_OPTS] & R.OPT_ALTERNATE and not r & 1 else 0
        self._reset_round(s)
