"""Units (CS-8 to CS-10): minion and hero movement, squads, attacks and counter-attacks,
damage, defeats with their rewards, and hero level-ups and promotion (CS-26)."""
