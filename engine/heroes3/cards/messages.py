"""Sentences of the card subsystem (engine/core/text.py), ids ``h3.cards.*`` in the ``h3`` domain.

Why a module of its own: the Clash engine's messages (``h3.clash.*``, clash/messages.py) belong to
another helper's area; the card rules add their few sentences here in the same style and reuse the
Clash fragments (seat names, "Done", "Use {building}") wherever the wording is the same.
"""

from __future__ import annotations

from engine.core.text import message

ASK_TURN_START = message(
    "h3.cards.ask.turn_start",
    "Start of your turn: use your start-of-turn abilities now, one at a time in the order you choose, or finish.",
)

OPT_PUT_IN_PLAY = message("h3.cards.opt.put_in_play", "Put {card} into play")
OPT_REPLACE_PERMANENT = message("h3.cards.opt.replace_permanent", "Put {card} into play (it replaces {old})")
PERMANENT_PLAYED = message("h3.cards.permanent_played", "{seat!c} puts {card} into play.")
PERMANENT_REPLACED = message("h3.cards.permanent_replaced", "{seat!c} puts {card} into play and discards {old}.")
OPT_CAST_BOOSTED = message(
    "h3.cards.opt.cast_boosted", "Cast {card} with {power} Power, discarding {magic} for +{n} Power (expert effect)"
)
BOOSTED = message("h3.cards.boosted", "{seat!c} discards {magic} for +{n} Power.")
NO_BOOSTER = message("h3.cards.no.booster", "You have no Magic card of this spell's school to discard.")
OPT_PLAY_FOR_GM = message("h3.cards.opt.play_for_gm", "Play {card} ({mode}): the game master carries out its effect")
GM_CARD_EFFECT = message("h3.cards.gm_card_effect", "carry out {card} ({mode}) for {seat}: {what}")
