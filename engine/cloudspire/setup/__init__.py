"""Setup (CS-5 for 2 players, CS-22.1 for 3-4 players and 2v2): factions, isles revealed and
oriented by the players, fortresses attached, landmarks, market and decks."""
