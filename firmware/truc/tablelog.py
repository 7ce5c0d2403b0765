# The table log, format 1 (TABLE-LOG.md): one text command a line, to engine commands
# and back. Text handling allocates; it runs on import and export, never per button press.
from micropython import const

from truc import rules as R
from truc import variants as V

UNDO = -1
REDO = -2

# Index + 1 is the engine's command code.
WORDS = ("variant", "set", "dealer", "envit", "truc", "vull", "novull", "flor", "baza",
         "fold", "show", "envitwin", "end", "adjust")
_ARITY = b"\x01\x00\x01\x00\x00\x01\x01\x01\x01\x01\x00\x01\x00\x02"  # fixed word counts; 0: varies
_DIGITS = const(3)  # no number in a log is longer
_BOM = b"\xef\xbb\xbf"


def split(data):
    """The lines of a table log given as bytes. Only "\n" ends a line (with a "\r" before
    it, if any), so the line numbers are those of any editor; a UTF-8 byte-order mark at
    the start is skipped. A line that is not UTF-8 comes back as None."""
    if data[:3] == _BOM:
        data = data[3:]
    lines = []
    for raw in data.split(b"\n"):
        if raw[-1:] == b"\r":
            raw = raw[:-1]
        try:
            lines.append(raw.decode("utf-8"))
        except UnicodeError:
            lines.append(None)
    return lines


def _words(line):
    # Spaces and tabs separate words (and a line's own end), nothing else: str.split()
    # would also split on Unicode spaces on CPython but not on MicroPython.
    text = line.split("#", 1)[0]
    for c in "\t\r\n":
        text = text.replace(c, " ")
    return [w for w in text.split(" ") if w]


def _quoted(word):
    # A word as a refusal shows it: a long one is cut.
    return "'%s'" % word if len(word) <= 16 else "'%s...'" % word[:16]


def _team(word):
    w = word.upper()
    if w == "A" or w == "B":
        return R.TEAMS.find(w)
    raise ValueError("team must be A or B, not %s" % _quoted(word))


def _is_number(word):
    # ASCII digits only: str.isdigit() also takes other scripts' digits.
    if not word or len(word) > _DIGITS:
        return False
    for c in word:
        if c < "0" or c > "9":
            return False
    return True


def _number(word, what):
    if not _is_number(word):
        if word and len(word) > _DIGITS and word.strip("0123456789") == "":
            raise ValueError("%s must be a number below 1000" % what)
        raise ValueError("%s must be a number, not %s" % (what, _quoted(word)))
    return int(word)


def _step(ladder, word, tops):
    # A step is named by its points, or by the words for the top step.
    if word in tops:
        return len(ladder) - 1
    if _is_number(word):
        points = int(word)
        for i in range(1, len(ladder)):
            if ladder[i] == points:
                return i
    steps = ladder_text(ladder, tops[0])
    raise ValueError("%s is not a step of that ladder (%s)" % (_quoted(word), steps))


def _tops(words, variant):
    # The words for a top step: the variant's own first (the one an error names), then
    # every variant's.
    return (words[variant],) + words


def ladder_text(ladder, top_word):
    return ", ".join(str(v) if v != R.TOP else top_word for v in ladder[1:])


def _either(values):
    # "2, 4 or 6"
    words = [str(v) for v in values]
    return ", ".join(words[:-1]) + " or " + words[-1]


def _options(match, pairs):
    if not match.variant():
        raise ValueError("the first command must be 'variant'")
    if not pairs:
        raise ValueError("set needs KEY=VALUE pairs")
    players = match.players()
    opts = match.options()
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not value:
            raise ValueError("%s is not KEY=VALUE" % _quoted(pair))
        if key == "players":
            players = _number(value, key)
            if not R.players_ok(players):
                raise ValueError("players must be %s" % _either(R.PLAYER_COUNTS))
        elif key == "canton":
            target = R.target_index(_number(value, key))
            if target < 0:
                raise ValueError("canton must be %s" % _either(R.TARGETS))
            opts = opts & ~R.OPT_TARGET | target
        else:
            bit, off, on = _FLAGS.get(key, (0, None, None))
            if not bit:
                raise ValueError("unknown option %s" % _quoted(key))
            if key == "peces" and not V.PECES[match.variant()]:
                raise ValueError("peces are a mallorca option")
            if value == on:
                opts |= bit
            elif value == off:
                opts &= ~bit
            else:
                raise ValueError("%s must be %s or %s" % (key, off, on))
    return players, opts


# Two-valued options: their bit, the value when clear, the value when set.
_FLAGS = {
    "cantons": (R.OPT_CANTONS3, "2", "3"),
    "peces": (R.OPT_PECES4, "2", "4"),
    "flor": (R.OPT_FLOR, "off", "on"),
    "jocfora": (R.OPT_FORA_MATCH, "canton", "match"),
    "rounds": (R.OPT_ALTERNATE, "team", "alternate"),
    "envitfirst": (R.OPT_ENVIT_FIRST, "off", "on"),
}


def _show(match, words):
    seats = []
    values = []
    for w in words:
        seat, colon, value = w.partition(":")
        if not colon:
            raise ValueError("%s is not SEAT:VALUE" % _quoted(w))
        seats.append(_number(seat, "seat"))
        values.append(_number(value, "envit value"))
    if not seats:
        raise ValueError("show needs SEAT:VALUE pairs")
    best = match.resolve_show(seats, values)
    return seats[best], values[best]


def is_blank(line):
    """A line that holds no command: empty, or only a comment."""
    return not _words(line)


def parse(match, line):
    """The engine command (op, a, b) a line means, or None for a blank or comment line.
    undo and redo come as UNDO and REDO. Raises ValueError with the reason."""
    words = _words(line)
    if not words:
        return None
    word = words[0].lower()
    args = words[1:]
    if word == "undo" or word == "redo":
        if args:
            raise ValueError("%s takes no arguments" % word)
        return UNDO if word == "undo" else REDO
    if word not in WORDS:
        raise ValueError("unknown command %s" % _quoted(words[0]))
    op = WORDS.index(word) + 1
    arity = _ARITY[op - 1]
    if op == R.ENVIT or op == R.TRUC:
        if len(args) not in (1, 2):
            raise ValueError("usage: %s TEAM [STEP]" % word)
    elif arity and len(args) != arity:
        raise ValueError("%s takes %d word%s" % (word, arity, "s" if arity > 1 else ""))
    elif op == R.END and args:
        raise ValueError("end takes no arguments")
    a = b = 0
    if op == R.VARIANT:
        name = args[0].lower()
        if name not in V.NAMES[1:]:
            raise ValueError("unknown variant %s (%s)" % (_quoted(args[0]), ", ".join(V.NAMES[1:])))
        a = V.NAMES.index(name)
    elif op == R.OPTIONS:
        a, b = _options(match, [w.lower() for w in args])
    elif op == R.DEALER:
        a = _number(args[0], "seat")
    elif op == R.ENVIT or op == R.TRUC:
        a = _team(args[0])
        v = match.variant()
        if len(args) == 2:
            if op == R.ENVIT:
                b = _step(V.ENVIT_LADDERS[v], args[1].lower(), _tops(V.ENVIT_TOP, v))
            else:
                b = _step(V.TRUC_LADDERS[v], args[1].lower(), _tops(V.TRUC_TOP, v))
    elif op == R.BAZA:
        w = args[0].lower()
        a = R.PARDA if w == "parda" else _team(w)
    elif op == R.SHOW:
        a, b = _show(match, args)
    elif op == R.ADJUST:
        a = _team(args[0])
        n = args[1]
        sign = -1 if n[:1] == "-" else 1
        b = _number(n[1:] if n[:1] in "+-" else n, "points")
        if not 0 < b <= R.ADJUST_MAX:
            raise ValueError("adjust by 1 to %d points" % R.ADJUST_MAX)
        b *= sign
    elif op != R.END:
        a = _team(args[0])
    return op, a, b


def run(match, line):
    """Parses and applies one line. Returns None, or the reason it was refused (the
    match is then unchanged)."""
    try:
        command = parse(match, line)
    except ValueError as e:
        return str(e)
    if command is None:
        return None
    if command == UNDO:
        err = match.undo()
    elif command == REDO:
        err = match.redo()
    else:
        err = match.apply(command[0], command[1], command[2])
    return err


def play(match, lines, each=None):
    """Applies lines (split's) to match in turn: the one way every tool reads a log.
    Returns None, or "line N: reason" for the first line refused or not UTF-8 (match then
    holds the lines before it). each(match), if given, is called after every command."""
    number = 0
    for line in lines:
        number += 1
        reason = "not UTF-8" if line is None else run(match, line)
        if reason:
            return "line %d: %s" % (number, reason)
        if each is not None and not is_blank(line):
            each(match)
    return None


def format_command(variant, op, a, b):
    """The table-log line for one engine command."""
    word = WORDS[op - 1]
    if op == R.VARIANT:
        return "variant " + V.NAMES[a]
    if op == R.OPTIONS:
        return "set players=%d canton=%d %s" % (a, R.TARGETS[b & R.OPT_TARGET], " ".join(
            k + "=" + (v[2] if b & v[0] else v[1]) for k, v in sorted(_FLAGS.items())
            if k != "peces" or V.PECES[variant]))
    if op == R.DEALER:
        return "dealer %d" % a
    if op == R.BAZA:
        return "baza " + ("parda" if a == R.PARDA else R.TEAMS[a])
    if op == R.SHOW:
        return "show %d:%d" % (a, b)
    if op == R.END:
        return "end"
    if op == R.ADJUST:
        return "adjust %s %+d" % (R.TEAMS[a], b - 256 if b > 127 else b)
    text = word + " " + R.TEAMS[a]
    if (op == R.ENVIT or op == R.TRUC) and b:
        ladder = (V.ENVIT_LADDERS if op == R.ENVIT else V.TRUC_LADDERS)[variant]
        if ladder[b] != R.TOP:
            text += " %d" % ladder[b]
        else:
            text += " " + (V.ENVIT_TOP if op == R.ENVIT else V.TRUC_TOP)[variant]
    return text


def export(match):
    """Yields the match as table-log lines that replay to its present state."""
    if not match.from_start():
        raise ValueError("the match outgrew its log: its start is no longer kept")
    variant = 0
    for i in range(match.entries()):
        op, a, b = match.entry(i)
        if op == R.VARIANT:
            variant = a
        yield format_command(variant, op, a, b)
