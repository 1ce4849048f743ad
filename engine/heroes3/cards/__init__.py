"""Heroes III Clash: the card rules, registered on clash.flow.FLOW.

deck.py (hand, draws, Search, levels, morale tokens, H3-14.3 keep-or-redraw), play.py (cards
played on the map: effects with steps, Power and map spells by tier, H3-15), permanent.py (the one
permanent card in play, H3-13.2.7), start.py (start-of-turn abilities after the hand refresh,
H3-8.1.3), messages.py (their sentences, ids ``h3.cards.*``).
"""
