# Match.load's work: a dump taken back, its base state checked and the log replayed over
# it. A module of its own, imported by load and let go after (by app.boot, the screens
# and sharing, as hw.recover and app.settingsfile are), so that its bytecode is in the
# heap only while a match is being taken back, never in play.
from micropython import const

from truc import rules as R
from truc import variants as V

# The state's layout: truc.match's, byte for byte (tests/host/test_loadcheck.py holds
# them equal).
_VARIANT = const(0)
_PLAYERS = const(1)
_OPTS = const(2)
_DEALER0 = const(3)
_STARTED = const(4)
_CANTONS = const(5)
_POINTS = const(7)
_ROUND = const(9)
_DUEL = const(11)
_BAZAS = const(12)
_ROUND_FIELDS = const(12)
_BAZA1 = const(13)
_WINNER = const(16)
_WINDOW = const(17)
_TRUC = const(18)
_TRUC_CALL = const(19)
_TRUC_BY = const(20)
_RAISER = const(21)
_ENVIT = const(22)
_ENVIT_BEFORE = const(23)
_ENVIT_CALL = const(24)
_ENVIT_BY = const(25)
_ENVIT_WON = const(26)
_ENVIT_SEAT = const(27)
_ENVIT_FLORS = const(29)
_FLORS = const(30)
_LAST_FLOR = const(32)
_ROUND_END = const(32)
_LAST_ENVIT = const(34)
_LAST_TRUC = const(36)
_LAST_CANTON = const(38)
STATE_SIZE = const(39)
_ENTRY = const(3)


def load(m, data):
    """Match.load (truc.match): m takes back the dump data, or is cleared (False)."""
    n = len(data) - STATE_SIZE - 4
    if n < 0:
        m.clear()
        return False
    length = data[STATE_SIZE] | data[STATE_SIZE + 1] << 8
    top = data[STATE_SIZE + 2] | data[STATE_SIZE + 3] << 8
    if n != top * _ENTRY or length > top or top > m._capacity:
        m.clear()
        return False
    base = m._base
    s = m.state
    for i in range(STATE_SIZE):
        base[i] = s[i] = data[i]
    log = m._log
    for i in range(n):
        log[i] = data[STATE_SIZE + 4 + i]
    # _run with commit checks before it changes anything, so one pass both applies and
    # validates the log.
    try:
        ok = base_ok(m, s)
        for i in range(0, n if ok else 0, _ENTRY):
            if m._run(log[i], log[i + 1], log[i + 2], True):
                ok = False
                break
    except MemoryError:
        raise
    except Exception:  # a state the checks missed: refused all the same
        ok = False
    if not ok:
        m.clear()
        return False
    m._len = length
    m._top = top
    if length < top:
        m._replay()
    return True


def _blank(i):
    # Byte i of the empty match's state.
    if i == _ROUND:
        return 1
    if i == _DEALER0:
        return 255
    if i == _LAST_ENVIT or i == _LAST_TRUC or i == _LAST_CANTON:
        return R.NOBODY
    if _ROUND_FIELDS <= i < _ROUND_END:
        return R.NOBODY if i == _WINNER or i == _WINDOW or i == _RAISER else 0
    return 0


def base_ok(m, s):
    """Whether s, the base state m has just taken from a dump, is one the rules could
    have reached: every field in its range and the fields agreeing with each other."""
    v = s[_VARIANT]
    if not v:  # no set-up yet: only the empty match
        for i in range(len(s)):
            if s[i] != _blank(i):
                return False
        return True
    n = s[_PLAYERS]
    o = s[_OPTS]
    if not V.setup_ok(v, n, o) or s[_DEALER0] != 255 and s[_DEALER0] >= n \
            or s[_STARTED] > 1:
        return False
    need = m.cantons_to_win()
    target = m.target()
    ca = s[_CANTONS]
    cb = s[_CANTONS + 1]
    if ca > need or cb > need or ca == need and cb == need \
            or s[_POINTS] >= target or s[_POINTS + 1] >= target:
        return False
    r = m.round()
    d = s[_DUEL]
    if not r or d > 3 or (d != 0) != (o & R.OPT_ALTERNATE and not r & 1):
        return False
    k = s[_BAZAS]
    if k > 3:
        return False
    for i in range(3):
        if s[_BAZA1 + i] > (R.PARDA if i < k else 0):
            return False
    w = s[_WINNER]
    if w > R.NOBODY or s[_WINDOW] > R.NOBODY or s[_RAISER] > R.NOBODY \
            or w == R.NOBODY and (k == 3 or m._decided(s) != R.NOBODY):
        return False
    truc_top = len(V.TRUC_LADDERS[v]) - 1
    if s[_TRUC] > truc_top or s[_TRUC_CALL] > truc_top or s[_TRUC_BY] > R.NOBODY \
            or s[_TRUC_CALL] and (s[_TRUC_CALL] <= s[_TRUC] or s[_TRUC_BY] > R.B):
        return False
    e = s[_ENVIT]
    top = len(V.ENVIT_LADDERS[v]) - 1
    if e > R.ENVIT_SHOWN or s[_ENVIT_CALL] > top or s[_ENVIT_BEFORE] > s[_ENVIT_CALL] \
            or s[_ENVIT_BY] > R.B or s[_ENVIT_WON] > R.B \
            or s[_ENVIT_FLORS] > 1 and (s[_ENVIT_FLORS] > 27 or not s[_ENVIT_FLORS] & 1) \
            or s[_ENVIT_SEAT] != 255 and s[_ENVIT_SEAT] >= n \
            or e != R.ENVIT_NONE and not s[_ENVIT_CALL]:
        return False
    per_team = 1 if d else n // 2
    if not o & R.OPT_FLOR:
        per_team = 0
    if s[_FLORS] > per_team or s[_FLORS + 1] > per_team:
        return False
    for i in range(_LAST_FLOR, _LAST_CANTON, 2):
        if s[i + 1] > target or i > _LAST_FLOR and s[i] & 3 > R.NOBODY:
            return False
    if s[_LAST_TRUC] > R.NOBODY or s[_LAST_ENVIT] >> 2 > target:
        return False
    # (the canton's team, and from bit 2 why the round paid: truc.match's _FORA...)
    return s[_LAST_FLOR] <= target and s[_LAST_CANTON] & 3 <= R.NOBODY and s[_LAST_CANTON] < 32
