"""Starting a game: building the map from tiles (``mapgen``) and the starting position,
home realms, units and decks of every seat (``start``), RW-4 and RW-5.
"""
