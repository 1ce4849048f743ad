"""The Heroes III combat sub-engine: board, units, dice, cards, rounds, sieges (H3-27..H3-39).

The adventure game and the skirmish ruleset both call ``start_combat`` and install the same
step handlers (``install``) on their flow.
"""
