# A QR code on the device: the text of the Share screen ("WIFI:T:WPA;S:...;P:...;;") as
# version 3 at level M (29 x 29 modules, up to 42 bytes, one block of 44 data and 26
# error-correction codewords), byte mode, mask 0. No QR library is kept for MicroPython,
# and this one costs its bytecode only while the Share screen is open.
from micropython import const

SIZE = const(29)
_DATA = const(44)
_EC = const(26)
_DARK = const(1)
_FIXED = const(2)  # a function module: finders, timing, alignment, format


def _mul(x, y):
    # Product in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1.
    z = 0
    for i in range(7, -1, -1):
        z = (z << 1) ^ ((z >> 7) * 0x11D)
        z ^= ((y >> i) & 1) * x
    return z


def _codewords(data):
    # The data bits, padded, then the Reed-Solomon remainder.
    bits = bytearray(_DATA + _EC)
    n = len(data)
    stream = [(0b0100, 4), (n, 8)] + [(b, 8) for b in data] + [(0, 4)]
    at = 0
    for value, width in stream:
        for i in range(width - 1, -1, -1):
            if at < _DATA * 8 and value >> i & 1:
                bits[at >> 3] |= 0x80 >> (at & 7)
            at += 1
    at = (min(at, _DATA * 8) + 7) >> 3
    pad = 0xEC
    while at < _DATA:
        bits[at] = pad
        pad ^= 0xEC ^ 0x11
        at += 1
    divisor = bytearray(_EC)
    divisor[_EC - 1] = 1
    root = 1
    for _ in range(_EC):
        for j in range(_EC):
            divisor[j] = _mul(divisor[j], root) ^ (divisor[j + 1] if j + 1 < _EC else 0)
        root = _mul(root, 2)
    rest = bytearray(_EC)
    for i in range(_DATA):
        factor = bits[i] ^ rest[0]
        rest[:_EC - 1] = rest[1:]
        rest[_EC - 1] = 0
        for j in range(_EC):
            rest[j] ^= _mul(divisor[j], factor)
    bits[_DATA:] = rest
    return bits


def encode(text):
    """The modules of text's QR code, row by row: 1 dark, 0 light, in a bytearray of
    SIZE * SIZE. Raises ValueError for a text over 42 bytes."""
    data = text.encode()
    if len(data) > _DATA - 2:
        raise ValueError("too long for a QR code of version 3")
    m = bytearray(SIZE * SIZE)

    def put(x, y, dark):
        m[y * SIZE + x] = _FIXED | (_DARK if dark else 0)

    for cx, cy in ((3, 3), (SIZE - 4, 3), (3, SIZE - 4)):  # finders and separators
        for dy in range(-4, 5):
            for dx in range(-4, 5):
                x, y = cx + dx, cy + dy
                if 0 <= x < SIZE and 0 <= y < SIZE:
                    d = max(abs(dx), abs(dy))
                    put(x, y, d != 2 and d != 4)
    for i in range(8, SIZE - 8):  # timing
        put(6, i, i % 2 == 0)
        put(i, 6, i % 2 == 0)
    for dy in range(-2, 3):  # the alignment pattern
        for dx in range(-2, 3):
            put(22 + dx, 22 + dy, max(abs(dx), abs(dy)) != 1)
    # Format: level M (00), mask 0, with its BCH(15,5) bits, masked.
    rem = 0
    for _ in range(10):
        rem = (rem << 1) ^ ((rem >> 9) * 0x537)
    form = rem ^ 0x5412
    for i in range(6):
        put(8, i, form >> i & 1)
    put(8, 7, form >> 6 & 1)
    put(8, 8, form >> 7 & 1)
    put(7, 8, form >> 8 & 1)
    for i in range(9, 15):
        put(14 - i, 8, form >> i & 1)
    for i in range(8):
        put(SIZE - 1 - i, 8, form >> i & 1)
    for i in range(8, 15):
        put(8, SIZE - 15 + i, form >> i & 1)
    put(8, SIZE - 8, True)
    # The codewords in the zigzag, two columns at a time from the right, mask 0.
    bits = _codewords(data)
    at = 0
    right = SIZE - 1
    while right >= 1:
        if right == 6:
            right = 5
        for vert in range(SIZE):
            for j in range(2):
                x = right - j
                y = SIZE - 1 - vert if (right + 1) & 2 == 0 else vert
                i = y * SIZE + x
                if m[i] & _FIXED:
                    continue
                dark = 0
                if at < (_DATA + _EC) * 8:
                    dark = bits[at >> 3] >> (7 - (at & 7)) & 1
                    at += 1
                m[i] = dark ^ ((x + y) % 2 == 0)
        right -= 2
    for i in range(SIZE * SIZE):
        m[i] &= _DARK
    return m
