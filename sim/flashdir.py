"""The simulated flash kept in a host folder, so that quitting and starting the simulator
again is a power cycle: the device boots from what its flash held.

One file in the folder per file on the flash. The folder is mirrored after every change
that landed on the simulated flash (sim.flash.Flash keeps only what landed), each file
written to a temporary name first and renamed, so a simulator killed mid-write leaves
the old or the new copy, never half of one. A marker file says the folder is a flash's:
a folder holding anything else is refused rather than emptied. Names starting with a
dot (the marker, temporary copies) are the folder's own, never the flash's.
"""
import os

from sim.flash import Flash

MARKER = ".sim-flash"
_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def default_folder(board):
    """Where a board's flash lives unless --flash says: .sim-flash/<board> in the repo."""
    return os.path.join(_ROOT, ".sim-flash", board)


class FlashFolder:
    def __init__(self, path):
        self.path = path
        self._on_disk = {}  # name -> the bytes the folder holds for it

    def open(self, fresh=False):
        """A Flash holding what the folder holds (nothing with fresh, which also empties
        the folder). Raises ValueError for a folder that is not a simulated flash's."""
        path = self.path
        if os.path.exists(path):
            if not os.path.isdir(path):
                raise ValueError("%s is not a folder" % path)
            entries = os.listdir(path)
            if entries and MARKER not in entries:
                raise ValueError("%s holds files but no %s marker: not a simulated flash"
                                 % (path, MARKER))
        os.makedirs(path, exist_ok=True)
        with open(os.path.join(path, MARKER), "w") as f:
            f.write("The simulator's flash: python -m sim --flash %s\n" % path)
        for name in os.listdir(path):
            full = os.path.join(path, name)
            if name.startswith(".") or not os.path.isfile(full):
                continue
            with open(full, "rb") as f:
                self._on_disk[name] = f.read()
        if fresh:
            flash = Flash()
            self.sync(flash)
            return flash
        return Flash(self._on_disk)

    def sync(self, flash):
        """Writes the files that changed, removes those the flash no longer has."""
        for name, data in flash.files.items():
            if self._on_disk.get(name) != data:
                self._write(name, data)
        for name in [n for n in self._on_disk if n not in flash.files]:
            os.remove(os.path.join(self.path, name))
            del self._on_disk[name]

    def _write(self, name, data):
        if not name or name.startswith(".") or os.sep in name or (os.altsep and os.altsep in name):
            raise ValueError("flash file %r has no place in a host folder" % name)
        part = os.path.join(self.path, ".part-" + name)
        with open(part, "wb") as f:
            f.write(data)
        os.replace(part, os.path.join(self.path, name))
        self._on_disk[name] = data
