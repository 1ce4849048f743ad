"""The core Clash game (H3-3.2.1) and Tournament mode (H3-45) on the kernel flow.

Layout: ``state`` (the model), ``flow`` (the one ``FLOW``), ``setup`` (H3-6 and the
Tournament map), ``rounds`` (H3-7, H3-8, H3-5), ``actions`` (the action union), ``views``,
``briefing`` (what the table is told of its scenario and of a drawn astrologer card),
``invariants``, ``ruleset``,
``ally_trade`` (offers and swaps between Alliance allies, H3-43.3). Map, town and card rules live
in ``adventure/``, ``town/`` and ``cards/`` and register their steps on ``FLOW``.
"""
