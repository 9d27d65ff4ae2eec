"""``char rm`` during a fight: the removed combatant leaves the fight's order too.

Found while keeping the master's comments (issue 24): ``char rm`` in a running fight left the
name in ``fight.order``, a file the loader then refused at the next hand edit ("the fight
order names unknown combatants").
"""

from __future__ import annotations

import shutil
import tomllib

from support.paths import ROOT_DIR
from typer.testing import CliRunner

from ttcli.app import app


def _crypt_in_a_fight(tmp_path):
    shutil.copy(ROOT_DIR / "saves" / "crypt.toml", tmp_path / "crypt.toml")
    runner = CliRunner()

    def run(*args):
        return runner.invoke(app, ["--saves", str(tmp_path), "--session", "crypt", "--lang", "en", *args])

    assert run("fight", "start", "--given", "1 6").exit_code == 0
    return run


def _doc(tmp_path):
    return tomllib.loads((tmp_path / "crypt.toml").read_text(encoding="utf-8"))


def test_a_combatant_removed_in_a_fight_leaves_its_order_and_the_file_still_loads(tmp_path):
    run = _crypt_in_a_fight(tmp_path)
    actor = _doc(tmp_path)["fight"]["turn"]["actor"]
    result = run("char", "rm", "Гоблин 3")
    assert result.exit_code == 0, result.output
    fight = _doc(tmp_path)["fight"]
    assert "Гоблин 3" not in fight["order"] and fight["turn"]["actor"] == actor
    # a copy edited by hand is checked as the loader checks any file: it must load
    edited = tmp_path / "edited"
    edited.mkdir()
    (edited / "crypt.toml").write_text((tmp_path / "crypt.toml").read_text(encoding="utf-8") + "\n",
                                       encoding="utf-8")
    check = CliRunner().invoke(app, ["--saves", str(edited), "--session", "crypt", "session", "check"])
    assert check.exit_code == 0, check.output
    assert run("undo").exit_code == 0
    assert "Гоблин 3" in _doc(tmp_path)["fight"]["order"]


def test_the_one_whose_turn_it_is_is_not_removed_mid_turn(tmp_path):
    run = _crypt_in_a_fight(tmp_path)
    actor = _doc(tmp_path)["fight"]["turn"]["actor"]
    before = (tmp_path / "crypt.toml").read_bytes()
    result = run("char", "rm", actor)
    assert result.exit_code == 5 and "turn" in result.stderr
    assert (tmp_path / "crypt.toml").read_bytes() == before
