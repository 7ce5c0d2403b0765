"""What the command lines share: a bad argument is said in one line, exit status 2."""
import argparse
import sys


class Parser(argparse.ArgumentParser):
    """argparse's parser, but a bad argument prints one line, "PROG: what is wrong"
    (not the usage), and exits with status 2."""

    def error(self, message):
        self.exit(2, "%s: %s\n" % (self.prog, message))


def number(low, high=None, kind=int):
    """An argparse type: a kind (int or float) from low to high (None: no top), finite;
    anything else is said as "argument --x: ..." (Parser's one line, exit 2)."""
    def read(text):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError("not a number: %r" % text) from None
        if not low <= value <= (value if high is None else high):  # NaN fails both
            raise argparse.ArgumentTypeError("%s is not within %s..%s" % (
                text, low, "" if high is None else high))
        return value
    return read


def printable(text):
    """text safe to print on a terminal: every character that is not printable (control
    characters, escapes) as a \\x, \\u escape."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def log_bytes(path):
    """The bytes of a table log at path ("-": standard input), for truc.tablelog.split:
    the one reader of logs. Raises OSError."""
    if path == "-":
        return sys.stdin.buffer.read()
    with open(path, "rb") as f:
        return f.read()
