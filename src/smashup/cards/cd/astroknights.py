"""Astroknights (Cease and Desist): ten one-of-a-kind minions, talents, and actions that make
a minion stronger, which several Astroknights reward (engine/facts/boosts.py: "an action that
directly increases a minion's power").

Rulings where the texts leave a question open (each tested in tests/cards/astroknights_test.py):

- Space Prince's extra action is played as the talent resolves, and must be one that directly
  increases power (``CardDef.boosts_power``): an action played on a minion goes on one of your
  minions, one played on a base goes where you have a minion, a standard one needs a minion of
  yours in play. Walking Carpet's Special likewise plays, as its base is about to score, an
  action that goes on the Carpet or its base, or a standard one. The condition then goes with
  the action as it resolves (``engine/facts/boosts.py``: ``AIM``): the minion it raises is chosen
  among the aimed ones only (yours; the Carpet), and until it has raised one, a choice of mode,
  base or duellist offers only the ways that could (when any could).
- "Not winning" (Walking Carpet): another player has strictly more power at the base (a tie
  for the most counts as winning, guide §4.12 R:).
- Alien Guru answers actions of its controller only, once per turn, and offers the minions the
  action boosted that are still in play and that the Guru may affect; its "may" is asked after
  the action has resolved, and declining it does not use up the turn's once.
- Annoying Alien names a minion among those at its base that its talent can affect (naming
  another name would do nothing; with none, the talent is not offered); the -2 covers the
  minions with that name there when the talent is used (guide §5.2 R:), until the start of
  your next turn.
- Scoundrel chooses the destination first (a base it may move to), then the minion of yours
  at its base that goes along, if one could move there; with none it moves alone
  (clarification).
- Pupoks cannot be used with 0 VP (a player never goes below 0 VP, guide §4.15); the card
  played from among those drawn is played at once, as a minion or an action, or not at all.
- Mannersbot and Space Knight draw from the cards they reveal (a draw: "drew" events);
  Space Knight's unchosen cards go back on top in the order its player picks, seen by all.
- It's a Trap! played in the Play Cards phase does nothing (its Special gives the time of its
  ability, not of playing the card: like Hidden Ninja); through its Special, the action
  it finds may be drawn, played at once, or left (then shuffled back with the rest). It is
  not "played off the top of the deck" (guide §4.2).
- Laser Sword's "other players" are counted from the sword's controller.
"""

from __future__ import annotations

from ..api import Faction
from ..helpers import (
    BOTTOM,
    TOP,
    AbilityGen,
    ChoiceOption,
    Ctx,
    Event,
    Play,
    PlayAtOption,
    PlayOnOption,
    PlayOption,
    Request,
    Source,
    Special,
    State,
    Talent,
    Trigger,
    action_targets,
    add_effect,
    arrange,
    asks_anyway,
    boosting_face,
    can_affect,
    changes_only,
    changes_only_at,
    choose_card,
    choose_destination,
    choose_many,
    choose_minion_to_boost,
    destinations,
    destroy,
    draw,
    emit,
    extra_play,
    gain_vp,
    host_of,
    its_base,
    its_host,
    minion_targets,
    move_minion,
    offer_plays,
    place_counters,
    play_specific,
    play_through_special,
    player_power,
    relocate,
    reveal,
    reveal_until,
    shuffle_back_revealed,
    shuffle_deck,
    special_slot,
    top_card,
    top_cards,
    until_end_of_turn,
    until_start_of_turn,
    your_minions,
)

astroknights = Faction("Astroknights", "cease-and-desist")


def _draw_revealed(g: State, player: int, cards: list[int]) -> None:
    """Draw these cards, shown to everyone, from wherever they wait (the deck, revealed)."""
    for card in cards:
        relocate(g, card, ("hand", player))
    if cards:
        emit(g, "drew", player=player, count=len(cards), cards=tuple(cards), private=player)


def _has_cards(g: State, me: int) -> bool:
    p = g.controller[me]
    return bool(g.decks[p] or g.discards[p])


def _boost_plays(g: State, player: int, minions: list[int]) -> list[Play]:
    """Ways ``player`` may play, from hand, an action that directly increases the power of one
    of ``minions``: onto one of them, onto a base where one is, or as a standard action."""
    slots = {g.slot_of(m) for m in minions}
    opts: list[Play] = []
    for c in g.hands[player]:
        face = boosting_face(g, c)  # a dual card: its action face, if that one boosts
        if face is None:
            continue
        for opt in action_targets(g, c, player, face):
            if (isinstance(opt, PlayOption) and minions) \
                    or (isinstance(opt, PlayOnOption) and opt.target in minions) \
                    or (isinstance(opt, PlayAtOption) and opt.slot in slots):
                opts.append(opt)
    return opts


# ---- Space Knight ------------------------------------------------------------------------------


def _space_knight_talent(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    shown = top_cards(g, p, 3)
    if not shown:
        return
    reveal(g, shown)
    actions = [c for c in shown if g.defs[c].kind == "action"]
    pick = yield from choose_card(ctx, actions, "Draw which revealed action?", optional=True)
    if pick is not None:
        _draw_revealed(g, p, [pick])
    yield from arrange(ctx, [c for c in shown if c != pick], p, public=True)


astroknights.minion(
    "Space Knight", power=5,
    text="Talent: show everyone your deck's three top cards; you may draw an action among them, "
         "and the others go back on top in the order you like.",
    talent=Talent(_space_knight_talent, _has_cards),
)

# ---- Scoundrel ---------------------------------------------------------------------------------


def _scoundrel_can(g: State, me: int) -> bool:
    return bool(destinations(Ctx(g, me, g.controller[me]), me))


def _scoundrel_talent(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    here = g.slot_of(ctx.me)
    dest = yield from choose_destination(ctx, ctx.me, "Take Scoundrel to which base?")
    if dest is None or here is None:
        return
    mates = [m for m in g.minions[here] if m != ctx.me and g.controller[m] == ctx.player
             and dest in destinations(ctx, m)]
    mate = yield from choose_card(ctx, mates, "Which of your minions goes along?")
    yield from move_minion(ctx, ctx.me, dest)
    if mate is not None:
        yield from move_minion(ctx, mate, dest)


astroknights.minion(
    "Scoundrel", power=4,
    text="Talent: this minion and one more of yours from its base travel together to a "
         "different base.",
    talent=Talent(_scoundrel_talent, _scoundrel_can),
)

# ---- Space Prince ------------------------------------------------------------------------------


def _prince_aim(g: State, me: int) -> list[int]:
    """The minions Space Prince's extra action must raise (one of): its player's."""
    p = g.controller[me]
    return [m for ms in g.minions for m in ms if g.controller[m] == p]


def _prince_plays(g: State, me: int) -> list[Play]:
    return _boost_plays(g, g.controller[me], _prince_aim(g, me))


def _prince_talent(ctx: Ctx) -> AbilityGen:
    opts = _prince_plays(ctx.g, ctx.me)
    yield from offer_plays(ctx, ctx.player, opts, True,
                           "Play an extra action that makes one of your minions stronger",
                           aim=tuple(_prince_aim(ctx.g, ctx.me)))


astroknights.minion(
    "Space Prince", power=4,
    text="Talent: play one more action, provided it directly raises the power of a minion of "
         "yours.",
    talent=Talent(_prince_talent, lambda g, me: bool(_prince_plays(g, me))),
)

# ---- Walking Carpet ----------------------------------------------------------------------------


def _scoring_here(g: State, me: int, ev: Event) -> int | None:
    """The slot of the base about to score, if it is this card's base and still scoring."""
    slot = ev.get("slot")
    if slot is None or g.scoring != slot or g.slot_of(me) != slot:
        return None
    return int(slot)


def _not_winning(g: State, slot: int, player: int) -> bool:
    mine = player_power(g, slot, player)
    return any(player_power(g, slot, q) > mine for q in range(g.nplayers) if q != player)


def _carpet_who(g: State, me: int, ev: Event) -> list[int]:
    slot = _scoring_here(g, me, ev)
    p = g.controller[me]
    if slot is None or not _not_winning(g, slot, p):
        return []
    # in a seat-safe game asked anyway, so that being asked does not show the hand
    return [p] if asks_anyway(g) or _boost_plays(g, p, [me]) else []


def _carpet_plays(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    if _scoring_here(g, ctx.me, ev) is None:
        return
    yield from offer_plays(ctx, ctx.player, _boost_plays(g, ctx.player, [ctx.me]), True,
                           "Play an action that makes Walking Carpet stronger", aim=(ctx.me,))


astroknights.minion(
    "Walking Carpet", power=4,
    text="Special: as its base is about to score, if you are not winning there, you may play "
         "an action that directly raises this minion's power.",
    triggers=(Trigger("before_score", _carpet_who, _carpet_plays, optional=True),),
)

# ---- Alien Guru --------------------------------------------------------------------------------


def _guru_key(me: int) -> tuple[str, int]:
    return ("alien-guru", me)


def _guru_choices(g: State, me: int, ev: Event) -> list[int]:
    src = Source(me, g.controller[me], "minion")
    return [m for m in ev["minions"] if g.loc[m][0] == "minion" and can_affect(g, m, src)]


def _guru_who(g: State, me: int, ev: Event) -> list[int]:
    p = g.controller[me]
    if ev["player"] != p or _guru_key(me) in g.used or not _guru_choices(g, me, ev):
        return []
    return [p]


def _guru_counter(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    if _guru_key(ctx.me) in g.used:
        return
    target = yield from choose_card(ctx, _guru_choices(g, ctx.me, ev),
                                    "Put the +1 power counter on which minion?")
    if target is not None:
        g.used.add(_guru_key(ctx.me))
        place_counters(ctx, target)


astroknights.minion(
    "Alien Guru", power=2,
    text="Ongoing: once each turn, when an action you play has directly raised a minion's "
         "power, you may add a +1 power counter to that minion as well.",
    triggers=(Trigger("boosted", _guru_who, _guru_counter, optional=True),),
)

# ---- Annoying Alien ----------------------------------------------------------------------------


def _nameable(ctx: Ctx) -> dict[str, str]:
    """The names Annoying Alien may say, each once, worded by card key ("king-rex"): those of
    the minions at its base that its talent can affect (a name that only protected minions
    answer would do nothing)."""
    g = ctx.g
    slot = g.slot_of(ctx.me)
    if slot is None:
        return {}
    src = ctx.source
    return {g.defs[m].key.rsplit("/", 1)[-1]: g.defs[m].name for m in g.minions[slot]
            if can_affect(g, m, src)}


def _annoying_can(g: State, me: int) -> bool:
    return bool(_nameable(Ctx(g, me, g.controller[me])))


def _annoying_talent(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    slot = g.slot_of(ctx.me)
    by_word = _nameable(ctx)
    if slot is None or not by_word:
        return
    choice = yield Request(ctx.player, "choose", "Name a minion",
                           [ChoiceOption("choice", w) for w in sorted(by_word)], ctx.ref)
    named = by_word[choice.word]
    src = ctx.source
    for m in list(g.minions[slot]):
        if g.defs[m].name == named and can_affect(g, m, src):
            add_effect(g, "power", m, -2, until_start_of_turn(ctx.player), ctx.player)


astroknights.minion(
    "Annoying Alien", power=2,
    text="Talent: say a minion's name; until your next turn begins, every minion of that name "
         "at this base is 2 weaker.",
    talent=Talent(_annoying_talent, _annoying_can),
)

# ---- Astro Robot -------------------------------------------------------------------------------


@astroknights.minion("Astro Robot", power=2,
                     text="You may wreck one action at this base, on the base itself or on one "
                          "of the minions there.")
def astro_robot(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    slot = g.slot_of(ctx.me)
    if slot is None:
        return
    src = ctx.source
    actions = [a for a in g.base_actions[slot] if can_affect(g, a, src)]
    actions += [a for m in g.minions[slot] for a in g.attached.get(m, ())
                if g.defs[a].kind == "action" and can_affect(g, a, src)]
    pick = yield from choose_card(ctx, actions, "Destroy which action?", optional=True)
    if pick is not None:
        yield from destroy(ctx, pick)


# ---- Mannersbot --------------------------------------------------------------------------------


def _mannersbot_talent(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    top = top_card(g, ctx.player)
    if top is None:
        return
    reveal(g, [top])
    if g.defs[top].kind == "action":
        _draw_revealed(g, ctx.player, [top])
    return
    yield


astroknights.minion(
    "Mannersbot", power=2,
    text="Talent: turn over your top card for all to see; keep it in hand if it is an action, "
         "otherwise it stays on your deck.",
    talent=Talent(_mannersbot_talent, _has_cards),
)

# ---- Pupoks ------------------------------------------------------------------------------------


def _pupoks_can(g: State, me: int) -> bool:
    return g.vp[g.controller[me]] >= 1 and _has_cards(g, me)


def _pupoks_talent(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    if g.vp[p] < 1:
        return
    gain_vp(g, p, -1, reason="Pupoks")
    shown = top_cards(g, p, 3)
    reveal(g, shown)
    _draw_revealed(g, p, shown)
    opts: list[Play] = []
    for c in shown:
        if g.defs[c].kind == "minion":
            opts.extend(PlayAtOption("play", c, "base", s) for s in minion_targets(g, c, p))
        else:
            opts.extend(action_targets(g, c, p))
    yield from offer_plays(ctx, p, opts, True, "Play one of the drawn cards as an extra card")


astroknights.minion(
    "Pupoks", power=2,
    text="Talent: give up 1 VP to show and draw your three top cards; one of them may be "
         "played right away as an extra card.",
    talent=Talent(_pupoks_talent, _pupoks_can),
)

# ---- Ghost Knight ------------------------------------------------------------------------------


@changes_only_at(its_base)
def _ghost_power(g: State, me: int, minion: int) -> int:
    if minion == me or g.controller[minion] != g.controller[me]:
        return 0
    return 2 if g.loc[minion][0] == "minion" and g.slot_of(minion) == g.slot_of(me) else 0


astroknights.minion(
    "Ghost Knight", power=0,
    text="Ongoing: nothing can destroy this minion; your other minions at its base are 2 "
         "stronger.",
    cannot_destroy=lambda g, me, target: target == me,
    power_mod=_ghost_power,
)

# ---- Block the Probe ---------------------------------------------------------------------------


def _probe_can(g: State, me: int, ev: Event, holder: int) -> bool:
    slot = ev.get("slot")
    return slot is not None and g.scoring == slot and any(g.minions)


@astroknights.action(
    "Block the Probe", count=2, boosts_power=True,
    text="A minion of your choice is 2 stronger until the turn ends. Special: you may also play "
         "this as a base is about to score.",
    specials=(Special("before_score", _probe_can, play_through_special),))
def block_the_probe(ctx: Ctx) -> AbilityGen:
    special_slot(ctx)  # played through its Special or not, it works the same
    g = ctx.g
    target = yield from choose_minion_to_boost(ctx, "Which minion gets +2?")
    if target is not None:
        add_effect(g, "power", target, 2, until_end_of_turn(g), ctx.player)


# ---- Hidden Base -------------------------------------------------------------------------------


def _hidden_base_who(g: State, me: int, ev: Event) -> list[int]:
    p = g.controller[me]
    slot = g.slot_of(me)
    if ev["player"] != p or slot is None:
        return []
    return [p] if any(g.controller[m] == p for m in g.minions[slot]) else []


def _hidden_base_draw(ctx: Ctx, ev: Event) -> AbilityGen:
    draw(ctx.g, ctx.player)
    return
    yield


astroknights.action(
    "Hidden Base", play_on="base",
    text="Play on a base. Ongoing: as each of your turns begins, draw a card if a minion of "
         "yours is here.",
    triggers=(Trigger("start_turn", _hidden_base_who, _hidden_base_draw),),
)

# ---- It's a Trap! ------------------------------------------------------------------------------


def _trap_can(g: State, me: int, ev: Event, holder: int) -> bool:
    slot = ev.get("slot")
    return slot is not None and g.scoring == slot and bool(g.decks[holder] or g.discards[holder])


@astroknights.action(
    "It's a Trap!",
    text="Special: as a base is about to score, turn over cards from your deck until an action "
         "shows; draw it or play it at once, and shuffle the other cards back in.",
    specials=(Special("before_score", _trap_can, play_through_special),))
def its_a_trap(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    if special_slot(ctx) is None:
        return
    found = reveal_until(g, p, lambda c: g.defs[c].kind == "action")
    if found is not None:
        opts = [ChoiceOption("choice", "draw")]
        if action_targets(g, found, p):
            opts.append(ChoiceOption("choice", "play"))
        opts.append(ChoiceOption("choice", "leave"))
        choice = yield Request(p, "choose", f"Draw {g.defs[found].name} or play it now?", opts,
                               ctx.ref)
        if choice.word == "draw":
            _draw_revealed(g, p, [found])
        elif choice.word == "play":
            yield from play_specific(ctx, found, p)
    shuffle_back_revealed(g, p)


# ---- Laser Sword -------------------------------------------------------------------------------


@changes_only(its_host)
def _sword_power(g: State, me: int, minion: int) -> int:
    return 2 if minion == host_of(g, me) else 0


def _sword_shields(g: State, me: int, target: int, src: Source) -> bool:
    return (target == host_of(g, me) and src.kind == "minion" and src.player is not None
            and src.player != g.controller[me])


astroknights.action(
    "Laser Sword", count=2, play_on="minion", boosts_power=True,
    text="Play on a minion. Ongoing: it is 2 stronger, and other players' minions cannot "
         "affect it.",
    power_mod=_sword_power, protects=_sword_shields,
)

# ---- Prepare for Battle ------------------------------------------------------------------------


@astroknights.action("Prepare for Battle",
                     text="Show everyone your three top cards and draw two of them; the third "
                          "goes back on the top or the bottom of your deck.")
def prepare_for_battle(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    shown = top_cards(g, p, 3)
    if not shown:
        return
    reveal(g, shown)
    if len(shown) <= 2:
        _draw_revealed(g, p, shown)
        return
    left = yield from choose_card(ctx, shown, "Which card stays out of your hand?")
    _draw_revealed(g, p, [c for c in shown if c != left])
    where = yield Request(p, "choose", f"Put {g.defs[left].name} on the top or the bottom?",
                          [ChoiceOption("choice", TOP), ChoiceOption("choice", BOTTOM)], ctx.ref)
    yield from arrange(ctx, [left], p, where.word, public=True)


# ---- Recycle the Trash -------------------------------------------------------------------------


@astroknights.action("Recycle the Trash",
                     text="Pick at most two actions in your discard pile and shuffle them into "
                          "your deck.")
def recycle_the_trash(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    actions = [c for c in g.discards[p] if g.defs[c].kind == "action"]
    picked = yield from choose_many(ctx, actions, "Shuffle which actions into your deck?", 2)
    if not picked:
        return
    for card in picked:
        relocate(g, card, ("deck", p))
    emit(g, "shuffled_in", player=p, cards=tuple(picked), reason="Recycle the Trash")
    shuffle_deck(g, p)


# ---- Use the Fours / Yield to Rage -------------------------------------------------------------


def _boost_one_of_yours(ctx: Ctx, amount: int) -> AbilityGen:
    g = ctx.g
    target = yield from choose_minion_to_boost(ctx, f"Which of your minions gets +{amount}?",
                                               your_minions(ctx))
    if target is not None:
        add_effect(g, "power", target, amount, until_end_of_turn(g), ctx.player)


@astroknights.action("Use the Fours", boosts_power=True,
                     text="A minion of yours is 4 stronger until the turn ends.")
def use_the_fours(ctx: Ctx) -> AbilityGen:
    yield from _boost_one_of_yours(ctx, 4)


@astroknights.action("Yield to Rage", boosts_power=True,
                     text="A minion of yours is 2 stronger until the turn ends, and you may "
                          "play one more action.")
def yield_to_rage(ctx: Ctx) -> AbilityGen:
    yield from _boost_one_of_yours(ctx, 2)
    yield from extra_play(ctx, "action")
