"""A game year: seasons and their steps (``seasons``), order cards and their abilities
(``orders``), movement and retreats (``movement``), dragon runes (``runes``) and the end
of the game (``victory``).
"""
