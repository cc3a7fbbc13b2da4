"""Destroying a base (engine/rules/timeline.py ``destroy_base``; guide §4.14, R:): no VP, the cards
on
it go to their owners' discard piles (discarded, not destroyed), the base goes to the base
discard pile and the top base of the base deck replaces it."""

import pytest

from smashup.engine.core.context import Ctx
from smashup.engine.rules.timeline import destroy_base
from smashup.testing import card_id, scenario, where


def _run(gen: object) -> object:
    """Run a rule generator that asks nobody anything; return its result."""
    try:
        while True:
            step = next(gen)  # type: ignore[call-overload]
            raise AssertionError(f"destroy_base asked {step!r}")
    except StopIteration as done:
        return done.value


def _board() -> dict[str, object]:
    return {
        "base_deck": ["tortuga", "the-great-library"],
        "bases": [
            {"base": "jungle-oasis",
             "minions": [{"card": "robots/nukebot", "counters": 2,
                          "attached": [{"card": "wizards/mystic-studies", "owner": 1}]},
                         {"card": "shapeshifters/doppelganger", "owner": 1},
                         {"card": "ninjas/shinobi", "owner": 1}, "robots/microbot-guard"],
             "actions": ["dinosaurs/tooth-and-claw-and-guns"]},
            {"base": "the-central-brain",
             "minions": ["robots/microbot-archive", {"card": "aliens/invader", "owner": 1}]},
            "the-homeworld"],
        "vp": [3, 4],
    }


def test_cards_on_a_destroyed_base_are_discarded_not_destroyed():
    """The guide's reading (§4.14 R:): Nukebot's "after this is destroyed" and the Microbot
    Archive's "after a microbot is destroyed" stay silent, while Doppelgänger's "goes from
    play to the discard pile" answers. Counters go; attached and base actions go to their
    owners' discard piles; nobody scores."""
    game = scenario(**_board())
    g = game.state
    jungle = g.bases[0]
    new = _run(destroy_base(Ctx(g, 0, 0), 0))
    assert g.base_names[new] == "base:tortuga"  # type: ignore[index]
    assert [g.base_names[b] for b in g.bases] == [
        "base:tortuga", "base:the-central-brain", "base:the-homeworld"]
    assert g.base_discard == [jungle]
    assert [g.base_names[b] for b in g.base_deck] == ["base:the-great-library"]
    assert where(game, "robots/nukebot#1") == "discard:0"
    assert where(game, "wizards/mystic-studies#1") == "discard:1"
    assert where(game, "shapeshifters/doppelganger#1") == "discard:1"
    assert where(game, "ninjas/shinobi#1") == "discard:1"
    assert where(game, "robots/microbot-guard#1") == "discard:0"
    assert where(game, "dinosaurs/tooth-and-claw-and-guns#1") == "discard:0"
    assert g.counters.get(card_id(game, "robots/nukebot#1")) is None
    assert g.minions[0] == [] and g.base_actions[0] == []
    assert g.vp == [3, 4]
    waiting = [g.names[e.me] for e in g.pending if e.kind == "trigger"]
    assert waiting == ["shapeshifters/doppelganger#1"]
    kinds = [ev["kind"] for ev in g.events[-12:]]
    assert "destroyed" not in kinds and "scored" not in kinds
    assert g.events[-1]["kind"] == "base_destroyed"
    assert g.events[-1]["old"] == jungle and g.events[-1]["new"] == new
    reasons = {ev.get("reason") for ev in g.events if ev["kind"] == "discarded"
               and ev.get("slot") == 0}
    assert reasons == {"base destroyed"}


def test_the_base_being_scored_cannot_be_destroyed_and_a_bad_slot_is_refused():
    game = scenario(**_board())
    g = game.state
    before = (list(g.bases), list(g.minions[0]), list(g.base_deck))
    g.scoring = 0
    with pytest.raises(ValueError, match="being scored"):
        _run(destroy_base(Ctx(g, 0, 0), 0))
    g.scoring = None
    with pytest.raises(ValueError, match="no base in slot 7"):
        _run(destroy_base(Ctx(g, 0, 0), 7))
    assert (list(g.bases), list(g.minions[0]), list(g.base_deck)) == before


def test_with_the_base_deck_empty_the_base_discard_pile_is_reshuffled():
    game = scenario(players=2, base_deck=[], base_discard=["tortuga"],
                    bases=["jungle-oasis", "the-central-brain", "the-homeworld"])
    g = game.state
    new = _run(destroy_base(Ctx(g, 1, 0), 1))
    # the destroyed base itself went to the base discard pile first, so it may come back
    assert g.base_names[new] in ("base:tortuga", "base:the-central-brain")  # type: ignore[index]
    assert len(g.bases) == 3 and len(g.base_deck) + len(g.base_discard) == 1
