"""Tricksters as first printed (2012 core box): faction ``tricksters@original``.

Its two bases replace the current Cave of Shinies and Mushroom Kingdom in the base deck
whenever a player uses this faction (and are left out otherwise).
"""

from __future__ import annotations

from ..api import Faction, base
from ..helpers import (
    AbilityGen,
    Ctx,
    Event,
    HookKind,
    PlaySource,
    Source,
    State,
    Trigger,
    add_effect,
    ask_player,
    can_affect,
    choose_card,
    choose_faction,
    choose_minion_to_destroy,
    choose_minion_to_move,
    destinations,
    destroy,
    discard_random,
    draw,
    faction_of,
    gain_vp,
    minions_matching,
    minions_of,
    move_minion,
    power,
    register_hook_kind,
)
from .tricksters import (
    leprechaun_trigger,
    named_here_forbids,
    other_plays_minion_here,
    tricksters,
)

VARIANT = "original"
KEY = "tricksters@original"
originals = Faction("Tricksters", "core", variant=VARIANT)


originals.minion(
    "Leprechaun", power=5,
    text="Ongoing: when another player plays a minion here, once its ability is done, destroy it"
         " if its power is less than this minion's.",
    triggers=(leprechaun_trigger(once_per_turn=False),),
)


# "Affect" (core rulebook, Terms): moved, returned, destroyed, or given an attached action.
AFFECT_EVENTS = ("destroyed", "returned", "placed", "moved")


def _brownie_who(g: State, me: int, ev: Event) -> list[int]:
    if ev["kind"] == "played":
        if ev["type"] == "action" and ev.get("target") == me and ev["player"] != g.controller[me]:
            return [g.controller[me]]
        return []
    if ev["card"] != me or ev.get("by_base"):
        return []  # a base's ability is no card that a player played
    ctrl = ev.get("controller", g.controller[me])
    by = ev.get("by")
    return [ctrl] if by is not None and by != ctrl else []


def _brownie_run(ctx: Ctx, ev: Event) -> AbilityGen:
    culprit = ev["player"] if ev["kind"] == "played" else ev["by"]
    discard_random(ctx.g, culprit, 2, reason="Brownie")
    return
    yield


originals.minion(
    "Brownie", power=4, count=2,
    text="Ongoing: whenever an opponent's card moves, returns, destroys or attaches to this "
         "minion, that opponent loses two random cards from hand.",
    triggers=tuple(Trigger(kind, _brownie_who, _brownie_run)
                   for kind in ("played",) + AFFECT_EVENTS),
)


@originals.minion("Gnome", power=3, count=3,
                  text="Optional: destroy one minion at this base with power below how many "
                       "minions you have here.")
def gnome(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    slot = ctx.slot
    mine = len(minions_of(g, ctx.player, slot))
    target = yield from choose_minion_to_destroy(
        ctx, f"Destroy a minion here with power below {mine}", where=slot,
        pred=lambda m: power(g, m) < mine, optional=True)
    if target is not None:
        yield from destroy(ctx, target)


def _gremlin_who(g: State, me: int, ev: Event) -> list[int]:
    return [ev["controller"]] if ev["card"] == me else []


def _gremlin_run(ctx: Ctx, ev: Event) -> AbilityGen:
    draw(ctx.g, ctx.player)
    for other in ctx.others():
        discard_random(ctx.g, other, 1, reason="Gremlin")
    return
    yield


originals.minion(
    "Gremlin", power=2, count=4,
    text="Ongoing: once it is destroyed, you draw one card and every opponent loses a random card"
         " from hand.",
    triggers=(Trigger("destroyed", _gremlin_who, _gremlin_run),),
)


def _game_factions(g: State) -> list[str]:
    named = sorted({f for fs in g.factions for f in fs})
    return named or sorted({faction_of(g, c) for c in range(len(g.defs))})


@originals.action("Block the Path", play_on="base", forbids_play=named_here_forbids,
                  text="Base action naming one faction. Ongoing: nobody may play that faction's "
                       "minions to this base.")
def block_the_path(ctx: Ctx) -> AbilityGen:
    ctx.g.misc.pop(("named", ctx.me), None)  # a copy played again names afresh
    key = yield from choose_faction(ctx, _game_factions(ctx.g))
    ctx.g.misc[("named", ctx.me)] = () if key is None else (key,)


def _actions_in_play(g: State) -> list[int]:
    found = [c for ms in g.minions for m in ms for c in g.attached.get(m, ())]
    return found + [c for acts in g.base_actions for c in acts]


@originals.action("Disenchant", count=2, text="Destroy an action on a minion or on a base.")
def disenchant(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    src = ctx.source
    target = yield from choose_card(ctx, [c for c in _actions_in_play(g) if can_affect(g, c, src)],
                                    "Destroy which action?")
    if target is not None:
        yield from destroy(ctx, target)


def _mist_cards(g: State, me: int, player: int) -> list[int]:
    if player != g.controller[me]:
        return []
    return [c for c in g.hands[player] if g.defs[c].kind == "minion"]


def _mist_slots(g: State, me: int) -> list[int]:
    slot = g.slot_of(me)
    return [] if slot is None else [slot]


originals.action(
    "Enshrouding Mist", count=2, play_on="base",
    text="Base action. Ongoing: during each of your turns, one free extra minion may go to this "
         "base.",
    play_sources=(PlaySource(_mist_cards, _mist_slots, extra=True),),
)


def _flame_trap_run(ctx: Ctx, ev: Event) -> AbilityGen:
    if ctx.g.is_minion_in_play(ev["card"]):
        yield from destroy(ctx, ev["card"])
    yield from destroy(ctx, ctx.me)


originals.action(
    "Flame Trap", play_on="base",
    text="Base action. Ongoing: an opponent's minion played to this base is destroyed after its "
         "ability, and so is this card.",
    triggers=(Trigger("played", other_plays_minion_here, _flame_trap_run),),
)


def _hideout_shields(g: State, me: int, target: int, src: Source) -> bool:
    ctrl = g.controller[me]
    return (src.kind == "action" and src.player is not None and src.player != ctrl
            and g.is_minion_in_play(target) and g.controller[target] == ctrl
            and g.slot_of(target) == g.slot_of(me))


ONE_TIME_SHIELD = register_hook_kind(HookKind(
    "one_time_shield", "absorbs",
    doc="the first time a source would affect a minion it covers, this card is destroyed "
        "instead and that source affects none of the minions it covers"))

originals.action(
    "Hideout", play_on="base", hooks={ONE_TIME_SHIELD.name: _hideout_shields},
    text="Play on a base. Ongoing: the first time another player's action would affect your "
         "minions here, this card is destroyed instead and that action leaves them alone.",
)


@originals.action("Mark of Sleep",
                  text="Pick an opponent: during their coming turn they may play no actions.")
def mark_of_sleep(ctx: Ctx) -> AbilityGen:
    victim = yield from ask_player(ctx, "Who cannot play actions on their next turn?")
    if victim is not None:
        add_effect(ctx.g, "no_actions", ctx.me, "own_turn", ("end_of", victim), victim)


# identical in both printings
originals.reprint(tricksters.get("Pay the Piper"))
originals.reprint(tricksters.get("Take The Shinies"), name="Take the Shinies")


# ---- the original bases ----


def _cave_who(g: State, slot: int, ev: Event) -> list[int]:
    return [ev["owner"]] if ev["slot"] == slot and ev.get("was") == "minion" else []


def _cave_run(ctx: Ctx, ev: Event) -> AbilityGen:
    gain_vp(ctx.g, ctx.player, 1, reason="Cave of Shinies")
    return
    yield


base("Cave of Shinies", "core", "Tricksters", 23, (4, 2, 1), key="cave-of-shinies-original",
     faction_variant=KEY, replaces="cave-of-shinies",
     text="Every destruction of a minion on this base earns its owner 1 VP.",
     triggers=(Trigger("destroyed", _cave_who, _cave_run),))


def _kingdom_targets(g: State, slot: int, player: int) -> list[int]:
    """Other players' minions that could be moved to this base now."""
    ctx = Ctx(g, slot, player, True)
    return minions_matching(ctx, pred=lambda m: g.controller[m] != player
                            and slot in destinations(ctx, m))


def _kingdom_who(g: State, slot: int, ev: Event) -> list[int]:
    # offered only with a minion to pull over: an ability offered always does something
    p = ev["player"]
    return [p] if _kingdom_targets(g, slot, p) else []


def _kingdom_run(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    slot = ctx.me
    target = yield from choose_minion_to_move(
        ctx, "Move another player's minion here", to=slot,
        pred=lambda m: g.controller[m] != ctx.player)
    if target is not None:
        yield from move_minion(ctx, target, slot)


base("Mushroom Kingdom", "core", "Tricksters", 20, (5, 3, 2), key="mushroom-kingdom-original",
     faction_variant=KEY, replaces="mushroom-kingdom",
     text="Whoever starts a turn may first pull one opponent's minion over to this base, from"
          " wherever it is.",
     triggers=(Trigger("start_turn", _kingdom_who, _kingdom_run, optional=True),))
