# The names editor's letter wheel (app.names), ordered anew before each letter: the
# likeliest next letter under the cursor and the next likeliest alternately right and
# left of it, so the likely ones are a press or two away. Likeliest: those that continue
# the most names of a list (SEATS, TEAMS: common table names), then those that follow the
# last letter in those names, then every letter by how often names use it. "Done" is a
# letter of the wheel too: likely once the typed name is one of the list or has three
# letters, else last. TONI, JOAN, XISC or MARC take 6 to 8 presses from the seat list on
# two or three buttons (tests/host/test_sim_names.py), where a wheel from A to Z took 21
# to 32. A module of its own: the ordering is pure and its tables are measured alone
# (tests/test_no_alloc.py).
DONE = "\n"  # the wheel's place for Done
# Every character a name may have, the most used in names first ("_" shows the space).
LETTERS = "AEIONRSLTMCPJUDBXGVQFHKZYWÀÈÉÍÏÒÓÚÜÇÑ "
SEATS = ("TONI", "JOAN", "PEP", "PERE", "PAU", "MARC", "XISC", "JOSE", "JUAN", "PACO",
         "PEPE", "XAVI", "QUIM", "BIEL", "XIMO", "TOLO", "XESC", "CESC", "LLUC", "TIÀ",
         "GUIM", "RAFA", "LUIS", "DANI", "ÀLEX", "IVAN", "JOEL", "ERIC", "POL", "ROC",
         "BLAI", "NICO", "ANNA", "ANA", "MARI", "LAIA", "ROSA", "LOLA", "PILI", "SARA",
         "EVA", "NEUS", "AINA", "CATI", "MAR", "TERE", "ELSA", "CRIS")
TEAMS = ("NOSALTRES", "VOSALTRES", "NOSOTROS", "VOSOTROS", "ELLS", "ELLOS")

_ALL = LETTERS + DONE  # the wheel's characters, Done last
_SIZE = len(_ALL)
_UTF8 = _ALL.encode()
# Made once: ordering the wheel allocates only the wheel's text (a press on the name
# editor allocated about 1 KB of dicts, lists and sorts before).
_AT = bytearray(_SIZE + 1)  # where each character starts in _UTF8
_count = bytearray(_SIZE)  # names of the list that go on with the character
_seq = bytearray(_SIZE)  # the order they were first found in: ties go to the first
_taken = bytearray(_SIZE)  # already on the wheel
_order = bytearray(_SIZE)  # the characters, likeliest first
_ring = bytearray(_SIZE)  # the characters as the wheel holds them
_text = bytearray(len(_UTF8))  # the wheel's UTF-8
_at = 0
for _i in range(_SIZE):
    _AT[_i] = _at
    _at += len(_ALL[_i].encode())
_AT[_SIZE] = _at
del _i, _at


def _tally(ch, seq):
    # One more name goes on with ch; the first found is the likelier of two as many.
    i = _ALL.find(ch)
    if i >= 0:
        if not _count[i]:
            _seq[i] = seq
            seq += 1
        _count[i] += 1
    return seq


def _tier(typed, likely, k, after):
    """Puts at _order[k] on the characters not yet there that go on with typed, or
    (after) that follow typed's last letter in the names of likely: those of most names
    first, then those of the earlier name. Returns the next k."""
    for i in range(_SIZE):
        _count[i] = 0
    seq = 0
    n = len(typed)
    last = typed[-1] if after else ""
    for name in likely:
        if after:
            for j in range(len(name)):
                if name[j] == last:
                    seq = _tally(name[j + 1] if j + 1 < len(name) else DONE, seq)
        elif name.startswith(typed):
            seq = _tally(name[n] if len(name) > n else DONE, seq)
    while True:
        best = -1
        for i in range(_SIZE):
            if _count[i] and not _taken[i] and (
                    best < 0 or _count[i] > _count[best]
                    or _count[i] == _count[best] and _seq[i] < _seq[best]):
                best = i
        if best < 0:
            return k
        k = _put(best, k)


def _put(i, k):
    _order[k] = i
    _taken[i] = 1
    return k + 1


def wheel(typed, likely):
    """The wheel for the character after typed: the likeliest at 0, then 1, -1, 2, -2...
    Likeliest: the characters that go on with typed in the names of likely, then those
    that follow its last letter there, then Done once three letters are in, then every
    letter in LETTERS's order, then Done."""
    for i in range(_SIZE):
        _taken[i] = 0
    k = _tier(typed, likely, 0, False)
    if typed:
        k = _tier(typed, likely, k, True)
    done = _SIZE - 1
    if len(typed) >= 3 and not _taken[done]:  # three letters may be the whole name: PEP
        k = _put(done, k)
    for i in range(_SIZE):
        if not _taken[i]:
            k = _put(i, k)
    for k in range(_SIZE):
        _ring[(k + 1) // 2 if k & 1 else -(k // 2) % _SIZE] = _order[k]
    at = 0
    for k in range(_SIZE):
        i = _ring[k]
        for b in range(_AT[i], _AT[i + 1]):
            _text[at] = _UTF8[b]
            at += 1
    return str(_text, "utf-8")
