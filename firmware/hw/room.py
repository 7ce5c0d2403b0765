# Room kept on flash for the shared network's password: truc.rsv, one 4 KB block of
# littlefs, made at boot while the flash has room (app.boot) and given up by hw.listen for
# the save of a password just drawn when the flash is full, so that it is on flash before
# any phone learns it and the same after every reboot.
#
# Why room and not a password derived from something already there: nothing on the board
# is secret from the phones (the match, its names and the past matches are on the page;
# the chip's id names the network, its MAC is on the air), and the password must not be
# guessable. The block is taken only while the flash has room to spare, so a full flash
# has given the match every block but that one; a settings file fits in it whole (about
# 100 B). On littlefs a flash full of data still takes the settings file inline in its
# directory (tests/test_room.py): the room is for when it needs a block of its own.
from micropython import const

from hw import files

NAME = "truc.rsv"
SIZE = const(4096)
_PIECE = const(256)  # written in pieces: no 4 KB block of heap at boot


def keep(fs):
    """Makes the room whole again if the flash lets it (a full one: it stays as it is)."""
    try:
        have = fs.stat(NAME)[6]
    except OSError:
        have = 0
    if have >= SIZE:
        return
    try:
        # Appended to: what is there stays if the flash fills on the way.
        f = fs.open(NAME, "ab" if have else "wb")
        files.write_closed(f, (bytes(_PIECE),) * ((SIZE - have + _PIECE - 1) // _PIECE))
    except OSError:
        pass


def give(fs):
    """Empties the room (its blocks free for what is saved next); True if it held any."""
    try:
        if not fs.stat(NAME)[6]:
            return False
        fs.open(NAME, "wb").close()
    except OSError:
        return False
    return True
