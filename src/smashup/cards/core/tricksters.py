"""Tricksters (current printing): traps and curses for whoever plays minions near them."""

from __future__ import annotations

from ..api import Faction
from ..helpers import (
    AbilityGen,
    ChoiceOption,
    Ctx,
    Event,
    State,
    Talent,
    Trigger,
    add_effect,
    can_affect,
    can_be_destroyed,
    cards_to_search,
    choose_card,
    choose_faction,
    choose_many,
    choose_minion_to_boost,
    choose_minion_to_destroy,
    controller_only,
    deck_to_search,
    destroy,
    discard_card,
    discard_random,
    draw,
    emit,
    faction_of,
    minion_targets,
    minions_matching,
    minions_of,
    place_counters,
    power,
    relocate,
    shuffle_deck,
    slot_is,
    until_end_of_turn,
    until_start_of_turn,
    your_minions,
)
from ..helpers import ask as ask_option

tricksters = Faction("Tricksters", "core")


# ---- shared by the current and the original printing ----


def other_plays_minion_here(g: State, me: int, ev: Event) -> list[int]:
    """Trigger ``who``: another player played a minion at this card's base."""
    ctrl = g.controller[me]
    if ev["type"] == "minion" and ev["player"] != ctrl and ev["slot"] == g.slot_of(me):
        return [ctrl]
    return []


def leprechaun_trigger(once_per_turn: bool) -> Trigger:
    """After another player's minion played here has resolved, destroy it if it is weaker."""

    def who(g: State, me: int, ev: Event) -> list[int]:
        if once_per_turn and ("leprechaun", me) in g.used:
            return []
        return other_plays_minion_here(g, me, ev)

    def run(ctx: Ctx, ev: Event) -> AbilityGen:
        g = ctx.g
        minion, slot = ev["card"], ev["slot"]
        if once_per_turn and ("leprechaun", ctx.me) in g.used:
            return
        # it (or the Leprechaun) moving away during its resolution saves it
        if g.loc[minion] != ("minion", slot) or g.loc[ctx.me] != ("minion", slot):
            return
        if power(g, minion) >= power(g, ctx.me):
            return
        # "the first eligible minion": one that cannot be destroyed does not use up the turn
        if not can_be_destroyed(g, minion) or not can_affect(g, minion, ctx.source):
            return
        if once_per_turn:
            g.used.add(("leprechaun", ctx.me))
        yield from destroy(ctx, minion)

    return Trigger("played", who, run)


def pay_the_piper_run(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    victim = ev["player"]
    card = yield from choose_card(ctx, list(g.hands[victim]), "Discard a card", player=victim)
    if card is not None:
        discard_card(g, card, reason="Pay the Piper")


def take_the_shinies(ctx: Ctx) -> AbilityGen:
    for other in ctx.others():
        discard_random(ctx.g, other, 2, reason="Take The Shinies")
    return
    yield


def owned_factions(g: State, player: int) -> list[str]:
    """The factions a player plays with (from the setup, else from the cards they own)."""
    if g.factions[player]:
        return list(g.factions[player])
    return sorted({faction_of(g, c) for c in range(len(g.defs)) if g.owner[c] == player})


def named_here_forbids(g: State, me: int, card: int, slot: int, player: int) -> bool:
    """Minions of the factions this card named cannot be played at its base."""
    return slot == g.slot_of(me) and faction_of(g, card) in g.misc.get(("named", me), ())


def my_turn_starts(g: State, me: int, ev: Event) -> list[int]:
    return [g.controller[me]] if ev["player"] == g.controller[me] else []


# ---- minions ----


tricksters.minion(
    "Leprechaun", power=5,
    text="Ongoing: the first time each turn another player plays a minion here that, once its"
         " ability is done, has less power here than this one, destroy that minion.",
    triggers=(leprechaun_trigger(once_per_turn=True),),
)


def _brownie_who(g: State, me: int, ev: Event) -> list[int]:
    ctrl = g.controller[me]
    if (ev["type"] == "minion" and ev["player"] != ctrl and ev["slot"] != g.slot_of(me)
            and ("brownie", me) not in g.used):
        return [ctrl]
    return []


def _brownie_run(ctx: Ctx, ev: Event) -> AbilityGen:
    if ("brownie", ctx.me) in ctx.g.used:
        return
    ctx.g.used.add(("brownie", ctx.me))
    draw(ctx.g, ctx.player)
    return
    yield


tricksters.minion(
    "Brownie", power=4, count=2,
    text="Ongoing: an opponent playing a minion to some other base makes you draw one card (at "
         "most once each turn).",
    triggers=(Trigger("played", _brownie_who, _brownie_run),),
)


def _gnome_targets(ctx: Ctx, slot: int) -> list[int]:
    """Minions at ``slot`` the Gnome could destroy: power below its controller's count there."""
    g = ctx.g
    mine = len(minions_of(g, ctx.player, slot))
    return minions_matching(ctx, slot, lambda m: power(g, m) < mine and can_be_destroyed(g, m))


def _gnome_may(g: State, me: int, ev: Event) -> bool:
    return slot_is(g, me, ev) and bool(_gnome_targets(Ctx(g, me, g.controller[me]), ev["slot"]))


def _gnome_run(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    slot = ev["slot"]
    mine = len(minions_of(g, ctx.player, slot))
    target = yield from choose_minion_to_destroy(
        ctx, f"Destroy a minion here with power below {mine}", where=slot,
        pred=lambda m: power(g, m) < mine)
    if target is not None:
        yield from destroy(ctx, target)


tricksters.minion(
    "Gnome", power=3, count=3,
    text="Special, as this base is about to score: you may destroy one minion here with power "
         "below your minion count here.",
    triggers=(Trigger("before_score", controller_only(_gnome_may), _gnome_run, optional=True),),
)


def _gremlin_who(g: State, me: int, ev: Event) -> list[int]:
    if ev["card"] != me or ev.get("slot") is None:
        return []
    return [ev.get("controller", g.owner[me])]


def _gremlin_run(ctx: Ctx, ev: Event) -> AbilityGen:
    draw(ctx.g, ctx.player)
    if ev["kind"] == "destroyed":
        for other in ctx.others():
            discard_random(ctx.g, other, 1, reason="Gremlin")
    return
    yield


tricksters.minion(
    "Gremlin", power=2, count=4,
    text="Ongoing: leaving play for the discard pile draws you a card; when that was by being "
         "destroyed, every opponent also loses a random card from hand.",
    triggers=(Trigger("destroyed", _gremlin_who, _gremlin_run),
              Trigger("discarded", _gremlin_who, _gremlin_run)),
)


@tricksters.minion(
    "Pixie", power=2, count=2,
    text="Dual card, played as a minion or as an action. Minion: if your hand is bigger than"
         " some other player's, put a +1 power counter on each of any of your minions here."
         " Action: destroy an action to put two +1 power counters among your minions.")
def pixie(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    mine = len(g.hands[ctx.player])
    if not any(mine > len(g.hands[q]) for q in ctx.others()):
        return
    targets = your_minions(ctx, ctx.slot)
    picked = yield from choose_many(ctx, targets, "Put a +1 power counter on which minions?")
    for m in picked:
        place_counters(ctx, m)


@tricksters.alt_action("Pixie", boosts_power=True,
                       text="Destroy an action to put two +1 power counters among your"
                            " minions.")
def pixie_action(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    src = ctx.source
    actions = [c for ms in g.minions for m in ms for c in g.attached.get(m, ())]
    actions += [c for acts in g.base_actions for c in acts]
    target = yield from choose_card(ctx, [c for c in actions if can_affect(g, c, src)],
                                    "Destroy which action?")
    if target is None or not (yield from destroy(ctx, target)):
        return
    for _ in range(2):
        m = yield from choose_minion_to_boost(
            ctx, "Put a +1 power counter on which of your minions?", your_minions(ctx))
        if m is not None:
            place_counters(ctx, m)


# ---- actions ----


@tricksters.action(
    "Block the Path", play_on="base", forbids_play=named_here_forbids,
    text="Base action: for every opponent, pick one of their two factions. Ongoing: nobody may "
         "play minions of those factions to this base.")
def block_the_path(ctx: Ctx) -> AbilityGen:
    ctx.g.misc.pop(("named", ctx.me), None)  # a copy played again names afresh
    names = []
    for other in ctx.others():
        key = yield from choose_faction(ctx, owned_factions(ctx.g, other),
                                        f"Name a faction of player {other + 1}")
        if key is not None:
            names.append(key)
    ctx.g.misc[("named", ctx.me)] = tuple(names)


def _mist_talent(ctx: Ctx) -> AbilityGen:
    from ..helpers import extra_play

    slot = ctx.slot
    if slot is not None:
        yield from extra_play(ctx, "minion", "at", slot, slots=[slot])


def _mist_can(g: State, me: int) -> bool:
    """Offered only when a minion in hand could be played at this base (Overrun...)."""
    slot, p = g.slot_of(me), g.controller[me]
    return slot is not None and any(g.defs[c].kind == "minion" and minion_targets(g, c, p, [slot])
                                    for c in g.hands[p])


tricksters.action(
    "Enshrouding Mist", count=2, play_on="base",
    text="Base action. Talent: one extra minion, to this base.",
    talent=Talent(_mist_talent, _mist_can),
)


def _flame_trap_run(ctx: Ctx, ev: Event) -> AbilityGen:
    if (yield from destroy(ctx, ctx.me)) and ctx.g.is_minion_in_play(ev["card"]):
        yield from destroy(ctx, ev["card"])


def _flame_trap_lower(ctx: Ctx, ev: Event) -> AbilityGen:
    slot = ctx.slot
    if slot is not None:
        add_effect(ctx.g, "breakpoint", slot, -4, until_end_of_turn(ctx.g), ctx.player)
    return
    yield


tricksters.action(
    "Flame Trap", play_on="base",
    text="Base action. Ongoing: an opponent's minion played here costs this card, and that minion"
         " is destroyed with it. When your turn starts, you may cut this base's breakpoint by 4 "
         "for that turn.",
    triggers=(Trigger("played", other_plays_minion_here, _flame_trap_run),
              Trigger("start_turn", my_turn_starts, _flame_trap_lower, optional=True)),
)


def _hideout_forbids_move(g: State, me: int, card: int, slot: int, player: int) -> bool:
    return slot == g.slot_of(me) and player != g.controller[me]


def _base_actions_for(g: State, player: int, deck: list[int]) -> list[int]:
    """The play-on-base actions in ``player``'s hand and ``deck`` (the deck as searched)."""
    return [c for c in g.hands[player] + deck
            if g.defs[c].kind == "action" and g.defs[c].play_on == "base"]


def _hideout_talent(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    slot = ctx.slot
    new = yield from choose_card(ctx, _base_actions_for(g, p, deck_to_search(g, p)),
                                 "Swap Hideout with which play-on-base action?")
    if new is None or slot is None:
        return
    zone = g.loc[new]
    relocate(g, new, ("base_action", slot))
    g.controller[new] = p
    relocate(g, ctx.me, (zone[0], g.owner[ctx.me]))
    if zone[0] == "deck":
        shuffle_deck(g, zone[1])
    emit(g, "swapped", card=ctx.me, other=new, slot=slot, player=p)
    target = yield from choose_minion_to_destroy(
        ctx, "You may destroy a minion of power 2 or less here", where=slot,
        pred=lambda m: power(g, m) <= 2, optional=True)
    if target is not None:
        yield from destroy(ctx, target)


tricksters.action(
    "Hideout", play_on="base", forbids_move=_hideout_forbids_move,
    text="Base action. Ongoing: opponents can't move minions onto this base. Talent: exchange "
         "this card for a base action from your hand or deck; afterwards you may destroy a minion"
         " here with power 2 or lower.",
    talent=Talent(_hideout_talent,
                  lambda g, me: bool(_base_actions_for(g, g.controller[me],
                                                       cards_to_search(g, g.controller[me])))),
)


@tricksters.action("Mark of Sleep",
                   text="Per opponent, pick one until your next turn starts: no playing actions, "
                        "or no moving minions.")
def mark_of_sleep(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    opts = [ChoiceOption("choice", "no-actions"), ChoiceOption("choice", "no-moves")]
    for other in ctx.others():
        choice = yield from ask_option(ctx.player, "choose", f"Player {other + 1} cannot...",
                                       opts, ctx.me)
        kind = "no_actions" if choice.word == "no-actions" else "no_move"
        # the effect records its card, so a player can be told why they cannot act
        add_effect(g, kind, ctx.me, None, until_start_of_turn(ctx.player), other)


tricksters.action(
    "Pay the Piper", play_on="base",
    text="Base action. Ongoing: any opponent who plays a minion to this base must discard one "
         "card of their choice.",
    triggers=(Trigger("played", other_plays_minion_here, pay_the_piper_run),),
)

tricksters.action("Take The Shinies", text="Every opponent loses two random cards from hand to "
                                           "the discard pile.")(
    take_the_shinies)
