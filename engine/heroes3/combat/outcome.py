"""The consequences of a combat's end on the adventure level (H3-37.3..H3-37.9, H3-38, H3-26.5).

Why a separate record: the combat sub-engine knows who won and how, but the map, the towns and
the morale and faction-cube supplies belong to the adventure game (a later issue). The combat
therefore ends with a ``CombatOutcome`` saying, per side, where the hero must go and what its
owner gains or pays; the host applies it. Gold is the one purse the combat already holds
(``CombatSide.gold``, needed for surrender), so it is applied here and only reported.
"""

from __future__ import annotations

from .models import Combat, CombatOutcome, CombatSide, SideOutcome

DEFEAT_GOLD = 5  # H3-37.7
SURRENDER_GOLD = 10  # H3-37.9


def _by_player(combat: Combat, winner: int) -> bool:
    """H3-37.7/37.8: defeated "by another player's army" (with or without a hero), not by neutrals
    and not by an AI hero (H3-41.3: beating or losing to the AI brings no such exchange)."""
    side = combat.sides[winner]
    return combat.kind != "neutral" and side.owner is not None and side.ai is None


def consequences(
    combat: Combat, outcome: str, winner: int | None, xp: int, level_after: int | None, surrendered: int | None = None
) -> CombatOutcome:
    """Build (and apply to the combat's purses) the consequences of ``outcome``.

    ``winner`` is a team; ``xp``/``level_after`` come from H3-38 for the winner. The unit decks
    in ``CombatSide.army`` are already cleaned up (H3-37.3)."""
    out = CombatOutcome(kind=combat.kind, outcome=outcome, winner=winner, instant=outcome == "instant")
    for side in combat.sides:
        out.sides.append(
            SideOutcome(
                team=side.team,
                owner=side.owner,
                hero=side.hero,
                main_hero=side.main_hero,
                result="none",
                army=list(side.army),
                # H3-26.5 / H3-37.3: an emptied unit deck is refilled with the starting units.
                refill=side.owner is not None and side.ai is None and not side.army,
            )
        )
    if outcome == "quick":  # H3-31.1: the neutrals count as defeated; visit, no XP
        _won(out.side(0), combat.sides[0], 0, None)
        return out
    if outcome == "retreat":  # H3-36.3 / H3-37.5: back to the last visited field, without visiting
        out.side(0).result = "retreated"
        out.side(0).move = "last_visited" if combat.sides[0].hero is not None else "stay"
        return out
    if outcome == "surrender" and surrendered is not None:  # H3-37.9
        loser = out.side(surrendered)
        loser.result = "surrendered"
        loser.move = "own_town" if combat.sides[surrendered].main_hero else "removed"
        loser.eliminated_if_no_town = loser.move == "own_town"
        loser.gold = -SURRENDER_GOLD  # already paid in the combat (flow.finish)
        out.side(1 - surrendered).gold = SURRENDER_GOLD
        return out
    if winner is None:
        return out
    _won(out.side(winner), combat.sides[winner], xp, level_after)
    loser_team = 1 - winner
    lose_side = combat.sides[loser_team]
    if lose_side.owner is None or lose_side.ai is not None:
        return out  # neutrals and AI heroes have no adventure-level consequences here
    _lost(out, combat, lose_side, winner)
    return out


def _won(rec: SideOutcome, side: CombatSide, xp: int, level_after: int | None) -> None:
    """H3-37.4: the winner gains XP (main heroes, H3-38); an attacking winner must visit the
    field of the combat, after its level-ups (H3-38.4)."""
    rec.result = "won"
    rec.xp = xp if side.main_hero else 0
    rec.level_after = level_after if side.main_hero else None
    if side.team == 0 and side.hero is not None:
        rec.move = "visit"


def _lost(out: CombatOutcome, combat: Combat, side: CombatSide, winner: int) -> None:
    """H3-37.6..H3-37.8: where the defeated hero goes, and what a player's army takes from it."""
    rec = out.side(side.team)
    rec.result = "lost"
    if side.hero is None:
        return  # a town defended by units alone (H3-39.1): no hero to move
    by_player = _by_player(combat, winner)
    win_side = combat.sides[winner]
    win = out.side(winner)
    if side.main_hero:
        rec.move = "own_town"  # H3-37.6: the owner chooses which town or settlement
        rec.eliminated_if_no_town = True
        if by_player:  # H3-37.7
            _lose_morale(rec, side)
            paid = min(DEFEAT_GOLD, max(side.gold, 0))  # pay all when short
            side.gold -= paid
            win_side.gold += paid
            rec.gold = -paid
            win.gold += paid
            win.faction_cubes += 1
        return
    rec.move = "removed"  # H3-37.8
    if by_player:
        win.faction_cubes += 1


def _lose_morale(rec: SideOutcome, side: CombatSide) -> None:
    """H3-11.3: losing morale discards a positive token, else gives a negative one; H3-11.4: a
    second negative token is not taken, the hand is discarded at the end of the next turn
    instead; H3-11.5: Necropolis never gains or loses morale (E-11)."""
    if side.faction == "necropolis":
        return
    rec.morale = -1
    if side.morale > 0:
        side.morale = 0
    elif side.morale == 0:
        side.morale = -1
    else:
        rec.discard_hand = True


def instant_defeat(combat: Combat) -> CombatOutcome:
    """H3-30.5 / H3-37.8: the attacked secondary hero's owner gives up without fighting: the hero
    leaves the map, the attacker's owner gains a faction cube, nobody gains XP (H3-38.3)."""
    return consequences(combat, "instant", 0, 0, None)
