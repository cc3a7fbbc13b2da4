"""The browser game's server over real loopback connections: the lobby, seat tokens,
spectators, the draft, and bad clients (illegal, stale, malformed, oversized and too many
messages, a second tab, a foreign page) — each refused with a clear error, the game
unchanged."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import random
import sqlite3
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
import websockets
from wire_client import Client, play_randomly

from smashup import sim
from smashup.agents.ismcts import ISMCTSAgent
from smashup.engine.api.setup import SetupError
from smashup.server.app import GameServer
from smashup.server.catalog import catalog as server_catalog
from smashup.server.live import LiveServer
from smashup.server.room import new_spec
from smashup.server.store import SQLiteStore

NUMPY = importlib.util.find_spec("numpy") is not None
TWO_PEOPLE = {"seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
              "factions": [["aliens", "ninjas"], ["robots", "zombies"]], "seed": 11}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("serve") / "games.db") as live:
        yield live


def stored_log(server: LiveServer, game_id: str) -> list[str]:
    """The decisions committed for a game, read through a connection of our own."""
    db = sqlite3.connect(server.store.path)
    try:
        return [e for (e,) in db.execute(
            "SELECT entry FROM decisions WHERE game = ? ORDER BY seq", (game_id,))]
    finally:
        db.close()


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.loads(answer.read())


def run(coro: Any) -> Any:
    return asyncio.run(coro)


# ---- the lobby -------------------------------------------------------------------------------


@pytest.mark.parametrize("body, message", [
    ({"seats": [{"kind": "human"}]}, "2 to 4 seats"),
    ({"seats": [{"kind": "human"}] * 5}, "2 to 4 seats"),
    ({"seats": [{"kind": "human"}, {"kind": "martian"}]}, "unknown seat kind"),
    ({"seats": [{"kind": "human"}, {"kind": "easy"}], "mode": "auction"}, "mode"),
    ({"seats": [{"kind": "human"}, {"kind": "easy"}], "colour": "red"}, "unknown fields"),
    ({"seats": [{"kind": "human"}, {"kind": "easy"}], "factions": [["aliens"]]}, "factions"),
    ({"seats": [{"kind": "human"}, {"kind": "easy"}],
      "factions": [["aliens", "ninjas"], ["aliens", "elves"]]}, "unknown faction"),
    ({"seats": [{"kind": "human"}, {"kind": "easy"}], "bases": ["no-such-set"]}, "base"),
    ("not an object", "JSON object"),
    ({"seats": [{"kind": "human", "name": "Ann"}, {"kind": "easy", "name": "ann "}]},
     "two players can't have the same name: 'ann' is player 1's name too"),
    ({"seats": [{"kind": "human", "name": "Player 2"}, {"kind": "easy"}]}, "same name"),
])
def test_the_lobby_refuses_a_bad_game_and_says_why(server: LiveServer, body: Any,
                                                   message: str) -> None:
    before = len(server.store.games())
    with pytest.raises(ValueError, match=message):
        server.create(body)
    assert len(server.store.games()) == before


def test_unparsable_json_is_refused_with_a_400(server: LiveServer) -> None:
    request = urllib.request.Request(f"{server.url}/api/games", data=b"{seats", method="POST",
                                     headers={"Content-Type": "application/json"})
    with pytest.raises(urllib.error.HTTPError) as caught:
        urllib.request.urlopen(request, timeout=10)
    assert caught.value.code == 400


def test_each_person_gets_a_secret_link_of_at_least_128_random_bits(server: LiveServer) -> None:
    game = server.create({"seats": [{"kind": "human", "name": "Ann"}, {"kind": "hard"},
                                    {"kind": "human", "name": "Cy"}]})
    tokens = [s["token"] for s in game["seats"]]
    assert tokens[1] is None and game["links"][1] is None  # a computer seat has no link
    for token in (tokens[0], tokens[2]):
        assert len(token) * 6 >= 128  # URL-safe base64: 6 bits a character
    assert tokens[0] != tokens[2]
    assert game["links"][0] == f"/game/{game['id']}#token={tokens[0]}"
    assert game["hotseat_link"] == f"/game/{game['id']}#tokens={tokens[0]},{tokens[2]}"
    summary = get_json(f"{server.url}/api/games/{game['id']}")
    assert [s["name"] for s in summary["seats"]] == ["Ann", "Player 2", "Cy"]
    assert "token" not in json.dumps(summary)


def test_the_catalog_has_every_faction_and_the_cards_text(server: LiveServer) -> None:
    catalog = get_json(f"{server.url}/api/catalog")
    assert len(catalog["factions"]) >= 24
    # the expert level too where it can play: with numpy (the nn extra) and its shipped model
    assert catalog["levels"] == ["easy", "normal", "hard"] + (["expert"] if NUMPY else [])
    invader = catalog["cards"]["aliens/invader"]
    assert invader["name"] == "Invader" and invader["power"] == 3 and invader["text"]
    assert catalog["bases"]["the-homeworld"]["breakpoint"] == 23
    aliens = next(f for f in catalog["factions"] if f["key"] == "aliens")
    assert (aliens["name"], aliens["set_name"]) == ("Aliens", "Core set")
    assert len(catalog["base_sets"]) == 5


def test_a_level_that_cannot_play_is_not_in_the_catalog_and_is_refused_with_why(
        server: LiveServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """As where numpy or the model is missing: the expert level's value cannot be loaded.
    The refusal does not quote the loader's reason, which names the server's files."""
    def no_model(path: str, spec: str) -> Any:
        raise SetupError(f"{spec!r} needs the learned model (test: it is gone)")

    monkeypatch.setitem(sim.VALUE_LOADERS, "value", no_model)
    server_catalog.cache_clear()  # the catalog is made once per process
    try:
        assert get_json(f"{server.url}/api/catalog")["levels"] == ["easy", "normal", "hard"]
        before = len(server.store.games())
        with pytest.raises(ValueError, match=r"seats\[1\]: the expert level cannot play on "
                           r"this server .*: human, easy, normal, hard$") as refused:
            server.create({"seats": [{"kind": "human"}, {"kind": "expert"}]})
        assert "gone" not in str(refused.value)  # the loader's reason stays on the server
        assert len(server.store.games()) == before
        game = server.create({"seats": [{"kind": "human"}, {"kind": "hard"}]})  # plays on
        assert game["seats"][1]["kind"] == "hard"
    finally:
        server_catalog.cache_clear()


def test_each_faction_in_the_catalog_lists_its_deck(server: LiveServer) -> None:
    """What the draft shows of a faction before it is picked: its twenty cards, each with
    the catalog entry that holds its text."""
    catalog = get_json(f"{server.url}/api/catalog")
    for faction in catalog["factions"]:
        deck = faction["cards"]
        assert sum(card["copies"] for card in deck) == 20, faction["key"]
        assert all(card["key"] in catalog["cards"] for card in deck)
    aliens = next(f for f in catalog["factions"] if f["key"] == "aliens")
    assert {"key": "aliens/collector", "copies": 4} in aliens["cards"]


def test_the_help_topics_are_served_for_the_help_dialog(server: LiveServer) -> None:
    topics = get_json(f"{server.url}/api/help")["topics"]
    titles = {t["key"]: t["title"] for t in topics}
    assert titles["duels"] == "Duels" and titles["burying"] == "Burying"
    assert {"stasis", "counters", "scoring", "turn"} <= set(titles)
    assert all(t["body"].strip() for t in topics)


def test_the_page_is_served_at_the_root_and_at_a_game(server: LiveServer) -> None:
    for path in ("/", "/game/anything"):
        with urllib.request.urlopen(server.url + path, timeout=10) as answer:
            assert b"<html" in answer.read().lower()


# ---- seats and spectators ------------------------------------------------------------------


def test_a_spectator_sees_public_information_only_and_cannot_act(server: LiveServer) -> None:
    game = server.create(TWO_PEOPLE)

    async def scenario() -> None:
        async with Client(server.ws_url, game["id"]) as watcher, \
                Client(server.ws_url, game["id"], game["seats"][0]["token"]) as ann:
            view = await watcher.view()
            assert view["seat"] is None and view["options"] == []
            assert view["observation"]["hand"] == []
            assert "decision" in view["observation"]
            mine = await ann.view()
            assert len(mine["observation"]["hand"]) == 5
            await watcher.act(view["seq"], "choice:keep")
            assert (await watcher.error())["code"] == "spectator"
    run(scenario())
    assert stored_log(server, game["id"]) == []


def test_a_wrong_token_or_game_is_refused(server: LiveServer) -> None:
    game = server.create(TWO_PEOPLE)

    async def closed_with(game_id: str, token: str) -> tuple[int | None, str]:
        async with Client(server.ws_url, game_id, token) as client:
            error = await client.error()
            with pytest.raises(websockets.ConnectionClosed):
                await client.receive()
            return client.ws.close_code, error["message"]
    assert run(closed_with(game["id"], "x" * 32)) == (4003, "this link's seat token is not valid")
    assert run(closed_with("nope", game["seats"][0]["token"])) == (4004, "no such game")


def test_a_page_of_another_site_cannot_open_a_seat(server: LiveServer) -> None:
    game = server.create(TWO_PEOPLE)
    token = game["seats"][0]["token"]

    async def connect(origin: str) -> None:
        async with Client(server.ws_url, game["id"], token, origin=origin) as client:
            await client.view()
    with pytest.raises(websockets.InvalidStatus) as refused:
        run(connect("http://evil.example"))
    assert refused.value.response.status_code == 403
    run(connect(server.url))  # the server's own page is welcome


def test_a_second_tab_on_a_seat_takes_over_and_the_first_is_told(server: LiveServer) -> None:
    game = server.create(TWO_PEOPLE)
    token = game["seats"][0]["token"]

    async def scenario() -> None:
        async with Client(server.ws_url, game["id"], token) as first:
            await first.view()
            async with Client(server.ws_url, game["id"], token) as second:
                view = await second.view()
                assert view["seats"][0]["connected"]
                error = await first.error()
                assert error["code"] == "superseded"
                with pytest.raises(websockets.ConnectionClosed):
                    while True:
                        await first.receive()
                assert first.ws.close_code == 4001
    run(scenario())


# ---- bad decisions ----------------------------------------------------------------------------


def test_bad_messages_get_clear_errors_and_change_nothing(server: LiveServer) -> None:
    game = server.create(TWO_PEOPLE)
    tokens = [s["token"] for s in game["seats"]]

    async def scenario() -> None:
        async with Client(server.ws_url, game["id"], tokens[0]) as ann, \
                Client(server.ws_url, game["id"], tokens[1]) as bob:
            views = [await ann.view(), await bob.view()]
            decider = views[0]["observation"]["decision"]["player"]
            mover, other = (ann, bob) if decider == 0 else (bob, ann)
            seq = views[decider]["seq"]
            option = views[decider]["options"][0]["text"]
            cases: list[tuple[Client, Any, str]] = [
                (mover, "{not json", "malformed"),
                (mover, "[1, 2]", "malformed"),
                (mover, {"type": "shout"}, "malformed"),
                (mover, {"type": "act", "seq": "3", "option": option}, "malformed"),
                (mover, {"type": "act", "seq": seq, "option": 7}, "malformed"),
                (mover, {"type": "act", "seq": seq, "option": "x" * 5000}, "too_large"),
                (mover, {"type": "act", "seq": seq, "option": "play nothing"}, "illegal"),
                (mover, {"type": "act", "seq": seq - 1, "option": option}, "stale"),
                (other, {"type": "act", "seq": seq, "option": option}, "not_your_turn"),
                (mover, {"type": "pick", "seq": seq, "faction": "aliens"}, "illegal"),
            ]
            for client, message, code in cases:
                await client.send(message)
                error = await client.error()
                assert error["code"] == code, (message, error)
                assert error["message"]
            assert len(stored_log(server, game["id"])) == seq
            await mover.act(seq, option)  # the right decision still goes through
            assert (await mover.until(seq + 1))["seq"] == seq + 1
    run(scenario())


def test_too_many_messages_are_refused_for_a_while(server: LiveServer) -> None:
    game = server.create(TWO_PEOPLE)

    async def scenario() -> list[str]:
        async with Client(server.ws_url, game["id"], game["seats"][0]["token"]) as ann:
            await ann.view()
            for _ in range(80):
                await ann.send({"type": "ping"})
            answers = [(await ann.receive())["type"] for _ in range(80)]
            await asyncio.sleep(0.5)  # the allowance grows back
            await ann.send({"type": "ping"})
            answers.append((await ann.receive())["type"])
            return answers
    answers = run(scenario())
    assert answers.count("pong") >= 40 and "error" in answers
    assert answers[-1] == "pong"


def test_a_stale_decision_is_refused_and_the_current_view_sent_again(server: LiveServer
                                                                      ) -> None:
    game = server.create({**TWO_PEOPLE, "seats": [{"kind": "human"}, {"kind": "easy"}]})

    async def scenario() -> None:
        async with Client(server.ws_url, game["id"], game["seats"][0]["token"]) as ann:
            view = await ann.view()
            while not view["options"]:
                view = await ann.view()
            option = view["options"][0]["text"]
            await ann.act(view["seq"], option)
            await ann.until(view["seq"] + 1)
            await ann.act(view["seq"], option)  # the same click again, on the old view
            assert (await ann.error())["code"] == "stale"
            assert (await ann.view())["seq"] >= view["seq"] + 1
            assert stored_log(server, game["id"]).count(option) >= 1
    run(scenario())


def test_a_decision_is_stored_before_anyone_sees_its_result(server: LiveServer) -> None:
    game = server.create(TWO_PEOPLE)
    tokens = [s["token"] for s in game["seats"]]
    checked: list[int] = []

    def stored_already(view: dict[str, Any]) -> None:
        assert len(stored_log(server, game["id"])) >= view["seq"]
        checked.append(view["seq"])

    async def scenario() -> None:
        async with Client(server.ws_url, game["id"], tokens[0]) as ann, \
                Client(server.ws_url, game["id"], tokens[1]) as bob:
            await asyncio.gather(play_randomly(ann, 1, on_view=stored_already),
                                 play_randomly(bob, 2, on_view=stored_already))
    run(scenario())
    assert len(checked) > 100


# ---- the draft and whole games ------------------------------------------------------------


def test_the_queensberry_draft_over_the_wire(server: LiveServer) -> None:
    game = server.create({"seats": [{"kind": "human", "name": "Ann"},
                                    {"kind": "human", "name": "Bob"}], "mode": "draft"})
    tokens = [s["token"] for s in game["seats"]]

    async def scenario() -> dict[str, Any]:
        async with Client(server.ws_url, game["id"], tokens[0]) as ann, \
                Client(server.ws_url, game["id"], tokens[1]) as bob:
            clients = {0: ann, 1: bob}
            views = {0: await ann.view(), 1: await bob.view()}
            order = views[0]["draft"]["order"]
            assert order == [order[0], 1 - order[0], 1 - order[0], order[0]]
            picked: list[str] = []
            for step, seat in enumerate(order):
                view = views[seat]
                assert view["stage"] == "draft" and view["draft"]["current"] == seat
                assert views[1 - seat]["draft"]["available"] == []  # not theirs to pick
                await clients[1 - seat].send(
                    {"type": "pick", "seq": step, "faction": view["draft"]["available"][0]})
                assert (await clients[1 - seat].error())["code"] == "not_your_turn"
                if picked:  # a faction taken is gone
                    await clients[seat].send({"type": "pick", "seq": step,
                                              "faction": picked[0]})
                    assert (await clients[seat].error())["code"] == "illegal"
                choice = view["draft"]["available"][0]
                picked.append(choice)
                await clients[seat].send({"type": "pick", "seq": step, "faction": choice})
                views = {p: await c.until(step + 1) for p, c in clients.items()}
            return views[0]
    view = run(scenario())
    assert view["stage"] == "play"
    factions = view["observation"]["factions"]
    assert sorted(f for pf in factions for f in pf) == sorted(picked_of(view))


def picked_of(view: dict[str, Any]) -> list[str]:
    return [f for pf in view["draft"]["picks"] for f in pf]


def test_two_people_and_a_computer_play_a_whole_game(server: LiveServer) -> None:
    game = server.create({"seats": [{"kind": "human", "name": "Ann"}, {"kind": "easy"},
                                    {"kind": "human", "name": "Cy"}], "seed": 5})

    async def scenario() -> list[dict[str, Any]]:
        async with Client(server.ws_url, game["id"], game["seats"][0]["token"]) as ann, \
                Client(server.ws_url, game["id"], game["seats"][2]["token"]) as cy:
            return list(await asyncio.gather(play_randomly(ann, 1), play_randomly(cy, 2)))
    last = run(scenario())
    assert all(v["stage"] == "over" for v in last)
    assert last[0]["observation"]["winner"] == last[1]["observation"]["winner"] is not None
    assert "wins" in " ".join(last[0]["log"] + [""]) or last[0]["log_from"] > 0
    assert len(stored_log(server, game["id"])) == last[0]["seq"]


def test_an_expert_computer_seat_plays_its_moves(server: LiveServer) -> None:
    """The lobby's top level: a person against the expert level (the search with the learned
    value), over the wire, until the computer has decided twice."""
    if not NUMPY:
        pytest.skip("the expert level needs the nn extra (numpy)")
    game = server.create({"seats": [{"kind": "human", "name": "Ann"}, {"kind": "expert"}],
                          "factions": [["aliens", "ninjas"], ["robots", "zombies"]],
                          "seed": 4})
    assert [s["kind"] for s in get_json(f"{server.url}/api/games/{game['id']}")["seats"]] \
        == ["human", "expert"]

    async def until_the_computer_moved(times: int) -> tuple[dict[str, Any], int]:
        rng = random.Random(2)
        async with Client(server.ws_url, game["id"], game["seats"][0]["token"]) as ann:
            view, moved = await ann.view(), 0
            while moved < times and view["stage"] != "over":
                if view["options"]:
                    option = rng.choice(view["options"])["text"]
                    view = await ann.decide({"type": "act", "seq": view["seq"],
                                             "option": option})
                else:  # not Ann's decision: the computer's, which the next view follows
                    view = await ann.until(view["seq"] + 1)
                    moved += 1
            return view, moved
    view, moved = run(until_the_computer_moved(2))
    assert moved == 2
    assert len(stored_log(server, game["id"])) >= view["seq"] > 0
    expert = server.app.state.server.rooms[game["id"]].agents[1]
    assert isinstance(expert, ISMCTSAgent) and expert.value is not None  # the learned value
    assert expert.seconds == 1.0  # hard's cap


def test_a_slow_computer_player_does_not_hold_up_other_games(tmp_path: Any) -> None:
    """A game whose two computer seats think 3 s a decision (a game kept from before the
    lobby offered levels only) holds up no other game."""
    db = tmp_path / "games.db"
    spec = new_spec([{"kind": "easy"}, {"kind": "easy"}], seed=3)
    del spec["tokens"]
    for seat in spec["seats"]:
        seat["kind"] = "ismcts:3s"
    SQLiteStore(db).create("slow", spec)
    with LiveServer(db) as server:
        game = server.create(TWO_PEOPLE)
        assert run(ping_while_thinking(server, {"id": "slow"}, game)) < 0.5


async def ping_while_thinking(server: LiveServer, slow: dict[str, Any], game: dict[str, Any]
                              ) -> float:
    """The slowest of ten pings in ``game`` while a computer seat of ``slow`` thinks."""
    async with Client(server.ws_url, slow["id"]) as watcher, \
            Client(server.ws_url, game["id"], game["seats"][0]["token"]) as ann:
        while (await watcher.view())["thinking"] is None:
            pass
        await ann.view()
        worst = 0.0
        for _ in range(10):
            start = time.perf_counter()
            await ann.send({"type": "ping"})
            while (await ann.receive())["type"] != "pong":
                pass
            worst = max(worst, time.perf_counter() - start)
        return worst


def test_names_are_cleaned_of_control_characters_and_kept_short(server: LiveServer) -> None:
    game = server.create({"seats": [{"kind": "human", "name": "<b>Ann</b>\u0000\n" + "x" * 40},
                                    {"kind": "human", "name": "   "}]})
    names = [s["name"] for s in game["seats"]]
    assert names == ["<b>Ann</b>" + "x" * 14, "Player 2"]  # shown as text by every client


def test_a_server_for_people_deals_at_random_and_refuses_a_chosen_seed() -> None:
    """Whoever knew a game's seed could work out every deal, so a server started without
    ``--chosen-seeds`` refuses one; the seeds it picks are 64 random bits."""
    people = GameServer(SQLiteStore(":memory:"))
    seats = [{"kind": "human"}, {"kind": "human"}]
    with pytest.raises(SetupError, match="work out every deal"):
        people.create({"seats": seats, "seed": 5})
    assert people.store.games() == []
    seeds = {people.rooms[people.create({"seats": seats})["id"]].seed for _ in range(3)}
    assert len(seeds) == 3 and max(seeds) < 2**64
    people.executor.shutdown()


def test_a_finished_game_leaves_memory_and_is_read_back_when_opened(tmp_path: Any) -> None:
    """Two computer players finish a game; once nobody watches it, the server keeps it in
    the store only, and a restart does not replay it. Opened again, it shows its end as it
    was: the same number of decisions, the same final log."""
    db = tmp_path / "games.db"
    with LiveServer(db) as first:
        game = first.create({"seats": [{"kind": "easy"}, {"kind": "easy"}], "seed": 4})

        lines: list[str] = []

        async def watch_to_the_end() -> dict[str, Any]:
            async with Client(first.ws_url, game["id"]) as spectator:
                view = await spectator.view()
                lines.extend(view["log"])
                while view["stage"] != "over":
                    view = await spectator.view()
                    lines.extend(view["log"])
                return view
        end = run(watch_to_the_end())
        rooms = first.app.state.server.rooms
        deadline = time.monotonic() + 5
        while game["id"] in rooms and time.monotonic() < deadline:
            time.sleep(0.02)
        assert game["id"] not in rooms
    with LiveServer(db) as second:
        assert game["id"] not in second.app.state.server.rooms  # not replayed on starting
        summary = get_json(f"{second.url}/api/games/{game['id']}")
        assert (summary["stage"], summary["seq"]) == ("over", end["seq"])

        async def look() -> dict[str, Any]:
            async with Client(second.ws_url, game["id"]) as spectator:
                return await spectator.view()
        again = run(look())
    assert again["stage"] == "over" and again["observation"]["vp"] == end["observation"]["vp"]
    assert again["log"] == lines and "wins the game" in lines[-1]
