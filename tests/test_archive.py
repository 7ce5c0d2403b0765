# The archive of past matches (hw.archive): a bounded ring of whole matches that survives a
# power cut at every write of the archiving; damaged files are set aside and said. The
# flash: sim.flash on CPython (both of its models), littlefs on a RAM device on MicroPython.
# mp-heap: 256K  (a 64 KB flash image and its scratch copy)
import sys

from truc.match import Match
from truc import tablelog
from hw.archive import Archive, summary, teams
from binascii import crc32

MICRO = sys.implementation.name == "micropython"
if MICRO:
    import ramflash
else:
    from sim.flash import Flash

_SHORT = ("variant palacios", "dealer 0", "truc A", "vull B", "baza A", "baza A")


def _match(extra=0):
    """A short match; extra more bazas make each one different."""
    m = Match()
    for line in _SHORT:
        assert tablelog.run(m, line) is None, line
    for i in range(extra):
        assert tablelog.run(m, "baza %s" % "AB"[i % 2]) is None
    return m


class _Lfs:
    def __init__(self, dev):
        vfs = ramflash.mount(dev)
        self.open = vfs.open
        self.rename = vfs.rename
        self.stat = vfs.stat
        self.dev = dev


_IMAGES = [ramflash.RamFlash(16).data, ramflash.RamFlash(16).data] if MICRO else []
_CURRENT = [None, None]


def _device(slot, erase=True):
    if _CURRENT[slot] is not None:
        _CURRENT[slot].dead = True
    dev = _CURRENT[slot] = ramflash.RamFlash(data=_IMAGES[slot])
    if erase:
        dev.reset()
        ramflash.make_fs(dev)
    return dev


def _new_fs(durable="sync"):
    return _Lfs(_device(0)) if MICRO else Flash(durable=durable)


def _history(m):
    return bytes(m.dump())


def _kept(fs, slots, names=False):
    """The histories the archive holds (with names: and their team names), newest first;
    asserts nothing was set aside."""
    a = Archive(fs, slots=slots)
    out = []
    for _, name, head in a.matches():
        m = Match()
        assert a.load(name, m)
        out.append((_history(m), tuple(teams(head))) if names else _history(m))
    assert a.set_aside == [], a.set_aside
    return out


def test_keeps_the_last_slots_matches_newest_first():
    fs = _new_fs()
    a = Archive(fs, slots=3)
    made = []
    for i in range(5):
        m = _match(i)
        assert a.keep(m)
        made.append(_history(m))
    assert _kept(fs, 3) == made[:1:-1]  # the last 3, newest first
    found = Archive(fs, slots=3).matches()
    assert [seq for seq, _, _ in found] == [4, 3, 2]
    assert summary(found[0][2]) == (m.variant(), 6, m.cantons(0), m.cantons(1), m.points(0),
                                    m.points(1), m.winner(), m.round())
    assert m.points(0) + m.points(1) and m.round() > 1


def test_skips_an_empty_match_and_the_one_just_kept():
    fs = _new_fs()
    a = Archive(fs, slots=3)
    m = Match()
    assert not a.keep(m)  # nothing chosen
    tablelog.run(m, "variant valencia")
    tablelog.run(m, "dealer 0")
    assert not a.keep(m)  # set up, nothing played
    m = _match(1)
    assert a.keep(m)
    assert not a.keep(m)  # twice: kept once
    assert not Archive(fs, slots=3).keep(m)  # also after a reboot
    assert tablelog.run(m, "baza B") is None
    assert a.keep(m)
    assert len(_kept(fs, 3)) == 2


def test_the_redo_tail_is_not_kept():
    fs = _new_fs()
    m = _match(2)
    assert m.undo() is None and m.can_redo()
    assert Archive(fs).keep(m)
    a = Archive(fs)
    back = Match()
    assert a.load(a.matches()[0][1], back)
    assert not back.can_redo() and back.state == m.state


def _put(fs, name, data):
    f = fs.open(name, "wb")
    f.write(data)
    f.close()


def _get(fs, name):
    f = fs.open(name, "rb")
    try:
        return f.read()
    finally:
        f.close()


def test_damaged_files_are_set_aside_and_said():
    fs = _new_fs()
    a = Archive(fs, slots=4)
    for i in range(3):
        assert a.keep(_match(i))
    good = _get(fs, "truc.a01")
    flipped = bytearray(good)
    flipped[30] ^= 1
    _put(fs, "truc.a01", flipped)
    _put(fs, "truc.a02", b"TRA\x03" + good[4:])  # a version this code does not know
    _put(fs, "truc.a03", b"junk")
    b = Archive(fs, slots=4)
    assert [seq for seq, _, _ in b.matches()] == [0]
    assert sorted(b.set_aside) == [("truc.a01", "truc.a01.bad1", "bad checksum"),
                                   ("truc.a02", "truc.a02.bad1", "not an archive"),
                                   ("truc.a03", "truc.a03.bad1", "not an archive")]
    assert _get(fs, "truc.a01.bad1") == flipped  # kept, never deleted
    assert b.keep(_match(5))  # seq 1 goes to slot 1, the one set aside
    assert [seq for seq, _, _ in Archive(fs, slots=4).matches()] == [1, 0]


def test_power_cut_at_every_write_of_the_archiving():
    # The ring full (3 of 3), then a 4th match replaces the oldest: at every cut point
    # the archive reads back either as it was or with the new match, nothing set aside.
    kinds = ("sync",) if MICRO else ("sync", "write")
    for durable in kinds:
        fs = _new_fs(durable)
        a = Archive(fs, slots=3)
        for i in range(3):
            a.keep(_match(i), ("N%d" % i, ""))
        new = _match(7)
        before = _kept(fs, 3, True)
        after = [(_history(new), ("NOS", "ÈLS"))] + before[:2]
        tried = [0]
        seen = set()
        if MICRO:
            dev = fs.dev
            scratch = _device(1).data

            def on_op(d, kind, block, off, data):
                for torn in (None, 1, len(data) // 2) if kind == "prog" else (None, 1):
                    d.image_into(scratch, kind, block, off, data, torn)
                    got = _kept(_Lfs(_device(1, False)), 3, True)
                    assert got == before or got == after
                    seen.add(got == after)
                    tried[0] += 1

            dev.on_op = on_op
            assert a.keep(new, ("NOS", "ÈLS"))
            dev.on_op = None
        else:
            def on_step(fl, kind, nbytes):
                cuts = [None]
                if kind == "write" and durable == "write":
                    cuts += [1, nbytes // 2, nbytes - 1]
                for torn in cuts:
                    got = _kept(fl.reboot(torn=torn) if torn else fl.reboot(), 3, True)
                    assert got == before or got == after
                    seen.add(got == after)
                    tried[0] += 1

            fs.on_step = on_step
            assert a.keep(new, ("NOS", "ÈLS"))
            fs.on_step = None
        assert _kept(fs, 3, True) == after
        assert tried[0] >= 4 and False in seen, (durable, tried, seen)
        print("archive power cuts (%s): %d cut points, each the old or the new archive"
              % ("littlefs" if MICRO else durable, tried[0]))


def test_a_file_takes_what_the_readme_says():
    fs = _new_fs()
    m = Match()
    for line in ("variant mallorca", "set players=2 canton=12 cantons=3", "dealer 0"):
        tablelog.run(m, line)
    for i in range(100):
        if tablelog.run(m, "baza %s" % "AB"[i % 2]):
            break
    n = m.entries()
    a = Archive(fs)
    a.keep(m)
    size = fs.stat("truc.a00")[6]
    assert size == 8 + 9 + 2 + 2 + 39 + 4 + 3 * n + 4, (size, n)  # 68 B + 3 a command
    assert tablelog.run(m, "undo") is None
    a.keep(m, ("NÓS", "ELLS"))  # and the names' UTF-8 bytes ("Ó" takes 2)
    assert fs.stat("truc.a01")[6] == size - 3 + 4 + 4


def test_the_team_names_are_kept_with_the_match():
    fs = _new_fs()
    a = Archive(fs, slots=4)
    assert a.keep(_match(0), ("NÓS", "ELLS"))
    assert a.keep(_match(1))  # no names given: the letters
    assert a.keep(_match(2), ("", "VOS"))
    # More than a name can be, or a control character: none. Nine accented letters
    # (18 bytes of UTF-8) are a name the names screen gives: kept.
    assert a.keep(_match(3), ("X" * 10, "ÀÀÀÀ"))
    found = Archive(fs, slots=4).matches()
    assert [teams(head) for _, _, head in found] == [["A", "ÀÀÀÀ"], ["A", "VOS"], ["A", "B"],
                                                     ["NÓS", "ELLS"]]
    m = _match(2)
    assert summary(found[1][2]) == (m.variant(), 6, m.cantons(0), m.cantons(1), m.points(0),
                                    m.points(1), m.winner(), m.round())
    assert not a.keep(_match(3), ("NEW", "ONES"))  # the newest, renamed: not kept again
    assert len(Archive(fs, slots=4).matches()) == 4
    assert a.keep(_match(4), ("ÀÈÉÍÏÒÓÚÜ", "N\x07S"))
    assert a.keep(_match(5), ("ÇÇÇÇÇÇÇÇÇ", "N\x85S"))  # U+0085: a C1 control
    more = Archive(fs, slots=4).matches()
    assert [teams(head) for _, _, head in more[:2]] == [["ÇÇÇÇÇÇÇÇÇ", "B"],
                                                        ["ÀÈÉÍÏÒÓÚÜ", "B"]]


def _version_1(data):
    """A version 2 file as version 1 wrote it: no team names."""
    at = 8 + 9
    names = 2 + data[at] + data[at + 1 + data[at]]
    old = bytearray(data[:at] + data[at + names:len(data) - 4])
    old[3] = 1
    return bytes(old) + (crc32(old) & 0xFFFFFFFF).to_bytes(4, "little")


def test_a_version_1_file_still_loads_with_the_team_letters():
    fs = _new_fs()
    a = Archive(fs, slots=4)
    m = _match(3)
    assert a.keep(_match(2), ("NOS", "ELLS")) and a.keep(m, ("NOS", "ELLS"))
    v2 = _get(fs, "truc.a01")
    _put(fs, "truc.a01", _version_1(v2))
    assert len(_get(fs, "truc.a01")) == len(v2) - 2 - 3 - 4
    b = Archive(fs, slots=4)
    found = b.matches()
    assert b.set_aside == [] and [seq for seq, _, _ in found] == [1, 0]
    assert teams(found[0][2]) == ["A", "B"] and teams(found[1][2]) == ["NOS", "ELLS"]
    assert summary(found[0][2]) == summary(Archive(fs, slots=4).matches()[0][2])
    back = Match()
    assert b.load("truc.a01", back) and back.state == m.state and _history(back) == _history(m)
    assert not b.keep(m)  # the same match as the newest (version 1) file: not kept again
    assert b.keep(_match(5), ("A1", "B1"))  # a new one next to it, in version 2
    assert [teams(h) for _, _, h in Archive(fs, slots=4).matches()] == [
        ["A1", "B1"], ["A", "B"], ["NOS", "ELLS"]]


def _crafted(data, at, new):
    """data with bytes at..at+len(new) replaced by new, its crc32 made good again."""
    out = bytearray(data[:len(data) - 4])
    out[at:at + len(new)] = new
    return bytes(out) + (crc32(out) & 0xFFFFFFFF).to_bytes(4, "little")


def test_a_sequence_at_the_end_of_its_range_is_set_aside_and_every_keep_kept():
    # A crafted seq 0xFFFFFFFF (in its slot, 0xFFFFFFFF % 20) made every keep after a
    # reboot go to one slot: 1 of 4 matches left.
    fs = _new_fs()
    assert Archive(fs).keep(_match(9))
    _put(fs, "truc.a15", _crafted(_get(fs, "truc.a00"), 4, b"\xff\xff\xff\xff"))
    made = [_history(_match(9))]
    for i in range(4):
        a = Archive(fs)  # a reboot between keeps: a new Archive
        assert a.keep(_match(i))
        made.insert(0, _history(_match(i)))
        assert a.set_aside == ([("truc.a15", "truc.a15.bad1", "seq 4294967295 in slot 15")]
                               if i == 0 else [])
    assert _kept(fs, 20) == made


def test_the_sequence_wraps_to_0_in_its_slot_and_the_newest_stays_first():
    fs = _new_fs()
    assert Archive(fs, slots=3).keep(_match(0))
    last = (3 << 24) - 1  # the highest seq of a ring of 3, in slot 2
    _put(fs, "truc.a02", _crafted(_get(fs, "truc.a00"), 4, last.to_bytes(4, "little")))
    fs.rename("truc.a00", "truc.a00.old")
    for i in (1, 2, 3):
        assert Archive(fs, slots=3).keep(_match(i))
    found = Archive(fs, slots=3).matches()
    assert [(seq, name) for seq, name, _ in found] == [(2, "truc.a02"), (1, "truc.a01"),
                                                      (0, "truc.a00")]


def test_a_file_whose_facts_are_not_ours_is_set_aside_with_why():
    # The summary within the rules' tables, the sequence in its slot, the dump replaying
    # to the summary: else set aside.
    fs = _new_fs()
    a = Archive(fs, slots=4)
    assert a.keep(_match(0), ("NOS", "ELLS"))
    good = _get(fs, "truc.a00")
    bad = {
        "variant 7": (_crafted(good, 8, b"\x07"), "bad summary"),
        "players 3": (_crafted(good, 9, b"\x03"), "bad summary"),
        "winner 5": (_crafted(good, 14, b"\x05"), "bad summary"),
        "seq 1 in slot 0": (_crafted(good, 4, b"\x01"), "seq 1 in slot 0"),
    }
    for what, (data, why) in bad.items():
        _put(fs, "truc.a00", data)
        b = Archive(fs, slots=4)
        assert b.matches() == [], what
        assert [(old, w) for old, _, w in b.set_aside] == [("truc.a00", why)], what
    # A name that is not one the names screen gives: the match is readable, kept and
    # listed, the team named by its letter (it vanished from Past matches and pull).
    for name in (b"\xffOS", b"\x1bOS", b"N\xc2\x85S"):
        data = good[:17] + bytes((len(name),)) + name + good[21:len(good) - 4]  # was NOS
        _put(fs, "truc.a00", data + (crc32(data) & 0xFFFFFFFF).to_bytes(4, "little"))
        b = Archive(fs, slots=4)
        found = b.matches()
        back = Match()
        assert b.set_aside == [] and len(found) == 1, name
        assert teams(found[0][2])[0] == "A" and b.load("truc.a00", back) \
            and _history(back) == _history(_match(0)), name
    # A summary the dump does not replay to: listed (the summary reads), not loaded.
    _put(fs, "truc.a00", _crafted(good, 10, b"\x01"))  # cantons A 1
    b = Archive(fs, slots=4)
    found = b.matches()
    assert len(found) == 1 and not b.load("truc.a00", Match())
    assert [(old, w) for old, _, w in b.set_aside] == [("truc.a00",
                                                       "summary differs")]


def _fill(fs):
    """Files as big as the flash takes (big writes, then small ones for what littlefs
    gave back): then an archive file no longer fits."""
    for name, size in (("fill", 256), ("fill2", 16)):
        f = fs.open(name, "wb")
        try:
            while True:
                f.write(bytes(size))
                if MICRO:
                    f.flush()
        except OSError as e:
            assert e.args[0] == 28, e.args  # ENOSPC: what main says as "flash full"
        try:
            f.close()
        except OSError:
            pass


def test_a_full_flash_refuses_the_keep_with_enospc_and_the_ring_stays():
    # main.start turns this error into "Not archived: flash full", marks the score and
    # keeps the match in the journal until a keep succeeds.
    if MICRO:
        fs = _new_fs()
    else:
        from tools.dictfs import Files

        fs = Files(room=16 * 1024)
    a = Archive(fs, slots=4)
    assert a.keep(_match(0)) and a.keep(_match(1))
    before = _kept(fs, 4)
    _fill(fs)
    try:
        Archive(fs, slots=4).keep(_match(40))  # 200 bytes: past littlefs' inline files
        raise AssertionError("kept on a full flash")
    except OSError as e:
        assert e.args[0] == 28, e.args
    assert _kept(fs, 4) == before


class _Starved:
    """A filesystem whose reads run out of heap while `starved` is set."""

    def __init__(self, fs):
        self.fs = fs
        self.starved = False
        self.stat = fs.stat
        self.rename = fs.rename

    def open(self, name, mode="rb"):
        f = self.fs.open(name, mode)
        if self.starved and "r" in mode:
            f.close()
            raise MemoryError("starved")
        return f


def test_running_out_of_heap_while_reading_sets_nothing_aside():
    fs = _new_fs()
    assert Archive(fs, slots=4).keep(_match(0), ("NOS", "ELLS"))
    assert Archive(fs, slots=4).keep(_match(1))
    starved = _Starved(fs)
    a = Archive(starved, slots=4)
    starved.starved = True
    for read in (a.matches, lambda: a.load("truc.a01", Match()), lambda: a.load("truc.a00"),
                 lambda: a.keep(_match(2))):
        try:
            read()
            raise AssertionError("no MemoryError")
        except MemoryError:
            pass
    starved.starved = False
    assert a.set_aside == [] and len(a.matches()) == 2 and a.set_aside == []
    m = a.load("truc.a00")
    assert _history(m) == _history(_match(0)) and m.entries() == _match(0).entries()
