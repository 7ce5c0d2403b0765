"""Mutations of valid files that reach the parsers: a few random edits (bit flips, bytes
set to edge values, crafted 8/16/32-bit fields, cuts, insertions, repeats and splices
with another valid file), then, most of the time, the file's own checks recomputed over
the edited content (tools/fuzz/formats.py) so that the case gets past them."""
import struct

EDGES = (0, 1, 2, 3, 0x7F, 0x80, 0xFE, 0xFF)
WIDE = (0, 1, 0x7FFF, 0x8000, 0xFFFF, 0x7FFFFFFF, 0xFFFFFFFF, 512, 2048, 255, 256)


def edit(rng, data, others=()):
    """data with 1 to 4 random edits; others: valid files to splice from."""
    data = bytearray(data)
    for _ in range(rng.choice((1, 1, 1, 2, 2, 3, 4))):
        data = _one(rng, data, others)
    return bytes(data)


def _one(rng, data, others):
    n = len(data)
    kind = rng.randrange(10)
    at = rng.randrange(n) if n else 0
    if kind == 0 and n:  # a bit flip
        data[at] ^= 1 << rng.randrange(8)
    elif kind == 1 and n:  # a byte set to an edge value or anything
        data[at] = rng.choice(EDGES) if rng.randrange(2) else rng.randrange(256)
    elif kind == 2 and n:  # a crafted field
        width = rng.choice((2, 4))
        if at + width <= n:
            v = rng.choice(WIDE) if rng.randrange(3) else rng.randrange(1 << 8 * width)
            data[at:at + width] = struct.pack("<H" if width == 2 else "<I", v & (
                (1 << 8 * width) - 1))
    elif kind == 3:  # cut short
        del data[at:]
    elif kind == 4 and n:  # a range removed
        del data[at:at + rng.randrange(1, 9)]
    elif kind == 5:  # random bytes inserted
        data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 9)))
    elif kind == 6 and n:  # a range repeated
        end = min(n, at + rng.randrange(1, 17))
        data[at:at] = data[at:end]
    elif kind == 7 and others:  # a splice: this file's start, another's end
        other = rng.choice(others)
        cut = rng.randrange(len(other) + 1)
        data = data[:at] + bytearray(other[cut:])
    elif kind == 8 and n:  # bytes moved within the file
        end = min(n, at + rng.randrange(1, 9))
        chunk = data[at:end]
        del data[at:end]
        to = rng.randrange(len(data) + 1)
        data[to:to] = chunk
    elif kind == 9:  # grown with zeros or 0xFF (erased flash)
        data.extend(bytes([rng.choice((0, 0xFF))]) * rng.randrange(1, 65))
    return data
