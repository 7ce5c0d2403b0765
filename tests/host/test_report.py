"""python -m tools.report: the picture's pixels where the log's scores put them, and the
summary's counts."""
import os
import subprocess
import sys

from PIL import Image

from tools import report
from tools.report import BG, COLOURS, Geometry, TOP

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# tests/test_history.py's match, with what a table would say of it.
LOG = ("variant valencia\nset canton=12\n"
       "baza A\nbaza A\n"  # 1: A +1 by its bazas -> 1-0
       "envit B\nvull A\nenvitwin B\nbaza B\nbaza B\n"  # 2: B's envit +2, B +1 -> 1-3
       "truc A\nvull B\nadjust A +2\nbaza A\nbaza A\n"  # 3: +2 by hand, A's truc +2 -> 5-3
       "envit A\nnovull B\ntruc B\nnovull A\n"  # 4: A's envit refused +1, B's truc refused +1
       "baza A\nfold B\n"  # 5: B went: A +1 -> 7-4
       "adjust B +11\n")  # 6: B's canton by hand -> 7-12, cantons 0-1
POINTS = [(1, 0), (1, 3), (5, 3), (6, 4), (7, 4), (7, 12)]
# (record, team, kind) of every mark: kind 0 flor, 1 envit, 2 truc.
MARKS = {(1, 1, 1), (2, 0, 2), (3, 0, 1), (3, 1, 2)}


def _run(tmp_path, text, *args):
    path = tmp_path / "match.log"
    path.write_text(text)
    return path, subprocess.run([sys.executable, "-m", "tools.report", str(path), *args],
                                cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_the_picture_plots_the_points_cantons_and_payments(tmp_path):
    path, done = _run(tmp_path, LOG, "-o", str(tmp_path / "r.png"))
    assert done.returncode == 0, done.stderr
    img = Image.open(tmp_path / "r.png").convert("RGB")

    class _H:  # the geometry needs only the count
        def count(self):
            return len(POINTS)

    g = Geometry(_H(), 12)
    assert img.size == (g.width, g.height)
    px = img.getpixel
    assert px((g.x(-1), g.y(0))) in COLOURS  # both lines start at 0
    for i, (a, b) in enumerate(POINTS):
        for team, points in ((0, a), (1, b)):
            if a != b:
                assert px((g.x(i), g.y(points))) == COLOURS[team], (i, team)
            # nothing where the team's dot is not
            off = g.y(points) + 2 * 8 if points <= 12 - 2 else g.y(points) - 2 * 8
            if all(abs(off - g.y(p)) > 6 for p in (a, b)):
                assert px((g.x(i), off)) not in COLOURS, (i, team)
        for team in (0, 1):
            for kind in range(3):
                want = COLOURS[team] if (i, team, kind) in MARKS else BG
                assert px((g.x(i), g.mark(team, kind))) == want, (i, team, kind)
    middle = (TOP + g.base) // 2
    assert px((g.canton_x(5), middle)) == COLOURS[1]  # B's canton
    for i in range(5):
        assert px((g.canton_x(i), middle)) not in COLOURS  # no other canton
    # after the canton B's line starts again from 0: nothing high at its next x
    assert px((g.canton_x(5) + 6, g.y(12))) not in COLOURS


def test_the_summary_counts_per_team(tmp_path):
    path, done = _run(tmp_path, LOG)
    assert done.returncode == 0, done.stderr
    assert os.path.exists(str(path)[:-4] + ".png")  # the default: beside the log
    lines = done.stdout.splitlines()
    assert lines[0] == "valencia, 4 players, canton 12: cantons A 0, B 1, points now 0-0"
    # the canton won by hand is no round, but it is said (issue 34's trial: a match won by
    # hand alone read "rounds: 0")
    assert lines[1] == "rounds: 5, points adjusted by hand: 2"
    rows = dict((line[:15].strip(), line[15:].split()) for line in lines[3:10])
    assert rows == {"envits called": ["1", "1"], "envits won": ["1", "1"],
                    "envits refused": ["0", "1"], "trucs called": ["1", "1"],
                    "trucs won": ["1", "1"], "trucs refused": ["1", "0"], "flors": ["0", "0"]}


def test_a_match_won_by_hand_alone_says_so(tmp_path):
    path, done = _run(tmp_path, "variant valencia\nset canton=12\nadjust A 12\nadjust A 12\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1] == "rounds: 0, points adjusted by hand: 2"


def test_punta_duels_and_flors(tmp_path):
    text = ("variant palacios\nbaza A\nbaza A\nflor A\nbaza B\nbaza B\n"
            "envit A\nvull B\nshow 5:31 2:31\nbaza A\nbaza A\n")
    path, done = _run(tmp_path, text, "-o", str(tmp_path / "p.png"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1] == "rounds: 2 (2 punta duels)"
    assert "flors             1   0" in done.stdout
    img = Image.open(tmp_path / "p.png").convert("RGB")
    m = report.load(str(path))
    g = Geometry(report.H.History(m), 24)
    assert img.getpixel((g.x(1), g.mark(0, 0))) == COLOURS[0]  # A's flor in duel 1
    assert img.getpixel((g.x(2), g.mark(0, 1))) == COLOURS[0]  # A's envit in duel 2


def test_a_bad_line_says_where_and_writes_nothing(tmp_path):
    path, done = _run(tmp_path, "variant valencia\nbaza A\nvull B\n", "-o",
                      str(tmp_path / "x.png"))
    assert done.returncode == 2 and "line 3: no call is pending" in done.stderr
    assert not (tmp_path / "x.png").exists()
    path, done = _run(tmp_path, "# nothing\n")
    assert done.returncode == 2 and "no match" in done.stderr


def test_a_truc_won_because_the_rivals_went_is_counted_and_marked(tmp_path):
    # B called, A accepted, then A went: B's truc paid 2 and is B's truc won.
    path, done = _run(tmp_path, "variant valencia\ntruc B\nvull A\nbaza B\nfold A\n",
                      "-o", str(tmp_path / "w.png"))
    assert done.returncode == 0, done.stderr
    assert "points now 0-2" in done.stdout.splitlines()[0]
    rows = dict((line[:15].strip(), line[15:].split()) for line in done.stdout.splitlines()[3:10])
    assert rows["trucs won"] == ["0", "1"] and rows["trucs called"] == ["0", "1"]
    img = Image.open(tmp_path / "w.png").convert("RGB")
    m = report.load(str(path))
    g = Geometry(report.H.History(m), 24)
    assert img.getpixel((g.x(0), g.mark(1, 2))) == COLOURS[1]  # B's truc mark
    assert img.getpixel((g.x(0), g.mark(0, 2))) == BG
    # A round won by its bazas alone, and one gone with no truc, mark no truc.
    path, done = _run(tmp_path, "variant valencia\nbaza B\nbaza B\nfold A\n")
    rows = dict((line[:15].strip(), line[15:].split()) for line in done.stdout.splitlines()[3:10])
    assert rows["trucs won"] == ["0", "0"]


def test_two_flors_of_a_team_in_one_round_count_two(tmp_path):
    # Issue 34: "flors 1" for a team that declared two in one round.
    text = "variant valencia\nflor A\nflor A\nflor B\nbaza A\nbaza A\n"
    path, done = _run(tmp_path, text, "-o", str(tmp_path / "f.png"))
    assert done.returncode == 0, done.stderr
    assert "flors             2   1" in done.stdout, done.stdout


def test_the_summary_says_why_rounds_paid(tmp_path):
    # Issue 34 (polish): joc fora, three pardas, an envit on the flors, points by hand.
    text = ("variant valencia\ndealer 3\ntruc A fora\nvull B\nbaza parda\nbaza parda\n"
            "baza parda\nflor A\nflor B\nenvit A\nvull B\nshow 2:38\nbaza B\nbaza B\n"
            "adjust B -1\nadjust A +3\nbaza parda\nbaza parda\nbaza parda\n")
    path, done = _run(tmp_path, text, "-o", str(tmp_path / "y.png"))
    assert done.returncode == 0, done.stderr
    rows = dict((line[:15].strip(), line[15:].split()) for line in done.stdout.splitlines()[3:])
    assert rows["joc fora won"] == ["1", "0"] and rows["flor envits won"] == ["1", "0"]
    assert rows["by three pardas"] == ["2", "0"]  # rounds 1 and 3: seats 0 and 2 are mà
    assert rows["points by hand"] == ["3", "-1"]


def test_the_teams_names_are_said_instead_of_the_letters(tmp_path):
    # The table log has no place for the names: --teams gives them.
    path, done = _run(tmp_path, LOG, "--teams", "NÓS,ELLS")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "valencia, 4 players, canton 12: cantons NÓS 0, ELLS 1, points now 0-0"
    assert lines[2].split() == ["NÓS", "ELLS"]
    assert lines[3].split() == ["envits", "called", "1", "1"]
    _, letters = _run(tmp_path, LOG, "-o", str(tmp_path / "letters.png"))
    named = Image.open(str(path)[:-4] + ".png").convert("RGB")
    plain = Image.open(str(tmp_path / "letters.png")).convert("RGB")
    assert named.size[0] >= plain.size[0] and named.tobytes() != plain.tobytes()  # labels
    _, won = _run(tmp_path, "variant valencia\nset canton=12 cantons=2\nadjust B 12\n"
                  "adjust B 12\n", "--teams", "NÓS,ELLS")
    assert ", ELLS won" in won.stdout.splitlines()[0]
    for bad in ("NÓS", "NÓS,", "A,B,C", "A,\x1b[2J"):
        _, done = _run(tmp_path, LOG, "--teams", bad)
        assert done.returncode == 2 and "--teams" in done.stderr


def test_a_long_teams_name_is_whole_beside_its_marks(tmp_path):
    # Trial of issue 34: "ELLS envit" was drawn "ELL envit" (the name cut to the plot's
    # margin: another word). The margin grows to the widest label instead.
    from PIL import ImageDraw, ImageFont
    text = "variant valencia\nflor A\nflor B\nbaza A\nbaza A\n"
    path, done = _run(tmp_path, text, "--teams", "NOSALTRES,ELLS")
    assert done.returncode == 0, done.stderr
    img = Image.open(str(path)[:-4] + ".png").convert("RGB")
    m = report.Match()
    assert report.tablelog.play(m, report.tablelog.split(text.encode())) is None
    font = ImageFont.truetype(report.FONT, 12)
    g = Geometry(report.H.History(m), 24, report.margin(font, ("NOSALTRES", "ELLS")))
    for team, name in ((0, "NOSALTRES"), (1, "ELLS")):
        for k, kind in enumerate(report.KINDS):
            label = "%s %s" % (name, kind)
            width = int(font.getlength(label)) + 1
            want = Image.new("RGB", (width, 16), BG)
            ImageDraw.Draw(want).text((0, 0), label, fill=COLOURS[team], font=font)
            y = g.mark(team, k) - 7
            assert img.crop((4, y, 4 + width, y + 16)).tobytes() == want.tobytes(), label
            assert 4 + width < g.x(-1)  # left of the plot's start
