"""Neutral units: the difficulty table that decides which are drawn, and the AI that runs them."""
