"""The effect vocabulary: what talents, advancements, relics and events may say.

Content names a hook by id; the rules modules look the ids up at the moment the rule runs
(the *timing tag*): a talent's hook is a rule hook (``range`` at attack and counter-attack
time, ``impale`` after moving …), an effect's ``when`` says when it applies (``passive`` while
owned, ``now`` when bought/drawn/played, ``income``, ``prep``, ``turn_start``). Anything else
is ``gm``: the game master resolves it (engine/core/gm.py). Unknown ids are refused at load.
"""

from __future__ import annotations

# Talent id -> (timing, meaning). The rules modules read these ids; nothing else is a talent.
TALENTS: dict[str, tuple[str, str]] = {
    "range": ("attack, counter", "attacks and counter-attacks targets within n hexes (CS-8.5)"),
    "hunter": ("attack", "+1 damage against landmark units (TU-1, AMB-43)"),
    "tough": ("damage taken", "counter-attack damage taken is capped at n (TU-6, AMB-13)"),
    "impale": ("after move", "after moving, deal n damage to one adjacent enemy unit; not an attack (TU-5)"),
    "endless_retaliation": ("counter", "counter damage = tower dice rolled until blank or 2 (CS-19.5.7)"),
    "engage": ("attack", "units able to attack this landmark must attack it (CS-11.9)"),
    "foreboding": ("explore", "must be revealed when explored (CS-11.8)"),
    "toxic_fog": ("after move", "deals n damage to an enemy unit that ends its move adjacent (TL-1)"),
    "build_phase_only": ("build", "this tower is built only in the build phase (Mining, game-data 2.3)"),
    "terrain": ("move", "equipment: the hero's terrain cap becomes n"),
    "attack_bonus": ("attack", "equipment: +n attack"),
    "shield": ("attach", "equipment: n defense chips when attached"),
    "bounty": ("defeat", "equipment: +n Source whenever this hero defeats something"),
}

# Effect op -> meaning; ``when`` decides the moment.
EFFECTS: dict[str, str] = {
    "income_bonus": "gain n more Source in the income phase (passive: every wave; income: this wave)",
    "source_cap": "the Source cap becomes n (CS-6.4)",
    "gate_max": "the gate's maximum HP rises by n",
    "heal_gate": "the gate regains n HP, up to its maximum",
    "promote_minions": "minions of type `target` deploy promoted side up (CS-9.9)",
    "unlock_towers": "the faction's promoted towers may be built (CS-7.1)",
    "gain_source": "gain n Source",
    "lose_source": "lose n Source (not below 0)",
    "cp_bonus": "n more CP in this wave's prep phase",
    "heal_units": "each deployed unit of the player regains n HP, up to its printed HP",
    "heal_landmarks": "each revealed landmark with HP regains n HP, up to its printed HP",
    "extra_limited_build": "n more limited build options this wave (CS-19.1.3)",
    "gm": "the game master resolves `text` (engine/core/gm.py)",
}


def check_talent(talent: str, where: str) -> None:
    if talent not in TALENTS:
        raise ValueError(f"{where}: talent {talent!r} is not in the effect vocabulary")


def check_effect(op: str, where: str) -> None:
    if op not in EFFECTS:
        raise ValueError(f"{where}: effect {op!r} is not in the effect vocabulary")
