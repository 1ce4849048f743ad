"""Runewars content: data files plus the models that validate them (D-1..D-17).

Import ``load_content`` and query the returned ``RunewarsContent``; the README in this
folder documents the file formats and which entries are public fact or house content.
"""

from engine.runewars.content.effects import PRIMITIVE_KINDS, Effect, Effects, walk
from engine.runewars.content.loader import ContentError, RunewarsContent, load_content, read_content
from engine.runewars.content.models import (
    Area,
    CityToken,
    DestinyCard,
    DestinyIcon,
    Dial,
    DialPosition,
    ExplorationToken,
    Faction,
    HeroCard,
    MapTile,
    ObjectiveCard,
    OrderCard,
    PlacedArea,
    QuestCard,
    RewardCard,
    SeasonCard,
    TacticsCard,
    TitleCard,
    UnitType,
)

__all__ = [
    "PRIMITIVE_KINDS",
    "Area",
    "CityToken",
    "ContentError",
    "DestinyCard",
    "DestinyIcon",
    "Dial",
    "DialPosition",
    "Effect",
    "Effects",
    "ExplorationToken",
    "Faction",
    "HeroCard",
    "MapTile",
    "ObjectiveCard",
    "OrderCard",
    "PlacedArea",
    "QuestCard",
    "RewardCard",
    "RunewarsContent",
    "SeasonCard",
    "TacticsCard",
    "TitleCard",
    "UnitType",
    "load_content",
    "read_content",
    "walk",
]
