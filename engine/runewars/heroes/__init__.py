"""Heroes and everything they do: the hero model and actions (``core``), quests and
exploration rewards (``quests``), hero-versus-hero duels (``duels``), and the glue that
puts hero decisions into the season flow (``glue``).
"""
