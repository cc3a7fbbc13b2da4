"""Hidden information holds on the wire: whole games played over real WebSocket connections,
every seat at once and a spectator beside them. No message to a seat names (by id or by
name) a card the engine never showed that seat; no message to a spectator names a card that
was never public.

What a seat was shown up to decision ``k``: every card it could see in the positions
0..k, the cards named in its own events (``Game.events_for``) and in its own options. The
games are rebuilt from the server's stored log, position by position, to know that.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from typing import Any

import pytest
from wire_client import Client, play_randomly, watch

from smashup.engine.api.views import event_cards, option_cards, visible_to
from smashup.server.catalog import catalog
from smashup.server.live import LiveServer
from smashup.server.room import SPECTATOR, Room

CARD_ID = re.compile(r"[a-z0-9@-]+/[a-z0-9-]+#[0-9]+")
GAMES = [(2, 101), (3, 102), (4, 103), (2, 104), (3, 105), (2, 106)]
"""(players, seed) of the games played."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("hidden") / "games.db") as live:
        yield live


def public_words() -> set[str]:
    """Names that may appear in any message: bases, factions, and the cards that public
    text mentions (a card's or base's ability naming another card)."""
    info = catalog()
    texts = " ".join(c["text"] or "" for c in info["cards"].values())
    texts += " ".join(b["text"] or "" for b in info["bases"].values())
    mentioned = {c["name"] for c in info["cards"].values() if c["name"] in texts}
    # bases and factions are public: "Shogun's Palace" is no hint of a hidden Shogun
    return (mentioned | {b["name"] for b in info["bases"].values()}
            | {f["name"] for f in info["factions"]})


def shown_so_far(game_id: str, spec: dict[str, Any], log: list[str]
                 ) -> tuple[Room, dict[int, list[set[int]]]]:
    """For each viewer, the cards shown to it by each decision number (0..len(log))."""
    room = Room(game_id, spec)
    assert room.game is not None
    seen: dict[int, set[int]] = {v: set() for v in room.viewers}
    by_seq: dict[int, list[set[int]]] = {v: [] for v in room.viewers}

    def look() -> None:
        assert room.game is not None
        g, req = room.game.state, room.game.request
        for v in room.viewers:
            seen[v].update(c for c in range(len(g.defs)) if visible_to(g, c, v))
            for ev in room.game.events_for(v):
                seen[v].update(event_cards(ev))
            if req is not None and req.player == v:
                seen[v].update(c for o in req.options for c in option_cards(o))
            by_seq[v].append(set(seen[v]))

    look()
    for entry in log:
        room.apply(entry)
        look()
    return room, by_seq


def name_check(names: set[str], known: set[str]) -> tuple[re.Pattern[str] | None, list[str]]:
    """A pattern finding any of ``names`` not ``known`` as a whole word, and the known names
    that contain one of them (to be taken out of a text first)."""
    hidden = sorted(names - known, key=len, reverse=True)
    if not hidden:
        return None, []
    longer = [k for k in known if any(h in k for h in hidden)]
    return re.compile(r"\b(?:" + "|".join(map(re.escape, hidden)) + r")\b"), longer


async def play_all(server: LiveServer, games: list[dict[str, Any]]
                   ) -> list[dict[int, Client]]:
    """Every game played to its end at once: each seat a random player, and a spectator."""
    tables: list[dict[int, Client]] = []
    for game in games:
        clients = {SPECTATOR: Client(server.ws_url, game["id"])}
        clients.update({s["seat"]: Client(server.ws_url, game["id"], s["token"])
                        for s in game["seats"]})
        tables.append(clients)
    for clients in tables:
        for client in clients.values():
            await client.__aenter__()
    try:
        await asyncio.gather(*(
            watch(client) if viewer == SPECTATOR else play_randomly(client, 7 * i + viewer)
            for i, clients in enumerate(tables) for viewer, client in clients.items()))
    finally:
        for clients in tables:
            for client in clients.values():
                await client.__aexit__()
    return tables


def test_no_message_names_a_card_hidden_from_its_reader(server: LiveServer) -> None:
    games = [server.create({"seats": [{"kind": "human", "name": f"P{p}"} for p in range(n)],
                            "seed": seed}) for n, seed in GAMES]
    tables = asyncio.run(play_all(server, games))
    stored = {g.id: g for g in server.store.games()}
    allowed_anyway = public_words()
    messages = ids_checked = 0
    hidden_names: dict[tuple[int, int], tuple[re.Pattern[str] | None, list[str]]] = {}
    for game, clients in zip(games, tables, strict=True):
        hidden_names.clear()
        record = stored[game["id"]]
        room, shown = shown_so_far(game["id"], record.spec, record.log)
        assert room.stage == "over"
        g = room.game.state if room.game else None
        assert g is not None
        for viewer, client in clients.items():
            for raw, message in zip(client.raw, client.messages, strict=True):
                if message["type"] != "view":
                    continue
                known = shown[viewer][message["seq"]]
                known_ids = {g.names[c] for c in known}
                for card_id in CARD_ID.findall(raw):
                    assert card_id in known_ids, (
                        f"{card_id} sent to viewer {viewer} at decision {message['seq']}")
                    ids_checked += 1
                if (viewer, message["seq"]) not in hidden_names:
                    hidden_names[viewer, message["seq"]] = name_check(
                        {d.name for d in g.defs}, {g.defs[c].name for c in known}
                        | allowed_anyway)
                pattern, longer_names = hidden_names[viewer, message["seq"]]
                text = raw
                for longer in longer_names:  # "Tiger Assassin" shown: not a hidden "Assassin"
                    text = text.replace(longer, "")
                found = pattern.search(text) if pattern else None
                assert found is None, (
                    f"{found.group(0)} sent to viewer {viewer} at decision {message['seq']}: "
                    f"...{text[found.start() - 150:found.end() + 50]}...")
                messages += 1
        # the spectator was told of no hand at all
        assert all(m["observation"]["hand"] == [] for m in clients[SPECTATOR].messages
                   if m["type"] == "view" and m["observation"])
    decisions = sum(len(stored[g["id"]].log) for g in games)
    print(f"\nhidden information on the wire: {len(games)} games, {decisions} decisions, "
          f"{messages} messages checked, {ids_checked} card ids in them")
    assert messages > 2000 and decisions > 1000
