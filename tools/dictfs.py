# A flash in a dict, with what hw.archive needs of a filesystem: for tests and the
# screen scenes (tools.scenes). Runs on CPython and on MicroPython.


class Files:
    """A flash in a dict: what hw.archive needs of a filesystem."""

    def __init__(self):
        self.files = {}

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
        if "w" in mode:
            fs.files[name] = b""
        elif name not in fs.files:
            raise OSError(2)

    def read(self, n=-1):
        return self.fs.files[self.name]

    def write(self, data):
        self.fs.files[self.name] += bytes(data)

    def close(self):
        pass
