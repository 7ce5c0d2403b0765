"""package.json (mip) and manifest.py (a frozen build) name the firmware the board needs."""
import json
import os

import pytest

from tools import deploy
from tools.mpbuild import ROOT

BOARDS = sorted(f[:-3] for f in os.listdir(os.path.join(ROOT, "boards")) if f.endswith(".py"))
REGENERATE = "package.json is stale: run `.venv/bin/python tools/deploy.py --package-json`"


def package_urls():
    with open(os.path.join(ROOT, "package.json"), encoding="utf-8") as f:
        return json.load(f)["urls"]


def test_package_json_is_current():
    with open(os.path.join(ROOT, "package.json"), encoding="utf-8") as f:
        assert f.read() == deploy.package_json_text(), REGENERATE


@pytest.mark.parametrize("board", BOARDS)
def test_package_json_has_what_deploy_sends(board):
    # Deploy sends .mpy files; mip installs the same modules as .py, at the same places,
    # but the board file, which the user copies as board.py.
    files = deploy.device_files(deploy.board_file(board))
    dests = {dest for dest, _ in package_urls()}
    needed = {dev for _, dev in files if dev != "board.py"}
    assert needed <= dests, sorted(needed - dests)


def test_package_json_sources_exist_and_are_relative():
    for dest, src in package_urls():
        assert not src.startswith(("/", "http", "github:")), src  # the repo has no URL yet
        assert os.path.isfile(os.path.join(ROOT, src)), src
        assert not dest.startswith("/") and "\\" not in dest + src


class Manifest:
    """Runs manifest.py with stand-ins for MicroPython's tools/manifestfile.py API,
    recording the file each call freezes (as its path on the board) and the includes."""

    def __init__(self, path):
        self.base = os.path.dirname(path)
        self.frozen = []
        self.includes = []
        api = {name: getattr(self, name) for name in
               ("include", "package", "module", "freeze", "require", "metadata")}
        with open(path, encoding="utf-8") as f:
            exec(compile(f.read(), path, "exec"), api)

    def include(self, manifest, **kwargs):
        self.includes.append(manifest)

    def package(self, package_path, files=None, base_path=".", opt=None):
        root = os.path.join(self.base, base_path)
        assert os.path.isdir(os.path.join(root, package_path)), package_path
        if files is not None:
            self.frozen.extend(package_path + "/" + f for f in files)
            return
        # A vendored library (lib/NAME/) is frozen from there; deploy sends it to /lib.
        prefix = "lib/" if base_path.startswith("lib/") else ""
        for folder, _, names in os.walk(os.path.join(root, package_path)):
            rel = os.path.relpath(folder, root).replace(os.sep, "/")
            self.frozen.extend(prefix + rel + "/" + n for n in names if n.endswith(".py"))

    def module(self, module_path, base_path=".", opt=None):
        assert os.path.isfile(os.path.join(self.base, base_path, module_path)), module_path
        self.frozen.append(module_path)

    def freeze(self, path, script=None, opt=None):
        raise AssertionError("manifest.py uses the legacy freeze(); use package()/module()")

    def require(self, name, **kwargs):
        # micropython-lib's package: what deploy sends of it instead, from lib/ (a
        # vendored library is micropython-lib's own, in a folder of its name)
        self.includes.append("require:" + name)
        root = os.path.join(ROOT, "lib", name)
        assert os.path.isdir(root), "%s is required but not vendored in lib/" % name
        for folder, _, names in os.walk(root):
            rel = os.path.relpath(folder, root).replace(os.sep, "/")
            self.frozen.extend("lib/" + rel + "/" + n for n in names
                               if n.endswith(".py") and rel != "." and n != "manifest.py")

    def metadata(self, **kwargs):
        pass


def test_manifest_freezes_every_firmware_package():
    m = Manifest(os.path.join(ROOT, "manifest.py"))
    assert "$(PORT_DIR)/boards/manifest.py" in m.includes  # the port's own modules stay
    assert len(m.frozen) == len(set(m.frozen))
    in_packages = [p for p in deploy.firmware_sources() if "/" in p]
    assert sorted(m.frozen) == in_packages


@pytest.mark.parametrize("board", BOARDS)
def test_frozen_deploy_sends_only_what_the_manifest_cannot(board):
    # Frozen: everything but the entry point, the boot script and the board file, and the
    # data files under lib/ (a root folder /ui would shadow the frozen package ui).
    frozen = Manifest(os.path.join(ROOT, "manifest.py")).frozen
    files = [dev for _, dev in deploy.device_files(deploy.board_file(board))]
    small = [dev for _, dev in deploy.device_files(deploy.board_file(board), frozen=True)]
    data = deploy.data_files(deploy.board_file(board))
    assert data and small == sorted(["board.py", "main.py", "start.py"]
                                    + [deploy.FROZEN_DATA + d for d in data])
    assert sorted(set(files) - set(small) - set(data)) == sorted(set(files) & set(frozen))
