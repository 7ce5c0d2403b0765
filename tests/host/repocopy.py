"""A scratch copy of the repository, for tests that change it or move it."""
import os
import shutil
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


UNTRACKED = (".git", ".venv", "build", "__pycache__", ".pytest_cache", ".ruff_cache")  # without git


def copy_tracked(dst):
    """The repository's tracked files as they are in the working tree (uncommitted
    changes included), copied to dst; returns dst. Outside a git checkout (a tarball),
    the tree but what git would not track."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True)
    except OSError:  # no git
        listed = None
    if listed is None or listed.returncode:
        shutil.copytree(ROOT, dst, symlinks=False, ignore=shutil.ignore_patterns(*UNTRACKED))
        return dst
    names = listed.stdout.decode("utf-8").split("\0")
    for name in filter(None, names):
        src = os.path.join(ROOT, name)
        if not os.path.isfile(src) or os.path.islink(src):
            continue  # deleted in the working tree, or a link (build/mp32)
        os.makedirs(os.path.dirname(os.path.join(dst, name)), exist_ok=True)
        shutil.copyfile(src, os.path.join(dst, name))
    return dst


def edit(path, old, new):
    """Replaces the one occurrence of old in the file at path by new."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    assert text.count(old) == 1, (path, old)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(old, new))
