"""The wave (CS-13): the wave table, the event, income, market, build, prep and siege phases
(CS-14 to CS-19), the end of the wave and of the game (CS-20 to CS-22)."""
