"""CPython stand-in for MicroPython's `framebuf` module (desktop simulator only).

Writes the same bytes into the caller's buffer as the C module (extmod/modframebuf.c) does,
including its clipping, colour masking and odd corners; tests/host/test_framebuf_fidelity.py
checks that against the real module on the MicroPython unix port. text() draws the built-in
8x8 font from font_8x8.bin beside this file (tools/builtin_font.py reads it from the port):
the firmware draws its text with its own fonts, and the 8x8 one only when those are missing
or damaged (ui.fault).

Deliberate differences:
- Integer arguments outside the signed 32-bit range raise OverflowError, as they do on the
  (32-bit) device; the 64-bit unix port accepts them and truncates.
- A palette lookup past the end of the palette's buffer raises IndexError; the C code reads
  whatever memory follows.
- A FrameBuffer does not expose the buffer protocol on CPython < 3.12 (`memoryview(fb)`):
  keep and use the underlying buffer instead.

Pixel layouts (all matching the C code): MONO_VLSB bytes are 8-pixel columns, bit 0 at the
top; MONO_HLSB puts the leftmost pixel of a byte in bit 7, MONO_HMSB in bit 0; GS2_HMSB puts
it in bits 0-1 (despite the name); GS4_HMSB in the high nibble. RGB565 pixels are 16-bit
words in the CPU's byte order, written here little-endian as on every usual MCU (and on the
unix port on x86 or ARM).
"""
import binascii
import operator
import os

MONO_VLSB = 0
MVLSB = MONO_VLSB
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_INT_MIN = -0x80000000
_INT_MAX = 0x7FFFFFFF
_UINT32 = 0xFFFFFFFF

# ellipse() quadrant bits: Q2 Q1 above the centre, Q3 Q4 below.
_Q1, _Q2, _Q3, _Q4 = 0x01, 0x02, 0x04, 0x08
_QUADRANTS = 0x0F
_FILLED = 0x10

_UNSET = object()  # distinguishes "argument left out" from any value a caller could pass


def _int(value):
    """Converts an argument as mp_obj_get_int does on a 32-bit board."""
    if type(value) is int and _INT_MIN <= value <= _INT_MAX:
        return value
    value = operator.index(value)  # TypeError for float, str, None, like MicroPython
    if not _INT_MIN <= value <= _INT_MAX:
        raise OverflowError("overflow converting long int to machine word")
    return value


def _wrap32(value):
    """C `int` wrap-around: the module sums some coordinates in 32-bit ints."""
    return ((value - _INT_MIN) & _UINT32) + _INT_MIN


def _base_object(obj):
    while isinstance(obj, memoryview):
        obj = obj.obj
    return obj


# ---- per-format pixel kernels -------------------------------------------------------------
# Each factory returns closures over (buf, stride):
#   put(x, y, c)            one in-range pixel; c masked to the format
#   get(x, y)               one pixel value (no range check, as the C palette lookup needs)
#   fill(x, y, w, h, c)     an already clipped, non-empty rectangle
#   read_row(x, y, n)       the n pixel values from (x, y) rightwards
#   write_row(x, y, vals, opaque)  vals[i] to (x + i, y) where opaque[i] (None: everywhere)
# Rows are bytes of one pixel value each ("levels"), except in RGB565 where they are lists
# of ints: whole rows then move with slicing, bytes.translate and big-int masking instead
# of a Python statement per pixel. `opaque` is bytes of 0x00 (keep) or 0xFF (write).

def _merge(old, new, opaque):
    """Level bytes: new where opaque is 0xFF, old elsewhere (all the same length)."""
    keep = int.from_bytes(opaque, "big")
    merged = (int.from_bytes(old, "big") & ~keep) | (int.from_bytes(new, "big") & keep)
    return merged.to_bytes(len(old), "big")


def _gs8_kernel(buf, stride):
    def put(x, y, c):
        buf[x + y * stride] = c & 0xFF

    def get(x, y):
        return buf[x + y * stride]

    def fill(x, y, w, h, c):
        start = x + y * stride
        if w == stride:  # whole rows are contiguous: one slice for the lot
            buf[start:start + w * h] = bytes((c & 0xFF,)) * (w * h)
            return
        row = bytes((c & 0xFF,)) * w
        for row_start in range(start, start + h * stride, stride):
            buf[row_start:row_start + w] = row

    def read_row(x, y, n):
        start = x + y * stride
        return bytes(buf[start:start + n])

    def write_row(x, y, levels, opaque):
        start = x + y * stride
        end = start + len(levels)
        buf[start:end] = levels if opaque is None else _merge(buf[start:end], levels, opaque)

    return put, get, fill, read_row, write_row


def _rgb565_kernel(buf, stride):
    def put(x, y, c):
        i = (x + y * stride) << 1
        buf[i] = c & 0xFF
        buf[i + 1] = (c >> 8) & 0xFF

    def get(x, y):
        i = (x + y * stride) << 1
        return buf[i] | (buf[i + 1] << 8)

    def fill(x, y, w, h, c):
        pixel = bytes((c & 0xFF, (c >> 8) & 0xFF))
        start = (x + y * stride) << 1
        if w == stride:
            buf[start:start + 2 * w * h] = pixel * (w * h)
            return
        row = pixel * w
        for row_start in range(start, start + 2 * h * stride, 2 * stride):
            buf[row_start:row_start + 2 * w] = row

    def read_row(x, y, n):
        start = (x + y * stride) << 1
        seg = buf[start:start + 2 * n]
        return [lo | (hi << 8) for lo, hi in zip(seg[0::2], seg[1::2])]

    def write_row(x, y, vals, opaque):
        i = (x + y * stride) << 1
        if opaque is None:
            out = bytearray(2 * len(vals))
            out[0::2] = bytes([v & 0xFF for v in vals])
            out[1::2] = bytes([(v >> 8) & 0xFF for v in vals])
            buf[i:i + len(out)] = out
            return
        for v, write in zip(vals, opaque):
            if write:
                buf[i] = v & 0xFF
                buf[i + 1] = (v >> 8) & 0xFF
            i += 2

    return put, get, fill, read_row, write_row


# byte -> the pixel at bit s of it (0 or 1), for each s: reading MONO_VLSB rows
_VLSB_BIT_TABLES = [bytes((b >> s) & 1 for b in range(256)) for s in range(8)]


def _mvlsb_kernel(buf, stride):
    def put(x, y, c):
        i = (y >> 3) * stride + x
        bit = 1 << (y & 7)
        buf[i] = (buf[i] | bit) if c else (buf[i] & ~bit)

    def get(x, y):
        return (buf[(y >> 3) * stride + x] >> (y & 7)) & 1

    def fill(x, y, w, h, c):
        # One pass per 8-row band, setting or clearing all its rows' bits at once.
        end = y + h
        while y < end:
            band_end = min(end, (y | 7) + 1)
            bits = ((1 << (band_end - y)) - 1) << (y & 7)
            start = (y >> 3) * stride + x
            seg = buf[start:start + w]
            if c:
                buf[start:start + w] = bytes([b | bits for b in seg])
            else:
                keep = 0xFF ^ bits
                buf[start:start + w] = bytes([b & keep for b in seg])
            y = band_end

    def read_row(x, y, n):
        start = (y >> 3) * stride + x
        return bytes(buf[start:start + n]).translate(_VLSB_BIT_TABLES[y & 7])

    def write_row(x, y, levels, opaque):
        n = len(levels)
        start = (y >> 3) * stride + x
        shift = y & 7
        # Levels are 0 or 1, one a byte: shifted, they land on this row's bit of each byte.
        bits = int.from_bytes(levels, "big") << shift
        mask = int.from_bytes(b"\x01" * n, "big") << shift
        if opaque is not None:
            mask &= int.from_bytes(opaque, "big")
            bits &= mask
        old = int.from_bytes(buf[start:start + n], "big")
        buf[start:start + n] = ((old & ~mask) | bits).to_bytes(n, "big")

    return put, get, fill, read_row, write_row


_UNPACK_TABLES = {}
_AS_BINARY_DIGITS = b"01" + bytes(254)  # level byte -> ASCII digit (only 0 and 1 occur)
_AS_HEX_DIGITS = b"0123456789abcdef" + bytes(240)
_REVERSED_BITS = bytes(int("{:08b}".format(b)[::-1], 2) for b in range(256))


def _unpack_table(shifts, depth_mask):
    """byte value -> bytes of its pixel levels, left to right, for a packed row format."""
    key = (shifts, depth_mask)
    table = _UNPACK_TABLES.get(key)
    if table is None:
        table = [bytes((b >> s) & depth_mask for s in shifts) for b in range(256)]
        _UNPACK_TABLES[key] = table
    return table


def _packed_kernel(buf, stride, bits, leftmost_high, mono):
    """MONO_HLSB, MONO_HMSB, GS2_HMSB, GS4_HMSB: rows of pixels packed into bytes.

    The stride is a whole number of bytes (the constructor rounds it), so the position of a
    pixel inside its byte depends on x alone.
    """
    per_byte = 8 // bits
    sub = per_byte - 1
    index_shift = {1: 3, 2: 2, 4: 1}[bits]
    depth_mask = (1 << bits) - 1
    shifts = tuple((sub - k if leftmost_high else k) * bits for k in range(per_byte))
    clear = tuple(0xFF ^ (depth_mask << s) for s in shifts)
    unpack_byte = _unpack_table(shifts, depth_mask).__getitem__
    byte_of_level = 0xFF // depth_mask  # 0xFF, 0x55 or 0x11: one level repeated per byte

    def put(x, y, c):
        i = (x + y * stride) >> index_shift
        k = x & sub
        level = (1 if c else 0) if mono else (c & depth_mask)
        buf[i] = (buf[i] & clear[k]) | (level << shifts[k])

    def get(x, y):
        return (buf[(x + y * stride) >> index_shift] >> shifts[x & sub]) & depth_mask

    def fill(x, y, w, h, c):
        level = (1 if c else 0) if mono else (c & depth_mask)
        whole = bytes((level * byte_of_level,))
        for row in range(y, y + h):
            pos = x + row * stride
            end = pos + w
            while pos < end and pos & sub:  # leading pixels sharing a byte with others
                i = pos >> index_shift
                buf[i] = (buf[i] & clear[pos & sub]) | (level << shifts[pos & sub])
                pos += 1
            while end > pos and end & sub:  # trailing ones
                end -= 1
                i = end >> index_shift
                buf[i] = (buf[i] & clear[end & sub]) | (level << shifts[end & sub])
            if end > pos:
                buf[pos >> index_shift:end >> index_shift] = whole * ((end - pos) >> index_shift)

    def pack(levels):
        """Level bytes (a whole number of bytes' worth) -> the packed bytes."""
        n_bytes = len(levels) >> index_shift
        if bits == 1:  # the levels read as binary digits are the MSB-first bytes
            packed = int(levels.translate(_AS_BINARY_DIGITS), 2).to_bytes(n_bytes, "big")
            return packed if leftmost_high else packed.translate(_REVERSED_BITS)
        if bits == 4 and leftmost_high:  # ... and as hex digits, the GS4_HMSB bytes
            return binascii.unhexlify(levels.translate(_AS_HEX_DIGITS))
        # Otherwise level k of every byte, as one big int (a level a byte), shifted in place.
        packed = 0
        for k in range(per_byte):
            packed |= int.from_bytes(levels[k::per_byte], "big") << shifts[k]
        return packed.to_bytes(n_bytes, "big")

    def read_row(x, y, n):
        pos = x + y * stride
        first = pos & sub
        seg = buf[pos >> index_shift:(pos + n + sub) >> index_shift]
        return b"".join(map(unpack_byte, seg))[first:first + n]

    def write_row(x, y, levels, opaque):
        n = len(levels)
        pos = x + y * stride
        first = pos & sub
        start, end = pos >> index_shift, (pos + n + sub) >> index_shift
        if first == 0 and n & sub == 0 and opaque is None:  # whole bytes: nothing to keep
            buf[start:end] = pack(levels)
            return
        old = b"".join(map(unpack_byte, buf[start:end]))
        if opaque is not None:
            levels = _merge(old[first:first + n], levels, opaque)
        buf[start:end] = pack(old[:first] + levels + old[first + n:])

    return put, get, fill, read_row, write_row


def _kernel(fmt, buf, stride):
    if fmt == GS8:
        return _gs8_kernel(buf, stride)
    if fmt == RGB565:
        return _rgb565_kernel(buf, stride)
    if fmt == MONO_VLSB:
        return _mvlsb_kernel(buf, stride)
    if fmt == GS4_HMSB:
        return _packed_kernel(buf, stride, 4, True, False)
    if fmt == GS2_HMSB:
        return _packed_kernel(buf, stride, 2, False, False)
    if fmt == MONO_HLSB:
        return _packed_kernel(buf, stride, 1, True, True)
    return _packed_kernel(buf, stride, 1, False, True)  # MONO_HMSB


def _layout(fmt, width, height, stride):
    """(stride as stored, bytes the buffer must hold), validated as the constructor does."""
    if width < 1 or height < 1 or width > 0xFFFF or height > 0xFFFF or stride > 0xFFFF \
            or stride < width:
        raise ValueError()
    # Every row but the last must hold a full stride, the last only its own pixels rounded
    # to whole bytes (MONO_VLSB: its 8-pixel bands of rows, the last band `width` bytes).
    bits = 1
    rows_needed = height
    width_needed = width
    full_strides = height - 1
    if fmt == MONO_VLSB:
        rows_needed = (height + 7) & ~7
        full_strides = rows_needed - 8
    elif fmt in (MONO_HLSB, MONO_HMSB):
        stride = (stride + 7) & ~7
        width_needed = (width + 7) & ~7
    elif fmt == GS2_HMSB:
        stride = (stride + 3) & ~3
        width_needed = (width + 3) & ~3
        bits = 2
    elif fmt == GS4_HMSB:
        stride = (stride + 1) & ~1
        width_needed = (width + 1) & ~1
        bits = 4
    elif fmt == GS8:
        bits = 8
    elif fmt == RGB565:
        bits = 16
    else:
        raise ValueError("invalid format")
    needed = (full_strides * stride + (rows_needed - full_strides) * width_needed) * bits // 8
    # The C struct keeps the stride in 16 bits, so a rounded-up 65536 is stored as 0.
    return stride & 0xFFFF, needed


class FrameBuffer:
    """framebuf.FrameBuffer(buffer, width, height, format, stride=width, /)"""

    def __init__(self, buffer, width, height, format, stride=_UNSET, /):
        self._setup(buffer, width, height, format, stride, True)

    def _setup(self, buffer, width, height, fmt, stride, writable):
        width = _int(width)
        height = _int(height)
        fmt = _int(fmt)
        stride = width if stride is _UNSET else _int(stride)
        stride, needed = _layout(fmt, width, height, stride)
        if type(buffer) is bytearray:
            buf = buffer  # fastest to index; shared with the caller either way
        else:
            try:
                buf = memoryview(buffer)
            except TypeError:
                raise TypeError("object with buffer protocol required") from None
            if writable and buf.readonly:
                raise TypeError("object with buffer protocol required")
            if buf.format != "B" or buf.ndim != 1:
                buf = buf.cast("B")
        if len(buf) < needed:
            raise ValueError()
        self._obj = buffer  # what the caller handed in, as MicroPython keeps buf_obj
        self._width = width
        self._height = height
        self._rgb565 = fmt == RGB565  # rows are lists of ints, not level bytes
        # Colour -> stored level for the grey formats; None for mono (any non-zero is 1).
        self._depth_mask = {GS2_HMSB: 0x03, GS4_HMSB: 0x0F, GS8: 0xFF}.get(fmt)
        self._put, self._get, self._fill, self._read_row, self._write_row = \
            _kernel(fmt, buf, stride)

    def __buffer__(self, flags):  # CPython 3.12+: memoryview(fb) as on MicroPython
        return memoryview(self._obj)

    def fill(self, c, /):
        self._fill(0, 0, self._width, self._height, _int(c))

    def _fill_rect(self, x, y, w, h, c):
        """The C fill_rect(): clip to the buffer, with its 32-bit int sums."""
        if h < 1 or w < 1:
            return
        x_end = x + w
        if x_end > _INT_MAX:
            x_end = _wrap32(x_end)
        y_end = y + h
        if y_end > _INT_MAX:
            y_end = _wrap32(y_end)
        if x_end <= 0 or y_end <= 0 or y >= self._height or x >= self._width:
            return
        if x_end > self._width:
            x_end = self._width
        if y_end > self._height:
            y_end = self._height
        if x < 0:
            x = 0
        if y < 0:
            y = 0
        self._fill(x, y, x_end - x, y_end - y, c)

    def fill_rect(self, x, y, w, h, c, /):
        self._fill_rect(_int(x), _int(y), _int(w), _int(h), _int(c))

    def pixel(self, x, y, c=_UNSET, /):
        x = _int(x)
        y = _int(y)
        if 0 <= x < self._width and 0 <= y < self._height:
            if c is _UNSET:
                return self._get(x, y)
            self._put(x, y, _int(c))  # the colour is only read for an in-range pixel
        return None

    def hline(self, x, y, w, c, /):
        self._fill_rect(_int(x), _int(y), _int(w), 1, _int(c))

    def vline(self, x, y, h, c, /):
        self._fill_rect(_int(x), _int(y), 1, _int(h), _int(c))

    def rect(self, x, y, w, h, c, f=False, /):
        x, y, w, h, c = _int(x), _int(y), _int(w), _int(h), _int(c)
        if f:
            self._fill_rect(x, y, w, h, c)
            return
        self._fill_rect(x, y, w, 1, c)
        self._fill_rect(x, _wrap32(y + h - 1), w, 1, c)
        self._fill_rect(x, y, 1, h, c)
        self._fill_rect(_wrap32(x + w - 1), y, 1, h, c)

    def _put_checked(self, x, y, c):
        if 0 <= x < self._width and 0 <= y < self._height:
            self._put(x, y, c)

    def _line(self, x1, y1, x2, y2, c):
        width, height = self._width, self._height
        if y1 == y2:  # Bresenham visits every x between the ends: fill the clipped run
            if 0 <= y1 < height:
                lo, hi = max(min(x1, x2), 0), min(max(x1, x2), width - 1)
                if lo <= hi:
                    self._fill(lo, y1, hi - lo + 1, 1, c)
            return
        if x1 == x2:
            if 0 <= x1 < width:
                lo, hi = max(min(y1, y2), 0), min(max(y1, y2), height - 1)
                if lo <= hi:
                    self._fill(x1, lo, 1, hi - lo + 1, c)
            return
        put = self._put
        dx = x2 - x1
        sx = 1 if dx > 0 else -1
        dx = abs(dx)
        dy = y2 - y1
        sy = 1 if dy > 0 else -1
        dy = abs(dy)
        steep = dy > dx
        if steep:  # walk along y instead: swap the roles of the axes
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
            width, height = height, width
        e = 2 * dy - dx
        for _ in range(dx):
            if 0 <= x1 < width and 0 <= y1 < height:
                if steep:
                    put(y1, x1, c)
                else:
                    put(x1, y1, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        self._put_checked(x2, y2, c)  # the far end, which the loop stops short of

    def line(self, x1, y1, x2, y2, c, /):
        self._line(_int(x1), _int(y1), _int(x2), _int(y2), _int(c))

    def ellipse(self, x, y, xr, yr, c, f=False, m=_UNSET, /):
        cx, cy, a, b, c = _int(x), _int(y), _int(xr), _int(yr), _int(c)
        mask = _FILLED if f else 0
        mask |= _QUADRANTS if m is _UNSET else (_int(m) & _QUADRANTS)
        if a == 0 and b == 0:
            if mask & _QUADRANTS:
                self._put_checked(cx, cy, c)
            return
        fill_rect = self._fill_rect
        put_checked = self._put_checked

        def points(px, py):
            if mask & _FILLED:
                if mask & _Q1:
                    fill_rect(cx, cy - py, px + 1, 1, c)
                if mask & _Q2:
                    fill_rect(cx - px, cy - py, px + 1, 1, c)
                if mask & _Q3:
                    fill_rect(cx - px, cy + py, px + 1, 1, c)
                if mask & _Q4:
                    fill_rect(cx, cy + py, px + 1, 1, c)
            else:
                if mask & _Q1:
                    put_checked(cx + px, cy - py, c)
                if mask & _Q2:
                    put_checked(cx - px, cy - py, c)
                if mask & _Q3:
                    put_checked(cx - px, cy + py, c)
                if mask & _Q4:
                    put_checked(cx + px, cy + py, c)

        # Midpoint ellipse in integers, step for step as the C code: first the steep arc
        # next to the x axis, a row at a time; then the flat arc next to the y axis, a column
        # at a time. Both arcs are drawn whole, so their shared points are drawn twice.
        two_a2 = 2 * a * a
        two_b2 = 2 * b * b
        px, py = a, 0
        x_change = b * b * (1 - 2 * a)
        y_change = a * a
        error = 0
        stop_x = two_b2 * a
        stop_y = 0
        while stop_x >= stop_y:
            points(px, py)
            py += 1
            stop_y += two_a2
            error += y_change
            y_change += two_a2
            if 2 * error + x_change > 0:
                px -= 1
                stop_x -= two_b2
                error += x_change
                x_change += two_b2
        px, py = 0, b
        x_change = b * b
        y_change = a * a * (1 - 2 * b)
        error = 0
        stop_x = 0
        stop_y = two_a2 * b
        while stop_x <= stop_y:
            points(px, py)
            px += 1
            stop_x += two_b2
            error += x_change
            x_change += two_b2
            if 2 * error + y_change > 0:
                py -= 1
                stop_y -= two_a2
                error += y_change
                y_change += two_a2

    def poly(self, x, y, coords, c, f=False, /):
        x, y = _int(x), _int(y)
        try:
            view = memoryview(coords)
        except TypeError:
            raise TypeError("object with buffer protocol required") from None
        if view.ndim != 1:
            view = view.cast("B").cast(view.format)
        values = view.tolist()
        n = len(values) // 2  # an odd last value is ignored
        if n == 0:
            return  # returns before looking at the colour, like the C code
        c = _int(c)
        xs = [_int(v) for v in values[0:2 * n:2]]
        ys = [_int(v) for v in values[1:2 * n:2]]
        # The C code walks the edges from the first vertex backwards: 0, n-1, n-2, ..., 0.
        order = [0] + list(range(n - 1, -1, -1))
        edges = [(xs[order[k]], ys[order[k]], xs[order[k + 1]], ys[order[k + 1]])
                 for k in range(n)]
        if not f:
            for px1, py1, px2, py2 in edges:
                self._line(x + px1, y + py1, x + px2, y + py2, c)
            return
        # Scan-line fill (integer version of alienryderflex.com/polygon_fill). Everything
        # a scan line draws lands on screen row y + row, so rows off screen are skipped.
        first_row = max(min(ys), -y)
        last_row = min(max(ys), self._height - 1 - y)
        fill_rect = self._fill_rect
        for row in range(first_row, last_row + 1):
            nodes = []
            for px1, py1, px2, py2 in edges:
                if py1 != py2 and ((py1 > row) != (py2 > row)):
                    # Where the edge crosses the row, in 1/32 pixel, rounded like C (towards 0).
                    num = 32 * (px2 - px1) * (row - py1)
                    den = py2 - py1
                    q = abs(num) // abs(den)
                    total = 32 * px1 + (q if (num < 0) == (den < 0) else -q) + 16
                    q = abs(total) // 32
                    nodes.append(q if total >= 0 else -q)
                elif row == max(py1, py2):
                    # The crossing rule skips an edge's lower end; draw local extremes here.
                    if py1 < py2:
                        self._put_checked(x + px2, y + py2, c)
                    elif py2 < py1:
                        self._put_checked(x + px1, y + py1, c)
                    else:
                        self._line(x + px1, y + py1, x + px2, y + py2, c)
            if nodes:
                nodes.sort()
                for k in range(0, len(nodes) - 1, 2):
                    fill_rect(x + nodes[k], y + row, nodes[k + 1] - nodes[k] + 1, 1, c)

    def scroll(self, xstep, ystep, /):
        xstep, ystep = _int(xstep), _int(ystep)
        # Row by row in the C code's order, which never reads a row it has already moved
        # (unless a stride wrapped to 0 made all rows one: then rows move again, as in C).
        # Within a row the C order reads each pixel before overwriting it, so a whole-row
        # read then write is the same. Pixels not covered keep their old value.
        if xstep >= 0:
            dst_x, src_x, n = xstep, 0, self._width - xstep
        else:
            dst_x, src_x, n = 0, -xstep, self._width + xstep
        if ystep >= 0:
            dst_y, src_y, rows = ystep, 0, self._height - ystep
        else:
            dst_y, src_y, rows = 0, -ystep, self._height + ystep
        if n <= 0 or rows <= 0:
            return
        read_row, write_row = self._read_row, self._write_row
        for k in (range(rows) if ystep < 0 else range(rows - 1, -1, -1)):
            write_row(dst_x, dst_y + k, read_row(src_x, src_y + k, n), None)

    def blit(self, fbuf, x, y, key=-1, palette=None, /):
        source = _blit_source(fbuf)
        x, y, key = _int(x), _int(y), _int(key)
        pal = None if palette is None else _blit_source(palette)
        if x >= self._width or y >= self._height or -x >= source._width \
                or -y >= source._height:
            return
        dst_x, dst_y = max(0, x), max(0, y)
        src_x, src_y = max(0, -x), max(0, -y)
        n = min(self._width, x + source._width) - dst_x
        rows = min(self._height, y + source._height) - dst_y
        if key < 0 or key > 0xFFFF:
            key = None  # no pixel value equals it (the C code compares as uint32_t)
        mine = _base_object(self._obj)
        if _base_object(source._obj) is mine or \
                (pal is not None and _base_object(pal._obj) is mine):
            self._blit_in_place(source, pal, dst_x, dst_y, src_x, src_y, n, rows, key)
            return
        read_row, write_row = source._read_row, self._write_row
        pal_get = None if pal is None else pal._get
        if source._rgb565 or self._rgb565:
            self._blit_lists(read_row, write_row, pal_get, dst_x, dst_y, src_x, src_y, n,
                             rows, key)
            return
        # Level bytes both sides: per source value, once, its level here and whether it is
        # the key (after the palette); then each row is two bytes.translate calls.
        levels_of = bytearray(256)
        opaque_of = bytearray(256)
        seen = set()
        any_key = False
        for k in range(rows):
            vals = read_row(src_x, src_y + k, n)
            for v in set(vals).difference(seen):
                seen.add(v)
                col = v if pal_get is None else pal_get(v, 0)  # no range check, as in C
                if col == key:
                    any_key = True
                else:
                    opaque_of[v] = 0xFF
                    levels_of[v] = self._level(col)
            write_row(dst_x, dst_y + k, vals.translate(levels_of),
                      vals.translate(opaque_of) if any_key else None)

    def _level(self, col):
        """What a pixel of this (non-RGB565) format stores for colour col."""
        if self._depth_mask is None:
            return 1 if col else 0
        return col & self._depth_mask

    def _blit_lists(self, read_row, write_row, pal_get, dst_x, dst_y, src_x, src_y, n, rows,
                    key):
        """blit() with RGB565 on either side: rows as lists of ints."""
        lookup = {}
        for k in range(rows):
            vals = list(read_row(src_x, src_y + k, n))  # a source may give level bytes
            if pal_get is not None:
                for v in set(vals).difference(lookup):
                    lookup[v] = pal_get(v, 0)
                vals = [lookup[v] for v in vals]
            opaque = None
            if key is not None and key in vals:
                opaque = bytes([0 if v == key else 0xFF for v in vals])
            if not self._rgb565:
                vals = bytes([self._level(v) for v in vals])
            write_row(dst_x, dst_y + k, vals, opaque)

    def _blit_in_place(self, source, pal, dst_x, dst_y, src_x, src_y, n, rows, key):
        """Source or palette over the target's own buffer: pixel by pixel in the C order,
        reading back what the blit has already overwritten just as the C code does."""
        get, put = source._get, self._put
        pal_get = None if pal is None else pal._get
        for k in range(rows):
            sy, ty = src_y + k, dst_y + k
            for i in range(n):
                col = get(src_x + i, sy)
                if pal_get is not None:
                    col = pal_get(col, 0)
                if col != key:
                    put(dst_x + i, ty, col)

    def text(self, s, x, y, c=1, /):
        # The C code walks the string's UTF-8 bytes up to a NUL: each byte outside 32..127
        # draws glyph 127; each glyph is 8 columns of 8 bits, bit 0 at the top, set bits
        # drawn in c, clipped pixel by pixel.
        if isinstance(s, str):
            data = s.encode()
        elif isinstance(s, bytes):
            data = s
        else:
            raise TypeError("can't convert '%s' object to str implicitly" % type(s).__name__)
        x, y, c = _int(x), _int(y), _int(c)
        end = data.find(0)
        font = _font_8x8()
        for byte in data[:end] if end >= 0 else data:
            at = ((byte if 32 <= byte <= 127 else 127) - 32) * 8
            for column in font[at:at + 8]:
                if 0 <= x < self._width:
                    row = y
                    while column:
                        if column & 1 and 0 <= row < self._height:
                            self._put(x, row, c)
                        column >>= 1
                        row += 1
                x = _wrap32(x + 1)


_FONT_8X8 = []


def _font_8x8():
    """The built-in font's glyphs, 8 bytes each from character 32 (read once)."""
    if not _FONT_8X8:
        with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "font_8x8.bin"),
                  "rb") as f:
            _FONT_8X8.append(f.read())
    return _FONT_8X8[0]


def _blit_source(obj):
    """A FrameBuffer, or (buffer, width, height, format[, stride]) over a buffer that may be
    read-only, as blit() accepts for its source and palette."""
    if isinstance(obj, FrameBuffer):
        return obj
    if not isinstance(obj, (tuple, list)):
        raise TypeError("object '%s' isn't a tuple or list" % type(obj).__name__)
    if not 4 <= len(obj) <= 5:
        raise ValueError()
    view = FrameBuffer.__new__(FrameBuffer)
    view._setup(obj[0], obj[1], obj[2], obj[3], obj[4] if len(obj) == 5 else _UNSET, False)
    return view


def FrameBuffer1(buffer, width, height, stride=_UNSET, /):
    """The old MONO_VLSB-only constructor, still in MicroPython as a factory function."""
    return FrameBuffer(buffer, width, height, MONO_VLSB, width if stride is _UNSET else stride)
