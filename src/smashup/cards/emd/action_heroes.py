"""Action Heroes (Excellent Movies, Dudes!): lone heroes who hit harder, pull bases down and
walk away from the explosion when they stand alone at a base.

"Alone" is written once (``lone_minion``, ``alone_here``): a player's only minion at a base,
counting the minions they control there. The bases Building Rooftop and Jungle Camp use it too.

Rulings where the texts leave a question open (each tested in tests/cards/action_heroes_test.py):

- "Your only minion" counts the minions a player controls at that base; a minion whose control
  changed counts for its controller.
- Kickboxbro may store any card from the hand, face down (only its controller may look), but
  only actions can be played from under it. Its Special (before its base scores, if alone) uses
  one talent in that window, on any player's turn: its own, or one an action on it grants
  (clarification: only one of them), and is offered only while one of them could be used.
- Robobro answers every minion another player plays or moves to its base, itself included when
  another player moves it there; a minion its own controller brings does not count.
- Warbro, Collateral Damage, Slo-Mo Attack, Gracie Brones and Building Rooftop give "until the
  end of the turn" effects: they last when their source leaves or its condition stops holding.
  Rumbro's reduction is continuous: only during its controller's turn while it is alone there.
- Get to the Choppa!: "there" is the base the minion moved to; no move, no extra action.
- Lone Wolf on another player's minion gives +2 only (it is never "your only minion").
- Pushing the Limit goes through the bases in order; a minion that cannot take counters (not
  affected by your actions) leaves only the draw.
- Final Stand reads printed power: Matrix of Bossiness (printed 5) saves a minion, Mimic (printed
  0, whatever its starting power) never is saved.
- Final Stand and Walk Away... Slowly can only be played through their Specials ("Special: play
  before/after a base scores": the text gives the time the card is played); each is offered
  only when it would do something (a minion to destroy, a minion of yours to return).
- Hostage Rescue shows the minion it finds, shuffles the deck, then puts the minion on top:
  everyone knows the top card until that deck is shuffled again.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ..api import Faction
from ..helpers import (
    AbilityGen,
    ChoiceOption,
    Ctx,
    Event,
    Play,
    Source,
    Special,
    State,
    Talent,
    Trigger,
    action_targets,
    add_effect,
    ask,
    can_affect,
    can_be_destroyed,
    can_be_returned,
    changes_only,
    choose_base,
    choose_card,
    choose_destination,
    choose_minion_to_boost,
    choose_minion_to_move,
    controller_only,
    destroy,
    discard_to,
    draw,
    extra_play,
    host_of,
    its_host,
    knows_place,
    minions_matching,
    move_minion,
    offer_plays,
    place_counters,
    place_on_deck,
    play_through_special,
    printed_power,
    return_to_hand,
    special_slot,
    store,
    stored_cards,
    talents_of_minion,
    toward_aim,
    until_end_of_turn,
    window_slot,
    your_minions,
)
from ..sfdf.shapeshifters import HIGHEST_PRINTED, search_deck

heroes = Faction("Action Heroes", "excellent-movies-dudes")


# ---- being alone at a base -------------------------------------------------------------------


def lone_minion(g: State, player: int, slot: int) -> int | None:
    """``player``'s minion at base ``slot`` when it is the only one they control there."""
    mine = [m for m in g.minions[slot] if g.controller[m] == player]
    return mine[0] if len(mine) == 1 else None


def alone_here(g: State, minion: int) -> bool:
    """Is ``minion`` (in play) the only minion its controller has at its base?"""
    loc = g.loc[minion]
    return loc[0] == "minion" and lone_minion(g, g.controller[minion], int(loc[1])) == minion


def cut_breakpoint(ctx: Ctx, slot: int, amount: int) -> None:
    """Lower a base's breakpoint by ``amount`` until the end of the turn (it lasts even when
    the card that did it leaves)."""
    add_effect(ctx.g, "breakpoint", slot, -amount, until_end_of_turn(ctx.g), ctx.player)


# ---- minions ---------------------------------------------------------------------------------


def _alone_at_my_turn(g: State, me: int, ev: Event) -> bool:
    return bool(ev["player"] == g.controller[me]) and alone_here(g, me)


def _commandbro_draws(ctx: Ctx, ev: Event) -> AbilityGen:
    draw(ctx.g, ctx.player, 1)
    return
    yield


heroes.minion(
    "Commandbro", power=5,
    text="Ongoing: as your turn ends, draw one card if no other minion of yours shares this "
         "base.",
    triggers=(Trigger("end_turn", controller_only(_alone_at_my_turn), _commandbro_draws),),
)


def _gracie_grows(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    if not g.in_play(ctx.me):
        return
    place_counters(ctx, ctx.me, 1)
    bonus = g.counters.get(ctx.me, 0)
    if bonus:
        add_effect(g, "power", ctx.me, bonus, until_end_of_turn(g), ctx.player)
    return
    yield


heroes.minion(
    "Gracie Brones", power=5,
    text="Ongoing: when your turn starts with this as your sole minion here, you may add a +1 "
         "power counter to it; then, this turn, it is one stronger again per counter it holds.",
    triggers=(Trigger("start_turn", controller_only(_alone_at_my_turn), _gracie_grows,
                      optional=True),),
)


def _kickbox_plays(g: State, me: int, player: int) -> list[Play]:
    """How ``player`` could play an action stored under Kickboxbro now."""
    return [opt for c in stored_cards(g, me) if g.defs[c].kind == "action"
            for opt in action_targets(g, c, player)]


def _kickbox_can(g: State, me: int) -> bool:
    return bool(_kickbox_plays(g, me, g.controller[me]))


def _kickbox_talent(ctx: Ctx) -> AbilityGen:
    opts = _kickbox_plays(ctx.g, ctx.me, ctx.player)
    yield from offer_plays(ctx, ctx.player, opts, False,
                           "Play an action stored under Kickboxbro as an extra action")


def _kickbox_stores_who(g: State, me: int, ev: Event) -> list[int]:
    p = g.controller[me]
    return [p] if ev["player"] == p and g.hands[p] else []


def _kickbox_stores(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    card = yield from choose_card(ctx, list(g.hands[ctx.player]),
                                  "Store which card from your hand under Kickboxbro?")
    if card is not None and g.in_play(ctx.me):
        store(ctx, card, ctx.me)


def _kickbox_talents(g: State, me: int) -> list[tuple[int, Talent]]:
    """The talents Kickboxbro could use now, its own and any an action on it grants, as (the
    card it comes from, the talent)."""
    return [(card, t) for card, t in talents_of_minion(g, me) if t.can(g, me)]


def _kickbox_before_score_who(g: State, me: int, ev: Event) -> list[int]:
    if g.slot_of(me) != window_slot(g, ev) or not alone_here(g, me) \
            or not _kickbox_talents(g, me):
        return []
    return [g.controller[me]]


def _kickbox_special(ctx: Ctx, ev: Event) -> AbilityGen:
    """Use one of its talents (clarification: only one, even when it has several)."""
    talents = dict(_kickbox_talents(ctx.g, ctx.me))
    source = yield from choose_card(ctx, list(talents), "Use which talent of Kickboxbro?")
    if source is not None:
        yield from talents[source].run(ctx)


heroes.minion(
    "Kickboxbro", power=5,
    text="Ongoing: as your turn ends, you may tuck a card from your hand face down beneath this "
         "minion. Talent: play an action tucked beneath it as an extra action. Special: as its "
         "base is about to score, if it is your sole minion there, you may use that talent.",
    talent=Talent(_kickbox_talent, _kickbox_can),
    triggers=(Trigger("end_turn", _kickbox_stores_who, _kickbox_stores, optional=True),
              Trigger("before_score", _kickbox_before_score_who, _kickbox_special,
                      optional=True)),
)


def _rumbro_cut(g: State, me: int, slot: int) -> int:
    p = g.controller[me]
    return -4 if g.current == p and g.slot_of(me) == slot and alone_here(g, me) else 0


heroes.minion(
    "Rumbro", power=5,
    text="Ongoing: on your turns, while no other minion of yours is here, this base needs 4 "
         "less power to break.",
    breakpoint_mod=_rumbro_cut,
)


def _robobro_played_here(g: State, me: int, ev: Event) -> bool:
    return bool(ev["type"] == "minion" and ev["slot"] == g.slot_of(me)
                and ev["player"] != g.controller[me])


def _robobro_moved_here(g: State, me: int, ev: Event) -> bool:
    return bool(ev["dest"] == g.slot_of(me) and ev["by"] != g.controller[me])


def _robobro_grows(ctx: Ctx, ev: Event) -> AbilityGen:
    place_counters(ctx, ctx.me, 1)
    return
    yield


heroes.minion(
    "Robobro", power=5,
    text="Ongoing: each time some other player brings a minion to this base, by playing or "
         "moving it, you may give this minion a +1 power counter.",
    triggers=(Trigger("played", controller_only(_robobro_played_here), _robobro_grows,
                      optional=True),
              Trigger("moved", controller_only(_robobro_moved_here), _robobro_grows,
                      optional=True)),
)


def _warbro_bases(g: State, me: int) -> list[int]:
    p = g.controller[me]
    here = g.slot_of(me)
    return [s for s in range(len(g.bases)) if s != here and lone_minion(g, p, s) is not None]


def _warbro_talent(ctx: Ctx) -> AbilityGen:
    allowed = _warbro_bases(ctx.g, ctx.me)
    slot = yield from choose_base(ctx, "Lower the breakpoint of which base by 3?",
                                  pred=allowed.__contains__)
    if slot is not None:
        cut_breakpoint(ctx, slot, 3)


heroes.minion(
    "Warbro", power=5,
    text="Talent: choose another base where you have a single minion; it needs 3 less power to "
         "break until the turn ends.",
    talent=Talent(_warbro_talent, lambda g, me: bool(_warbro_bases(g, me))),
)


# ---- actions ---------------------------------------------------------------------------------


@heroes.action("All Out of Bubblegum", count=2, boosts_power=True,
               text="A minion of yours is 2 stronger until the turn ends; if none of your other "
                    "minions shares its base, you may also play an extra action.")
def all_out_of_bubblegum(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    target = yield from choose_minion_to_boost(ctx, "Give which of your minions +2 power?",
                                               your_minions(ctx))
    if target is None:
        return
    add_effect(g, "power", target, 2, until_end_of_turn(g), ctx.player)
    if alone_here(g, target):
        yield from extra_play(ctx, "action")


@heroes.action("Collateral Damage",
               text="Until the turn ends, a base of your choice needs 5 less power to break.")
def collateral_damage(ctx: Ctx) -> AbilityGen:
    slot = yield from choose_base(ctx, "Lower the breakpoint of which base by 5?")
    if slot is not None:
        cut_breakpoint(ctx, slot, 5)


def printed_number(g: State, minion: int) -> int:
    """A minion's printed power as Final Stand reads it: an ability that changes the printed
    power counts (Matrix of Bossiness), Mimic's copied starting power does not (guide 5.4)."""
    return printed_power(g, minion, skip=g.defs[minion].hooks.get(HIGHEST_PRINTED.name))


def _final_stand_victims(g: State, me: int, holder: int, slot: int, victim: int) -> list[int]:
    """The minions of player ``victim`` at ``slot`` Final Stand could destroy."""
    ctx = Ctx(g, me, holder)
    return minions_matching(ctx, slot, lambda m: g.controller[m] == victim
                            and printed_number(g, m) <= 3 and can_be_destroyed(g, m))


def _final_stand_can(g: State, me: int, ev: Event, holder: int) -> bool:
    slot = window_slot(g, ev)
    if slot is None or lone_minion(g, holder, slot) is None:
        return False
    return any(_final_stand_victims(g, me, holder, slot, p)
               for p in range(g.nplayers) if p != holder)


@heroes.action(
    "Final Stand", special_only=True,
    text="Special: as a base where you have a single minion is about to score, play this: for "
         "each other player, destroy one of their minions there with printed power 3 or less.",
    specials=(Special("before_score", _final_stand_can, play_through_special),))
def final_stand(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    slot = special_slot(ctx)
    if slot is None:
        return
    for victim in ctx.others():
        doomed = _final_stand_victims(g, ctx.me, ctx.player, slot, victim)
        target = yield from choose_card(
            ctx, doomed, f"Destroy which minion of player {victim + 1}?", kind="choose_minion")
        if target is not None:
            yield from destroy(ctx, target)


@heroes.action("Friends Through Eternity",
               text="Pay a card from your hand to the discard pile; if you do, you get two extra "
                    "action plays.")
def friends_through_eternity(ctx: Ctx) -> AbilityGen:
    if (yield from discard_to(ctx, 1, "Discard a card to play two extra actions")):
        yield from extra_play(ctx, "action")
        yield from extra_play(ctx, "action")


@heroes.action("Get to the Choppa!",
               text="Shift a minion of yours to a different base; if none of your other minions "
                    "is at that base, you may also play an extra action.")
def get_to_the_choppa(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    target = yield from choose_minion_to_move(ctx, "Move which of your minions?",
                                              pred=lambda m: g.controller[m] == ctx.player)
    if target is None:
        return
    dest = yield from choose_destination(ctx, target)
    if dest is not None and (yield from move_minion(ctx, target, dest)) \
            and alone_here(g, target):
        yield from extra_play(ctx, "action")


def search_to_deck_top(ctx: Ctx, pred: Callable[[int], bool], prompt: str) -> AbilityGen:
    """Search your deck for a card that passes ``pred``, show it, shuffle, and put it on top
    of the deck, where every player knows it lies (until that deck is shuffled again).
    Returns the card, or None when the deck holds none."""
    found = yield from search_deck(ctx, pred, prompt)
    if found is not None and (yield from place_on_deck(ctx, found, bottom=False)):
        knows_place(ctx.g, [found])  # it was shown
    return found


@heroes.action("Hostage Rescue", count=2,
               text="Look through your deck for a minion, show it, shuffle, and put that minion "
                    "on top of the deck.")
def hostage_rescue(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    yield from search_to_deck_top(ctx, lambda c: g.defs[c].kind == "minion",
                                  "Put which minion from your deck on top of it?")


@changes_only(its_host)
def _lone_wolf_power(g: State, me: int, minion: int) -> int:
    host = host_of(g, me)
    if minion != host:
        return 0
    return 4 if g.controller[host] == g.controller[me] and alone_here(g, host) else 2


heroes.action("Lone Wolf", count=2, play_on="minion", boosts_power=True,
              text="Attach to a minion. Ongoing: it is 2 stronger, or 4 stronger while it is the "
                   "sole minion you have at its base.",
              power_mod=_lone_wolf_power)


def _counters_raise(minion: int, choice: ChoiceOption) -> tuple[int, ...]:
    """The minion Pushing the Limit's choice at a base raises: its minion, with the counters."""
    return (minion,) if choice.word == "counters" else ()


@heroes.action("Pushing the Limit", boosts_power=True,
               text="At every base where you have just one minion, choose: that minion gets two "
                    "+1 power counters, or you draw a card.")
def pushing_the_limit(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    for slot in range(len(g.bases)):
        minion = lone_minion(g, ctx.player, slot)
        if minion is None:
            continue
        opts = [ChoiceOption("choice", "draw")]
        if can_affect(g, minion, ctx.source):
            opts.insert(0, ChoiceOption("choice", "counters"))
        # played on condition that it raises certain minions: the counters, when they can
        opts = toward_aim(g, ctx.me, opts, partial(_counters_raise, minion))
        choice = opts[0]
        if len(opts) > 1:
            choice = yield from ask(
                ctx.player, "choose",
                f"{g.defs[minion].name} is alone at {g.base_defs[g.bases[slot]].name}: two +1 "
                "power counters on it, or draw a card?", opts, ctx.ref, (minion,))
        if choice.word == "counters":
            place_counters(ctx, minion, 2)
        else:
            draw(g, ctx.player, 1)


def _slo_mo_shields(g: State, me: int, target: int, src: Source) -> bool:
    p = g.controller[me]
    return (src.kind == "action" and src.player is not None and src.player != p
            and g.controller[target] == p and g.loc[target] == ("minion", g.slot_of(me)))


def _slo_mo_can(g: State, me: int) -> bool:
    slot = g.slot_of(me)
    return slot is not None and lone_minion(g, g.controller[me], slot) is not None


def _slo_mo_talent(ctx: Ctx) -> AbilityGen:
    slot = ctx.slot
    if slot is not None:
        cut_breakpoint(ctx, slot, 3)
    return
    yield


heroes.action(
    "Slo-Mo Attack", play_on="base",
    text="Play on a base. Talent: with a single minion of yours here, this base needs 3 less "
         "power to break until the turn ends. Ongoing: other players' actions cannot touch your "
         "minions at this base.",
    talent=Talent(_slo_mo_talent, _slo_mo_can),
    protects=_slo_mo_shields,
)


@heroes.action("The Right Person",
               text="You get an extra minion, to go to a base without any minion of yours, and "
                    "an extra action.")
def the_right_person(ctx: Ctx) -> AbilityGen:
    yield from extra_play(ctx, "minion", "no_own_minion", ctx.player)
    yield from extra_play(ctx, "action")


def _walk_away_minions(ctx: Ctx, slot: int) -> list[int]:
    g = ctx.g
    return minions_matching(ctx, slot, lambda m: g.controller[m] == ctx.player
                            and can_be_returned(g, m))


def _walk_away_can(g: State, me: int, ev: Event, holder: int) -> bool:
    slot = window_slot(g, ev)
    return slot is not None and bool(_walk_away_minions(Ctx(g, me, holder), slot))


@heroes.action(
    "Walk Away... Slowly", special_only=True,
    text="Special: once a base has scored, play this to take one of your minions there back to "
         "the hand of the player who owns it.",
    specials=(Special("after_score", _walk_away_can, play_through_special),))
def walk_away_slowly(ctx: Ctx) -> AbilityGen:
    slot = special_slot(ctx)
    if slot is None:
        return
    target = yield from choose_card(ctx, _walk_away_minions(ctx, slot),
                                    "Return which of your minions there?", kind="choose_minion")
    if target is not None:
        yield from return_to_hand(ctx, target)


__all__ = ["alone_here", "cut_breakpoint", "heroes", "lone_minion", "printed_number",
           "search_to_deck_top"]
