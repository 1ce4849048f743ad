"""Resolving the effects printed on cards (fate, order-card bonuses, tactics, rewards).

The effect vocabulary itself (what a card may say) is data in ``content/effects.py``;
this package turns one effect into state changes, flow steps and events.
"""
