"""Test-only cards and bases for rules and mechanics tests (in this project or outside it).

``register()`` adds the factions "Test Rigs", "Test Props" and "Test Scenery" (keys start
with "test", which random pickers skip) and a few plain bases of the set "test" (left out
of ``"bases": "all"``); ``unregister()`` takes them out again. Test modules that need them
use the module fixture ``registered()`` so that no other test sees them::

    from smashup.testing_cards import registered

    with registered():
        game = scenario(hands=[["test-rigs/zap"], []], bases=["test-plaza", "test-yard"])
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager

from smashup.cards.api import Faction, base
from smashup.cards.helpers import (
    AbilityGen,
    Ctx,
    Event,
    Option,
    Request,
    Source,
    Special,
    State,
    Talent,
    Trigger,
    add_effect,
    all_minions,
    bury,
    choose_base,
    choose_card,
    choose_minion,
    controller_only,
    destroy,
    discard_card,
    discard_to,
    draw,
    duel,
    extra_play,
    gain_vp,
    may,
    place_counters,
    place_in_stasis,
    play_off_top,
    play_specific,
    played_off_top,
    remove_counters,
    slot_is,
    store,
    stored_cards,
    to_box,
    transfer_counters,
    uncovered_at,
    until_end_of_turn,
)
from smashup.engine.core.defs import REGISTRY


def unregister() -> None:
    """Take the test-only factions and bases out of the registry again."""
    for key in [k for k in REGISTRY.factions if k.startswith("test")]:
        for d in REGISTRY.factions.pop(key):
            REGISTRY.cards.pop(d.key, None)
        REGISTRY.faction_sets.pop(key, None)
    for key in [k for k, b in REGISTRY.bases.items() if b.set == "test"]:
        del REGISTRY.bases[key]


@contextmanager
def registered() -> Iterator[None]:
    """The test-only cards are registered inside this block only, so that other tests
    (card listings, random games) never see them."""
    register()
    try:
        yield
    finally:
        unregister()


def register() -> None:
    """Register the test-only factions and bases (once)."""
    if "test-rigs" in REGISTRY.factions:
        return
    rigs = Faction("Test Rigs", "core")

    # ---- minions ----------------------------------------------------------------------------

    rigs.minion("Dummy", power=2, count=3)
    rigs.minion("Zero Bot", power=0)
    rigs.minion("Heavy", power=5)

    def _talent_draw(ctx: Ctx) -> AbilityGen:
        draw(ctx.g, ctx.player, 1)
        return
        yield

    rigs.minion("Talent Bot", power=1, text="Talent: draw a card.", talent=Talent(_talent_draw))

    @rigs.minion("Grant Bot", power=1, text="Play an extra minion.")
    def grant_bot(ctx: Ctx) -> AbilityGen:
        yield from extra_play(ctx, "minion")

    def _not_by_actions(g: State, me: int, target: int, src: Source) -> bool:
        return target == me and src.kind == "action"

    rigs.minion("Shielded", power=3, text="Not affected by actions.", protects=_not_by_actions)

    rigs.minion("Sturdy", power=3, text="Cannot be destroyed.",
                cannot_destroy=lambda g, me, target: target == me)

    def _chime(ctx: Ctx, ev: Event) -> AbilityGen:
        gain_vp(ctx.g, ctx.player, 1, reason="Chime")
        return
        yield

    rigs.minion("Chime", power=1, count=2, text="Before this base scores, you gain 1 VP.",
                triggers=(Trigger("before_score", controller_only(slot_is), _chime),))

    def _hopeful(ctx: Ctx, ev: Event) -> AbilityGen:
        draw(ctx.g, ctx.player, 1)
        return
        yield

    rigs.minion("Hopeful", power=1, text="Before this base scores, you may draw a card.",
                triggers=(Trigger("before_score", controller_only(slot_is), _hopeful,
                                  optional=True),))

    @rigs.minion("Lifter", power=2,
                 text="If played off the top of a deck, place a +1 power counter on it.")
    def lifter(ctx: Ctx) -> AbilityGen:
        if played_off_top(ctx.g, ctx.me):
            place_counters(ctx, ctx.me, 1)
        return
        yield

    @rigs.minion("Duelist", power=3,
                 text="You may duel another player's minion here. Destroy the loser.")
    def duelist(ctx: Ctx) -> AbilityGen:
        g = ctx.g
        foe = yield from choose_minion(ctx, "Duel which minion?", where=ctx.slot,
                                       pred=lambda m: g.controller[m] != ctx.player,
                                       optional=True)
        if foe is None:
            return
        result = yield from duel(ctx, ctx.me, foe)
        if result is not None:
            for loser in result[1]:
                yield from destroy(ctx, loser)

    # ---- actions ----------------------------------------------------------------------------

    def _ambush_can(g: State, card: int, ev: Event, holder: int) -> bool:
        return bool(g.minions[ev["slot"]])

    def _ambush(ctx: Ctx, ev: Event) -> AbilityGen:
        target = yield from choose_minion(ctx, "Destroy a minion there", where=ev["slot"])
        discard_card(ctx.g, ctx.me, reason="special used")
        if target is not None:
            yield from destroy(ctx, target)

    rigs.action("Ambush", text="Special: before a base scores, destroy a minion there.",
                specials=(Special("before_score", _ambush_can, _ambush),))

    def _rush(ctx: Ctx, ev: Event) -> AbilityGen:
        discard_card(ctx.g, ctx.me, reason="special used")
        yield from extra_play(ctx, "minion")

    rigs.action("Rush", text="Special: on your turn or before a base scores, discard this to "
                "play an extra minion.",
                specials=(Special("play_phase", lambda g, c, ev, p: True, _rush),
                          Special("before_score", lambda g, c, ev, p: True, _rush)))

    @rigs.action("Zap", text="Destroy a minion.")
    def zap(ctx: Ctx) -> AbilityGen:
        target = yield from choose_minion(ctx, "Destroy a minion")
        if target is not None:
            yield from destroy(ctx, target)

    @rigs.action("Loop", text="Place one stasis counter on this card.")
    def loop(ctx: Ctx) -> AbilityGen:
        place_in_stasis(ctx, ctx.me, 1)
        return
        yield

    def _hourglass_tick(ctx: Ctx, ev: Event) -> AbilityGen:
        draw(ctx.g, ctx.player, 1)
        return
        yield

    @rigs.action("Hourglass", text="Place two stasis counters on this card. Special: after a "
                 "stasis counter is removed from this card, draw a card.",
                 triggers=(Trigger("stasis_removed",
                                   lambda g, me, ev: [g.owner[me]] if ev["card"] == me else [],
                                   _hourglass_tick),))
    def hourglass(ctx: Ctx) -> AbilityGen:
        place_in_stasis(ctx, ctx.me, 2)
        return
        yield

    @rigs.action("Reinforce", text="Play an extra minion.")
    def reinforce(ctx: Ctx) -> AbilityGen:
        yield from extra_play(ctx, "minion")

    @rigs.action("Boost", count=2, text="A minion gets +3 power until the end of the turn.")
    def boost(ctx: Ctx) -> AbilityGen:
        target = yield from choose_minion(ctx, "Give +3 power")
        if target is not None:
            add_effect(ctx.g, "power", target, 3, until_end_of_turn(ctx.g), ctx.player)

    @rigs.action("Drain", text="A minion gets -10 power until the end of the turn.")
    def drain(ctx: Ctx) -> AbilityGen:
        target = yield from choose_minion(ctx, "Give -10 power")
        if target is not None:
            add_effect(ctx.g, "power", target, -10, until_end_of_turn(ctx.g), ctx.player)

    @rigs.action("Sink", text="A base's breakpoint is reduced by 100 until the end of the turn.")
    def sink(ctx: Ctx) -> AbilityGen:
        slot = yield from choose_base(ctx)
        if slot is not None:
            add_effect(ctx.g, "breakpoint", slot, -100, until_end_of_turn(ctx.g), ctx.player)

    @rigs.action("Banner", text="You have +1 power at a base until the end of the turn.")
    def banner(ctx: Ctx) -> AbilityGen:
        slot = yield from choose_base(ctx)
        if slot is not None:
            add_effect(ctx.g, "player_power", slot, 1, until_end_of_turn(ctx.g), ctx.player)

    @rigs.action("Crate", text="Put a minion in the box.")
    def crate(ctx: Ctx) -> AbilityGen:
        target = yield from choose_minion(ctx, "Box a minion", pred=None)
        if target is not None:
            to_box(ctx.g, target)

    @rigs.action("Pricey Shot", text="Discard two cards to destroy a minion.")
    def pricey_shot(ctx: Ctx) -> AbilityGen:
        paid = yield from discard_to(ctx, 2)
        if paid:
            target = yield from choose_minion(ctx, "Destroy a minion")
            if target is not None:
                yield from destroy(ctx, target)

    def _any_minion(
        ctx: Ctx, prompt: str, pred: Callable[[int], bool] | None = None
    ) -> Generator[Request, Option, int | None]:
        """Any minion in play, protected or not (the helper itself must respect protection)."""
        cands = [m for m in all_minions(ctx.g) if pred is None or pred(m)]
        picked: int | None = yield from choose_card(ctx, cands, prompt)
        return picked

    @rigs.action("Charger", text="Place two +1 power counters on a minion.")
    def charger(ctx: Ctx) -> AbilityGen:
        target = yield from _any_minion(ctx, "Place two counters")
        if target is not None:
            place_counters(ctx, target, 2)

    @rigs.action("Siphon", text="Transfer a +1 power counter from a minion to another minion.")
    def siphon(ctx: Ctx) -> AbilityGen:
        g = ctx.g
        src = yield from _any_minion(ctx, "Take a counter from",
                                     lambda m: g.counters.get(m, 0) > 0)
        if src is None:
            return
        dest = yield from _any_minion(ctx, "Give it to", lambda m: m != src)
        if dest is not None:
            transfer_counters(ctx, src, dest, 1)

    @rigs.action("Leech", text="Remove a +1 power counter from a minion.")
    def leech(ctx: Ctx) -> AbilityGen:
        g = ctx.g
        target = yield from _any_minion(ctx, "Remove a counter",
                                        lambda m: g.counters.get(m, 0) > 0)
        if target is not None:
            remove_counters(ctx, target, 1)

    @rigs.action("Pod", text="Place two stasis counters on a card from your hand.")
    def pod(ctx: Ctx) -> AbilityGen:
        card = yield from choose_card(ctx, list(ctx.g.hands[ctx.player]), "Put in stasis")
        if card is not None:
            place_in_stasis(ctx, card, 2)

    def _capsule_leaves(ctx: Ctx) -> AbilityGen:
        draw(ctx.g, ctx.player, 2)
        return
        yield

    @rigs.action("Capsule", text="Place one stasis counter on this card. When you play it "
                 "from stasis, draw two cards instead, then discard it.",
                 leave_stasis=_capsule_leaves)
    def capsule(ctx: Ctx) -> AbilityGen:
        place_in_stasis(ctx, ctx.me, 1)
        return
        yield

    @rigs.action("Shovel", text="Bury a card from your hand at a base.")
    def shovel(ctx: Ctx) -> AbilityGen:
        card = yield from choose_card(ctx, list(ctx.g.hands[ctx.player]), "Bury which card?")
        if card is None:
            return
        slot = yield from choose_base(ctx, "Bury it where?")
        if slot is not None:
            bury(ctx, card, slot)

    @rigs.action("Time Bomb", text="Bury this card (revealed). When it is uncovered, gain 2 VP.")
    def time_bomb(ctx: Ctx) -> AbilityGen:
        if uncovered_at(ctx.g, ctx.me) is not None:
            gain_vp(ctx.g, ctx.player, 2, reason="Time Bomb")
            return
        slot = yield from choose_base(ctx, "Bury it where?")
        if slot is not None:
            bury(ctx, ctx.me, slot, show=True)

    def _vault_talent(ctx: Ctx) -> AbilityGen:
        minions = [c for c in stored_cards(ctx.g, ctx.me) if ctx.g.defs[c].kind == "minion"]
        card = yield from choose_card(ctx, minions, "Play which stored minion?")
        if card is not None:
            yield from play_specific(ctx, card, ctx.player, (ctx.slot,))

    @rigs.action("Vault", play_on="base",
                 text="Play on a base. You may store a card from your hand under this card. "
                 "Talent: play a minion stored here as an extra minion on this base.",
                 talent=Talent(_vault_talent))
    def vault(ctx: Ctx) -> AbilityGen:
        card = yield from choose_card(ctx, list(ctx.g.hands[ctx.player]), "Store a card?",
                                      optional=True)
        if card is not None:
            store(ctx, card, ctx.me)

    @rigs.action("Launcher", text="Play an extra minion off the top of your deck.")
    def launcher(ctx: Ctx) -> AbilityGen:
        yield from play_off_top(ctx, "minion")

    @rigs.action("Small Launcher",
                 text="Play an extra minion of power 2 or less off the top of your deck here... "
                 "at a base of your choice.")
    def small_launcher(ctx: Ctx) -> AbilityGen:
        g = ctx.g
        yield from play_off_top(ctx, "minion", pred=lambda c: g.defs[c].power <= 2)

    @rigs.action("Challenge", text="One of your minions duels another player's minion at its "
                 "base. The winner gets a +1 power counter.")
    def challenge(ctx: Ctx) -> AbilityGen:
        g = ctx.g
        mine = yield from choose_minion(ctx, "Your duelist",
                                        pred=lambda m: g.controller[m] == ctx.player)
        if mine is None:
            return
        foe = yield from choose_minion(ctx, "Their duelist", where=g.slot_of(mine),
                                       pred=lambda m: g.controller[m] != ctx.player)
        if foe is None:
            return
        result = yield from duel(ctx, mine, foe)
        if result is not None:
            for winner in result[0]:
                place_counters(ctx, winner, 1)

    @rigs.action("Maybe", text="You may draw a card.")
    def maybe(ctx: Ctx) -> AbilityGen:
        if (yield from may(ctx, "Draw a card?")):
            draw(ctx.g, ctx.player, 1)

    # ---- all-action factions (for the opening-hand mulligan) --------------------------------

    Faction("Test Props", "core").action("Prop", count=20)
    Faction("Test Scenery", "core").action("Backdrop", count=20)

    # ---- plain bases ------------------------------------------------------------------------

    base("Test Plaza", "test", "Test Rigs", 10, (5, 3, 2))
    base("Test Yard", "test", "Test Rigs", 8, (4, 2, 1))
    base("Test Dock", "test", "Test Rigs", 25, (3, 2, 1))
    base("Test Lot", "test", "Test Rigs", 30, (2, 1, 0))
    base("Test Field", "test", "Test Rigs", 40, (6, 4, 2))
