"""Differential test: sim/stand_ins/framebuf.py must write the same bytes as MicroPython's.

Seeded random call sequences (every method and format, odd sizes, padded strides, clipping,
negative sizes, wide colours, blits with keys and palettes) run on the real module in the
MicroPython unix port and on the stand-in. The same driver code executes the calls on both
sides and reports, after each call, a CRC of the target buffer and the call's result; after
each sequence, the whole buffer. A mismatch names the first differing call.

CPython only (pytest); it starts `micropython` from next to sys.executable.
"""
import os
import random
import subprocess
import sys

import pytest

import framebuf as stand_in

MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")
SEED = 20240611
SEQUENCES_PER_FORMAT = 400

needs_micropython = pytest.mark.skipif(
    not os.path.exists(MICROPYTHON), reason="needs micropython (unix port) next to sys.executable")

# Runs unchanged on both interpreters, so both sides read the commands the same way.
# Commands, one a line: "S <setup statements>", "C <expression>", "D" (dump the buffer).
DRIVER = r'''
import array, binascii, framebuf

def run(lines, emit):
    ns = None
    for line in lines:
        kind, code = line[0], line[2:].rstrip("\n")
        if kind == "S":
            ns = {"framebuf": framebuf, "array": array, "binascii": binascii}
            try:
                exec(code, ns)
                emit("S ok")
            except Exception as e:
                emit("S E " + type(e).__name__)
        elif kind == "C":
            try:
                result = eval(code, ns)
                emit("%08x %r" % (binascii.crc32(ns["buf"]) & 0xffffffff, result))
            except Exception as e:
                emit("E " + type(e).__name__)
        elif kind == "D":
            emit(binascii.hexlify(ns["buf"]).decode())
'''

MICROPYTHON_MAIN = r'''
import sys

def stdin_lines():
    while True:
        line = sys.stdin.readline()
        if not line:
            return
        yield line

run(stdin_lines(), print)
'''

FORMATS = ["MONO_VLSB", "MONO_HLSB", "MONO_HMSB", "GS2_HMSB", "GS4_HMSB", "GS8", "RGB565"]
BITS = {"MONO_VLSB": 1, "MONO_HLSB": 1, "MONO_HMSB": 1, "GS2_HMSB": 2, "GS4_HMSB": 4,
        "GS8": 8, "RGB565": 16}
INT_MIN, INT_MAX = -0x80000000, 0x7FFFFFFF
EXTREMES = [INT_MIN, INT_MIN + 1, INT_MAX, INT_MAX - 3, -70000, 70000, 0x10000]


def bytes_needed(fmt, width, height, stride):
    """1 + offset of the byte holding the last pixel; strides rounded up to whole bytes.
    Only sizes the test's buffers: the constructor's own rule is checked against MicroPython."""
    bits = BITS[fmt]
    if fmt == "MONO_VLSB":
        return ((height - 1) >> 3) * stride + width
    per_byte = max(1, 8 // bits)
    stride = -(-stride // per_byte) * per_byte
    last_pixel = (height - 1) * stride + width - 1
    return (last_pixel * bits) // 8 + (2 if bits == 16 else 1)


class Sequences:
    """Generates the seeded random sequences as (setup, [call, ...]) pairs of source text."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def colour(self, fmt):
        rng = self.rng
        top = (1 << BITS[fmt]) - 1
        r = rng.random()
        if r < 0.45:
            return rng.randint(0, top)
        if r < 0.65:
            return rng.randint(0, 3)
        if r < 0.85:
            return rng.randint(INT_MIN, INT_MAX)  # masking of colours wider than the format
        return rng.choice([-1, -2, top + 1, 0x100, 0xFFFF, 0x10000, INT_MAX, INT_MIN])

    def coord(self, size, extreme=True):
        """Mostly on the frame, often just off it, sometimes far out (when the call's work
        does not grow with the distance)."""
        rng = self.rng
        r = rng.random()
        if r < 0.65:
            return rng.randrange(size)
        if r < 0.9 or not extreme:
            return rng.randint(-size - 6, 2 * size + 6)
        if r < 0.96:
            return rng.randint(-400, 400)
        return rng.choice(EXTREMES)

    def length(self, size, extreme=True):
        rng = self.rng
        r = rng.random()
        if r < 0.65:
            return rng.randint(1, size)
        if r < 0.9 or not extreme:
            return rng.randint(-4, size + 6)
        if r < 0.95:
            return rng.randint(-400, 400)
        return rng.choice(EXTREMES + [INT_MAX - 1, 2, 1, 0])

    def content(self, nbytes, small_values=False):
        """Random buffer bytes; RGB565 sources meant for a palette keep their values small."""
        rng = self.rng
        if small_values:
            values = [rng.randint(0, 15) for _ in range(nbytes // 2)]
            data = b"".join(bytes((v, 0)) for v in values) + b"\0" * (nbytes % 2)
        else:
            data = bytes(rng.getrandbits(8) for _ in range(nbytes))
        return "bytearray(binascii.unhexlify('%s'))" % data.hex()

    def frame(self, max_w, max_h, fmt=None):
        rng = self.rng
        fmt = fmt or rng.choice(FORMATS)
        width = rng.choice([1, 2, 3, 7, 8, 9]) if rng.random() < 0.25 else rng.randint(1, max_w)
        height = rng.choice([1, 2, 7, 8, 9]) if rng.random() < 0.25 else rng.randint(1, max_h)
        stride = width + (rng.randint(1, 9) if rng.random() < 0.4 else 0)
        return fmt, width, height, stride

    def constructor(self, name, buf, fmt, width, height, stride):
        rng = self.rng
        if fmt == "MONO_VLSB" and rng.random() < 0.2:  # the legacy factory
            args = (buf, width, height) + ((stride,) if stride != width else ())
            return "framebuf.FrameBuffer1(%s)" % ", ".join(map(str, args))
        tail = ", %d" % stride if stride != width or rng.random() < 0.3 else ""
        return "%s = framebuf.FrameBuffer(%s, %d, %d, framebuf.%s%s)" % (
            name, buf, width, height, fmt, tail)

    def sequence(self, fmt, big=False):
        rng = self.rng
        if big:  # the simulator's real canvas, or a buffer at the 16-bit limits
            fmt, width, height, stride = big
        else:
            fmt, width, height, stride = self.frame(33, 24, fmt)
        size = bytes_needed(fmt, width, height, stride) + rng.randint(0, 3)
        setup = ["buf = %s" % self.content(size)]
        target = "buf" if rng.random() < 0.8 else "memoryview(buf)"  # shared, not copied
        make = self.constructor("fb", target, fmt, width, height, stride)
        if make.startswith("framebuf.FrameBuffer1"):
            make = "fb = " + make
        setup.append(make)

        # Blit sources: a FrameBuffer, the same as a (buffer, w, h, format[, stride]) tuple,
        # a palette for it, and a view into the target's own buffer (overlapping blits).
        sfmt, sw, sh, sstride = self.frame(20, 20)
        sbytes = bytes_needed(sfmt, sw, sh, sstride) + rng.randint(0, 2)
        setup.append("sbuf = %s" % self.content(sbytes, small_values=sfmt == "RGB565"))
        setup.append("src = framebuf.FrameBuffer(sbuf, %d, %d, framebuf.%s, %d)"
                     % (sw, sh, sfmt, sstride))
        src_tuple = "(sbuf, %d, %d, framebuf.%s%s)" % (
            sw, sh, sfmt, ", %d" % sstride if sstride != sw else "")
        src_bytes_tuple = "(bytes(sbuf), %d, %d, framebuf.%s, %d)" % (sw, sh, sfmt, sstride)
        entries = 16 if sfmt == "RGB565" else 1 << BITS[sfmt]
        pfmt = rng.choice(FORMATS)
        pal_rows = rng.choice([1, 1, 2])
        setup.append("pbuf = %s" % self.content(bytes_needed(pfmt, entries, pal_rows, entries)))
        setup.append("pal = framebuf.FrameBuffer(pbuf, %d, %d, framebuf.%s)"
                     % (entries, pal_rows, pfmt))
        pal_tuple = "(pbuf, %d, %d, framebuf.%s)" % (entries, pal_rows, pfmt)
        # Narrower than the colour range: the C lookup reads on past the palette's width.
        narrow_pal = "(pbuf, %d, 1, framebuf.%s)" % (max(1, entries // 4), pfmt)
        aw, ah = rng.randint(1, width), rng.randint(1, height)
        setup.append("alias = framebuf.FrameBuffer(memoryview(buf), %d, %d, framebuf.%s, %d)"
                     % (aw, ah, fmt, stride))
        own_tuple = "(buf, %d, %d, framebuf.%s, %d)" % (width, height, fmt, stride)

        ctx = dict(fmt=fmt, W=width, H=height, sfmt=sfmt, sw=sw, sh=sh, pfmt=pfmt,
                   src_tuple=src_tuple, src_bytes_tuple=src_bytes_tuple, pal_tuple=pal_tuple,
                   narrow_pal=narrow_pal, own_tuple=own_tuple)
        n_calls = 6 if big else rng.randint(8, 22)
        calls = [self.call(rng.choice(OPS), ctx) for _ in range(n_calls)]
        if big:  # with a stride wrapped to 0 all rows share memory: scroll moves them again
            calls += ["fb.scroll(%d, %d)" % (rng.randint(-9, 9), rng.randint(-1, 1))
                      for _ in range(2)]
        return "; ".join(setup), calls

    def call(self, op, ctx):
        rng = self.rng
        W, H = ctx["W"], ctx["H"]  # the target frame's size
        c = self.colour(ctx["fmt"])
        if op == "fill":
            return "fb.fill(%d)" % c
        if op == "pixel":
            return "fb.pixel(%d, %d, %d)" % (self.coord(W), self.coord(H), c)
        if op == "get":
            return "fb.pixel(%d, %d)" % (self.coord(W), self.coord(H))
        if op == "text":  # the built-in 8x8 font: ASCII, other bytes, a NUL, bytes objects
            chars = [chr(rng.choice([rng.randint(32, 127), rng.randint(0, 31),
                                     rng.randint(128, 0x17F), 0]))
                     for _ in range(rng.randint(0, 6))]
            s = "".join(chars)
            text = ascii(s.encode()) if rng.random() < 0.1 else ascii(s)
            tail = "" if rng.random() < 0.2 else ", %d" % c
            return "fb.text(%s, %d, %d%s)" % (text, self.coord(W), self.coord(H), tail)
        if op == "gets":  # several reads in one call, mostly in range
            points = [(rng.randint(-1, W), rng.randint(-1, H)) for _ in range(6)]
            return "[%s]" % ", ".join("fb.pixel(%d, %d)" % p for p in points)
        if op == "hline":
            return "fb.hline(%d, %d, %d, %d)" % (self.coord(W), self.coord(H), self.length(W), c)
        if op == "vline":
            return "fb.vline(%d, %d, %d, %d)" % (self.coord(W), self.coord(H), self.length(H), c)
        if op == "fill_rect":
            return "fb.fill_rect(%d, %d, %d, %d, %d)" % (
                self.coord(W), self.coord(H), self.length(W), self.length(H), c)
        if op == "rect":
            fill = rng.choice(["", ", True", ", False", ", 1", ", 0"])
            return "fb.rect(%d, %d, %d, %d, %d%s)" % (
                self.coord(W), self.coord(H), self.length(W), self.length(H), c, fill)
        if op == "line":
            x1, y1 = self.coord(W, False), self.coord(H, False)
            x2, y2 = self.coord(W, False), self.coord(H, False)
            r = rng.random()
            if r < 0.15:  # horizontal and vertical: the stand-in's fast paths
                y2 = y1
            elif r < 0.3:
                x2 = x1
            return "fb.line(%d, %d, %d, %d, %d)" % (x1, y1, x2, y2, c)
        if op == "ellipse":
            xr = rng.randint(-3, W + 4) if rng.random() < 0.8 else rng.randint(0, 1)
            yr = rng.randint(-3, H + 4) if rng.random() < 0.8 else rng.randint(0, 1)
            quadrants = rng.randint(0, 31) if rng.random() < 0.8 else rng.choice([0, 16])
            tail = rng.choice(["", ", True", ", False", ", True, %d" % quadrants,
                               ", False, %d" % quadrants])
            return "fb.ellipse(%d, %d, %d, %d, %d%s)" % (
                self.coord(W, False), self.coord(H, False), xr, yr, c, tail)
        if op == "poly":
            return self.poly_call(W, H, c)
        if op == "scroll":
            return "fb.scroll(%d, %d)" % (
                rng.randint(-W - 2, W + 2) if rng.random() < 0.9 else rng.choice(EXTREMES),
                rng.randint(-H - 2, H + 2) if rng.random() < 0.9 else rng.choice(EXTREMES))
        if op == "blit":
            return self.blit_call(ctx)
        return self.edge_call(W, H, c)

    def blit_call(self, ctx):
        rng = self.rng
        W, H = ctx["W"], ctx["H"]
        source = rng.choice(["src", "src", ctx["src_tuple"], ctx["src_bytes_tuple"],
                             "fb", "alias", ctx["own_tuple"]])
        own = source in ("fb", "alias", ctx["own_tuple"])  # overlaps the target
        sw, sh = (W, H) if own else (ctx["sw"], ctx["sh"])
        x = rng.choice([self.coord(W), rng.randint(-sw - 3, W + 3), -sw, 1 - sw, W - 1])
        y = rng.choice([self.coord(H), rng.randint(-sh - 3, H + 3), -sh, 1 - sh, H - 1])
        args = ["%s, %d, %d" % (source, x, y)]
        palette = None
        if not own and rng.random() < 0.5:
            palette = rng.choice(["pal", ctx["pal_tuple"], ctx["narrow_pal"], "None"])
        # A key worth testing is a value the compared pixels (after the palette) take.
        if palette not in (None, "None"):
            key_top = (1 << BITS[ctx["pfmt"]]) - 1
        elif own:
            key_top = (1 << BITS[ctx["fmt"]]) - 1
        else:
            key_top = 15 if ctx["sfmt"] == "RGB565" else (1 << BITS[ctx["sfmt"]]) - 1
        r = rng.random()
        if r < 0.25 and palette is None:
            pass  # default key -1: nothing transparent
        elif r < 0.4:
            args.append("-1")
        elif r < 0.9:
            args.append(str(rng.randint(0, key_top)))
        else:
            args.append(str(rng.choice([INT_MAX, INT_MIN, 0x10000, -2, key_top + 1])))
        if palette is not None:
            args.append(palette)
        return "fb.blit(%s)" % ", ".join(args)

    def edge_call(self, W, H, c):
        """Exact boundaries and degenerate shapes."""
        rng = self.rng
        pick = rng.choice
        kind = rng.randrange(5)
        if kind == 0:
            tail = pick(["", ", True", ", False, %d" % pick([0, 16, 1, 8]),
                         ", True, %d" % pick([0, 16, 2, 4])])
            return "fb.ellipse(%d, %d, 0, 0, %d%s)" % (rng.randrange(W), rng.randrange(H), c, tail)
        if kind == 1:
            return "fb.fill_rect(%d, %d, %d, %d, %d)" % (
                pick([-1, 0, W - 1, W]), pick([-1, 0, H - 1, H]),
                pick([0, 1, 2, W, W + 1]), pick([0, 1, 2, H, H + 1]), c)
        if kind == 2:  # sides whose far edge wraps around 32 bits
            return "fb.rect(%d, %d, %d, %d, %d)" % (
                pick([-1, 0, 1, W - 1, W, INT_MIN]), pick([-1, 0, H - 1, INT_MIN]),
                pick([0, 1, 2, -1, W + 1, INT_MIN + 1, -INT_MAX]),
                pick([0, 1, 2, -1, H + 1, INT_MIN + 1, -INT_MAX]), c)
        if kind == 3:
            return "fb.line(%d, %d, %d, %d, %d)" % (
                pick([-1, 0, W - 1, W]), pick([-1, 0, H - 1, H]),
                pick([-1, 0, W - 1, W]), pick([-1, 0, H - 1, H]), c)
        return "fb.scroll(%d, %d)" % (pick([-W, 1 - W, 0, W - 1, W]),
                                      pick([-H, 1 - H, 0, H - 1, H]))

    def poly_call(self, W, H, c):
        rng = self.rng
        typecode = rng.choice(["h", "h", "h", "b", "B", "H", "i"])
        lo, hi = {"b": (-128, 127), "B": (0, 255), "H": (0, 65535)}.get(typecode, (-9999, 9999))
        n_values = rng.randint(0, 14)
        values = [min(hi, max(lo, self.coord(W if k % 2 == 0 else H, False)))
                  for k in range(n_values)]
        if rng.random() < 0.15:
            coords = "bytes(%r)" % [v & 0xFF for v in values]
        else:
            coords = "array.array('%s', %r)" % (typecode, values)
        fill = rng.choice(["", ", True", ", False"])
        return "fb.poly(%d, %d, %s, %d%s)" % (rng.randint(-W, W), rng.randint(-H, H),
                                               coords, c, fill)

    def constructors(self):
        """Constructor and blit-tuple validation: sizes on either side of the minimum."""
        rng = self.rng
        calls = []
        for _ in range(220):
            fmt = rng.choice(FORMATS)
            width, height = rng.randint(1, 19), rng.randint(1, 19)
            stride = width + rng.choice([0, 0, 1, 3, 8])
            need = bytes_needed(fmt, width, height, stride)
            for nbytes in range(max(0, need - 2), need + 2):
                calls.append("framebuf.FrameBuffer(bytearray(%d), %d, %d, framebuf.%s, %d)"
                             " is None" % (nbytes, width, height, fmt, stride))
            calls.append("fb.blit((bytes(%d), %d, %d, framebuf.%s), 0, 0)"
                         % (need - rng.randint(0, 1), width, height, fmt))
        for args in ["bytearray(99), 0, 5, framebuf.GS8", "bytearray(99), 5, 0, framebuf.GS8",
                     "bytearray(99), -1, 5, framebuf.GS8", "bytearray(99), 5, 5, framebuf.GS8, 4",
                     "bytearray(99), 5, 5, 7", "bytearray(99), 5, 5, -1",
                     "bytes(99), 5, 5, framebuf.GS8", "bytearray(70000), 70000, 1, framebuf.GS8",
                     "bytearray(65536), 1, 1, framebuf.GS8, 65536",
                     "bytearray(65535), 65535, 1, framebuf.GS8"]:
            calls.append("framebuf.FrameBuffer(%s) is None" % args)
        for args in ["(bytes(4), 2, 2)", "(bytes(4), 2, 2, framebuf.GS8, 2, 0)",
                     "[bytearray(4), 2, 2, framebuf.GS8]", "5"]:
            calls.append("fb.blit(%s, 0, 0)" % args)
        return "buf = bytearray(4); fb = framebuf.FrameBuffer(buf, 2, 2, framebuf.GS8)", calls


OPS = (["fill"] + ["pixel"] * 3 + ["get"] * 2 + ["gets"] + ["hline", "vline"] * 2
       + ["fill_rect"] * 3 + ["rect"] * 3 + ["line"] * 4 + ["ellipse"] * 4 + ["poly"] * 4
       + ["scroll"] * 2 + ["blit"] * 6 + ["edge"] * 2 + ["text"] * 3)

BIG_FRAMES = [  # (format, width, height, stride)
    ("GS4_HMSB", 240, 135, 240), ("GS4_HMSB", 240, 135, 240), ("RGB565", 240, 135, 240),
    ("MONO_VLSB", 128, 64, 128),
    # Rounded up to 65536, the stride no longer fits the C struct's 16 bits and becomes 0.
    ("MONO_HLSB", 65535, 2, 65535), ("MONO_HMSB", 65530, 3, 65535),
    ("GS2_HMSB", 65533, 2, 65533),
]


def build_sequences():
    gen = Sequences(SEED)
    sequences = [gen.constructors()]
    for _ in range(SEQUENCES_PER_FORMAT):
        for fmt in FORMATS:
            sequences.append(gen.sequence(fmt))
    for frame in BIG_FRAMES:
        sequences.append(gen.sequence(None, big=frame))
    return sequences


def command_lines(sequences):
    lines = []
    for setup, calls in sequences:
        lines.append("S " + setup + "\n")
        lines.extend("C " + call + "\n" for call in calls)
        lines.append("D\n")
    return lines


def run_micropython(lines, tmp_path):
    script = tmp_path / "framebuf_driver.py"
    script.write_text(DRIVER + MICROPYTHON_MAIN)
    proc = subprocess.run([MICROPYTHON, "-X", "heapsize=64M", str(script)],
                          input="".join(lines), capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, "micropython failed:\n" + proc.stderr[-3000:]
    return proc.stdout.splitlines()


def run_stand_in(lines):
    ns = {}
    exec(DRIVER, ns)  # its `import framebuf` finds the stand-in (sim/stand_ins is on sys.path)
    assert ns["framebuf"] is stand_in
    out = []
    ns["run"](lines, out.append)
    return out


def first_difference(a, b):
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return i
    return min(len(a), len(b))


def explain(sequences, real, mine, tmp_path):
    """Failure message naming the first differing call, with the bytes it left behind."""
    pos = 0
    for number, (setup, calls) in enumerate(sequences):
        labels = ["setup"] + calls + ["final buffer"]
        for index, label in enumerate(labels):
            if real[pos + index] != mine[pos + index]:
                is_call = 0 < index <= len(calls)
                where = "call %d" % index if is_call else label
                msg = ["sequence %d, %s differs" % (number, where),
                       "  setup: " + setup[:400] + ("..." if len(setup) > 400 else ""),
                       "  call:  " + label,
                       "  micropython: " + real[pos + index][:300],
                       "  stand-in:    " + mine[pos + index][:300]]
                if is_call:
                    # Re-run up to the differing call on both sides to show its bytes.
                    prefix = command_lines([(setup, calls[:index])])
                    real_dump = run_micropython(prefix, tmp_path)[-1]
                    mine_dump = run_stand_in(prefix)[-1]
                    at = first_difference(real_dump, mine_dump) // 2
                    msg.append("  first differing byte: %d of %d" % (at, len(real_dump) // 2))
                    msg.append("  micropython bytes from there: " + real_dump[2 * at:2 * at + 48])
                    msg.append("  stand-in bytes from there:    " + mine_dump[2 * at:2 * at + 48])
                    msg.append("  earlier calls: " + "; ".join(calls[:index - 1])[-600:])
                return "\n".join(msg)
        pos += len(labels)
    return "outputs differ in length: %d vs %d lines" % (len(real), len(mine))


@needs_micropython
def test_stand_in_writes_the_same_bytes_as_micropython(tmp_path):
    sequences = build_sequences()
    lines = command_lines(sequences)
    real = run_micropython(lines, tmp_path)
    mine = run_stand_in(lines)
    n_calls = sum(len(calls) for _, calls in sequences)
    assert len(real) == len(lines), "micropython answered %d of %d lines" % (len(real), len(lines))
    if real != mine:
        pytest.fail(explain(sequences, real, mine, tmp_path), pytrace=False)
    # Guard against a generator change quietly shrinking the comparison.
    assert n_calls > 8000
    assert not [line for line in real if line.startswith("S E")], "a setup failed"
    errors = sum(line.startswith("E ") for line in real)
    assert errors < n_calls // 10, "too many calls raise: %d" % errors


@needs_micropython
def test_constants_and_api_match_micropython():
    names = ["MONO_VLSB", "MVLSB", "MONO_HLSB", "MONO_HMSB", "RGB565", "GS2_HMSB", "GS4_HMSB",
             "GS8"]
    code = "import framebuf\nprint([getattr(framebuf, n) for n in %r])\n" % names
    code += "print(sorted(n for n in dir(framebuf.FrameBuffer) if not n.startswith('_')))\n"
    code += "print(hasattr(framebuf, 'FrameBuffer1'))\n"
    out = subprocess.run([MICROPYTHON, "-c", code], capture_output=True, text=True,
                         timeout=30).stdout.splitlines()
    assert out[0] == repr([getattr(stand_in, n) for n in names])
    assert out[1] == repr(sorted(n for n in dir(stand_in.FrameBuffer) if not n.startswith("_")))
    assert out[2] == repr(hasattr(stand_in, "FrameBuffer1"))


def test_text_draws_the_built_in_font():
    # An "A" as the unix port draws it (tools/builtin_font.py); NUL ends the text.
    buf = bytearray(16)
    fb = stand_in.FrameBuffer(buf, 16, 8, stand_in.MONO_VLSB)
    fb.text("A\x00B", 0, 0, 1)
    assert bytes(buf) == b"\x00|~\x0b\x0b~|\x00" + bytes(8)


@needs_micropython
def test_the_built_in_font_file_is_the_ports():
    from tools import builtin_font

    assert builtin_font.main(["--check"]) == 0


def test_integers_beyond_32_bits_fail_as_on_the_device():
    fb = stand_in.FrameBuffer(bytearray(4), 2, 2, stand_in.GS8)
    with pytest.raises(OverflowError):
        fb.fill(0xFFFFFFFF)
    with pytest.raises(TypeError):
        fb.pixel(0.5, 0)


def test_drawing_goes_into_the_callers_buffer():
    backing = bytearray(8)
    fb = stand_in.FrameBuffer(memoryview(backing)[2:], 3, 2, stand_in.GS8)
    fb.fill_rect(1, 0, 2, 2, 9)
    assert backing == bytearray([0, 0, 0, 9, 9, 0, 9, 9])
