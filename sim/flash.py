"""A simulated flash filesystem, for tests and the simulator (host code): the file layer
hw.journal takes (open, rename, stat, and remove and listdir for tools), in memory.

What it models, after littlefs (MicroPython's filesystem on the ESP32):
- durable="sync" (littlefs, the default): what a handle writes lands when it is flushed
  or closed, all at once (littlefs commits a sync atomically); a cut loses whatever was
  written since. Opening a file that does not exist for writing creates it, empty, at
  once; "wb" on an existing file truncates it only at the first sync, as littlefs does.
- durable="write" (a worse medium, FAT-like): every write lands as it is made, and a cut
  inside a write lands only its first k bytes (a torn write); "wb" truncates at once.
- In both, rename (replacing its target) and remove are atomic. Renaming or removing a
  file open for writing raises OSError(EBUSY): littlefs allows it, but what the open
  handle then does is nothing to rely on, so the fake refuses it.
- room=N (a full flash): a write that would make the files hold more than N bytes
  raises OSError(ENOSPC); a file rewritten keeps its old room until the new data lands.

Power: every call that may change the flash (opening for writing, write, flush, close,
rename, remove) is a step; a cut comes at a write boundary, before step N, or inside
step N, a write, after its first k bytes. From then on every call raises PowerCut, and
reboot() gives a new Flash holding exactly what had landed. On a live Flash, reboot()
gives what a cut right now would leave, and on_step(flash, kind, nbytes) is called
before each step: one run of a test can try every cut point (reboot(torn=k) from
on_step: k bytes into the write about to be made).
"""
import errno
import os


class PowerCut(BaseException):
    """The power went. Not an Exception, so code under test cannot swallow it."""


class Flash:
    def __init__(self, files=None, durable="sync", room=None):
        if durable not in ("sync", "write"):
            raise ValueError("durable must be 'sync' or 'write'")
        self.files = {name: bytes(data) for name, data in (files or {}).items()}
        self.durable = durable
        # Bytes all files may hold (None: no limit): a write past it raises ENOSPC, as
        # littlefs says a full flash; a file rewritten holds its old room until it lands.
        self.room = room
        self.steps = 0  # steps taken: the next cut point
        self.written = 0  # bytes handed to write()
        self.syncs = 0  # flushes and closes that landed new data
        self.renames = 0
        self.on_step = None
        self.dead = False
        self._cut = None
        self._writers = {}  # name -> the handle writing it
        self._next = None  # (name, data) of the write about to be made, during on_step

    # ---- power ---------------------------------------------------------------------

    def cut(self, step, torn=None):
        """The power goes before step `step` (counted from 0 since this Flash was made;
        flash.steps is the next one), or, if torn is given and that step is a write, once
        its first torn bytes landed."""
        self._cut = (step, torn)

    def reboot(self, torn=None):
        """A new Flash with what has landed (see the module's docstring)."""
        files = dict(self.files)
        if torn and self._next and self.durable == "write" and not self.dead:
            name, data = self._next
            files[name] = files[name] + bytes(data[:torn])
        return Flash(files, self.durable, self.room)

    def _alive(self):
        if self.dead:
            raise PowerCut()

    def _step(self, kind, name=None, data=None):
        self._alive()
        if self.on_step:
            self._next = (name, data) if data is not None else None
            try:
                self.on_step(self, kind, len(data) if data is not None else 0)
            finally:
                self._next = None
        if self._cut and self._cut[0] == self.steps:
            torn = self._cut[1]
            if torn and data is not None and self.durable == "write":
                self.files[name] = self.files[name] + bytes(data[:torn])
            self.dead = True
            raise PowerCut()
        self.steps += 1

    # ---- files ---------------------------------------------------------------------

    def open(self, name, mode="rb"):
        self._alive()
        if mode in ("r", "rb"):
            if name not in self.files:
                raise OSError(errno.ENOENT, "no such file", name)
            return _Reader(self, name)
        if mode not in ("w", "wb", "a", "ab"):
            raise ValueError("mode %r" % mode)
        if name in self._writers:
            raise OSError(errno.EBUSY, "already open for writing", name)
        self._step("open")
        return _Writer(self, name, mode.startswith("a"))

    def rename(self, old, new):
        self._alive()
        if old not in self.files:
            raise OSError(errno.ENOENT, "no such file", old)
        if old in self._writers or new in self._writers:
            raise OSError(errno.EBUSY, "open for writing", old)
        self._step("rename")
        self.files[new] = self.files.pop(old)
        self.renames += 1

    def remove(self, name):
        self._alive()
        if name not in self.files:
            raise OSError(errno.ENOENT, "no such file", name)
        if name in self._writers:
            raise OSError(errno.EBUSY, "open for writing", name)
        self._step("remove")
        del self.files[name]

    def stat(self, name):
        self._alive()
        if name not in self.files:
            raise OSError(errno.ENOENT, "no such file", name)
        return (0o100644, 0, 0, 0, 0, 0, len(self.files[name]), 0, 0, 0)

    def used(self):
        """Bytes the landed files hold."""
        return sum(len(d) for d in self.files.values())

    def listdir(self, path=""):
        self._alive()
        return sorted(self.files)

    # ---- the simulator: a flash that outlives the process ---------------------------

    def save(self, folder):
        """Writes every landed file into a host folder."""
        os.makedirs(folder, exist_ok=True)
        for name, data in self.files.items():
            with open(os.path.join(folder, name), "wb") as f:
                f.write(data)

    @classmethod
    def load(cls, folder, durable="sync"):
        files = {}
        if os.path.isdir(folder):
            for name in os.listdir(folder):
                with open(os.path.join(folder, name), "rb") as f:
                    files[name] = f.read()
        return cls(files, durable)


class _Reader:
    def __init__(self, flash, name):
        self.flash = flash
        self.name = name
        self.pos = 0

    def read(self, n=-1):
        self.flash._alive()
        data = self.flash.files.get(self.name, b"")
        end = len(data) if n is None or n < 0 else self.pos + n
        out = data[self.pos:end]
        self.pos += len(out)
        return out

    def close(self):
        self.flash._alive()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class _Writer:
    def __init__(self, flash, name, append):
        self.flash = flash
        self.name = name
        old = flash.files.get(name)
        if old is None or flash.durable == "write" and not append:
            flash.files[name] = b""  # created (or truncated) now
        self.data = bytearray(flash.files[name] if append else b"")
        self.dirty = bool(not append and old)  # a truncation still to land (sync model)
        self.pending = 0  # bytes written, not landed (sync model): room already taken
        self.closed = False
        flash._writers[name] = self

    def write(self, data):
        self._open()
        data = bytes(data)
        flash = self.flash
        if flash.room is not None and flash.used() + self.pending + len(data) > flash.room:
            raise OSError(errno.ENOSPC, "no space left", self.name)
        self.flash._step("write", self.name, data)
        if self.flash.durable == "sync":
            self.pending += len(data)
        self.data += data
        self.flash.written += len(data)
        if self.flash.durable == "write":
            self.flash.files[self.name] = bytes(self.data)
        self.dirty = True
        return len(data)

    def flush(self):
        self._open()
        self.flash._step("flush")
        self._land()

    def close(self):
        if self.closed:
            return
        self.flash._step("close")
        self._land()
        self.closed = True
        del self.flash._writers[self.name]

    def _land(self):
        if self.dirty:
            if self.flash.durable == "sync":
                self.flash.files[self.name] = bytes(self.data)
            self.flash.syncs += 1
        self.dirty = False
        self.pending = 0

    def _open(self):
        if self.closed:
            raise ValueError("I/O operation on closed file")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
