"""Skirmish rules the master no longer has to remember: the chaser's attack on a
runner, exhaustion when MP or st run out, casting, cover that stays, the burning
item, and the gear kept without editing the file.  Played through the command
line from given dice, as in test_skirmish_cli.py."""

from __future__ import annotations

import pytest

from tests.test_skirmish_cli import ARCHER, Duel, _kinds
from ttcli.exitcodes import ExitCode


@pytest.fixture
def duel(tmp_path):
    return Duel(tmp_path).started()


# --- SK-COVER-1: cover the master sets stays until changed -----------------------------------


def test_sk_cover_1_stored_cover_takes_every_shot_until_destroyed(tmp_path):
    duel = Duel(tmp_path, ARCHER).started()
    r = duel.ok("cover", "Монстр", "3")
    assert "Монстр is in cover (destruction rating 3)" in r.stdout
    assert duel.who("Монстр")["data"]["cover"] == 3
    assert "in cover 3" in duel.ok("fight", "status").stdout
    # the first shot: d20 12 for the shot, then the cover's d20 5 + 3 = 8 < 11: it holds, no miss roll asked
    events = duel.events("attack", "Воин", "Монстр", "--weapon", "Лук", "--given", "12 5")
    cover = next(e for e in events if e["kind"] == "cover")
    assert (cover["rating"], cover["total"], cover["destroyed"]) == (3, 8, False)
    assert "pending" not in duel.doc()["fight"].get("data", {})
    assert duel.who("Монстр")["data"]["cover"] == 3
    duel.ok("fight", "next")
    duel.ok("fight", "next")
    # the next shot uses it again; d20 8 + 3 = 11 destroys it, and the cover is gone
    events = duel.events("attack", "Воин", "Монстр", "--weapon", "Лук", "--given", "12 8")
    assert next(e for e in events if e["kind"] == "cover")["destroyed"] is True
    assert "cover" not in duel.who("Монстр").get("data", {})
    assert "in cover" not in duel.ok("fight", "status").stdout


def test_sk_cover_1_the_master_clears_cover_and_a_shot_asks_for_a_miss_roll_again(tmp_path):
    duel = Duel(tmp_path, ARCHER).started()
    duel.ok("cover", "Монстр", "2")
    r = duel.ok("cover", "Монстр", "--clear")
    assert "Монстр leaves cover" in r.stdout
    events = duel.events("attack", "Воин", "Монстр", "--weapon", "Лук", "--given", "12")
    assert "cover" not in _kinds(events)
    assert duel.doc()["fight"]["data"]["pending"][0]["shot"] is True


def test_sk_cover_1_melee_ignores_cover_and_bad_cover_requests_change_nothing(duel):
    duel.ok("cover", "Монстр", "4")
    events = duel.events("attack", "Воин", "Монстр", "--weapon", "Меч", "--given", "10")
    assert "cover" not in _kinds(events)  # cover stops shots, not a sword [I]
    before = duel.path.read_bytes()
    r = duel("cover", "Воин", "--clear")
    assert r.exit_code == ExitCode.RULES and "not in cover" in r.stderr
    r = duel("cover", "Воин")
    assert r.exit_code == ExitCode.USAGE and "--clear" in r.stderr
    assert duel.path.read_bytes() == before


def test_sk_cover_1_a_negative_rating_and_russian_words(tmp_path):
    duel = Duel(tmp_path, ARCHER).started()
    duel.ok("cover", "Монстр", "--", "-2")
    r = duel.ok("--lang", "ru", "attack", "Воин", "Монстр", "--weapon", "Лук", "--given", "12 13")
    assert "13 + -2 = 11" in r.stdout
    assert "cover" not in duel.who("Монстр").get("data", {})


# --- SK-BURN-1: the one burning item, named by the master ------------------------------------------


def test_sk_burn_1_the_master_names_the_burning_item_and_it_rolls_each_turn(duel):
    duel.ok("fight", "next")
    duel.ok("effect", "add", "Воин", "поджог")
    r = duel.ok("burn", "Воин", "--item", "меч")
    assert "Воин burns: Меч rolls for breakage each burning turn" in r.stdout
    r = duel.ok("fight", "next", "--given", "2 6")
    assert "Воин: Меч breakage (burning): d10 6: -1 durability (durability 10 -> 9)" in r.stdout
    assert duel.who("Воин")["data"]["armor"]["Кольчуга"]["durability"] == 8  # the armor did not burn
    duel.ok("extinguish", "Воин", "--given", "15")
    assert "burning" not in duel.doc()["fight"].get("data", {})


def test_sk_burn_1_without_a_pick_the_strongest_breaking_armor_burns(duel):
    duel.ok("fight", "next")
    duel.ok("effect", "add", "Воин", "burning")
    r = duel.ok("fight", "next", "--given", "1 5")
    assert "Воин: Кольчуга breakage (burning): d10 5" in r.stdout


def test_sk_burn_1_a_destroyed_pick_falls_back_to_the_default(duel):
    duel.ok("fight", "next")
    duel.ok("effect", "add", "Воин", "burning")
    duel.ok("burn", "Воин", "--item", "Меч")
    r = duel.ok("fight", "next", "--given", "1 1")
    assert "Меч breakage (burning): d10 1: destroyed" in r.stdout
    duel.ok("fight", "next")
    r = duel.ok("fight", "next", "--given", "1 9")
    assert "Кольчуга breakage (burning): d10 9" in r.stdout


def test_sk_burn_1_bad_picks_are_refused_and_change_nothing(duel):
    before = duel.path.read_bytes()
    r = duel("burn", "Воин", "--item", "Меч")
    assert r.exit_code == ExitCode.RULES and "not burning" in r.stderr
    duel.ok("effect", "add", "Воин", "burning")
    before = duel.path.read_bytes()
    r = duel("burn", "Воин", "--item", "Щит")
    assert r.exit_code == ExitCode.RULES and "Щит has no breakage chance; items that can break: Кольчуга, Меч" \
        in r.stderr
    r = duel("burn", "Воин", "--item", "Лопата")
    assert r.exit_code == ExitCode.NOT_FOUND and "Лопата" in r.stderr
    r = duel("--lang", "ru", "burn", "Воин", "--item", "Щит")
    assert "Щит не может сломаться" in r.stderr
    assert duel.path.read_bytes() == before
