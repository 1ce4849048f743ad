"""Cloudspire content as data: factions, market chips, landmarks, isles, earthscapes, relics, events.

``load_content()`` returns the validated, cached ``Content``; README.md in this folder says
which numbers are printed, which are house, and where each came from.
"""

from .loader import ContentError, load_content, read_content
from .models import TERRAIN_RANK, Content

__all__ = ["TERRAIN_RANK", "Content", "ContentError", "load_content", "read_content"]
