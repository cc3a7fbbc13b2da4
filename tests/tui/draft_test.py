"""Choosing factions: the Kickin' It Queensberry draft, picks in seat order, random pairs."""

import random

import pytest

from smashup.tui.draft import Draft, family, queensberry_order, random_factions

POOL = ["aliens", "dinosaurs", "ninjas", "pirates", "robots", "tricksters",
        "tricksters@original", "wizards", "zombies"]


def test_queensberry_order_goes_clockwise_then_back():
    """Core rulebook, aside "Kickin' It Queensberry": the first player picks one faction,
    then clockwise; when everyone has one, the last player picks a second, then back in
    reverse order."""
    assert queensberry_order(4, 2) == [2, 3, 0, 1, 1, 0, 3, 2]
    assert queensberry_order(2, 0) == [0, 1, 1, 0]


def test_a_full_draft_gives_each_player_two_different_factions():
    draft = Draft.queensberry(2, POOL, first=1)
    assert draft.current == 1
    draft.pick("robots")
    assert draft.current == 0 and "robots" not in draft.available()
    draft.pick("aliens")
    assert draft.current == 0  # the last player of the first round picks again at once
    draft.pick("ninjas")
    draft.pick("wizards")
    assert draft.done and draft.current == -1
    assert draft.factions() == [["aliens", "ninjas"], ["robots", "wizards"]]


def test_a_faction_taken_is_gone_and_its_variant_too():
    draft = Draft.queensberry(2, POOL, first=0)
    draft.pick("tricksters")
    assert family("tricksters@original") == "tricksters"
    assert "tricksters@original" not in draft.available()
    with pytest.raises(ValueError):
        draft.pick("tricksters")


def test_with_too_few_factions_players_may_share_but_not_double_up():
    draft = Draft.queensberry(3, ["aliens", "ninjas", "robots"], first=0)
    draft.pick("aliens")
    assert "aliens" in draft.available()  # another player may take it too
    draft.pick("aliens")
    draft.pick("ninjas")
    assert draft.current == 2
    assert draft.available() == ["aliens", "robots"]
    draft.pick("robots")
    assert draft.current == 1
    assert draft.available() == ["ninjas", "robots"]  # not aliens twice for the same player


def test_the_draft_is_not_over_until_every_pick_is_made():
    draft = Draft.in_turn(2, POOL)
    assert draft.order == [0, 0, 1, 1]
    with pytest.raises(ValueError):
        draft.factions()


def test_random_factions_follow_the_same_rules():
    for seed in range(50):
        pairs = random_factions(4, POOL, random.Random(seed))
        families = [family(f) for pf in pairs for f in pf]
        assert len(pairs) == 4 and all(len(pf) == 2 for pf in pairs)
        assert len(set(families)) == 8
