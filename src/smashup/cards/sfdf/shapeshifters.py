"""Shapeshifters (Science Fiction Double Feature).

Rulings where the texts leave a question open (each tested in tests/cards/shapeshifters_test.py):

- Copycat may copy any other player's minion, even one its abilities could not affect; a copied
  on-play ability resolves at once, as part of Copycat's own (guide §5.1); copied ongoing
  abilities, triggers and a copied talent (once) last until the end of the turn or until
  Copycat leaves play, which ends them first (a copied "after this minion is destroyed" does
  not fire for Copycat's own leaving). The name is not copied.
- Cellular Bonding copies the continuous abilities, triggers and talent of an action on a
  minion, not its on-play part (that was the copied card's being played); where the copied
  action may be played ("on your minion") is ignored.
- Mimic reads the number printed on each minion card in play, at a base or in stasis; what
  Mimic and a minion that copied Mimic count as is their own card's number, so Mimics never
  feed each other. Every check of a minion's printed power in play goes through
  ``printed_power``.
- A search ends with the deck shuffled, before the card found is played; a card found that
  cannot be played is discarded (Doppelgänger clarification, applied to every search here).
- "Destroy one of your minions" offers a minion that cannot be destroyed too: the rest of the
  ability still happens, measured by that minion's power (Transmogrify and Bacta the Future
  clarifications, applied to "...Really?" as well).
"""

from __future__ import annotations

from collections.abc import Callable

from ..api import Faction
from ..helpers import (
    WHILE_IN_PLAY,
    AbilityGen,
    ChoiceOption,
    Ctx,
    Event,
    HookKind,
    Option,
    State,
    Talent,
    Trigger,
    add_effect,
    all_minions,
    ask,
    changes_only,
    choose_card,
    choose_minion,
    choose_minion_to_boost,
    choose_your_minion,
    copy_abilities,
    deck_to_search,
    destroy,
    discard_card,
    emit,
    extra_play,
    host_of,
    its_host,
    itself,
    minions_matching,
    place_on_deck,
    play_extra_now,
    play_specific,
    power,
    printed_power,
    printed_powers,
    register_hook_kind,
    relocate,
    reveal,
    shuffle_deck,
    toward_aim,
    until_end_of_turn,
)

shapeshifters = Faction("Shapeshifters", "science-fiction-double-feature")


# ---- shared helpers ----------------------------------------------------------------------------


def search_deck(ctx: Ctx, pred: Callable[[int], bool], prompt: str,
                shuffle: bool = True) -> AbilityGen:
    """Search your deck for a card that passes ``pred``: the searcher sees the whole deck
    (only they learn it: a private event), the card found is shown to everyone and set aside
    (``revealed``), then the deck is shuffled (which makes them forget where each card is; a
    single card left needs no shuffle, and they keep knowing it). Returns the card, or None.
    An empty deck is refilled from the discard pile first, as for Scry."""
    g = ctx.g
    p = ctx.player
    deck = deck_to_search(g, p)
    if deck:
        g.known[p].update(deck)
        emit(g, "searched", player=p, cards=tuple(deck), count=len(deck), private=p)
    candidates = sorted(c for c in deck if pred(c))  # not in deck order: it is hidden
    found = yield from choose_card(ctx, candidates, prompt)
    if found is not None:
        relocate(g, found, ("revealed", p))
        reveal(g, (found,))
    if shuffle and len(g.decks[p]) > 1:
        shuffle_deck(g, p)
    return found


def play_found(ctx: Ctx, card: int, slots: list[int] | None = None) -> AbilityGen:
    """Play a card found by a search as an extra card (at one of ``slots``, if given); one
    that cannot be played is discarded instead. Returns True if it was played."""
    played = yield from play_specific(ctx, card, ctx.player, slots)
    if not played:
        discard_card(ctx.g, card, reason="could not be played")
    return bool(played)


def _is_minion(g: State) -> Callable[[int], bool]:
    return lambda c: g.defs[c].kind == "minion"


def _destroy_own(ctx: Ctx, prompt: str) -> AbilityGen:
    """"Destroy one of your minions": returns the chosen minion's power (measured before it
    goes), or None when the player has none; a minion that cannot be destroyed may be
    chosen, and the rest of the ability still uses its power."""
    g = ctx.g
    mine = yield from choose_your_minion(ctx, prompt)
    if mine is None:
        return None
    limit = power(g, mine)
    yield from destroy(ctx, mine)
    return limit


# ---- minions -----------------------------------------------------------------------------------


def _went_to_discard_from_play(g: State, me: int, ev: Event) -> list[int]:
    if ev.get("card") != me or ev.get("slot") is None or g.loc[me][0] != "discard":
        return []
    return [int(ev.get("controller", g.owner[me]))]


def _doppelganger_run(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    slots = None
    if ev.get("reason") == "base scored":  # its base is gone: not onto the base replacing it
        slots = [s for s in range(len(g.bases)) if s != ev["slot"]]
    found = yield from search_deck(ctx, _is_minion(g), "Play which minion from your deck?")
    if found is not None:
        yield from play_found(ctx, found, slots)


shapeshifters.minion(
    "Doppelgänger", power=5,
    text="Ongoing: when this minion goes from play to the discard pile, find a minion in your"
         " deck and put it into play as an extra minion.",
    triggers=(Trigger("destroyed", _went_to_discard_from_play, _doppelganger_run),
              Trigger("discarded", _went_to_discard_from_play, _doppelganger_run)),
)


def _gelf_swap(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    slot = ctx.slot
    found = yield from search_deck(
        ctx, lambda c: (g.defs[c].kind == "minion" and g.defs[c].name != "G.E.L.F."
                        and printed_power(g, c) <= 4),
        "Play which minion of power 4 or less from your deck?", shuffle=False)
    yield from place_on_deck(ctx, ctx.me, bottom=False)
    for p in sorted({ctx.player, g.owner[ctx.me]}):  # "your deck", and this minion's own
        if g.decks[p]:
            shuffle_deck(g, p)
    if found is not None:
        yield from play_found(ctx, found, [] if slot is None else [slot])


shapeshifters.minion(
    "G.E.L.F.", power=4, count=2,
    text="Talent: pick a minion of power 4 or less other than a G.E.L.F. out of your deck; this"
         " minion is shuffled into your deck and the one picked is played at its base as an"
         " extra minion.",
    talent=Talent(_gelf_swap),
)


@changes_only(itself)
def _highest_printed(g: State, me: int, minion: int, value: int) -> int:
    if minion != me:
        return value
    in_play = all_minions(g) + [c for p in range(g.nplayers)
                                for c in g.zones.get(("stasis", p), ())
                                if g.defs[c].kind == "minion"]
    return max(printed_powers(g, in_play, skip=_highest_printed), default=0)


HIGHEST_PRINTED = register_hook_kind(HookKind(
    "highest_printed_power", "printed_power",
    doc="a minion in play whose printed power is the highest printed on a minion in play"))

shapeshifters.minion(
    "Mimic", power=0, count=3,
    text="Ongoing: counts as printed with the largest power number found on any minion card in"
         " play.",
    hooks={HIGHEST_PRINTED.name: _highest_printed},
)


@shapeshifters.minion(
    "Copycat", power=2, count=4,
    text="Pick a minion in play that another player controls; until the turn ends this card"
         " works as if it had that minion's abilities too.")
def copycat(ctx: Ctx) -> AbilityGen:
    yield from _copy_a_minion(ctx, frozenset({ctx.me}))


def _copy_a_minion(ctx: Ctx, passed: frozenset[int]) -> AbilityGen:
    """Copycat's ability. Copying another Copycat gives this one that Copycat's ability, which
    copies on (the newer copy replacing the older); ``passed`` holds the minions the chain has
    copied, never offered again, so it always ends."""
    g = ctx.g
    theirs = [m for m in all_minions(g) if g.controller[m] != ctx.player and m not in passed]
    target = yield from choose_card(ctx, theirs, "Copy the abilities of which minion?")
    if target is None or not g.in_play(ctx.me):
        return
    copy_abilities(g, ctx.me, target, until_end_of_turn(g), ctx.player)
    copied_on_play = g.defs[target].on_play
    if copied_on_play is copycat:
        yield from _copy_a_minion(ctx, passed | {target})
    elif copied_on_play is not None:  # it happens now, as part of Copycat's own ability
        yield from copied_on_play(Ctx(g, ctx.me, ctx.player))


# ---- actions -----------------------------------------------------------------------------------


@shapeshifters.action(
    '"...Really?"',
    text="Destroy a minion you control, then you may play a minion from your discard pile"
         " whose power is no greater than the destroyed one's, as an extra minion.")
def really(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    limit = yield from _destroy_own(ctx, "Destroy which of your minions?")
    if limit is None:
        return
    pool = [c for c in g.discards[ctx.player] if g.defs[c].kind == "minion"]
    yield from play_extra_now(ctx, "minion", cards=pool,
                              pred=lambda c: printed_power(g, c) <= limit,
                              prompt=f"Play a minion of power {limit} or less from your"
                                     " discard pile")


@shapeshifters.action(
    "Bacta the Future",
    text="Destroy any minion; whoever owns it may then play one extra minion right away.")
def bacta_the_future(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    target = yield from choose_minion(ctx, "Destroy which minion?")
    if target is None:
        return
    owner = g.owner[target]
    yield from destroy(ctx, target)
    yield from play_extra_now(ctx, "minion", player=owner,
                              prompt="Play an extra minion now (Bacta the Future)")


def _attached_actions(g: State, me: int) -> list[int]:
    return [a for ms in g.minions for m in ms for a in g.attached.get(m, ()) if a != me]


@shapeshifters.action(
    "Cellular Bonding", play_on="minion",
    text="Attach to a minion and pick another action that is attached to a minion; while this"
         " stays in play it has that action's abilities.")
def cellular_bonding(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    if host_of(g, ctx.me) is None:
        return
    candidates = _attached_actions(g, ctx.me)
    if not candidates:  # nothing to copy: it goes with no effect (clarification)
        discard_card(g, ctx.me, reason="no action on a minion to copy")
        return
    chosen = yield from choose_card(ctx, candidates, "Copy the abilities of which action?")
    if chosen is not None:
        copy_abilities(g, ctx.me, chosen, WHILE_IN_PLAY, ctx.player)


@shapeshifters.action(
    "Genetic Shift", count=2, boosts_power=True,
    text="Until the turn ends, choose: every minion you have now gains +1 power, or a single"
         " minion of yours gains +3.")
def genetic_shift(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    mine = minions_matching(ctx, pred=lambda m: g.controller[m] == p)
    if not mine:
        return
    modes: list[Option] = [ChoiceOption("choice", "each"), ChoiceOption("choice", "one")]
    choice = yield from ask(p, "choose", "+1 power to each of your minions, or +3 to one?",
                            toward_aim(g, ctx.me, modes, lambda mode: mine), ctx.me)
    if choice.word == "each":
        for m in mine:
            add_effect(g, "power", m, 1, until_end_of_turn(g), p)
        return
    target = yield from choose_minion_to_boost(ctx, "Which of your minions gets +3 power?", mine)
    if target is not None:
        add_effect(g, "power", target, 3, until_end_of_turn(g), p)


@shapeshifters.action(
    "Mitosis",
    text="Name a minion you control; you may play another card of that name from your hand as"
         " an extra minion.")
def mitosis(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    in_hand = {g.defs[c].key for c in g.hands[p] if g.defs[c].kind == "minion"}
    mine = [m for m in all_minions(g) if g.controller[m] == p and g.defs[m].key in in_hand]
    chosen = yield from choose_card(ctx, mine, "Play another copy of which of your minions?")
    if chosen is not None:
        yield from extra_play(ctx, "minion", "named", g.defs[chosen].key)


def _shell_game(g: State, me: int, target: int) -> bool:
    return target == host_of(g, me)


shapeshifters.action(
    "Shell Game", play_on="minion", cannot_destroy=_shell_game,
    text="Attach to a minion. Ongoing: nothing can destroy it.")


@changes_only(its_host)
def _splice(g: State, me: int, minion: int) -> int:
    return 2 if minion == host_of(g, me) else 0


shapeshifters.action(
    "Splice as Nice", play_on="minion", power_mod=_splice, boosts_power=True,
    text="Attach to a minion. Ongoing: it is 2 stronger.")


@shapeshifters.action(
    "Transmogrify", count=2,
    text="Destroy a minion you control; find a minion in your deck whose power is no greater"
         " than the destroyed one's and play it as an extra minion; shuffle your deck.")
def transmogrify(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    limit = yield from _destroy_own(ctx, "Destroy which of your minions?")
    if limit is None:
        return
    found = yield from search_deck(
        ctx, lambda c: g.defs[c].kind == "minion" and printed_power(g, c) <= limit,
        f"Play which minion of power {limit} or less from your deck?")
    if found is not None:
        yield from play_found(ctx, found)
