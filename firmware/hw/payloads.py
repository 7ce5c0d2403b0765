# What the director sends a table (docs/TOURNAMENT.md), read and checked: the assignment
# and `have`. Imported by hw.tourlink when a message comes and forgotten after (with
# truc.tablesetup, which reads an assignment's set-up): not resident in tournament mode.
def assignment(data, table):
    """The assignment in data (bytes, docs/TOURNAMENT.md) as (match, title, pairs,
    setup); None for an empty one (nothing to play). ValueError with the reason when it
    does not check: a table's device plays only what the rules accept."""
    import json

    from truc.match import Match
    from truc.tablesetup import setup as read

    if not data:
        return None
    try:
        a = json.loads(data)
    except Exception:  # MicroPython: ValueError; CPython: also UnicodeDecodeError
        a = data  # bytes: never what JSON parses to
    if a is data:  # raised here, not in the except: no chained traceback
        raise ValueError("not JSON text")
    if not isinstance(a, dict):
        raise ValueError("not an object")
    match = a.get("match")
    if not isinstance(match, str) or not 2 <= len(match) <= 8 or match[0] != "m" \
            or not match[1:].isdigit():
        raise ValueError("match: m<number> expected")
    if a.get("table") != table:
        raise ValueError("table: %d expected" % table)
    pairs = a.get("pairs")
    if not isinstance(pairs, list) or len(pairs) != 2:
        raise ValueError("pairs: two names expected")
    for p in pairs:
        if not isinstance(p, str) or not 1 <= len(p) <= 40:
            raise ValueError("pairs: names of 1 to 40 characters")
    title = a.get("title")
    if not isinstance(title, str) or not 1 <= len(title) <= 120:
        raise ValueError("title: 1 to 120 characters")
    setup = a.get("setup")
    if not isinstance(setup, list) or not 1 <= len(setup) <= 2:
        raise ValueError("setup: one or two lines")
    m = Match(4)
    for i in range(len(setup)):
        line = setup[i]
        if not isinstance(line, str) or len(line) > 80:
            raise ValueError("setup: lines of text")
        try:
            why = m.apply(*read(m, line))
        except ValueError as e:
            why = str(e)
        if why:
            raise ValueError("setup: " + why)
    if not m.variant() or m.entries() != len(setup):
        raise ValueError("setup: a variant and its options")
    return match, title, pairs, setup


def have(data):
    """The director's `have` (b"<match> <count>") as (match, count); ValueError."""
    match, _, count = bytes(data).partition(b" ")
    for c in match:
        if not 32 < c < 127:
            match = b""
    if not match or not count.isdigit() or len(count) > 5:
        raise ValueError("<match> <count> expected")
    return str(match, "ascii"), int(count)
