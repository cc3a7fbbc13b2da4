"""The bases of Cease and Desist (two per faction of the set)."""

# ---- Changerbots: Changing Room, Unicrave ----------------------------------------------------
# Rulings (tests/cards/changerbots_test.py): Changing Room asks where the minion was when its
# talent was used (a talent that moves it here does not count; one that moves it away does),
# for its own talents, talents actions gave it and talents of actions on it; the +1 comes
# after the talent has resolved. Unicrave swaps itself for the top base of the base deck
# before it scores (engine/mechanics/scoring_swap.py: cards stay, the new base's VP and abilities
# count,
# its "before scoring" abilities still come); with no base left to take its place, Unicrave
# scores itself (no VP).

from ..api import base as _bots_base  # noqa: E402
from ..helpers import (
    AbilityGen as _BotsGen,
)
from ..helpers import (
    CardOption,
)
from ..helpers import Ctx as _BotsCtx  # noqa: E402
from ..helpers import Event as _BotsEvent  # noqa: E402
from ..helpers import State as _BotsState  # noqa: E402
from ..helpers import Trigger as _BotsTrigger  # noqa: E402
from ..helpers import add_effect as _bots_add_effect  # noqa: E402
from ..helpers import replace_scoring_base as _bots_replace_scoring  # noqa: E402
from ..helpers import until_end_of_turn as _bots_until_end  # noqa: E402


def _room_who(g: _BotsState, slot: int, ev: _BotsEvent) -> list[int]:
    minion = ev.get("minion")
    if minion is None or g.loc[minion] != ("minion", slot):
        return []
    return [g.controller[minion]]


def _room_boost(ctx: _BotsCtx, ev: _BotsEvent) -> _BotsGen:
    g = ctx.g
    minion = ev["minion"]
    if g.in_play(minion):
        _bots_add_effect(g, "power", minion, 1, _bots_until_end(g), ctx.player)
    return
    yield


_bots_base("Changing Room", "cease-and-desist", "Changerbots", 22, (5, 3, 2),
           text="Whenever a minion at this base uses a talent, it is 1 stronger afterwards, "
                "until the turn ends.",
           triggers=(_BotsTrigger("talent", _room_who, _room_boost),))


def _unicrave_who(g: _BotsState, slot: int, ev: _BotsEvent) -> list[int]:
    return [g.current] if ev.get("slot") == slot else []


def _unicrave_swaps(ctx: _BotsCtx, ev: _BotsEvent) -> _BotsGen:
    _bots_replace_scoring(ctx.g, ctx.me)
    return
    yield


_bots_base("Unicrave", "cease-and-desist", "Changerbots", 19, (0, 0, 0),
           text="As it is about to score, the next base of the base deck takes its place with "
                "everything on it, and that base is the one scored; this one is discarded.",
           triggers=(_BotsTrigger("before_score", _unicrave_who, _unicrave_swaps),))

# ---- Star Roamers: Neutral Space, USS Undertaking ----------------------------------------------
# Rulings (tests/cards/star_roamers_test.py): Neutral Space shields a minion here from what
# another player's minion *here* does (its on-play ability, its ongoing power changes), not
# from minions elsewhere, actions or bases. USS Undertaking asks its "may" only of a player
# with a minion it could move onto or off the base; the move is the base's, so Protector
# Fields does not stop it.

from ..api import base as _roamers_base  # noqa: E402
from ..helpers import AbilityGen as _RoamersGen  # noqa: E402
from ..helpers import Ctx as _RoamersCtx  # noqa: E402
from ..helpers import Event as _RoamersEvent  # noqa: E402
from ..helpers import Source as _RoamersSource  # noqa: E402
from ..helpers import State as _RoamersState  # noqa: E402
from ..helpers import Trigger as _RoamersTrigger  # noqa: E402
from ..helpers import choose_destination as _roamers_destination  # noqa: E402
from ..helpers import choose_minion as _roamers_choose_minion  # noqa: E402
from ..helpers import destinations as _roamers_destinations  # noqa: E402
from ..helpers import move_minion as _roamers_move  # noqa: E402


def _neutral_shield(g: _RoamersState, slot: int, target: int, src: _RoamersSource) -> bool:
    here = ("minion", slot)
    return (g.loc[target] == here and src.kind == "minion" and src.card is not None
            and g.loc[src.card] == here and src.player is not None
            and src.player != g.controller[target])


_roamers_base("Neutral Space", "cease-and-desist", "Star Roamers", 18, (3, 2, 1),
              text="A minion at this base is untouched by the minions other players have at "
                   "this base.",
              protects=_neutral_shield)


def _uss_movable(ctx: _RoamersCtx, minion: int) -> bool:
    """Could USS Undertaking move this minion of its player onto it or off it?"""
    g = ctx.g
    if g.controller[minion] != ctx.player:
        return False
    dests = _roamers_destinations(ctx, minion)
    return bool(dests) if g.slot_of(minion) == ctx.me else ctx.me in dests


def _uss_who(g: _RoamersState, slot: int, ev: _RoamersEvent) -> list[int]:
    p = ev["player"]
    ctx = _RoamersCtx(g, slot, p, True)
    return [p] if any(_uss_movable(ctx, m) for ms in g.minions for m in ms) else []


def _uss_move(ctx: _RoamersCtx, ev: _RoamersEvent) -> _RoamersGen:
    g = ctx.g
    target = yield from _roamers_choose_minion(ctx, "Move which of your minions onto or off "
                                                    "this base?",
                                               pred=lambda m: _uss_movable(ctx, m))
    if target is None:
        return
    if g.slot_of(target) == ctx.me:
        dest = yield from _roamers_destination(ctx, target)
        if dest is not None:
            yield from _roamers_move(ctx, target, dest)
    else:
        yield from _roamers_move(ctx, target, ctx.me)


_roamers_base("USS Undertaking", "cease-and-desist", "Star Roamers", 22, (4, 2, 1),
              text="When your turn starts, you may shift one of your minions onto this base, or "
                   "from this base to a different one.",
              triggers=(_RoamersTrigger("start_turn", _uss_who, _uss_move, optional=True),))

# ---- Ignobles: Spikey Chair Room, Wintersquashed -----------------------------------------------
# Rulings (tests/cards/ignobles_test.py): Spikey Chair Room offers its end-of-turn ability to
# each player who played a minion on it during the turn (any player's turn), even if that
# minion moved away or the base scored and left play meanwhile (clarification): the engine
# notes where minions were played and queues the step as the turn ends
# (engine/facts/end_of_turn.py); it is offered only to a player who owns a minion it can destroy,
# and not while the base is in play with its ability cancelled. Wintersquashed is offered
# once the played minion's own ability has resolved (clarification), and only while that
# player still controls the minion.

from ..api import base as _ign_base  # noqa: E402
from ..helpers import AbilityGen as _IgnGen  # noqa: E402
from ..helpers import Ctx as _IgnCtx  # noqa: E402
from ..helpers import Event as _IgnEvent  # noqa: E402
from ..helpers import Option as _IgnOption  # noqa: E402
from ..helpers import Request as _IgnRequest  # noqa: E402
from ..helpers import Rule as _IgnRule  # noqa: E402
from ..helpers import Source as _IgnSource  # noqa: E402
from ..helpers import State as _IgnState  # noqa: E402
from ..helpers import Trigger as _IgnTrigger  # noqa: E402
from ..helpers import ask_player as _ign_ask_player  # noqa: E402
from ..helpers import asks_anyway as _ign_asks_anyway  # noqa: E402
from ..helpers import base_cancelled as _ign_base_cancelled  # noqa: E402
from ..helpers import can_affect as _ign_can_affect  # noqa: E402
from ..helpers import can_be_destroyed as _ign_can_be_destroyed  # noqa: E402
from ..helpers import destroy as _ign_destroy  # noqa: E402
from ..helpers import draw as _ign_draw  # noqa: E402
from ..helpers import give_control as _ign_give_control  # noqa: E402
from ..helpers import played_minion_at as _ign_played_at  # noqa: E402
from ..helpers import players_from as _ign_players_from  # noqa: E402
from ..helpers import register_end_of_turn as _ign_register_end  # noqa: E402
from ..helpers import register_rule as _ign_register_rule  # noqa: E402
from ..helpers import rule_entry as _ign_rule_entry  # noqa: E402

_SPIKEY_KEY = "spikey-chair-room"
_SPIKEY = f"base:{_SPIKEY_KEY}"  # its name in State.base_names
_BASE_SOURCE = _IgnSource(None, None, "base")


def _spikey_slot(g: _IgnState) -> int:
    """Spikey Chair Room's slot, or -1 when it is not in play."""
    return next((s for s, b in enumerate(g.bases) if g.base_names[b] == _SPIKEY), -1)


def _spikey_victims(g: _IgnState, player: int) -> list[int]:
    return [m for ms in g.minions for m in ms if g.owner[m] == player
            and _ign_can_affect(g, m, _BASE_SOURCE) and _ign_can_be_destroyed(g, m)]


def _spikey_applies(g: _IgnState, player: int, arg: object) -> bool:
    return bool(_spikey_victims(g, player))


def _spikey_run(g: _IgnState, player: int, base: int, ev: _IgnEvent) -> _IgnGen:
    # asked directly, naming the base card as its source: it may have left play
    victims = _spikey_victims(g, player)
    if not victims:
        return
    target = victims[0]
    if len(victims) > 1 or _ign_asks_anyway(g):
        opts: list[_IgnOption] = [CardOption("card", m) for m in victims]
        choice = yield _IgnRequest(player, "choose_minion",
                                   "Destroy which minion you own, to draw a card?", opts,
                                   ("base", base))
        target = choice.card
    if (yield from _ign_destroy(_IgnCtx(g, _spikey_slot(g), player, is_base=True), target)):
        _ign_draw(g, player, 1)


def _spikey_at_turn_end(g: _IgnState, ev: _IgnEvent) -> None:
    base = g.tables.base_by_key.get(_SPIKEY_KEY)
    if base is None:  # (asked as every turn ends: one lookup, not a scan of the game's bases)
        return
    slot = _spikey_slot(g)
    if slot >= 0 and _ign_base_cancelled(g, slot):
        return
    for p in _ign_players_from(g, g.current):
        if _ign_played_at(g, p, base) and _spikey_victims(g, p):
            g.pending.append(_ign_rule_entry(p, "spikey_chair_room", ev, True, base))


_ign_register_rule("spikey_chair_room", _IgnRule(
    "Spikey Chair Room", _spikey_run, _spikey_applies))
_ign_register_end("spikey_chair_room", _spikey_at_turn_end)

_ign_base("Spikey Chair Room", "cease-and-desist", "Ignobles", 20, (4, 2, 1),
          text="When a turn ends, each player who played a minion here during it may destroy "
               "a minion they own; if so, they draw a card.")


def _squashed_who(g: _IgnState, slot: int, ev: _IgnEvent) -> list[int]:
    card, player = ev["card"], ev["player"]
    if ev["type"] != "minion" or ev["slot"] != slot:
        return []
    return [player] if g.in_play(card) and g.controller[card] == player else []


def _squashed_give(ctx: _IgnCtx, ev: _IgnEvent) -> _IgnGen:
    card = ev["card"]
    to = yield from _ign_ask_player(ctx, f"Give {ctx.g.defs[card].name} to which player?",
                                    about=(card,))
    if to is not None:
        _ign_give_control(ctx, card, to)


_ign_base("Wintersquashed", "cease-and-desist", "Ignobles", 16, (2, 4, 2),
          text="Each minion played here may, as soon as its own ability is done, be passed by "
               "the player who played it to a rival of their choice.",
          triggers=(_IgnTrigger("played", _squashed_who, _squashed_give, optional=True),))

# ---- Astroknights: Hive of Scum and Villainy, No-Moon ------------------------------------------
# Rulings (tests/cards/astroknights_test.py): Hive of Scum and Villainy answers the engine's
# record of an action directly raising a minion's power (engine/facts/boosts.py), for a minion of
# the
# action's player here once the action has resolved; the first such action of each player's
# turn draws (per player, each turn). No-Moon destroys one other base picked at random with
# the game's RNG (engine/timeline.destroy_base: its cards are discarded, not destroyed; no VP;
# the base deck replaces it); with no other base it does nothing.

from ..api import base as _astro_base  # noqa: E402
from ..helpers import AbilityGen as _AstroGen  # noqa: E402
from ..helpers import Ctx as _AstroCtx  # noqa: E402
from ..helpers import Event as _AstroEvent  # noqa: E402
from ..helpers import State as _AstroState  # noqa: E402
from ..helpers import Trigger as _AstroTrigger  # noqa: E402
from ..helpers import destroy_base as _astro_destroy_base  # noqa: E402
from ..helpers import draw as _astro_draw  # noqa: E402
from ..helpers import pick_random as _astro_pick_random  # noqa: E402


def _hive_key(g: _AstroState, slot: int, player: int) -> tuple[str, int, int]:
    return ("hive-of-scum", g.bases[slot], player)


def _hive_of_scum_who(g: _AstroState, slot: int, ev: _AstroEvent) -> list[int]:
    p = ev["player"]
    if _hive_key(g, slot, p) in g.used:
        return []
    here = any(g.loc[m] == ("minion", slot) and g.controller[m] == p for m in ev["minions"])
    return [p] if here else []


def _hive_of_scum_draws(ctx: _AstroCtx, ev: _AstroEvent) -> _AstroGen:
    g = ctx.g
    key = _hive_key(g, ctx.me, ctx.player)
    if key not in g.used:
        g.used.add(key)
        _astro_draw(g, ctx.player)
    return
    yield


_astro_base("Hive of Scum and Villainy", "cease-and-desist", "Astroknights", 18, (4, 2, 1),
            text="Each turn, the first time an action you play directly raises the power of a "
                 "minion of yours here, draw a card afterwards.",
            triggers=(_AstroTrigger("boosted", _hive_of_scum_who, _hive_of_scum_draws),))


def _no_moon_who(g: _AstroState, slot: int, ev: _AstroEvent) -> list[int]:
    return [g.current] if ev.get("slot") == slot and len(g.bases) > 1 else []


def _no_moon_strikes(ctx: _AstroCtx, ev: _AstroEvent) -> _AstroGen:
    g = ctx.g
    others = [s for s in range(len(g.bases)) if s != ctx.me]
    victim = _astro_pick_random(g, others)
    if victim is not None:
        yield from _astro_destroy_base(ctx, victim)


_astro_base("No-Moon", "cease-and-desist", "Astroknights", 25, (5, 3, 3),
            text="As it is about to score, one other base, picked at random, is destroyed and "
                 "replaced as usual.",
            triggers=(_AstroTrigger("before_score", _no_moon_who, _no_moon_strikes),))
