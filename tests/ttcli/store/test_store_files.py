"""Crash-safe file primitives: atomic replace, stale temps, locking (DESIGN decision 4)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys

import pytest

from ttcli.store import files as store_files
from ttcli.store.errors import StoreError, UnsafePath
from ttcli.store.files import atomic_write, beside, locked, read_bytes


def temps(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_design_4_atomic_write_creates_and_replaces(tmp_path):
    path = tmp_path / "fight.toml"
    atomic_write(path, "format = 1\n")
    atomic_write(path, "format = 1\nимя = \"Викинг\"\n")
    assert path.read_text("utf-8") == "format = 1\nимя = \"Викинг\"\n"
    assert temps(tmp_path) == []


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o664, 0o444])
def test_issue_12_written_files_are_private_whatever_the_old_mode(tmp_path, mode):
    path = tmp_path / "fight.toml"
    path.write_text("old")
    path.chmod(mode)
    atomic_write(path, "new")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.read_text() == "new"


def test_issue_12_new_file_is_private_under_a_lax_umask(tmp_path):
    old = os.umask(0)
    try:
        atomic_write(tmp_path / "fight.toml", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "fight.toml").stat().st_mode) == 0o600


@pytest.mark.parametrize("dangling", [False, True])
def test_issue_12_a_link_is_refused_not_written_through(tmp_path, dangling):
    outside = tmp_path / "outside"
    outside.mkdir()
    target = outside / "victim.txt"
    if not dangling:
        target.write_text("keep me")
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "fight.toml").symlink_to(target)
    with pytest.raises(UnsafePath, match="symbolic link"):
        atomic_write(saves / "fight.toml", "new")
    assert (target.read_text() == "keep me") if not dangling else not target.exists()
    assert temps(saves) == [] and temps(outside) == []


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_issue_12_special_files_are_refused_without_blocking(tmp_path, kind):
    path = tmp_path / "fight.toml"
    os.mkfifo(path) if kind == "fifo" else path.mkdir()
    with pytest.raises(UnsafePath, match=r"regular file|folder"):
        read_bytes(path)
    with pytest.raises(UnsafePath):
        atomic_write(path, "new")


def test_design_4_failed_write_leaves_old_file_and_no_temp(tmp_path, monkeypatch):
    path = tmp_path / "fight.toml"
    path.write_text("old")

    def no_space(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store_files.os, "fsync", no_space)
    with pytest.raises(StoreError, match="No space left") as caught:
        atomic_write(path, "new")
    assert caught.value.path == str(path)
    assert path.read_text() == "old"
    assert temps(tmp_path) == []


def test_design_4_interrupted_write_removes_its_temp(tmp_path, monkeypatch):
    path = tmp_path / "fight.toml"
    path.write_text("old")

    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(store_files.os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        atomic_write(path, "new")
    assert path.read_text() == "old"
    assert temps(tmp_path) == []


def test_design_4_write_into_missing_folder_is_a_store_error(tmp_path):
    with pytest.raises(StoreError, match="cannot write"):
        atomic_write(tmp_path / "missing" / "fight.toml", "x")


@pytest.mark.parametrize("left", ["partial", "link", "fifo"])
def test_design_4_a_temp_a_killed_writer_left_is_replaced_by_the_next_write(tmp_path, left):
    temp, outside = tmp_path / ".fight.toml.tmp", tmp_path / "outside"
    outside.write_text("keep")
    {"partial": lambda: temp.write_text("half of the old"), "link": lambda: temp.symlink_to(outside),
     "fifo": lambda: os.mkfifo(temp)}[left]()
    atomic_write(tmp_path / "fight.toml", "new")
    assert (tmp_path / "fight.toml").read_text() == "new" and outside.read_text() == "keep"
    assert temps(tmp_path) == []


def test_design_4_lock_file_is_a_hidden_sidecar(tmp_path):
    assert beside(tmp_path / "fight.toml", "lock") == str(tmp_path / ".fight.toml.lock")


def test_design_4_a_lock_taken_twice_in_one_process_is_a_bug_not_a_hang(tmp_path):
    path = tmp_path / "fight.toml"
    with locked(path) as sidecar:
        assert os.path.exists(sidecar)
        with pytest.raises(RuntimeError, match=r"\.fight\.toml\.lock"), locked(tmp_path / "." / "fight.toml"):
            pass
    with locked(path, wait=False):  # released on exit
        pass


HOLDER = """
import sys
from ttcli.store.files import locked
with locked(sys.argv[1]):
    print("held", flush=True)
    sys.stdin.readline()
"""


def test_design_4_lock_excludes_other_processes_until_released(tmp_path):
    path = tmp_path / "fight.toml"
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(StoreError, match="another ttcli command") as caught, \
                locked(path, wait=False):
            pass
        assert caught.value.hint
    finally:
        holder.stdin.write("\n")
        holder.stdin.close()
        holder.wait()
    with locked(path):
        pass


def test_issue_12_a_planted_lock_link_is_refused(tmp_path):
    victim = tmp_path / "victim"
    (tmp_path / ".fight.toml.lock").symlink_to(victim)
    with pytest.raises(UnsafePath), locked(tmp_path / "fight.toml"):
        pass
    assert not victim.exists()
