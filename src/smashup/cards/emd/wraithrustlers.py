"""Wraithrustlers (Excellent Movies, Dudes!): ghost hunters who steer Wraiths (actions that
make a base harder to break) onto other players' bases, then bust them for profit.

Mechanics: the label "Wraith" (``CardDef.labels``); transferring actions
(``engine/mechanics/transfers.py``); cards destroyed at a base this turn
(``zones.destroyed_here_this_turn``); stored cards a card plays as it leaves play
(``engine/mechanics/storage.py``).

Rulings where the texts leave a question open (each tested in tests/cards/wraithrustlers_test.py):

- Transfers keep an action's kind of host: an action on a base goes onto another base, one on
  a minion onto a minion at the other base (chosen by the player; none there: it cannot go).
  "Actions on a base" (Funkman's Special, Ellen, Watson, Resurgence, Ectoplasm One, Unlicensed
  Nuclear Accelerator) include actions on the minions there.
- Funkman: "its base" is the base the destroyed action was on (or whose minion it was on,
  guide R:); with none of your minions there the draw is taken without asking.
- Ellen, Watson, Unlicensed Nuclear Accelerator: "one of your actions" is one you control; the
  Accelerator may destroy itself (its minion keeps the counter).
- Ancient Sumerian God stores only actions played on a base; when it leaves play (destroyed,
  returned, placed or discarded with its scored base) its stored actions may be played, one per
  base, on the bases in play then (not the base it was discarded with); the rest are
  discarded. Demon Dogs' stored minion may be played (at any base) only after it is destroyed;
  leaving play any other way discards it.
- Ectoplasm One: the destination is chosen first; one of your minions there must go along if
  one can; the action it may then destroy may be any action on the new base, itself included.
- Resurgence may take any player's action; it is offered as a Special only with an action it
  can destroy or transfer.
"""

from __future__ import annotations

from ..api import Faction
from ..helpers import (
    KEEPS_STORED,
    SKIP,
    AbilityGen,
    BaseOption,
    ChoiceOption,
    Ctx,
    Event,
    Option,
    Request,
    Special,
    State,
    Talent,
    Trigger,
    actions_at,
    add_effect,
    can_affect,
    can_transfer,
    changes_only,
    choose_base,
    choose_card,
    choose_minion_to_move,
    choose_transfer,
    destroy,
    destroyed_here_this_turn,
    discard_stored,
    draw,
    emit,
    extra_play,
    host_of,
    its_host,
    itself,
    keep_stored,
    knows_place,
    move_minion,
    place_counters,
    place_on_deck,
    play_stored,
    play_through_special,
    relocate,
    reveal_until,
    shuffle_back_revealed,
    special_slot,
    store,
    stored_cards,
    transfer_action,
    transfer_options,
    until_end_of_turn,
    window_slot,
    your_minions,
)
from ..sfdf.shapeshifters import search_deck as _search_deck

wraithrustlers = Faction("Wraithrustlers", "excellent-movies-dudes")

WRAITH = "Wraith"
"""The label of the four Wraith actions (Roy, Ellen and Watson look for it)."""

LEAVE_EVENTS = ("destroyed", "returned", "placed", "discarded")
"""The events of a card leaving play that its own triggers answer."""


def is_wraith(g: State, card: int) -> bool:
    return WRAITH in g.defs[card].labels


def _own_actions_here(ctx: Ctx) -> list[int]:
    """The actions this ability's player controls at its card's base (on it or on its minions)
    that the ability may destroy."""
    g = ctx.g
    slot = g.slot_of(ctx.me)
    if slot is None:
        return []
    src = ctx.source
    return [a for a in actions_at(g, slot)
            if g.controller[a] == ctx.player and can_affect(g, a, src)]


def _controller_ctx(g: State, me: int) -> Ctx:
    return Ctx(g, me, g.controller[me])


def _boost_mine(ctx: Ctx, slot: int | None, amount: int) -> None:
    """Each of this ability's player's minions at ``slot`` gets +``amount`` until the end of
    the turn (only those there now)."""
    g = ctx.g
    if slot is None or slot >= len(g.bases):
        return
    for m in your_minions(ctx, slot):
        add_effect(g, "power", m, amount, until_end_of_turn(g), ctx.player)


def _wraith_breakpoint(g: State, me: int, slot: int) -> int:
    return 3 if g.loc[me] == ("base_action", slot) else 0


# ---- Funkman -----------------------------------------------------------------------------------


def _funk_who(g: State, me: int, ev: Event) -> list[int]:
    p = g.controller[me]
    if ev.get("by") != p or ev.get("by_base") or g.defs[ev["card"]].kind != "action":
        return []
    return [p]


def _funk_groove(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    slot = ev.get("slot")
    mine = [] if slot is None or slot >= len(g.bases) else \
        your_minions(ctx, slot)
    if mine:
        choice = yield Request(ctx.player, "choose", "Your minions there +1 until the end of the "
                               "turn, or draw a card?",
                               [ChoiceOption("choice", "power"), ChoiceOption("choice", "draw")],
                               ctx.ref)
        if choice.word == "power":
            _boost_mine(ctx, slot, 1)
            return
    draw(g, ctx.player, 1)


def _transferable_at(ctx: Ctx, slot: int) -> list[int]:
    return [a for a in actions_at(ctx.g, slot) if can_transfer(ctx, a)]


def _funk_special_who(g: State, me: int, ev: Event) -> list[int]:
    slot = window_slot(g, ev)
    if slot is None or not _transferable_at(_controller_ctx(g, me), slot):
        return []
    return [g.controller[me]]


def _funk_transfer(ctx: Ctx, ev: Event) -> AbilityGen:
    slot = window_slot(ctx.g, ev)
    if slot is None:
        return
    card = yield from choose_card(ctx, _transferable_at(ctx, slot),
                                  "Transfer which action away from the scoring base?")
    if card is not None:
        yield from choose_transfer(ctx, card)


wraithrustlers.minion(
    "Funkman", power=5,
    text="Ongoing: whenever you destroy an action, pick one: your minions at the base it was on "
         "get +1 power for the rest of the turn, or you draw a card. Special: as any base is "
         "about to score, you may shift one action from it to another base.",
    triggers=(Trigger("destroyed", _funk_who, _funk_groove),
              Trigger("before_score", _funk_special_who, _funk_transfer, optional=True)),
)

# ---- Ellen -------------------------------------------------------------------------------------


def _ellen_can(g: State, me: int) -> bool:
    return bool(_own_actions_here(_controller_ctx(g, me)))


def _ellen_talent(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    slot = g.slot_of(ctx.me)
    target = yield from choose_card(ctx, _own_actions_here(ctx),
                                    "Destroy which of your actions here?")
    if target is not None and slot is not None and (yield from destroy(ctx, target)):
        add_effect(g, "breakpoint", slot, -3, until_end_of_turn(g), ctx.player)


def _ellen_who(g: State, me: int, ev: Event) -> list[int]:
    slot = ev.get("slot")
    if slot is None or g.slot_of(me) != slot or not is_wraith(g, ev["card"]):
        return []
    return [g.controller[me]]


def _ellen_extra(ctx: Ctx, ev: Event) -> AbilityGen:
    yield from extra_play(ctx, "action")


wraithrustlers.minion(
    "Ellen", power=4, count=2,
    text="Talent: bust one of your actions at this base; then the base needs 3 less power to "
         "break until the turn ends. Ongoing: whenever a Wraith is destroyed at this base, you "
         "may play an extra action.",
    talent=Talent(_ellen_talent, _ellen_can),
    triggers=(Trigger("destroyed", _ellen_who, _ellen_extra, optional=True),),
)

# ---- Roy ---------------------------------------------------------------------------------------


@changes_only(itself)
def _roy_power(g: State, me: int, minion: int) -> int:
    if minion != me:
        return 0
    slot = g.slot_of(me)
    if slot is None:
        return 0
    return 2 if any(is_wraith(g, c) for c in destroyed_here_this_turn(g, slot)) else 0


def _roy_candidates(ctx: Ctx, here: int) -> list[int]:
    g = ctx.g
    return [a for s in range(len(g.bases)) if s != here for a in actions_at(g, s)
            if g.controller[a] == ctx.player and can_transfer(ctx, a, (here,))]


@wraithrustlers.minion(
    "Roy", power=3, count=3,
    text="You may pull one of your actions from a different base over to this one. Ongoing: "
         "+2 power while a Wraith has been destroyed at this base this turn.",
    power_mod=_roy_power)
def roy(ctx: Ctx) -> AbilityGen:
    here = ctx.g.slot_of(ctx.me)
    if here is None:
        return
    card = yield from choose_card(ctx, _roy_candidates(ctx, here),
                                  "Transfer one of your actions to Roy's base?", optional=True)
    if card is not None:
        yield from choose_transfer(ctx, card, (here,))


# ---- Watson ------------------------------------------------------------------------------------


def _draw_revealed_wraith(ctx: Ctx) -> None:
    """Reveal from the top of the deck until a Wraith; draw it; shuffle the rest back."""
    g = ctx.g
    p = ctx.player
    found = reveal_until(g, p, lambda c: is_wraith(g, c))
    if found is not None:
        relocate(g, found, ("hand", p))
        # told like any draw: the card by name to its drawer only (it was revealed before)
        emit(g, "drew", player=p, count=1, cards=(found,), private=p)
    shuffle_back_revealed(g, p)


@wraithrustlers.minion(
    "Watson", power=2, count=4,
    text="You may either bust one of your actions at this base, or turn over cards from your "
         "deck top until a Wraith shows up, draw that one and shuffle the others back.")
def watson(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    mine = _own_actions_here(ctx)
    opts: list[Option] = []
    if mine:
        opts.append(ChoiceOption("choice", "destroy"))
    if g.decks[ctx.player] or g.discards[ctx.player]:
        opts.append(ChoiceOption("choice", "reveal"))
    if not opts:
        return
    choice = yield Request(ctx.player, "choose", "Destroy one of your actions here, or reveal "
                           "until a Wraith?", [*opts, SKIP], ctx.ref)
    if choice.tag == "skip":
        return
    if choice.word == "reveal":
        _draw_revealed_wraith(ctx)
        return
    target = yield from choose_card(ctx, mine, "Destroy which of your actions here?")
    if target is not None:
        yield from destroy(ctx, target)


# ---- the Wraiths -------------------------------------------------------------------------------


def _leaving(g: State, me: int, ev: Event) -> bool:
    return bool(ev.get("card") == me)


def _storer(g: State, me: int, ev: Event) -> list[int]:
    """Whoever stored the cards still under ``me``, when ``me`` has just left play."""
    stored = stored_cards(g, me)
    return [g.controller[stored[0]]] if _leaving(g, me, ev) and stored else []


def _discard_leftovers(ctx: Ctx, ev: Event) -> AbilityGen:
    discard_stored(ctx.g, ctx.me)
    return
    yield


def _asg_storable(g: State, player: int) -> list[int]:
    return [c for c in g.discards[player]
            if g.defs[c].kind == "action" and g.defs[c].play_on == "base"]


def _asg_can(g: State, me: int) -> bool:
    return bool(_asg_storable(g, g.controller[me]))


def _asg_talent(ctx: Ctx) -> AbilityGen:
    card = yield from choose_card(ctx, _asg_storable(ctx.g, ctx.player),
                                  "Store which action from your discard pile?")
    if card is not None:
        store(ctx, card, ctx.me, show=True)


def _asg_release(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    # discarded with its scored base: the bases in play then, without that one
    gone = ev.get("slot") if ev["kind"] == "discarded" else None
    done: set[int] = set()
    while True:
        slots = [s for s in range(len(g.bases)) if s != gone and s not in done]
        opt = yield from play_stored(ctx, ctx.me, "action", slots,
                                     "Play an action stored under Ancient Sumerian God on a "
                                     "base (one per base)?")
        if opt is None:
            break
        done.add(opt.slot)
    discard_stored(g, ctx.me)


wraithrustlers.action(
    "Ancient Sumerian God", play_on="base", labels=(WRAITH,),
    text="Goes on a base. Ongoing: this base needs 3 more power to break. Talent: tuck "
         "an action from your discard pile that is played on bases under this card. When this "
         "card leaves play, you may play its tucked actions as extra actions, at most one onto "
         "each base.",
    breakpoint_mod=_wraith_breakpoint,
    talent=Talent(_asg_talent, _asg_can),
    hooks={KEEPS_STORED: keep_stored},
    triggers=tuple(Trigger(kind, _storer, _asg_release) for kind in LEAVE_EVENTS),
)


def _dogs_storable(g: State, player: int) -> list[int]:
    return [c for c in g.hands[player] + g.discards[player]
            if g.defs[c].kind == "minion" and g.defs[c].power <= 3]


def _dogs_unleashed(ctx: Ctx, ev: Event) -> AbilityGen:
    yield from play_stored(ctx, ctx.me, "minion", None,
                           "Play the minion stored under Demon Dogs as an extra minion?")
    discard_stored(ctx.g, ctx.me)


@wraithrustlers.action(
    "Demon Dogs", count=2, play_on="base", labels=(WRAITH,),
    text="Goes on a base. You may tuck a minion of printed power 3 or less from your "
         "hand or discard pile under it. Ongoing: this base needs 3 more power to break. After "
         "this card is destroyed, you may play its tucked minion as an extra minion anywhere.",
    breakpoint_mod=_wraith_breakpoint,
    hooks={KEEPS_STORED: keep_stored},
    triggers=(Trigger("destroyed", _storer, _dogs_unleashed),)
    + tuple(Trigger(kind, _storer, _discard_leftovers) for kind in LEAVE_EVENTS[1:]),
)
def demon_dogs(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    card = yield from choose_card(ctx, _dogs_storable(g, ctx.player),
                                  "Store a minion of power 3 or less under Demon Dogs?",
                                  optional=True)
    if card is not None and g.in_play(ctx.me):
        store(ctx, card, ctx.me, show=True)


def _haunt_who(g: State, me: int, ev: Event) -> list[int]:
    return [int(ev["controller"])] if _leaving(g, me, ev) else []


def _haunt_draw(ctx: Ctx, ev: Event) -> AbilityGen:
    draw(ctx.g, ctx.player, 3)
    return
    yield


wraithrustlers.action(
    "Librarian Haunt", count=2, play_on="base", labels=(WRAITH,),
    text="Goes on a base. Ongoing: this base needs 3 more power to break. When this "
         "card is destroyed, you draw three cards.",
    breakpoint_mod=_wraith_breakpoint,
    triggers=(Trigger("destroyed", _haunt_who, _haunt_draw),),
)


def _slimy_burst(ctx: Ctx, ev: Event) -> AbilityGen:
    _boost_mine(ctx, ev.get("slot"), 2)
    return
    yield


# not ``boosts_power``: its +2 comes when it is destroyed, not as it is played
# (engine/facts/boosts.py)
wraithrustlers.action(
    "Slimy", play_on="base", labels=(WRAITH,),
    text="Goes on a base. Ongoing: this base needs 3 more power to break. When this "
         "card is destroyed, your minions at that base get +2 power until the turn ends.",
    breakpoint_mod=_wraith_breakpoint,
    triggers=(Trigger("destroyed", _haunt_who, _slimy_burst),),
)

# ---- Ectoplasm One -----------------------------------------------------------------------------


def _ecto_can(g: State, me: int) -> bool:
    return bool(transfer_options(_controller_ctx(g, me), me))


def _ecto_talent(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    here = g.slot_of(ctx.me)
    reachable = {o.slot for o in transfer_options(ctx, ctx.me) if isinstance(o, BaseOption)}
    dest = yield from choose_base(ctx, "Transfer Ectoplasm One to which base?",
                                  pred=reachable.__contains__)
    if here is None or dest is None or not transfer_action(ctx, ctx.me, BaseOption("base", dest)):
        return
    mover = yield from choose_minion_to_move(ctx, "Move which of your minions along?",
                                             where=here, to=dest,
                                             pred=lambda m: g.controller[m] == ctx.player)
    if mover is None or not (yield from move_minion(ctx, mover, dest)):
        return
    targets = [a for a in actions_at(g, dest) if can_affect(g, a, ctx.source)]
    target = yield from choose_card(ctx, targets, "Destroy an action on the new base?",
                                    optional=True)
    if target is not None:
        yield from destroy(ctx, target)


wraithrustlers.action(
    "Ectoplasm One", play_on="base",
    text="Goes on a base. Talent: shift this card to another base so as to carry one of your "
         "minions from here along to it; if a minion went, you may then bust an action on that "
         "base.",
    talent=Talent(_ecto_talent, _ecto_can),
)

# ---- Resurgence --------------------------------------------------------------------------------


def _resurgence_targets(ctx: Ctx) -> list[int]:
    g = ctx.g
    src = ctx.source
    return [a for s in range(len(g.bases)) for a in actions_at(g, s)
            if a != ctx.me and (can_affect(g, a, src) or can_transfer(ctx, a))]


def _resurgence_can(g: State, me: int, ev: Event, holder: int) -> bool:
    return window_slot(g, ev) is not None and bool(_resurgence_targets(Ctx(g, me, holder)))


@wraithrustlers.action(
    "Resurgence",
    text="Pick an action on any base and either bust it or shift it to another base. Special: "
         "may also be played as a base is about to score.",
    specials=(Special("before_score", _resurgence_can, play_through_special),))
def resurgence(ctx: Ctx) -> AbilityGen:
    special_slot(ctx)  # (played through its Special or not, it does the same)
    target = yield from choose_card(ctx, _resurgence_targets(ctx),
                                    "Destroy or transfer which action?")
    if target is None:
        return
    opts: list[ChoiceOption] = []
    if can_affect(ctx.g, target, ctx.source):
        opts.append(ChoiceOption("choice", "destroy"))
    if can_transfer(ctx, target):
        opts.append(ChoiceOption("choice", "transfer"))
    choice = opts[0]
    if len(opts) > 1:
        choice = yield Request(ctx.player, "choose", "Destroy it or transfer it?", opts, ctx.ref)
    if choice.word == "destroy":
        yield from destroy(ctx, target)
    else:
        yield from choose_transfer(ctx, target)


# ---- The Tools and The Talent ------------------------------------------------------------------


@wraithrustlers.action(
    "The Tools and The Talent",
    text="Look through your deck for any one card, show it, shuffle, and set that card on top.")
def the_tools_and_the_talent(ctx: Ctx) -> AbilityGen:
    found = yield from _search_deck(ctx, lambda c: True, "Put which card on top of your deck?")
    if found is not None and (yield from place_on_deck(ctx, found, bottom=False)):
        knows_place(ctx.g, [found])  # it was shown: everyone knows it is the top card


# ---- Unlicensed Nuclear Accelerator ------------------------------------------------------------


@changes_only(its_host)
def _accelerator_power(g: State, me: int, minion: int) -> int:
    return 2 if g.loc[me] == ("on", minion) else 0


def _accelerator_can(g: State, me: int) -> bool:
    return bool(_own_actions_here(_controller_ctx(g, me)))


def _accelerator_talent(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    host = host_of(g, ctx.me)
    target = yield from choose_card(ctx, _own_actions_here(ctx),
                                    "Destroy which of your actions here?")
    if target is not None and host is not None and (yield from destroy(ctx, target)):
        place_counters(ctx, host, 1)


wraithrustlers.action(
    "Unlicensed Nuclear Accelerator", play_on="minion", boosts_power=True,
    text="Goes on a minion. Ongoing: that minion has +2 power. Talent: bust one of your "
         "actions at this base to give that minion a +1 power counter.",
    power_mod=_accelerator_power,
    talent=Talent(_accelerator_talent, _accelerator_can),
)
