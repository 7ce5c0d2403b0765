"""Every text the app shows exists in every language of app.i18n.LANGUAGES, keeps its
placeholders, and can be drawn with every font a board's glass uses (no character falls
back to the placeholder box)."""
import glob
import importlib
import os
import re

import pytest

from app import i18n
from app.app import GLASSES
from ui import text as text_module
from tools import deploy

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _literals(pattern, files):
    found = set()
    for path in files:
        with open(path, encoding="utf-8") as f:
            source = f.read()
        found.update(m.group(1) for m in re.finditer(pattern, source))
    return found


def texts():
    app_files = [p for p in glob.glob(os.path.join(ROOT, "firmware", "app", "*.py"))
                 if not p.endswith("i18n.py")]  # its comments show t("...") itself
    found = _literals(r'\bt\("((?:[^"\\]|\\.)*)"\)', app_files)
    # Texts handed to t() through a variable: option rows, and the engine's refusals.
    from app.newmatch import _FLAG_ROWS
    for _, label, off, on in _FLAG_ROWS:
        found.update(w for w in (label, off, on) if not w.isdigit())
    engine = [os.path.join(ROOT, "firmware", "truc", "match.py")]
    found |= _literals(r'(?:return|err =|raise ValueError\() ?"([^"]+)"', engine)
    from truc import variants  # the refusals of impossible shows, one per kind of show
    found.update(variants.SHOW_REFUSALS)
    # The phone page's own words (hw/share.html's PAGE, each language's there, checked
    # against lang_XX.py by test_share_page): the English ones are texts of the device too.
    import json

    with open(os.path.join(ROOT, "firmware", "hw", "share.html"), encoding="utf-8") as f:
        found.update(json.loads(re.search(r"var PAGE = (\{.*?\});\n", f.read()).group(1))["en"])
    from app import varianttexts as VT  # the variants' own words
    for words in VT.TRUC_NAMES + VT.ENVIT_NAMES + (VT.TITLES, VT.FOLD_WORDS):
        found.update(w for w in words if w)
    from hw import journal, journalformat  # the notices put on the screen after setting
    # files aside
    from app import settingsfile as settings
    found.update((journalformat.DAMAGED, journalformat.UNKNOWN, settings.BAD_SETTINGS,
                  journal.FULL, journal.NOT_SAVED, journalformat.PARTIAL))
    from app import device  # and those of a won match main could not archive
    found.update((device.ARCHIVE_FULL, device.NOT_ARCHIVED, device.SETTINGS_FULL))
    from hw import archive  # and what it says when serving /past set a file aside
    found.add(archive.Archive.DAMAGED)
    from hw import tournament  # where a tournament's table stands (app.tournament)
    found.update((tournament.NO_FILE, tournament.NO_WIFI, tournament.NO_BROKER,
                  tournament.CONNECTED))
    return found


LANGUAGES = {code: importlib.import_module("app.lang_" + code).TEXT
             for code in i18n.LANGUAGES if code != "en"}  # English: the texts themselves


def board_fonts():
    """The text fonts of every board's glass (app.app.GLASSES), by name: what deploy sends
    each board (tools.deploy.data_files)."""
    names = {g[1] for g in GLASSES}
    found = set()
    for board in glob.glob(os.path.join(ROOT, "boards", "*.py")):
        sent = deploy.data_files(board)
        found.update(n for n in names if "ui/fonts/%s.bin" % n in sent)
    return sorted(found)


def test_every_board_has_its_text_font():
    assert len(board_fonts()) == len(GLASSES)  # each glass size has a board today


def test_the_scan_finds_the_texts():
    found = texts()
    assert "New match" in found and "the round is already decided" in found and len(found) > 80


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_text_is_translated(language):
    missing = sorted(texts() - set(LANGUAGES[language]))
    assert not missing, missing


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_no_translation_is_left_over(language):
    stale = sorted(set(LANGUAGES[language]) - texts())
    assert not stale, stale


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_translations_keep_their_placeholders(language):
    for english, translated in LANGUAGES[language].items():
        assert re.findall(r"%[sd]", english) == re.findall(r"%[sd]", translated), english
        assert translated.strip(), english


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("name", board_fonts())
def test_every_character_is_in_the_fonts(language, name):
    font = text_module.font(name)
    placeholder = font.glyph(0xFFFD)
    shown = LANGUAGES[language].values() if language != "en" else texts()
    for translated in list(shown) + [i18n.NAMES[i18n.LANGUAGES.index(language)]]:
        for ch in translated:
            assert font.glyph(ord(ch)) != placeholder or ch == "\ufffd", \
                (name, translated, ch)


# One word per thing, the table's (issue 27.12; the seeds are the reference: seed 000
# writes "envit", "envites", "trucar", "piedras", seed 002 "envit", "tots", "peces"):
# wherever an English text names the thing, its translation says the table's word, and
# never another one for it.
GLOSSARY = {
    "es": ((r"\benvit", r"envi[td]", r"envido|envite\b"), (r"\btruc\b", r"truc", r"truco"),
           (r"\bpoints?\b", r"piedras?", r"puntos?"), (r"\bpeces\b|peça", r"peces|peça",
                                                        r"piezas?"),
           (r"^tots$", r"^tots$", r"^todos$")),
    "ca": ((r"\benvit", r"envi[td]", r"envido|envite\b"), (r"\btruc\b", r"truc", r"truco"),
           (r"\bpoints?\b", r"punts?", r"pedres"), (r"\bpeces\b|peça", r"peces|peça", r"peses"),
           (r"^tots$", r"^tots$", r"^todos$")),
}


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_one_word_per_thing_the_tables_word(language):
    assert language in GLOSSARY, "GLOSSARY: the table's words in %s (DEVELOPING.md)" % language
    for english, translated in LANGUAGES[language].items():
        for names, word, other in GLOSSARY[language]:
            if re.search(names, english, re.I):
                assert re.search(word, translated, re.I), (english, translated)
            assert not re.search(other, translated, re.I), (english, translated)
