"""Towers (CS-7): influence, building and upgrading with their prices and caps, chip damage,
and the tower attack step of an opponent's turn (CS-19.3)."""
