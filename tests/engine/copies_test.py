"""Copied abilities (engine/facts/copies.py) and the ``printed_power`` point, tested on core cards
with a copy made directly: every kind of ability a copy brings, and when a copy ends."""

from smashup.engine.core.kinds import FIELD_KINDS, HOOK_KINDS, POINTS
from smashup.engine.facts.copies import WHILE_IN_PLAY, copy_abilities, copy_sources, triggers_of
from smashup.engine.facts.query import printed_power
from smashup.engine.rules.modifiers import until_end_of_turn
from smashup.testing import (
    card_id,
    decision,
    options,
    pass_until_main,
    play,
    power,
    scenario,
    where,
)

OASIS = "jungle-oasis"
BRAIN = "the-central-brain"


def theirs(card: str) -> dict:
    return {"card": card, "controller": 1}


def copy(game, host: str, source: str, lasting: bool = False) -> None:
    g = game.state
    expiry = WHILE_IN_PLAY if lasting else until_end_of_turn(g)
    copy_abilities(g, card_id(game, host), card_id(game, source), expiry, g.controller[
        card_id(game, host)])


def test_a_copied_continuous_hook_answers_for_its_host():
    game = scenario(bases=[{"base": OASIS, "minions": ["robots/zapbot",
                                                       theirs("dinosaurs/war-raptor")]}, BRAIN])
    copy(game, "robots/zapbot#1", "dinosaurs/war-raptor#1")
    assert copy_sources(game.state, card_id(game, "robots/zapbot#1")) == [
        card_id(game, "dinosaurs/war-raptor#1")]
    assert power(game, "dinosaurs/war-raptor#1") == 4  # one more War Raptor ability here


def test_a_copied_trigger_fires_for_its_host_and_names_it():
    """The host's copied Leprechaun ability destroys a weaker minion another player plays
    at its base; the waiting ability is the host's."""
    game = scenario(hands=[[], ["robots/microbot-alpha"]], decks=[[], ["wizards/scry"] * 3],
                    bases=[{"base": OASIS, "minions": [{"card": "robots/zapbot", "counters": 3},
                                                       theirs("tricksters/leprechaun")]},
                           BRAIN], current=1)
    # player 1's own Leprechaun ignores their own plays; player 0's Zapbot copies it
    copy(game, "robots/zapbot#1", "tricksters/leprechaun#1", lasting=True)
    zapbot = card_id(game, "robots/zapbot#1")
    assert len(triggers_of(game.state, zapbot)) == 1
    play(game, f"play robots/microbot-alpha#1 @ base:{OASIS}")
    assert where(game, "robots/microbot-alpha#1") == "discard:1"


def test_a_copied_talent_is_offered_once_per_turn_and_ends_with_the_turn():
    game = scenario(hands=[["wizards/scry", "wizards/summon"], []],
                    bases=[{"base": OASIS, "minions": ["robots/zapbot",
                                                       theirs("wizards/archmage")]}, BRAIN],
                    plays={"minion": 0, "action": 1})
    copy(game, "robots/zapbot#1", "wizards/archmage#1")
    play(game, "play wizards/summon#1")  # the next Play Cards decision sees the copy
    assert "use robots/zapbot#1" in options(game)
    play(game, "use robots/zapbot#1")
    assert "use robots/zapbot#1" not in options(game)
    assert "play wizards/scry#1" in options(game)
    play(game, "end")
    pass_until_main(game)
    play(game, "end")
    pass_until_main(game)
    assert "use robots/zapbot#1" not in options(game)


def test_a_lasting_copy_survives_the_turn_but_not_its_host_leaving_play():
    game = scenario(hands=[["aliens/beam-up"], []],
                    bases=[{"base": OASIS, "minions": ["robots/zapbot",
                                                       theirs("dinosaurs/war-raptor")]}, BRAIN],
                    plays={"minion": 0, "action": 0})
    copy(game, "robots/zapbot#1", "dinosaurs/war-raptor#1", lasting=True)
    play(game, "end")
    pass_until_main(game)
    assert power(game, "dinosaurs/war-raptor#1") == 4
    play(game, "end")
    pass_until_main(game)
    assert power(game, "dinosaurs/war-raptor#1") == 4
    play(game, "play aliens/beam-up#1", "robots/zapbot#1")
    assert power(game, "dinosaurs/war-raptor#1") == 3
    assert not any(e[0] == "copy_abilities" for e in game.state.effects)


def test_a_copy_ends_before_its_hosts_own_leaving_is_answered():
    """A copy ends as its host leaves play, so a copied "when this is destroyed" ability does
    not fire for the host (the Nukebot's blast does not come)."""
    game = scenario(hands=[["wizards/sacrifice"], []], decks=[["wizards/scry"] * 3, []],
                    bases=[{"base": OASIS, "minions": ["robots/zapbot", theirs("ninjas/shinobi"),
                                                       theirs("robots/nukebot")]}, BRAIN])
    copy(game, "robots/zapbot#1", "robots/nukebot#1")
    play(game, "play wizards/sacrifice#1")
    assert where(game, "robots/zapbot#1") == "discard:0"
    assert where(game, "ninjas/shinobi#1") == f"minion@base:{OASIS}"


def test_a_copied_replacement_protects_its_host():
    """The host copied the Buccaneer's "move instead of being destroyed"."""
    game = scenario(hands=[["ninjas/seeing-stars"], []],
                    bases=[{"base": OASIS, "minions": [theirs("robots/zapbot"),
                                                       theirs("pirates/buccaneer")]}, BRAIN])
    copy(game, "robots/zapbot#1", "pirates/buccaneer#1")
    play(game, "play ninjas/seeing-stars#1")  # the Zapbot, power 2, is the only target
    assert decision(game) == (1, "choose_base")
    play(game, f"base:{BRAIN}")
    assert where(game, "robots/zapbot#1") == f"minion@base:{BRAIN}"


def test_a_copied_play_offer_is_used_once_per_turn():
    game = scenario(hands=[["wizards/summon"], []],
                    discards=[["aliens/invader", "aliens/invader"], []],
                    bases=[{"base": OASIS, "minions": ["robots/zapbot"],
                            "actions": [{"card": "zombies/theyre-coming-to-get-you",
                                         "owner": 1}]}, BRAIN], plays={"minion": 1, "action": 1})
    # player 1's base action offers nothing to player 0; player 0's Zapbot copies it
    assert not any("invader" in o for o in options(game))
    copy(game, "robots/zapbot#1", "zombies/theyre-coming-to-get-you#1")
    play(game, "play wizards/summon#1")  # the next Play Cards decision sees the copy
    assert options(game)[:1] == [f"play aliens/invader#1 @ base:{OASIS}"]
    play(game, f"play aliens/invader#1 @ base:{OASIS}")
    assert not any("invader#2" in o for o in options(game))


def test_a_new_copy_replaces_the_hosts_earlier_one():
    game = scenario(bases=[{"base": OASIS, "minions": ["robots/zapbot",
                                                       theirs("dinosaurs/war-raptor"),
                                                       theirs("wizards/archmage")]}, BRAIN])
    copy(game, "robots/zapbot#1", "dinosaurs/war-raptor#1")
    copy(game, "robots/zapbot#1", "wizards/archmage#1")
    assert copy_sources(game.state, card_id(game, "robots/zapbot#1")) == [
        card_id(game, "wizards/archmage#1")]
    assert power(game, "dinosaurs/war-raptor#1") == 3


def test_printed_power_is_a_point_registered_kinds_answer():
    """``printed_power`` is a question of its own (kinds.POINTS), not a definition field; a
    card module answers it by registering a kind (Mimic's ``highest_printed_power``)."""
    assert "printed_power" in POINTS and "printed_power" not in FIELD_KINDS
    assert HOOK_KINDS["highest_printed_power"].point == "printed_power"
    game = scenario(hands=[["shapeshifters/mimic"], []],
                    bases=[{"base": OASIS, "minions": ["dinosaurs/king-rex"]}, BRAIN])
    g = game.state
    mimic = card_id(game, "shapeshifters/mimic#1")
    assert printed_power(g, mimic) == 0  # in hand: as printed
    play(game, f"play shapeshifters/mimic#1 @ base:{BRAIN}")
    assert printed_power(g, mimic) == 7
    assert game.observation(0)["bases"][1]["minions"][0]["printed_power"] == 7
