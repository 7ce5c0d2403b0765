"""Every text the app shows exists in Catalan and Spanish, keeps its placeholders, and
can be drawn with the fonts (no character falls back to the placeholder box)."""
import glob
import os
import re

import pytest

from app import lang_ca, lang_es
from ui import text as text_module

small, medium = text_module.font("small"), text_module.font("medium")

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
    from app import varianttexts as VT  # the variants' own words
    for words in VT.TRUC_NAMES + VT.ENVIT_NAMES + (VT.TITLES, VT.FOLD_WORDS):
        found.update(w for w in words if w)
    from hw import journal  # the notices main puts on the screen after setting files aside
    from app import settingsfile as settings
    found.update((journal.DAMAGED, journal.UNKNOWN, settings.BAD_SETTINGS, journal.FULL,
                  journal.NOT_SAVED, journal.PARTIAL))
    from app import device  # and those of a won match main could not archive
    found.update((device.ARCHIVE_FULL, device.NOT_ARCHIVED, device.SETTINGS_FULL))
    from hw import archive  # and what it says when serving /past set a file aside
    found.add(archive.Archive.DAMAGED)
    return found


LANGUAGES = {"ca": lang_ca.TEXT, "es": lang_es.TEXT}


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


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_character_is_in_the_fonts(language):
    for name, font in (("small", small), ("medium", medium)):
        placeholder = font.glyph(0xFFFD)
        for translated in LANGUAGES[language].values():
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
    for english, translated in LANGUAGES[language].items():
        for names, word, other in GLOSSARY[language]:
            if re.search(names, english, re.I):
                assert re.search(word, translated, re.I), (english, translated)
            assert not re.search(other, translated, re.I), (english, translated)
