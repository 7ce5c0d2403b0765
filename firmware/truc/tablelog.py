# The table log, format 1 (TABLE-LOG.md): one text command a line, to engine commands
# and back. Text handling allocates; it runs on import and export, never per button press.
from truc import rules as R
from truc import variants as V
from truc.tableline import WORDS, format_command
from truc.tablesetup import number, quoted, setup
from truc.tablesetup import words as _words

UNDO = -1
REDO = -2

_ARITY = b"\x01\x00\x01\x00\x00\x01\x01\x01\x01\x01\x00\x01\x00\x02"  # fixed word counts; 0: varies
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


def _team(word):
    w = word.upper()
    if w == "A" or w == "B":
        return R.TEAMS.find(w)
    raise ValueError("team must be A or B, not %s" % quoted(word))


def _step(ladder, word, tops):
    # A step is named by its points, or by the words for the top step.
    if word in tops:
        return len(ladder) - 1
    try:
        points = number(word, "")
    except ValueError:
        points = -1
    if points >= 0:
        for i in range(1, len(ladder)):
            if ladder[i] == points:
                return i
    steps = ladder_text(ladder, tops[0])
    raise ValueError("%s is not a step of that ladder (%s)" % (quoted(word), steps))


def _tops(words, variant):
    # The words for a top step: the variant's own first (the one an error names), then
    # every variant's.
    return (words[variant],) + words


def ladder_text(ladder, top_word):
    return ", ".join(str(v) if v != R.TOP else top_word for v in ladder[1:])


def _show(match, words):
    seats = []
    values = []
    for w in words:
        seat, colon, value = w.partition(":")
        if not colon:
            raise ValueError("%s is not SEAT:VALUE" % quoted(w))
        seats.append(number(seat, "seat"))
        values.append(number(value, "envit value"))
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
        raise ValueError("unknown command %s" % quoted(words[0]))
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
    if op == R.VARIANT or op == R.OPTIONS:
        return setup(match, line)
    if op == R.DEALER:
        a = number(args[0], "seat")
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
        b = number(n[1:] if n[:1] in "+-" else n, "points")
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
