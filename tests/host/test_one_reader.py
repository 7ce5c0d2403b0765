"""One reader of table logs (truc.tablelog.split and play): a corpus of hostile logs runs
through tools.replay, tools.report, python -m sim --log and tools.pull, and every one of
them reads the same commands, stops at the same line for the same reason, and reaches the
same state (issue 26, item 8: report split lines on \\x85, U+2028, form feed and a lone
\\r, and refused a leading BOM, so it drew matches replay refused or different ones)."""
import io

import pytest

from sim.flash import Flash
from sim.headless import prepare
from tools import pull, report
from tools.replay import describe, replay
from truc import tablelog

CORPUS = [
    b"\xef\xbb\xbfvariant valencia\nbaza A\n",  # a byte-order mark: skipped
    b"variant valencia\n# note\xc2\x85baza A\nbaza B\n",  # U+0085 inside a comment
    "variant mallorca\n# x\u2028baza B\nbaza A\n".encode(),  # U+2028 inside a comment
    b"variant valencia\n# x\x0cbaza A\nbaza B\n",  # a form feed inside a comment
    b"variant valencia\n# x\rbaza A\nbaza B\n",  # a lone \r inside a comment
    b"variant valencia\n# x\x1c\x1d\x1e\x0bbaza A\nbaza B\n",  # more of str.splitlines'
    b"variant palacios\r\nbaza A\r\nbaza A\r\n",  # \r\n line ends
    b"variant\tvalencia \n  baza\tA\t\nbaza A",  # tabs, spaces, no last \n
    b"variant valencia\nbaza A\n\xff\xfe\nbaza A\n",  # a line that is not UTF-8
    b"variant valencia\nbaza A\x00\n",  # a NUL in a word
    "variant valencia\nbaza A\u2028baza A\n".encode(),  # U+2028 outside a comment
    b"variant valencia\nbaza B\nvull A\n",  # an illegal line
    b"variant valencia\ntruc B\nvull A\nbaza B\nfold A\nbaza A\n",  # after the round
]


def _replay(data):
    err = io.StringIO()
    match, status = replay(tablelog.split(data), out=io.StringIO(), err=err)
    return describe(match), err.getvalue().strip() or None


def _report(tmp_path, data):
    path = tmp_path / "r.log"
    path.write_bytes(data)
    try:
        return describe(report.load(str(path))), None
    except ValueError as e:
        return None, str(e)


def _sim(data):
    # The device after the log, played through the UI, and the flash it saved.
    flash = Flash()
    device, _, error = prepare("tdisplay", log_lines=tablelog.split(data), flash=flash)
    return describe(device.app.match), str(error) if error else None, device.flash


def _pull(flash):
    # The match the device saved, as tools.pull writes it, replayed.
    match, _ = pull.current(dict(flash.files), lambda text: None)
    lines = pull.lines(match)
    return _replay("".join(lines).encode())


@pytest.mark.parametrize("data", CORPUS, ids=range(len(CORPUS)))
def test_replay_report_sim_and_pull_read_a_hostile_log_alike(tmp_path, data):
    state, reason = _replay(data)
    assert _report(tmp_path, data) == ((state, None) if reason is None else (None, reason))
    shown, error, flash = _sim(data)
    assert (shown, error) == (state, reason)
    assert _pull(flash) == (state, None)


def test_the_corpus_means_what_it_says():
    # What the one reader reads: only "\n" ends a line, so what follows \x85, U+2028, a
    # form feed or a lone \r in a comment stays in the comment (one baza, not two).
    said = [_replay(data) for data in CORPUS]
    brief = [(r, s["variant"], s["bazas"], s["points"], s["round"]) for s, r in said]
    assert brief == [
        (None, "valencia", ["A"], [0, 0], 1),
        (None, "valencia", ["B"], [0, 0], 1),
        (None, "mallorca", ["A"], [0, 0], 1),
        (None, "valencia", ["B"], [0, 0], 1),
        (None, "valencia", ["B"], [0, 0], 1),
        (None, "valencia", ["B"], [0, 0], 1),
        (None, "palacios", [], [1, 0], 2),
        (None, "valencia", [], [1, 0], 2),
        ("line 3: not UTF-8", "valencia", ["A"], [0, 0], 1),
        ("line 2: team must be A or B, not 'a\x00'", "valencia", [], [0, 0], 1),
        ("line 2: baza takes 1 word", "valencia", [], [0, 0], 1),
        ("line 3: no call is pending", "valencia", ["B"], [0, 0], 1),
        (None, "valencia", ["A"], [0, 2], 2),  # B's accepted truc, A went: B +2
    ]
