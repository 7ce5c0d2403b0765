# The settings and their file (app.settings): kept across boots, written only when they
# change; a file that does not read back is set aside with a notice; in one that does,
# every field is checked, and one the device could not have written keeps its default,
# said once. Runs on CPython and MicroPython, on a flash in a dict (tools/dictfs.py).
# mp-heap: 128K  (the last test builds an app on the OLED)
from binascii import crc32

from app.settings import SEAT_MOST, TEAM_MOST, TEAM_NAMES, Settings
from app.settings import VERSION
from app.settingsfile import BAD_SETTINGS
from tools.dictfs import Files
from hw.files import UNKNOWN, u32
from truc import rules as R
from truc import variants as V


def _saved(**fields):
    # A flash holding the settings with fields changed from the defaults, and its bytes.
    fs = Files()
    s = Settings(fs)
    for name, value in fields.items():
        setattr(s, name, value)
    assert s.save()
    return fs, fs.files["truc.cfg"]


def _sealed(body):
    # body (a settings file without its check) with a good crc32.
    return bytes(body) + u32(crc32(bytes(body)))


def test_settings_are_kept_and_written_only_when_they_change():
    fs = Files()
    s = Settings(fs)
    assert s.load() == ""  # nothing saved yet: the defaults
    assert s.save() and not s.save()
    s.language = "es"
    s.timeout = 300
    s.names[2] = "ÀNGE"
    s.names[TEAM_NAMES] = "NOSALTRES"
    before = fs.files["truc.cfg"]
    assert s.save() and fs.files["truc.cfg"] != before
    assert not s.save()
    t = Settings(fs)
    assert t.load() == ""
    assert (t.language, t.timeout, t.names) == \
        ("es", 300, ["", "", "ÀNGE", "", "", "", "NOSALTRES", ""])
    assert not t.save()  # what it read is what is there


def test_the_last_new_match_and_the_help_seen_are_kept_and_older_files_still_load():
    fs, first = _saved(timeout=60)
    s = Settings(fs)
    s.load()
    s.setup[:] = b"\x02\x04\x92"
    assert s.save()  # a changed set-up is written
    s.helped = True
    assert s.save() and not s.save()
    t = Settings(fs)
    assert t.load() == ""
    assert bytes(t.setup) == b"\x02\x04\x92" and t.helped
    # As written before these came (and sharing's 2 bytes: off, no password).
    fs.files["truc.cfg"] = _sealed(first[:-10])
    t = Settings(fs)
    assert t.load() == ""
    assert bytes(t.setup) == b"\x00\x00\x00" and not t.helped and t.timeout == 60


def test_sharing_and_its_password_are_kept_and_files_without_them_still_load():
    fs, first = _saved(helped=True)
    s = Settings(fs)
    assert s.load() == ""
    s.sharing = True
    s.password = "abcdefghjk"
    assert s.save() and not s.save()
    t = Settings(fs)
    assert t.load() == "" and t.sharing and t.password == "abcdefghjk" and t.helped
    fs.files["truc.cfg"] = _sealed(first[:-6])  # written before sharing came
    t = Settings(fs)
    assert t.load() == "" and not t.sharing and t.password == "" and t.helped


def test_an_impossible_password_or_sharing_byte_keeps_the_defaults_and_is_said():
    for sharing, password in ((2, b"abcdefghjk"), (1, b"short"), (1, b"abc defghjk"),
                              (1, b"\xff" * 10), (1, "àbcdefghjk".encode("utf-8"))):
        fs, first = _saved(helped=True)
        body = bytearray(first[:-6])
        body.append(sharing)
        body.append(len(password))
        body.extend(password)
        fs.files["truc.cfg"] = _sealed(body)
        t = Settings(fs)
        assert t.load() == BAD_SETTINGS, (sharing, password)
        assert not t.sharing and t.password == "" and t.helped


def test_a_file_that_does_not_read_back_is_set_aside_and_the_defaults_stay():
    fs, good = _saved(language="es", timeout=30)
    for data, note in ((good[:-1], BAD_SETTINGS), (b"\x00" * 20, BAD_SETTINGS),
                       (good[:3] + bytes((VERSION + 1,)) + good[4:], UNKNOWN),
                       (b"", BAD_SETTINGS), (good[:-4] + b"\x00\x00\x00\x00", BAD_SETTINGS),
                       (_sealed(good[:-5]), BAD_SETTINGS),  # a field cut short
                       (_sealed(good[:-4] + b"\x00"), BAD_SETTINGS)):  # a byte too many
        fs.files = {"truc.cfg": data}
        t = Settings(fs)
        assert t.load() == note, data
        assert (t.language, t.timeout) == ("ca", 120)
        assert t.set_aside == [("truc.cfg", "truc.cfg.bad1")]
        assert fs.files == {"truc.cfg.bad1": data}


def _fields(s):
    return (s.language, s.timeout, list(s.names), bytes(s.setup), s.helped)


def test_each_impossible_field_keeps_its_default_the_others_load_and_it_is_said_once():
    # Issue 26 item 2: a file with a good crc and an impossible "last new match" crashed
    # every boot (canton target bits 3, players 3 or 0). Each field is checked.
    names = ["PEP", "", "", "", "", "", "ELLS", ""]
    fs, good = _saved(language="es", timeout=300, names=names, helped=True,
                      setup=bytearray((V.VALENCIA, 4, 0x92)))
    lang = 6  # where the language's length byte is
    at_names = lang + 1 + len("es") + 1  # PEP's length byte
    at_setup = len(good) - 10  # then help seen, sharing, the password (none), crc
    bad_name = at_names + 1  # PEP's first byte
    cases = [  # (offset, new bytes, the field that falls back)
        (at_setup + 2, bytes((0x92 | R.OPT_TARGET,)), "setup"),  # canton target 3
        (at_setup + 1, b"\x03", "setup"),  # players 3
        (at_setup + 1, b"\x00", "setup"),  # players 0
        (at_setup, bytes((V.COUNT + 1,)), "setup"),  # no such variant
        (at_setup + 2, bytes((0x92 | R.OPT_PECES4,)), "setup"),  # peces outside mallorca
        (at_setup + 2, bytes((0x92 | R.OPT_ALTERNATE,)), "setup"),  # punta with 4 players
        (at_setup, b"\x00", "setup"),  # no variant, yet players and options
        (at_setup + 3, b"\x02", "helped"),
        (4, u32(45)[:2], "timeout"),  # not one the menu offers
        (lang + 1, b"zz", "language"),  # a language the device lacks (no ISO 639 code)
        (bad_name, b"\xff", "names"),  # not UTF-8
        (bad_name, b"\xc3", "names"),  # a character cut in two
        (bad_name, b"\x07", "names"),  # a control character (issue 33 item 10)
        (bad_name + 1, b"\x7f", "names"),  # DEL
        (bad_name, b"\xc2\x85", "names"),  # U+0085, a C1 control
    ]
    for at, new, field in cases:
        data = bytearray(good[:-4])
        data[at:at + len(new)] = new
        fs.files = {"truc.cfg": _sealed(data)}
        s = Settings(fs)
        assert s.load() == BAD_SETTINGS, (at, new)
        assert s.set_aside == [] and "truc.cfg" in fs.files  # the file stays
        expected = {"language": "es", "timeout": 300, "names": names,
                    "setup": bytes((V.VALENCIA, 4, 0x92)), "helped": True}
        expected[field] = {"language": "ca", "timeout": 120, "names": None,
                           "setup": b"\x00\x00\x00", "helped": False}[field]
        got = dict(zip(("language", "timeout", "names", "setup", "helped"), _fields(s)))
        if field == "names":
            assert got["names"] == [""] + names[1:], got  # only that name goes
            del got["names"], expected["names"]
        assert got == expected, (at, new, got)
        # Said once: the first save writes what was kept, and the next boot is quiet.
        assert s.save()
        again = Settings(fs)
        assert again.load() == "" and _fields(again) == _fields(s)
    # A name longer than the names screen gives: seats and teams have their own limits.
    for seat, most in ((0, SEAT_MOST), (TEAM_NAMES, TEAM_MOST)):
        for length, kept in ((most, True), (most + 1, False)):
            s = Settings()
            s.names[seat] = "X" * length
            fs, _ = _saved(names=s.names)
            t = Settings(fs)
            assert t.load() == ("" if kept else BAD_SETTINGS)
            assert t.names[seat] == ("X" * length if kept else "")


def test_every_setup_new_match_offers_loads_and_a_device_with_it_opens_new_match():
    # The settings accept exactly the set-ups the rules take: every one of the tables.
    from ui.canvas import Canvas
    from app.app import App

    for variant in range(1, V.COUNT + 1):
        for players in R.PLAYER_COUNTS:
            for options in (V.PRESET_OPTIONS[variant], 0, R.OPT_ALL & ~R.OPT_TARGET | 2):
                setup = bytearray((variant, players, options))
                fs, _ = _saved(setup=setup)
                s = Settings(fs)
                ok = V.setup_ok(variant, players, options)
                assert s.load() == ("" if ok else BAD_SETTINGS)
                assert bytes(s.setup) == (bytes(setup) if ok else b"\x00\x00\x00")
    s = Settings()
    s.setup[:] = bytes((V.PALACIOS, 6, V.PRESET_OPTIONS[V.PALACIOS]))
    app = App(Canvas(128, 64, mono=True), settings=s, keys=3)
    assert app.top_name() == "newmatch" and app.top().players == 6


def test_a_settings_file_set_aside_past_the_99th_keeps_every_one_before():
    fs = Files()
    for n in range(1, 100):
        fs.files["truc.cfg.bad%d" % n] = b"old %d" % n
    fs.files["truc.cfg"] = b"damaged"
    s = Settings(fs)
    assert s.load() == BAD_SETTINGS
    assert s.set_aside == [("truc.cfg", "truc.cfg.bad100")]
    assert all(fs.files["truc.cfg.bad%d" % n] == b"old %d" % n for n in range(1, 100))
