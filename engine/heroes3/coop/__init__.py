"""Cooperative scenarios (H3-3.2.4): every seat on one side against the engine-run AI enemy, whose
heroes move on the map after the players each round (H3-41.4, H3-41.5) and fight with AI decks
(H3-41.6..H3-41.10); every combat's enemy units act under the AI rules (H3-34.10, H3-40).

``setup`` places the AI enemy; ``ai_turn`` moves its heroes; ``ai_combat`` starts and settles the
combats they are in; ``victory`` says when the table has won or lost together.
"""
