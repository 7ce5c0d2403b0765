# A NOR flash in RAM for MicroPython's littlefs (os.VfsLfs2), for the journal's tests on
# the unix port: the filesystem the board runs, on a block device with the ESP32's 4 KB
# erase blocks (and VfsLfs2's default sizes, as the ESP32 mounts it) that counts what is
# programmed and erased and can lose power at any operation or in the middle of one.
#
# Power: a cut comes before operation N (a program or an erase), or inside it: a torn
# program lands its first k bytes, a torn erase erases only the first half of the block.
# The cut raises PowerCut (a BaseException: the code under test cannot swallow it); after
# it the device answers every call with an I/O error, so what had landed stays as it is.
# on_op(flash, kind, block, off, data) is called before each operation: a test can copy
# the image then (image_into) and try every cut point in one run.
import os


class PowerCut(BaseException):
    pass


_ERASED = {}  # block size -> one erased block, shared: an erase must not allocate


class RamFlash:
    def __init__(self, blocks=12, block_size=4096, data=None):
        self.block_size = block_size
        self.blocks = len(data) // block_size if data is not None else blocks
        ff = _ERASED.get(block_size)
        if ff is None:
            ff = _ERASED[block_size] = b"\xff" * block_size
        self._ff = ff
        fresh = data is None
        if fresh:
            data = bytearray(blocks * block_size)  # one allocation: the heap is capped
        self.data = data
        self.reset(fresh)

    def reset(self, erase=True):
        """Counters cleared, no cut armed, and (erase) every block erased."""
        if erase:
            for i in range(0, len(self.data), self.block_size):
                self.data[i:i + self.block_size] = self._ff
        self.ops = 0  # programs and erases so far: the next cut point
        self.programmed = 0  # bytes
        self.erases = 0
        self.on_op = None
        self.cut_at = None
        self.torn = None
        self.dead = False

    def cut(self, op, torn=None):
        self.cut_at = op
        self.torn = torn

    def image_into(self, out, kind=None, block=0, off=0, data=None, torn=None):
        """Copies what a cut now would leave into out: before the operation about to be
        made, or (torn) partway through it."""
        out[:] = self.data
        if torn:
            self._land(out, kind, block, off, data, torn)

    def _op(self, kind, block, off, data):
        if self.dead:
            return False
        if self.on_op:
            self.on_op(self, kind, block, off, data)
        if self.cut_at == self.ops:
            if self.torn:
                self._land(self.data, kind, block, off, data, self.torn)
            self.dead = True
            raise PowerCut()
        self.ops += 1
        return True

    # The block device protocol (the extended one, which littlefs needs).
    def readblocks(self, block, buf, off=0):
        if self.dead:
            return -5
        i = block * self.block_size + off
        buf[:] = memoryview(self.data)[i:i + len(buf)]
        return 0

    def writeblocks(self, block, buf, off=0):
        if not self._op("prog", block, off, buf):
            return -5
        i = block * self.block_size + off
        self.data[i:i + len(buf)] = buf
        self.programmed += len(buf)
        return 0

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return self.block_size
        if op == 6:
            if not self._op("erase", arg, 0, None):
                return -5
            i = arg * self.block_size
            self.data[i:i + self.block_size] = self._ff
            self.erases += 1
        return 0

    def _land(self, out, kind, block, off, data, torn):
        i = block * self.block_size + off
        if kind == "prog":
            out[i:i + torn] = data[:torn]
        else:  # an erase cut short: the first half of the block
            half = self.block_size // 2
            out[i:i + half] = memoryview(self._ff)[:half]


def make_fs(flash):
    os.VfsLfs2.mkfs(flash)


def mount(flash):
    return os.VfsLfs2(flash)
