"""The events a view carries (issue 31: the table shows what just happened): the last
decision's events as the viewer may see them, card numbers as card ids, a scoring's powers,
places and VP, each told event with its log line; and the pace a page is told, which a seat's
``hurry`` turns off until a person decides."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import websockets

from smashup.engine.api.views import HIDDEN_CARD
from smashup.server.live import LiveServer
from smashup.server.room import SPECTATOR, Room, new_spec

FACTIONS = [["aliens", "dinosaurs"], ["robots", "wizards"]]


def played_room(seed: int, decisions: int) -> tuple[Room, list[dict[str, Any]]]:
    """A two-person room played at random for ``decisions``; every view of seat 0, seat 1
    and a spectator after each decision."""
    spec = new_spec([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}],
                    factions=FACTIONS, seed=seed)
    room = Room("g", spec)
    rng = random.Random(seed)
    views = []
    for _ in range(decisions):
        if room.decider() is None:
            break
        assert room.game is not None
        texts = room.game.action_texts()
        room.apply(texts[rng.randrange(len(texts))])
        views.append({v: room.view(v) for v in room.viewers})
    return room, views


def test_events_name_cards_by_id_and_hide_other_hands() -> None:
    """Ann sees the cards she draws by id; Bo and a spectator see "a card" for them. Every
    view's events survive JSON, and name the decision they came from."""
    room, views = played_room(3, 40)
    own = other = 0
    for seq, per_viewer in enumerate(views, 1):
        for viewer, view in per_viewer.items():
            assert view["events_seq"] == seq
            json.dumps(view)
            for ev in view["events"]:
                if ev["kind"] != "drew":
                    continue
                if ev["player"] == viewer:
                    assert all("/" in c for c in ev["cards"]), ev
                    own += 1
                else:
                    assert ev["cards"] == [HIDDEN_CARD] * ev["count"], (viewer, ev)
                    other += 1
    assert own and other
    assert views[-1][SPECTATOR]["last_decider"] in (0, 1)


def test_a_scored_event_carries_powers_places_and_vp_with_its_log_line() -> None:
    """When a base scores, the event gives each eligible player's power there; the places
    follow from the powers (rulebook, "Scoring a base": the most power is first, ties share
    the place) and the VP are the base's for those places, with the sentence the log shows."""
    for seed in range(1, 40):
        room, views = played_room(seed, 400)
        scored = [ev for per_viewer in views for ev in per_viewer[0]["events"]
                  if ev["kind"] == "scored" and ev["ranks"]]
        if scored:
            break
    else:
        raise AssertionError("no base scored")
    ev = scored[0]
    assert ev["base"].startswith("base:")
    assert set(ev["powers"]) == set(ev["ranks"])
    for p, place in ev["ranks"].items():
        assert place == 1 + sum(1 for q in ev["powers"].values() if q > ev["powers"][p])
    assert ev["line"] in room.lines[0]
    assert "scores" in ev["line"]


def test_hurry_drops_the_pace_until_a_person_decides() -> None:
    """A seat's ``hurry``: the views say pace 0 from then on while computers play; a
    spectator's is refused; the pace is back once the person has decided."""

    async def run(server: LiveServer) -> None:
        game = server.create({"seats": [{"kind": "human", "name": "Ann"}, {"kind": "easy"}],
                              "factions": FACTIONS, "seed": 5})
        headers = {"Origin": server.url}
        async with websockets.connect(f"{server.ws_url}/ws/{game['id']}",
                                      additional_headers=headers) as seat, \
                websockets.connect(f"{server.ws_url}/ws/{game['id']}",
                                   additional_headers=headers) as watcher:
            await seat.send(json.dumps({"type": "join", "token": game["seats"][0]["token"]}))
            await watcher.send(json.dumps({"type": "join", "token": None}))
            first = json.loads(await seat.recv())
            assert first["pace"] == 0.25
            await watcher.send(json.dumps({"type": "hurry"}))
            while (msg := json.loads(await watcher.recv()))["type"] != "error":
                pass
            assert msg["code"] == "spectator"
            await seat.send(json.dumps({"type": "hurry"}))
            # every view from then on says pace 0, until Ann decides
            view = first
            while view["pace"] != 0.0 or not view["options"]:
                msg = json.loads(await seat.recv())
                if msg["type"] == "view":
                    assert view["pace"] != 0.0 or msg["pace"] == 0.0, "the pace came back"
                    view = msg
            await seat.send(json.dumps({"type": "act", "seq": view["seq"],
                                        "option": view["options"][0]["text"]}))
            while (msg := json.loads(await seat.recv()))["type"] != "view" \
                    or msg["seq"] == view["seq"]:
                pass
            assert msg["pace"] == 0.25

    with LiveServer(":memory:", pace=0.25) as server:
        asyncio.run(asyncio.wait_for(run(server), 60))
