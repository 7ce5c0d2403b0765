"""The compiled texts (firmware/app/lang_XX.bin) are what tools/textc.py makes of the
sources translators edit, and app.i18n reads every translation back from them. Every data
file (the texts and the fonts) ends in its length and crc32, checked at opening."""
import os

import pytest

import sim  # noqa: F401  (firmware on the import path)
from tools import textc
from tools.mpbuild import ROOT, seal


def test_the_compiled_texts_are_up_to_date():
    assert textc.sources(), "no firmware/app/lang_XX.py"
    for source in textc.sources():
        with open(textc.target(source), "rb") as f:
            assert f.read() == textc.compile_texts(textc.read_source(source)), \
                "%s is out of date: run make texts" % textc.target(source)
    assert textc.main(["--check"]) == 0


def test_the_check_finds_a_stale_file(tmp_path, monkeypatch):
    source = tmp_path / "lang_xx.py"
    source.write_text('TEXT = {\n    "Back": "Enrere",\n}\n', encoding="utf-8")
    monkeypatch.setattr(textc, "sources", lambda: [str(source)])
    monkeypatch.setattr(textc, "ROOT", str(tmp_path))
    assert textc.main(["--check"]) == 1  # no .bin yet
    assert textc.main([]) == 0
    assert textc.main(["--check"]) == 0
    source.write_text('TEXT = {\n    "Back": "Arrere",\n}\n', encoding="utf-8")
    assert textc.main(["--check"]) == 1


def test_a_hash_clash_is_refused(monkeypatch):
    monkeypatch.setattr(textc, "text_hash", lambda text: 7)
    with pytest.raises(ValueError, match="same hash"):
        textc.compile_texts({"Back": "Enrere", "Done": "Fet"})


def test_the_firmware_hashes_as_the_compiler_does():
    from app import i18n

    sources = textc.sources()  # one a language but English, the texts' own
    assert sorted(s[-5:-3] for s in sources) == sorted(set(i18n.LANGUAGES) - {"en"})
    for source in sources:
        table = textc.read_source(source)
        i18n.use(source[-5:-3])
        try:
            assert all(i18n.t(k) == v for k, v in table.items())
        finally:
            i18n.use("en")


def _data_files():
    found = []
    for folder in ("ui/fonts", "app"):
        found += sorted(folder + "/" + f for f in os.listdir(os.path.join(ROOT, "firmware", folder))
                        if f.endswith(".bin"))
    return found


def test_every_data_file_opens_whole_and_any_damage_is_refused(tmp_path, monkeypatch):
    # Issue 26 item 6: a file cut a byte short showed "Historial de rondee"; a truncated
    # font booted with no warning. Each file's length and crc32 are checked at opening.
    from ui import DataError, open_data

    names = _data_files()
    assert "ui/fonts/small.bin" in names and "app/lang_ca.bin" in names
    monkeypatch.syspath_prepend(str(tmp_path))  # the damaged copies are found first
    for name in names:
        open_data(name).close()  # the committed one is whole
        with open(os.path.join(ROOT, "firmware", name), "rb") as f:
            good = f.read()
        os.makedirs(os.path.dirname(str(tmp_path / name)), exist_ok=True)
        damaged = [good[:-1], good + b"\x00", b"", good[:8], good[:-8]]
        for at in range(0, len(good), 97):
            damaged.append(good[:at] + bytes((good[at] ^ 1,)) + good[at + 1:])
        for data in damaged:
            with open(str(tmp_path / name), "wb") as f:
                f.write(data)
            with pytest.raises(DataError) as e:
                open_data(name)
            assert e.value.args == ("damaged", name)


def test_a_translation_that_is_not_utf8_is_shown_in_english(tmp_path, monkeypatch):
    # A file crafted to pass its check with a bad byte in a translation: the text stays
    # English rather than stop the device.
    from app import i18n

    data = bytearray(textc.compile_texts({"Back": "Tornar", "Menu": "Menú"})[:-8])
    at = data.index(b"Tornar")
    data[at] = 0xFF
    os.makedirs(str(tmp_path / "app"))
    with open(str(tmp_path / "app" / "lang_ca.bin"), "wb") as f:
        f.write(seal(data))
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        i18n.use("ca")
        assert i18n.t("Back") == "Back" and i18n.t("Menu") == "Menú"
    finally:
        i18n.use("en")
