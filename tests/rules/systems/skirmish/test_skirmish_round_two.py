"""Skirmish rules round two (issue 25): free movement counted per turn, and breakage
that reaches every value of an item.  Played through the command line from given
dice, as in test_skirmish_cli.py."""

from __future__ import annotations

import pytest
from test_skirmish_cli import DUEL, Duel

from ttcli.exitcodes import ExitCode


@pytest.fixture
def duel(tmp_path):
    return Duel(tmp_path).started()


# --- SK-MOVE-1: the free metres are a turn's, not a command's -------------------------------------


def test_sk_move_1_free_metres_are_per_turn_not_per_move(duel):
    """Seed 003: "(Ловкость+Выносливость)/2 = на какое кол-во метров можно переместится без
    затрат st" - a turn's worth, however many moves take it.  Воин: (4 + 5) / 2 = 4 free."""
    r = duel.ok("move", "Воин", "3")
    assert "Воин moves 3 m (4 m free): 0 st, st 20 -> 20." in r.stdout
    r = duel.ok("move", "Воин", "3")
    assert "Воин moves 3 m (1 of 4 free m left this turn): 2 st, st 20 -> 18." in r.stdout
    r = duel.ok("move", "Воин", "4")
    assert "Воин moves 4 m (0 of 4 free m left this turn): 4 st, st 18 -> 14." in r.stdout
    assert duel.who("Воин")["resources"]["st"] == 14
    assert duel.doc()["fight"]["data"]["moved"] == {"Воин": 10}


def test_sk_move_1_the_free_metres_come_back_with_the_movers_next_turn(duel):
    duel.ok("move", "Воин", "4")
    duel.ok("fight", "next")  # Монстр's turn: Воин's metres still count (a move out of turn)
    r = duel.ok("move", "Воин", "2")
    assert "2 st, st 20 -> 18" in r.stdout
    r = duel.ok("move", "Монстр", "2")  # Монстр's own allowance: (2 + 2) / 2 = 2
    assert "Монстр moves 2 m (2 m free): 0 st" in r.stdout
    duel.ok("fight", "next")  # Воин's turn again: its 4 free metres are back
    assert "Воин" not in duel.doc()["fight"].get("data", {}).get("moved", {})
    r = duel.ok("move", "Воин", "4")
    assert "Воин moves 4 m (4 m free): 0 st, st 18 -> 18." in r.stdout


def test_sk_move_1_undo_takes_back_the_metres_of_the_move_it_undoes(duel):
    duel.ok("move", "Воин", "4")
    duel.ok("move", "Воин", "2")
    duel.ok("undo")
    assert duel.doc()["fight"]["data"]["moved"] == {"Воин": 4}
    r = duel.ok("move", "Воин", "2")
    assert "2 st, st 20 -> 18" in r.stdout


def test_sk_move_1_the_metres_walked_may_be_set_by_hand(duel):
    text = duel.path.read_text(encoding="utf-8")
    duel.path.write_text(text.replace("[fight]\n", '[fight]\ndata = { moved = { "Воин" = 3 } }\n', 1),
                         encoding="utf-8")
    r = duel.ok("move", "Воин", "2")
    assert "Воин moves 2 m (1 of 4 free m left this turn): 1 st, st 20 -> 19." in r.stdout


def test_a_bad_walked_count_in_the_file_is_bad_data_and_the_file_is_kept(duel):
    text = duel.path.read_text(encoding="utf-8")
    duel.path.write_text(text.replace("[fight]\n", '[fight]\ndata = { moved = { "Воин" = -3 } }\n', 1),
                         encoding="utf-8")
    before = duel.path.read_bytes()
    r = duel("move", "Воин", "1")
    assert r.exit_code == ExitCode.BAD_DATA and "moved" in r.stderr and "Traceback" not in r.output
    assert duel.path.read_bytes() == before


# --- SK-BREAK-1: a band reaches every value of the item --------------------------------------------

#: Воин's sword with its own skills, a poison with its damage and a bonus; its mail with bonuses
WORN_KIT = DUEL.replace('''damage = 5
size = "large"
effects = { bleeding = 30, stun = 20 }''', '''damage = 5
accuracy = 6
defense = 5
size = "large"
effects = { bleeding = 30, stun = 20, poison = { chance = 40, damage = 3 } }
bonuses = { dexterity = 1, stealth = -2 }''').replace('''[combatants."Воин".data.armor."Кольчуга"]
def = 3''', '''[combatants."Воин".data.armor."Кольчуга"]
def = 3
bonuses = { dexterity = -1, endurance_def = 1 }''')


@pytest.mark.parametrize(("die", "sword", "mail"), [
    # 4-5: -2 durability, -1 to every other value, def and dexterity -0.1
    (4, {"damage": 4, "accuracy": 5, "defense": 4, "durability": 8,
         "effects": {"bleeding": 29, "stun": 19, "poison": {"chance": 39, "damage": 2}},
         "bonuses": {"dexterity": 0.9, "stealth": -3}},
     {"def": 2.9, "durability": 6, "bonuses": {"dexterity": -1.1, "endurance_def": 0.9}}),
    # 2-3: -3 durability, every other value halved (rounded down)
    (3, {"damage": 2, "accuracy": 3, "defense": 2, "durability": 7,
         "effects": {"bleeding": 15, "stun": 10, "poison": {"chance": 20, "damage": 1}},
         "bonuses": {"dexterity": 0, "stealth": -1}},
     {"def": 1, "durability": 5, "bonuses": {"dexterity": -1, "endurance_def": 0}}),
])
def test_sk_break_1_the_band_reaches_every_value_of_the_item(tmp_path, die, sword, mail):
    """Seed 003: "(4-5) - (-2 к \\/, -1 ко всем остальным показателям (Def и ЛОВ вычитаются в 0.1));
    (2-3) - (-3 к \\/, остальным показатели/2)": the accuracy and defense of the sword, its
    on-hit chances and the mail's bonuses follow its damage and def."""
    duel = Duel(tmp_path, WORN_KIT).started()
    duel.ok("attack", "Воин", "Монстр", "--weapon", "Меч", "--answer", "block", "--given", "1 20")
    duel.ok("damage", "Воин", "1")
    duel.ok("fight", "end", "--yes", "--given", f"{die} {die}")
    data = duel.who("Воин")["data"]
    got_sword, got_mail = data["weapons"]["Меч"], data["armor"]["Кольчуга"]
    assert {k: got_sword.get(k) for k in sword} == sword
    assert {k: got_mail.get(k) for k in mail} == mail


def test_sk_break_1_a_worn_sword_attacks_and_blocks_with_its_lowered_skills(tmp_path):
    """The lowered values are the ones a fight reads next: the sword's own accuracy 6 is 5."""
    duel = Duel(tmp_path, WORN_KIT).started()
    duel.ok("attack", "Воин", "Монстр", "--weapon", "Меч", "--answer", "block", "--given", "1 20")
    duel.ok("fight", "end", "--yes", "--given", "4")
    duel.ok("fight", "start", "--given", "20 1")
    r = duel.ok("attack", "Воин", "Монстр", "--weapon", "Меч", "--given", "10")
    assert "d20 10 + 5" in r.stdout
