"""``/gm content`` and ``/game new content:`` (issue 11, docs/content-packs.md): a game master
uploads a pack, reads every problem with its path in the file or the hash and name to use, and a
game opened with the pack records its text and sha256 (so a replay uses the same content)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cogs.gm import GmCog
from cogs.runewars import RunewarsCog
from cogs.table import TableCog
from engine.core.content_packs import PackLibrary, pack_hash
from engine.core.text import Ref

from .stubs import StubInteraction, invoke, open_referee

GUILD, CHANNEL = 77, 88
GM, PLAYER = 4242, 1001
EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "runewars-pack.json"


class Upload:
    """What ``/gm content`` reads of a ``discord.Attachment``."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.size = len(data)
        self.filename = "pack.json"

    async def read(self) -> bytes:
        return self.data


def upload(text: str | bytes) -> Any:
    return Upload(text.encode("utf-8") if isinstance(text, str) else text)


async def test_gm_content_keeps_a_good_pack_and_game_new_plays_it(tmp_path: Path) -> None:
    store, client, referee = await open_referee(str(tmp_path / "packs.sqlite3"))
    referee.content_packs = PackLibrary(tmp_path / "packs")
    gm_cog, table = GmCog(referee), TableCog(referee)
    text = EXAMPLE.read_text(encoding="utf-8")
    try:
        gm = StubInteraction(client, GM, guild_id=GUILD, channel_id=CHANNEL, admin=True)
        await invoke(gm_cog.content, gm_cog, gm, pack=upload(text))
        assert gm.text.startswith("✅ Content pack **example-transcription** for Runewars is checked and kept.")
        assert pack_hash(text) in gm.text and "content:example-transcription" in gm.text

        opener = StubInteraction(client, PLAYER, guild_id=GUILD, channel_id=CHANNEL)
        await invoke(table.new, table, opener, ruleset="runewars", players=2, content="example-transcription")
        assert "Created" in opener.text, opener.text
        (game,) = await store.list_games()
        assert game.options["content_pack"] == text and game.options["content_hash"] == pack_hash(text)
        assert referee.names(game).name(Ref(kind="tactics", id="T01"), "en") == "Rain of Arrows"
        lobby = client.all_posts()[-1]
        assert (
            f"content pack: example-transcription ({pack_hash(text)[:12]})" in lobby and "Rain of Arrows" not in lobby
        )

        # In the game's thread, /rw card reads the pack: its text, and no house mark on a transcribed card.
        rw = RunewarsCog(referee)
        assert game.thread_id is not None
        lookup = StubInteraction(client, PLAYER, guild_id=GUILD, channel_id=game.thread_id)
        await invoke(rw.card, rw, lookup, name="tactics:T01")
        assert "Rain of Arrows" in lookup.text and "Deal 3 damage" in lookup.text and "House content" not in lookup.text
        elsewhere = StubInteraction(client, PLAYER, guild_id=GUILD, channel_id=CHANNEL)
        await invoke(rw.card, rw, elsewhere, name="tactics:T01")
        assert "Volley of Arrows" in elsewhere.text and "🏠 House content" in elsewhere.text

        missing = StubInteraction(client, PLAYER, guild_id=GUILD, channel_id=CHANNEL)
        await invoke(table.new, table, missing, ruleset="runewars", players=2, content="nope")
        assert "No content pack 'nope' for Runewars is kept" in missing.text
        assert len(await store.list_games()) == 1
    finally:
        await store.close()


async def test_gm_content_lists_each_problem_with_its_path_and_keeps_nothing(tmp_path: Path) -> None:
    store, client, referee = await open_referee(str(tmp_path / "bad.sqlite3"))
    library = PackLibrary(tmp_path / "packs")
    referee.content_packs = library
    cog = GmCog(referee)
    bad = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    bad["replace"]["heroes"][0]["health"] = 0
    bad["replace"]["tactics"][0]["timing"] = "whenever"
    try:
        gm = StubInteraction(client, GM, guild_id=GUILD, channel_id=CHANNEL, admin=True)
        await invoke(cog.content, cog, gm, pack=upload(json.dumps(bad)))
        assert gm.text.startswith("❌ The pack has 2 problem(s)")
        assert "`replace.heroes[0].health: Input should be greater than or equal to 1`" in gm.text
        assert "replace.tactics[0].timing:" in gm.text
        assert library.names() == []

        binary = StubInteraction(client, GM, guild_id=GUILD, channel_id=CHANNEL, admin=True)
        await invoke(cog.content, cog, binary, pack=upload(b"\xff\xfe\x00"))
        assert "UTF-8 text file" in binary.text

        player = StubInteraction(client, PLAYER, guild_id=GUILD, channel_id=CHANNEL)
        await invoke(cog.content, cog, player, pack=upload(EXAMPLE.read_text(encoding="utf-8")))
        assert player.text.startswith("⛔") and library.names() == []
    finally:
        await store.close()
