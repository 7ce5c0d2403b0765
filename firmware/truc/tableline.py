# One table-log line (TABLE-LOG.md) as a table's device needs it in tournament mode: a
# command written as a line, and the set-up lines (variant, set) read. truc.tablelog,
# the whole log's reader, uses these, so that there is one writer and one set-up reader;
# tournament mode imports only this (fewer names interned: docs/PERFORMANCE.md).
from truc import rules as R
from truc import variants as V

# Index + 1 is the engine's command code.
WORDS = ("variant", "set", "dealer", "envit", "truc", "vull", "novull", "flor", "baza",
         "fold", "show", "envitwin", "end", "adjust")

# Two-valued options: their bit, the value when clear, the value when set.
FLAGS = {
    "cantons": (R.OPT_CANTONS3, "2", "3"),
    "peces": (R.OPT_PECES4, "2", "4"),
    "flor": (R.OPT_FLOR, "off", "on"),
    "jocfora": (R.OPT_FORA_MATCH, "canton", "match"),
    "rounds": (R.OPT_ALTERNATE, "team", "alternate"),
    "envitfirst": (R.OPT_ENVIT_FIRST, "off", "on"),
}


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


def is_number(text):
    # ASCII digits only: str.isdigit() also takes other scripts' digits.
    if not text or len(text) > 3:  # no number in a log is longer
        return False
    for c in text:
        if c < "0" or c > "9":
            return False
    return True


def number(text, what):
    if not is_number(text):
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


def format_command(variant, op, a, b):
    """The table-log line for one engine command."""
    word = WORDS[op - 1]
    if op == R.VARIANT:
        return word + " " + V.NAMES[a]
    if op == R.OPTIONS:
        return "set players=%d canton=%d %s" % (a, R.TARGETS[b & R.OPT_TARGET], " ".join(
            k + "=" + (v[2] if b & v[0] else v[1]) for k, v in sorted(FLAGS.items())
            if k != "peces" or V.PECES[variant]))
    if op == R.DEALER:
        return word + " %d" % a
    if op == R.BAZA:
        return word + " " + ("parda" if a == R.PARDA else R.TEAMS[a])
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
