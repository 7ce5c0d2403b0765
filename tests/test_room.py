# The room kept for sharing's password (hw.room): one block taken at boot while the flash
# has room, given up on a full flash for the settings file with a new password, which the
# next boot reads back. On CPython, a flash in a dict with a size, where the settings'
# save finds no room without it. On MicroPython, littlefs on a RAM device with the ESP32's
# 4 KB blocks, filled with data: there the settings file (inline in its directory) still
# fits, with or without the room; a directory crammed with names refuses a new file with
# ENAMETOOLONG (36) even with blocks free, which no room given helps.
# mp-heap: 128K  (a 64 KB flash image)
import sys

from app.settings import Settings
from hw import room

MICRO = sys.implementation.name == "micropython"
_BLOCKS = 16


def _flash():
    if MICRO:
        import ramflash

        dev = ramflash.RamFlash(_BLOCKS)
        ramflash.make_fs(dev)
        return ramflash.mount(dev)
    from tools.dictfs import Files

    return Files(room=_BLOCKS * 4096)


def _fill(fs):
    n = 0
    # Files of 1 KB, then (a flash in a dict) of 16 B and 1 B, until it takes no more:
    # not on littlefs, where small files crammed into the directory refuse any new name.
    for size in (1024,) if MICRO else (1024, 16, 1):
        data = bytes(size)
        while True:
            n += 1
            try:
                f = fs.open("fill%d" % n, "wb")
                try:
                    f.write(data)
                finally:
                    f.close()
            except OSError as e:
                assert e.args[0] in (28, 36), e.args  # ENOSPC (littlefs: 36 too
                break  # for a new file's name when its directory is full)


def _save_fails(s):
    try:
        s.save()
    except OSError as e:
        assert e.args[0] in (28, 36), e.args  # littlefs: ENAMETOOLONG for truc.tmp's name
        return True
    return False


def test_the_room_kept_takes_a_new_password_on_a_full_flash():
    fs = _flash()
    s = Settings(fs)
    assert s.load() == "" and s.save()
    room.keep(fs)
    assert fs.stat(room.NAME)[6] == room.SIZE
    room.keep(fs)  # whole: nothing more
    _fill(fs)
    s.password, s.sharing = "abcdefgh23", True
    given = _save_fails(s)  # as the password's save found it before
    assert given or MICRO  # littlefs: inline in its directory, it may fit as it is
    if given:
        assert room.give(fs) and fs.stat(room.NAME)[6] == 0
        assert not room.give(fs)  # given once
        assert s.save()  # in the room given
    again = Settings(fs)
    assert again.load() == "" and again.password == "abcdefgh23" and again.sharing
    room.keep(fs)  # the flash still full: the room is not made again, and nothing raises
    assert fs.stat(room.NAME)[6] < room.SIZE or not given

