# A table-log line (TABLE-LOG.md) written: one engine command as text. truc.tablelog
# writes with it (one writer); tournament mode's outbox imports only this for the lines it
# sends, every command (fewer names and bytes than the log's reader: docs/PERFORMANCE.md).
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
