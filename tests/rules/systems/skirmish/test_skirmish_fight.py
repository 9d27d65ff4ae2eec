"""A whole skirmish, 6 against 6, once with one-shot commands and once in the prompt.

Attacks wait for their answers in separate commands, dodges earn
counterattacks, bleedings are bandaged, effects tick and ``fight end`` rolls
breakage; both ways must leave the same journal (the driver, shared with the
benchmark, is tests/support/scripted_skirmish.py).
"""

from __future__ import annotations

import scripted_skirmish as sf


def test_sk_atk_1_sk_out_1_sk_break_1_one_shot_and_prompt_give_the_same_journal(tmp_path):
    a, b = tmp_path / "one-shot", tmp_path / "prompt"
    sf.prepare(a)
    sf.prepare(b)
    lines = sf.one_shot_fight(a, rounds=2)
    assert lines[0] == "fight start" and lines[-1] == "fight end --yes"
    verbs = [line.split()[0] for line in lines]
    assert verbs.count("attack") >= 12 and verbs.count("defend") >= 12 and "counter" in verbs
    sf.prompt_fight(b, lines)
    journal = sf.journal(a)
    assert journal == sf.journal(b)
    kinds = {event["kind"] for record in journal for event in record.get("events", [])}
    assert {"attack_roll", "defence", "hit", "effect_roll", "may_counter", "counter", "breakage"} <= kinds
