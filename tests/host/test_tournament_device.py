"""The device's side of the tournament (docs/TOURNAMENT.md) against a real Mosquitto:
the simulated board runs the firmware's tournament mode (hw.tournament, its MQTT client
hw.mqtt) through real loopback sockets; a paho-mqtt client plays the director."""
import json
import subprocess
import sys

import pytest

from sim import headless
from sim import tournament as table
from sim.flash import Flash
from tools.replay import describe
from truc import tablelog
from truc.match import Match
from hw import tourfile
from tests.host.broker import Broker, Director, need_mosquitto

PASSWORD = "k3m9p2x7q4w8r6t5"
LOG = "tools/logs/mallorca.log"


@pytest.fixture
def venue(tmp_path):
    need_mosquitto()
    broker = Broker(tmp_path, {"table7": PASSWORD, "table8": "a" * 16})
    director = Director(broker.port, 7)
    yield broker, director
    director.close()
    broker.kill()


def _config(port, table_no=7):
    return table.config("mqtt://table%d:%s@127.0.0.1:%d" % (table_no, PASSWORD, port),
                        table_no)


def _replayed(lines):
    m = Match()
    assert tablelog.play(m, lines) is None
    return describe(m)


def _log_lines():
    with open(LOG, "rb") as f:
        return tablelog.split(f.read())


def test_every_command_arrives_once_in_order(venue):
    broker, director = venue
    director.assign("m1")
    device, fingers, error = headless.prepare("tdisplay", "en", _log_lines(),
                                              tournament=_config(broker.port))
    assert error is None
    assert table.wait(device, lambda: table.sent(device), 20)
    held = director.lines()
    assert held[0] == "variant mallorca"
    assert held[1].startswith("set players=2 canton=12 cantons=3 ")
    assert _replayed(held) == describe(device.app.match)
    assert device.app.tournament.outbox.match_id == "m1"
    seqs = [int(p.split(" ")[1]) for p in director.payloads]
    # In order; a command the director's `have` was slow to cover may come again (the
    # device resends after 5 s of its time): dropped, and counted.
    assert sorted(set(seqs)) == list(range(1, len(held) + 1))
    assert len(seqs) - len(held) == director.duplicates


def test_between_turns_tournament_mode_keeps_only_its_state(venue):
    # Connected, the match sent: what the turns imported (the client, the link, the
    # outbox's file, the messages' parsers) is forgotten; the table keeps its socket, not
    # a client. (hw.tourfile and truc.tableline: this process imports them itself.)
    broker, director = venue
    director.assign("m1")
    transient = ("hw.mqtt", "hw.tourlink", "hw.outbox", "hw.payloads")
    for m in transient:  # as on a board (another test of this process may have them)
        sys.modules.pop(m, None)
    device, fingers, error = headless.prepare("tdisplay", "en", _log_lines()[:12],
                                              tournament=_config(broker.port))
    assert error is None
    assert table.wait(device, lambda: table.sent(device), 20)
    device.run(50)
    assert [m for m in transient if m in sys.modules] == []
    tour = device.app.tournament
    assert "hw.tournament" in sys.modules and type(tour.client).__name__ == "socket"


def _joined(broker, director, lines=None):
    """A device joined as table 7, its assignment in (then lines played): (device,
    autopilot)."""
    from sim.autopilot import Autopilot

    director.assign("m1")
    device, fingers, error = headless.prepare("tdisplay", "en", None,
                                              tournament=_config(broker.port))
    assert error is None
    pilot = Autopilot(device, fingers)
    if lines:
        pilot.play(lines)
    return device, pilot


def _all_once(device, director):
    held = director.lines()
    assert _replayed(held) == describe(device.app.match)
    assert len(held) == device.app.tournament.outbox.count


def test_the_broker_killed_and_restarted_mid_match(venue):
    broker, director = venue
    lines = _log_lines()
    device, pilot = _joined(broker, director, lines[:30])
    assert table.wait(device, lambda: table.sent(device), 20)
    before = len(director.lines())
    broker.kill()
    pilot.play(lines[30:])  # play goes on: the device scores without its broker
    assert device.app.match.winner() != 2 or device.app.match.entries() > before
    assert not device.app.tournament.connected()
    assert len(director.lines()) == before
    broker.start()
    assert table.wait(device, lambda: table.sent(device), 40)
    _all_once(device, director)


def test_a_turn_out_of_heap_waits_and_the_players_never_see_it(venue, monkeypatch):
    # A turn whose modules find no room (a screen holds the heap): the loop does not bring
    # the players home; the table leaves the broker, whose stream the turn may have cut,
    # and joins again when there is room, every command arriving once.
    import hw.tourlink

    broker, director = venue
    lines = _log_lines()
    device, pilot = _joined(broker, director, lines[:20])
    assert table.wait(device, lambda: table.sent(device), 20)
    turn = hw.tourlink.turn
    full = [0]

    def no_room(tour, first):
        full[0] += 1
        raise MemoryError

    monkeypatch.setattr(hw.tourlink, "turn", no_room)
    before = device.app.match.entries()
    pilot.play(lines[20:30])
    assert full[0] and not device.app.tournament.connected()
    assert device.loop.recoveries == 0 and device.app.match.entries() > before
    monkeypatch.setattr(hw.tourlink, "turn", turn)
    assert table.wait(device, lambda: table.sent(device), 20)
    _all_once(device, director)


def test_a_power_cut_between_publish_and_acknowledgement(venue):
    broker, director = venue
    lines = _log_lines()
    device, pilot = _joined(broker, director, lines[:20])
    assert table.wait(device, lambda: table.sent(device), 20)
    director.deaf = True  # what the device sends now is lost: no `have` moves
    pilot.play(lines[20:])
    sent = device.app.tournament.sent
    assert sent == device.app.tournament.outbox.count > device.app.tournament.have
    device.pull_battery()  # the outbox on flash: tournament mode on again at boot
    assert device.app.tournament is not None and device.app.tournament.sent == 0
    director.deaf = False
    assert table.wait(device, lambda: table.sent(device), 30)
    _all_once(device, director)


def test_wifi_gone_for_ten_minutes(venue):
    import network

    broker, director = venue
    lines = _log_lines()
    device, pilot = _joined(broker, director, lines[:20])
    assert table.wait(device, lambda: table.sent(device), 20)
    network.drop(True)
    try:
        pilot.play(lines[20:])
        device.run(600_000)  # ten minutes of the device's time
        assert not device.app.tournament.connected()
        assert device.app.tournament.state() == "Joining the WiFi"
    finally:
        network.drop(False)
    assert table.wait(device, lambda: table.sent(device), 40)
    _all_once(device, director)


def test_the_same_command_twice_is_dropped_by_its_seq(venue):
    broker, director = venue
    device, pilot = _joined(broker, director, _log_lines())
    assert table.wait(device, lambda: table.sent(device), 20)
    held = director.lines()
    dropped = director.duplicates
    device.app.tournament.sent = 0  # the whole match again, as after a lost `have`
    assert table.wait(device, lambda: director.duplicates - dropped >= len(held), 20)
    assert director.lines() == held
    _all_once(device, director)


def test_the_command_line(venue, tmp_path):
    """python -m sim --headless --tournament ... --tournament-file FILE --log FILE: exits
    0 once the director holds every command."""
    broker, director = venue
    director.assign("m1")
    path = tmp_path / "truc.trn"
    path.write_bytes(tourfile.format(_config(broker.port)))
    proc = subprocess.run([sys.executable, "-m", "sim", "--headless", "--tournament",
                           "mqtt://127.0.0.1:%d" % broker.port, "--table", "7",
                           "--tournament-file", str(path), "--log", LOG, "--wait", "30"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "the director holds all" in proc.stdout
    state = json.loads(proc.stdout.splitlines()[0])
    assert _replayed(director.lines()) == state


def test_a_director_that_never_answers_fails_the_run(tmp_path):
    """No broker at all: the run says so and exits non-zero (no assignment came)."""
    need_mosquitto()
    from tests.host.broker import free_port

    proc = subprocess.run([sys.executable, "-m", "sim", "--headless", "--tournament",
                           "mqtt://table7:%s@127.0.0.1:%d" % (PASSWORD, free_port()),
                           "--table", "7", "--log", LOG, "--wait", "2"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "no assignment" in proc.stderr


def test_a_bad_tournament_file_is_refused_with_its_reason():
    c = _config(1883)
    data = tourfile.format(c)
    assert tourfile.parse(data).password == PASSWORD
    for bad, why in ((data[:-3], "cut short"), (data.replace(b"port 1883", b"port 1884"), "crc"),
                     (b"", "crc")):
        with pytest.raises(ValueError, match=why):
            tourfile.parse(bad)
    flash = Flash()
    table.provision(flash, c)
    assert tourfile.load(flash).table == 7


def test_a_tournament_file_reads_back_to_its_very_bytes():
    # tools.fuzz tournament: "wifi" with no space after it (no WiFi password), its crc
    # right, was read as "wifi " and written back as another file: refused, as the key's
    # line it is not.
    from binascii import crc32

    data = tourfile.format(_config(1883))
    assert b"\nwifi \n" in data
    body = data[:data.rfind(b"crc ")].replace(b"\nwifi \n", b"\nwifi\n")
    with pytest.raises(ValueError, match="line 8: wifi expected"):
        tourfile.parse(body + b"crc %08x\n" % crc32(body))


@pytest.mark.parametrize("argv, said", (
    (["--tournament", "mqtt://127.0.0.1:1883", "--table", "7"], "needs --headless"),
    (["--headless", "--tournament", "mqtt://127.0.0.1:1883"], "needs --table"),
    (["--headless", "--table", "7"], "go with --tournament"),
    (["--headless", "--tournament", "http://127.0.0.1:1883", "--table", "7"], "mqtt://"),
    (["--headless", "--tournament", "mqtt://127.0.0.1:1883", "--table", "7"], "password"),
    (["--headless", "--tournament", "mqtt://table7:short@127.0.0.1:1883", "--table", "7"],
     "password: 16"),
))
def test_the_command_line_refuses_what_cannot_join(argv, said, capsys):
    from sim.__main__ import parse_args

    with pytest.raises(SystemExit):
        parse_args(argv)
    assert said in capsys.readouterr().err


def _unsent(venue, played):
    """A joined device whose commands from the 21st to played the director lacks:
    (device, autopilot, director, the log's lines)."""
    broker, director = venue
    lines = _log_lines()
    device, pilot = _joined(broker, director, lines[:20])
    assert table.wait(device, lambda: table.sent(device), 20)
    director.deaf = True
    pilot.play(lines[20:played])
    return device, pilot, director, lines


def test_new_match_waits_until_the_director_holds_the_match(venue):
    # As the Tournament screen's Start: New match (even "let it go") lets no match go
    # that the director lacks a command of.
    device, pilot, director, lines = _unsent(venue, 30)
    app = device.app
    entries = app.match.entries()
    app.open("newmatch")
    app.top().choose(app, "drop")
    assert app.match.entries() == entries  # the match is still there, said why
    assert app.message.startswith("Sending: ")
    director.deaf = False
    device.app.tournament.sent = device.app.tournament.have  # sent again, heard now
    assert table.wait(device, lambda: table.sent(device), 30)
    app.open("newmatch")
    app.top().choose(app, "drop")
    assert app.match.entries() == 3  # the new match's set-up


def test_leave_the_tournament_once_the_director_holds_the_match(venue):
    import sys

    device, pilot, director, lines = _unsent(venue, 25)
    app = device.app
    app.open("tournament")
    app.top().refresh(app)
    assert ("Leave the tournament", "leave") in app.top().items
    app.top().choose(app, "leave")
    assert app.tournament is not None and app.message.startswith("Sending: ")
    director.deaf = False
    app.tournament.sent = app.tournament.have
    assert table.wait(device, lambda: table.sent(device), 30)
    tour = app.tournament
    app.top().choose(app, "leave")
    assert app.tournament is None and app.top_name() == "scoreboard"
    assert tour.wlan is None and not tour.connected()  # the radio off, the broker left
    assert "hw.tournament" not in sys.modules
    held = len(director.lines())
    pilot.play(lines[25:30])  # play goes on without it, and nothing is sent
    device.run(2000)
    assert len(director.lines()) == held
    app.open("mainmenu")
    app.top().refresh(app)
    assert ("Tournament", "tournament") in app.top().items  # and joins again from there
    app.top().choose(app, "tournament")
    assert table.wait(device, lambda: table.sent(device), 30)
    _all_once(device, director)


def test_a_board_without_a_tournament_file_offers_no_tournament():
    device, fingers, error = headless.prepare("tdisplay", "en", None)
    assert error is None
    app = device.app
    assert app.make_tournament is None and app.tour() is None
    app.open("mainmenu")
    app.top().refresh(app)
    assert all(value != "tournament" for _, value in app.top().items)
    device.run(100)
    assert app.tournament is None


def test_the_headless_table_pulls_its_battery_mid_log(venue):
    # sim --headless --pull-battery N (the demo's chaos): the rest of the log entered
    # after the boot, and the director ends with the whole match, once.
    broker, director = venue
    director.assign("m1")
    lines = _log_lines()
    device, fingers, error = headless.prepare("tdisplay", "en", lines,
                                              tournament=_config(broker.port),
                                              pull_battery=40)
    assert error is None
    assert device.app.tournament is not None  # on again at the boot (its outbox)
    whole = Match()
    assert tablelog.play(whole, lines) is None
    assert describe(device.app.match) == describe(whole)
    assert table.wait(device, lambda: table.sent(device), 30)
    _all_once(device, director)
