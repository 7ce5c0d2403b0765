# A table log's set-up lines (TABLE-LOG.md) read: variant and set, and what reading any
# line needs (its words, a number, a word quoted in a refusal). truc.tablelog reads with
# it (one reader); tournament mode imports only this to check and start an assignment's
# set-up (fewer names and bytes than the log's reader: docs/PERFORMANCE.md).
from truc import rules as R
from truc import variants as V
from truc.tableline import FLAGS


def words(line):
    """A line's words: spaces and tabs separate them (and a line's own end), nothing
    else (str.split() would also split on Unicode spaces on CPython but not on
    MicroPython); a comment (#) is none."""
    text = line.split("#", 1)[0]
    for c in "\t\r\n":
        text = text.replace(c, " ")
    return [w for w in text.split(" ") if w]


def quoted(text):
    """A word as a refusal shows it: a long one is cut."""
    return "'%s'" % text if len(text) <= 16 else "'%s...'" % text[:16]


def number(text, what):
    """The number in text: ASCII digits only (str.isdigit() also takes other scripts'),
    three at most (no number in a log is longer). ValueError with the reason."""
    digits = 0 < len(text) <= 3
    for c in text:
        if c < "0" or c > "9":
            digits = False
    if not digits:
        if text and len(text) > 3 and text.strip("0123456789") == "":
            raise ValueError("%s must be a number below 1000" % what)
        raise ValueError("%s must be a number, not %s" % (what, quoted(text)))
    return int(text)


def _either(values):
    # "2, 4 or 6"
    texts = [str(v) for v in values]
    return ", ".join(texts[:-1]) + " or " + texts[-1]


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
            raise ValueError("%s is not KEY=VALUE" % quoted(pair))
        if key == "players":
            players = number(value, key)
            if not R.players_ok(players):
                raise ValueError("players must be %s" % _either(R.PLAYER_COUNTS))
        elif key == "canton":
            target = R.target_index(number(value, key))
            if target < 0:
                raise ValueError("canton must be %s" % _either(R.TARGETS))
            opts = opts & ~R.OPT_TARGET | target
        else:
            bit, off, on = FLAGS.get(key, (0, None, None))
            if not bit:
                raise ValueError("unknown option %s" % quoted(key))
            if key == "peces" and not V.PECES[match.variant()]:
                raise ValueError("peces are a mallorca option")
            if value == on:
                opts |= bit
            elif value == off:
                opts &= ~bit
            else:
                raise ValueError("%s must be %s or %s" % (key, off, on))
    return players, opts


def setup(match, line):
    """The engine command (op, a, b) of a set-up line (variant or set) for match.
    Raises ValueError with the reason."""
    got = words(line)
    word = got[0].lower() if got else ""
    args = got[1:]
    if word == "variant":
        if len(args) != 1:
            raise ValueError("variant takes 1 word")
        name = args[0].lower()
        if name not in V.NAMES[1:]:
            raise ValueError("unknown variant %s (%s)" % (quoted(args[0]), ", ".join(V.NAMES[1:])))
        return R.VARIANT, V.NAMES.index(name), 0
    if word != "set":
        raise ValueError("variant or set expected")
    a, b = _options(match, [w.lower() for w in args])
    return R.OPTIONS, a, b
