"""Benchmarks: ``python -m bench <name>`` runs ``bench/<name>.py`` and prints one JSON line per figure.

Timings live here and never in tests, so a slow machine can fail a goal without
failing the build.
"""
