# A flash in a dict, with what hw.archive and hw.journal need of a filesystem: for tests
# and the screen scenes (tools.scenes). Runs on CPython and on MicroPython.


class Files:
    """A flash in a dict: what hw.archive needs of a filesystem."""

    def __init__(self, room=None):
        self.files = {}
        self.room = room  # bytes all files may hold (None: no limit); past it, ENOSPC

    def open(self, name, mode):
        return _File(self, name, mode)

    def stat(self, name):
        if name not in self.files:
            raise OSError(2)
        return (0, 0, 0, 0, 0, 0, len(self.files[name]))

    def rename(self, old, new):
        if old not in self.files:
            raise OSError(2)
        self.files[new] = self.files.pop(old)


class _File:
    def __init__(self, fs, name, mode):
        self.fs = fs
        self.name = name
        self.pos = 0
        if "w" in mode:
            fs.files[name] = b""
        elif name not in fs.files:
            raise OSError(2)

    def read(self, n=-1):
        data = self.fs.files[self.name]
        end = len(data) if n is None or n < 0 else self.pos + n
        out = data[self.pos:end]
        self.pos += len(out)
        return out

    def write(self, data):
        fs = self.fs
        if fs.room is not None and sum(len(d) for d in fs.files.values()) + len(data) > fs.room:
            raise OSError(28)  # ENOSPC, as littlefs says a full flash
        fs.files[self.name] += bytes(data)

    def flush(self):  # every write is already "on flash"
        pass

    def close(self):
        pass
