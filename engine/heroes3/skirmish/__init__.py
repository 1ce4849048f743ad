"""``heroes3-skirmish``: one Heroes III combat between two players, to test and to play duels."""
