"""The README's skirmish walkthrough plays the bundled example session as written."""

from __future__ import annotations

import shutil
import tomllib

from support.paths import ROOT_DIR
from support.readme import block_after, commands, run_script

ROOT = ROOT_DIR


def test_sk_atk_1_sk_out_1_sk_break_1_the_readme_walkthrough_runs_as_written(tmp_path):
    shutil.copytree(ROOT / "saves", tmp_path / "saves")
    lines = commands(block_after("<!-- skirmish walkthrough -->"))
    for line, code, err in run_script(lines, tmp_path):
        assert code == 0, f"{line!r} exited {code}: {err}"
        assert "Traceback" not in err
    doc = tomllib.loads((tmp_path / "sk-saves" / "skirmish.toml").read_text(encoding="utf-8"))
    knight, archer = doc["combatants"]["Рыцарь"], doc["combatants"]["Стрелок"]
    assert knight["data"]["weapons"]["Меч"]["durability"] == 8  # d10 5: -2 durability
    assert archer["data"]["weapons"]["Лук"]["durability"] == 5  # d10 7: -1 durability
    assert doc["combatants"]["Разбойник 1"]["status"] == "unconscious"
    assert (ROOT / "saves" / "skirmish.toml").read_bytes() == (tmp_path / "saves" / "skirmish.toml").read_bytes()
