"""A property-based fuzz of the browser game's socket protocol: random messages (any JSON,
any text, any bytes, deep nesting) and mutations of the one right decision, sent at once
by several clients of one game (both seats, a spectator, and a stranger whose very first
message is the fuzz). Whatever comes, the server never logs a traceback or an error, keeps
every connection it was not asked to close, answers only with the protocol's messages, and
changes the game only by a decision that was right when it was sent.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
import websockets
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from wire_client import Client, Records

from smashup.server.live import LiveServer
from smashup.server.room import Room

ERROR_CODES = {"refused", "malformed", "too_large", "rate_limited", "not_your_turn", "stale",
               "illegal", "spectator", "superseded", "full"}
QUIET_S = 5.0


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("fuzz") / "games.db") as live:
        yield live


@pytest.fixture(scope="module")
def records(server: LiveServer) -> Iterator[Records]:
    handler = Records()
    loggers = [logging.getLogger(name) for name in ("uvicorn", "uvicorn.error", "smashup")]
    for logger in loggers:
        logger.addHandler(handler)
    yield handler
    for logger in loggers:
        logger.removeHandler(handler)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12)
PROTOCOL_WORDS = st.sampled_from(["act", "pick", "ping", "join", "Act", "", "view"])


def mutations(draw: st.DrawFn, seq: int, option: str) -> Any:
    """The right decision with one thing wrong (never a change that could make it right at a
    later decision: no seq a little ahead)."""
    base: dict[str, Any] = {"type": "act", "seq": seq, "option": option}
    how = draw(st.sampled_from(["seq", "seq_type", "option", "type", "drop", "nest"]))
    if how == "seq":
        base["seq"] = seq + draw(st.sampled_from([-1, -2, 10, 1000, -(2**63), 2**64]))
    elif how == "seq_type":
        base["seq"] = draw(st.sampled_from([str(seq), float(seq), True, None, [seq]]))
    elif how == "option":
        base["option"] = draw(st.sampled_from([option + " ", option.upper(), option[:-1],
                                               option + "\x00", None, 0, [option]]))
    elif how == "type":
        base["type"] = draw(PROTOCOL_WORDS.filter(lambda w: w != "act"))
    elif how == "drop":
        del base[draw(st.sampled_from(sorted(base)))]
    else:
        return json.dumps(base)[:-1] + ', "x": ' + "[" * draw(st.sampled_from([17, 900, 3000]))
    return base


@st.composite
def noise(draw: st.DrawFn, seq: int, option: str) -> Any:
    kind = draw(st.sampled_from(["json", "text", "bytes", "mutation", "mutation", "word"]))
    if kind == "json":
        return json.dumps(draw(JSON))
    if kind == "text":
        return draw(st.text(max_size=300))
    if kind == "bytes":
        return draw(st.binary(max_size=300))
    if kind == "word":
        return {"type": draw(PROTOCOL_WORDS), **draw(st.dictionaries(
            st.sampled_from(["seq", "option", "faction", "token"]), JSON, max_size=3))}
    return mutations(draw, seq, option)


def right_decision(message: Any, seq: int, options: list[str]) -> bool:
    """Whether the decider's ``message`` is the one right decision now."""
    if isinstance(message, str | bytes):
        try:
            message = json.loads(message)
        except (ValueError, RecursionError):
            return False
    return (isinstance(message, dict) and message.get("type") == "act"
            and type(message.get("seq")) is int and message["seq"] == seq
            and message.get("option") in options)


async def quiet(client: Client) -> list[dict[str, Any]]:
    """Everything the server sends ``client`` until it answers a ping."""
    start = len(client.messages)
    await client.send({"type": "ping"})
    while (await client.receive(QUIET_S))["type"] != "pong":
        pass
    return client.messages[start:]


def stored(server: LiveServer, game_id: str) -> list[str]:
    game = server.store.game(game_id)
    assert game is not None
    return game.log


async def one_round(server: LiveServer, plan: Any) -> None:
    game = server.create({"seats": [{"kind": "human"}, {"kind": "human"}], "seed": plan.seed})
    tokens = [s["token"] for s in game["seats"]]
    async with Client(server.ws_url, game["id"], tokens[0]) as ann, \
            Client(server.ws_url, game["id"], tokens[1]) as bob, \
            Client(server.ws_url, game["id"]) as spectator:
        seats = (ann, bob)
        views = [await ann.view(), await bob.view()]
        for _ in range(plan.ahead):  # a few right decisions first, to fuzz other moments
            decider = views[0]["observation"]["decision"]["player"]
            view = views[decider]
            choice = plan.rng.choice(view["options"])["text"]
            mine = await seats[decider].decide({"type": "act", "seq": view["seq"],
                                                "option": choice})
            theirs = await seats[1 - decider].until(view["seq"] + 1)
            views = [mine, theirs] if decider == 0 else [theirs, mine]
        await spectator.until(views[0]["seq"])
        decider = views[0]["observation"]["decision"]["player"]
        seq, options = views[decider]["seq"], [o["text"] for o in views[decider]["options"]]
        before = stored(server, game["id"])
        batches = plan.batches(seq, options[0])
        right = any(right_decision(m, seq, options) for m in batches[decider])

        async def send_all(client: Client, messages: list[Any]) -> None:
            for message in messages:
                await client.send(message)

        stranger = Client(server.ws_url, game["id"], join=False)
        async with stranger:
            await asyncio.gather(send_all(ann, batches[0]), send_all(bob, batches[1]),
                                 send_all(spectator, batches[2]),
                                 send_all(stranger, batches[3][:1]))
            answers = [await quiet(c) for c in (ann, bob, spectator)]
            try:  # its first message decided whether it is in (as a spectator) or out
                await quiet(stranger)
            except websockets.ConnectionClosed:
                assert stranger.ws.close_code in (4002, 4003), stranger.ws.close_code
        for got in answers:
            for message in got:
                assert message["type"] in ("view", "error", "pong"), message
                if message["type"] == "error":
                    assert message["code"] in ERROR_CODES and message["message"], message
        after = stored(server, game["id"])
        assert after[:len(before)] == before
        assert len(after) == len(before) + right, (batches, after[len(before):])
        if right:
            assert after[-1] in options
        room = Room.restore(game["id"], server.store.game(game["id"]).spec, after)
        assert room.seq == len(after)


class Plan:
    """What one example sends: per client (Ann, Bob, the spectator, the stranger) a list of
    messages, drawn once the right decision is known."""

    def __init__(self, draw: st.DrawFn) -> None:
        self.draw = draw
        self.seed = draw(st.integers(0, 50))
        self.ahead = draw(st.integers(0, 6))
        self.rng = draw(st.randoms(use_true_random=False))

    def batches(self, seq: int, option: str) -> list[list[Any]]:
        messages = st.lists(noise(seq, option), max_size=8)
        return [self.draw(messages) for _ in range(4)]


@st.composite
def plans(draw: st.DrawFn) -> Plan:
    return Plan(draw)


@settings(max_examples=40, deadline=None, phases=[Phase.generate],  # bounded: no shrinking
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(plan=st.data())
def test_no_message_from_any_client_breaks_the_server_or_changes_the_game_wrongly(
        server: LiveServer, records: Records, plan: st.DataObject) -> None:
    asyncio.run(one_round(server, Plan(plan.draw)))
    assert not records.failures()
