"""The compiled texts (firmware/app/lang_XX.bin) are what tools/textc.py makes of the
sources translators edit, and app.i18n reads every translation back from them."""
import pytest

from tools import textc


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

    assert i18n.LANGUAGES[:2] == ("ca", "es")
    for source in textc.sources():
        table = textc.read_source(source)
        i18n.use(source[-5:-3])
        try:
            assert all(i18n.t(k) == v for k, v in table.items())
        finally:
            i18n.use("en")
