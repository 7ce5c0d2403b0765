"""Where tools/mp32.py builds the 32-bit port from, and what it says when it cannot."""
from tools import mp32


def test_a_checkout_named_by_micropy_src_comes_first(tmp_path, monkeypatch):
    (tmp_path / "ports" / "unix").mkdir(parents=True)
    (tmp_path / "ports" / "unix" / "Makefile").write_text("")
    monkeypatch.setenv("MICROPY_SRC", str(tmp_path))
    assert mp32.source() == (str(tmp_path), None)


def test_a_folder_that_is_no_checkout_is_said(tmp_path, monkeypatch):
    monkeypatch.setenv("MICROPY_SRC", str(tmp_path))
    source, why = mp32.source()
    assert source is None and "not a MicroPython checkout" in why and str(tmp_path) in why
    assert mp32.can_build() == why


def test_else_the_tarball_beside_the_project(tmp_path, monkeypatch):
    monkeypatch.delenv("MICROPY_SRC", raising=False)
    tarball = tmp_path / "micropython-src.tar.gz"
    tarball.write_bytes(b"")
    monkeypatch.setattr(mp32, "TARBALL", str(tarball))
    assert mp32.source() == (str(tarball), None)


def test_without_either_it_says_what_skips_and_how_to_get_one(tmp_path, monkeypatch):
    monkeypatch.delenv("MICROPY_SRC", raising=False)
    monkeypatch.setattr(mp32, "TARBALL", str(tmp_path / "none.tar.gz"))
    source, why = mp32.source()
    assert source is None
    assert "MICROPY_SRC" in why and "git clone --depth 1 -b %s" % mp32.TAG in why
    assert "test_device_heap.py" in why and "skip" in why


def test_another_source_is_another_build(tmp_path, monkeypatch):
    keys = []
    for name in ("a", "b"):
        checkout = tmp_path / name
        (checkout / "ports" / "unix").mkdir(parents=True)
        (checkout / "ports" / "unix" / "Makefile").write_text("")
        monkeypatch.setenv("MICROPY_SRC", str(checkout))
        keys.append(mp32._hash(False))
    assert keys[0] != keys[1]
