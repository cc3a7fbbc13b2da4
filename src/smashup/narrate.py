"""Game events as sentences, for logs and user interfaces (no UI dependency).

>>> import smashup
>>> from smashup.testing import scenario
>>> game = scenario(hands=[["aliens/invader"], []], bases=["jungle-oasis", "the-central-brain"])
>>> narrator = Narrator(game)
>>> game.apply("play aliens/invader#1 @ base:jungle-oasis")
>>> for line in narrator.narrate(game.events):
...     print(line)
Player 1 plays Invader on Jungle Oasis.
Player 1 gains 1 VP from Invader (1 in total).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Final

from .engine.api.game import Game
from .engine.api.views import HIDDEN_CARD, mask_events
from .engine.core.defs import Event
from .engine.core.state import State

ORDINALS = ("first", "second", "third", "fourth")


def _join(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _count(n: int, word: str) -> str:
    """``1 card``, ``2 cards``, ``a card`` for one when ``word`` is a noun."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class Narrator:
    """Turns the events of a game into one sentence each, in order.

    Call ``narrate(game.events)`` after every ``game.apply``. The narrator keeps
    its own view of which base is in which slot and of the VP totals, so that
    events that happened before a base was replaced still name the right base.
    ``viewer`` hides what that player may not see (-1: a spectator, who sees no hidden
    card; None: everything is shown): the events are first reduced to that seat's share
    (``Game.events_for``), so a card it may not see is only ever "a card".
    """

    def __init__(
        self, game: Game, viewer: int | None = None, player_names: Sequence[str] | None = None
    ) -> None:
        self.game = game
        self.viewer = viewer
        n = game.state.nplayers
        default = [f"Player {p + 1}" for p in range(n)]
        self.player_names = list(player_names) if player_names is not None else default
        self.bases: list[int] = list(game.state.bases)
        self.vp: list[int] = list(game.state.vp)

    # ---- naming things ---------------------------------------------------------------------

    @property
    def g(self) -> State:
        return self.game.state

    def player(self, p: int | None) -> str:
        if p is None or not 0 <= p < len(self.player_names):
            return "Someone"
        return self.player_names[p]

    def possessive(self, p: int | None) -> str:
        name = self.player(p)
        return "your" if name == "You" else f"{name}'s"

    def card(self, card: int | str) -> str:
        """A card's name, or the placeholder of a card hidden from the viewer."""
        return self.g.defs[card].name if isinstance(card, int) else HIDDEN_CARD

    def owned(self, card: int | str, who: int | None = None) -> str:
        """``Player 2's Shinobi`` (by controller unless ``who`` is given)."""
        if who is None and not isinstance(card, int):
            return HIDDEN_CARD
        p = self.g.controller[card] if who is None and isinstance(card, int) else who
        return f"{self.possessive(p)} {self.card(card)}"

    def base_card(self, bid: int | None) -> str:
        if bid is None:
            return "a base"
        return self.g.base_defs[bid].name

    def base(self, slot: int | None) -> str:
        """The base in ``slot`` as the narrator last saw it."""
        if slot is None or not 0 <= slot < len(self.bases):
            return "a base"
        return self.base_card(self.bases[slot])

    # ---- narrating ---------------------------------------------------------------------------

    def narrate(self, events: Sequence[Event]) -> list[str]:
        """One sentence per event (a few events are merged or left out as noise)."""
        return [text for _, text in self.narrate_events(events)]

    def narrate_events(self, events: Sequence[Event]) -> list[tuple[Event, str]]:
        """Like ``narrate`` but pairs each sentence with the event it tells (the first of
        the events a sentence tells together)."""
        events = mask_events(events, self.viewer, self.g.nplayers)
        out: list[tuple[Event, str]] = []
        i = 0
        while i < len(events):
            ev = events[i]
            end, text = self._together(events, i)
            if end == i + 1:
                text = self.sentence(ev)
            if text and end < len(events) and _boost_told(events, i, end):
                # the raise was just told: say that it was direct (Astroknights ask) in the
                # same sentence, not in a second line about the same minions
                by = self.card(events[end]["card"])
                text, end = f"{text.rstrip('.')} (raised directly by {by}).", end + 1
            if text:
                text = text[0].upper() + text[1:]  # "a card goes..." starts a sentence too
                if text.endswith(("?.", "!.", "..")):  # a name ends it: "Revealed: G.E.L.F."
                    text = text[:-1]
                if out and _again_of(out[-1][1]) == text:  # the same thing again, right after
                    ev, text = out[-1][0], _again(out.pop()[1])
                out.append((ev, text))
            i = end
        self.bases = list(self.g.bases)
        self.vp = list(self.g.vp)
        return out

    def _together(self, events: Sequence[Event], i: int) -> tuple[int, str | None]:
        """Events from ``i`` on that one sentence tells: where they end, and the sentence
        (``i + 1`` and None when ``events[i]`` is told alone). One effect often does the same
        thing several times in a row: one Form a Posse protects each minion in three ways,
        one Time Loop grants two extra actions, a look at the top of a deck reveals one card
        at a time."""
        ev = events[i]
        kind = ev["kind"]
        if kind == "effect" and _effect_change(ev) is not None:
            return self._effects_together(events, i)
        if kind == "counters":
            return self._counters_together(events, i)
        if (kind == "shuffled_in" and i + 1 < len(events)
                and events[i + 1]["kind"] == "shuffled"
                and events[i + 1].get("player") == ev.get("player")):
            return i + 2, self._shuffled_in(ev)  # (the shuffle is part of shuffling them in)
        key = _TOGETHER.get(kind)
        if key is None:
            return i + 1, None
        same = key(ev)
        end = i + 1
        while end < len(events) and events[end]["kind"] == kind and key(events[end]) == same:
            end += 1
        if end == i + 1:
            return i + 1, None
        return end, TOLD_TOGETHER[kind](self, events[i:end])

    def _effects_together(self, events: Sequence[Event], i: int) -> tuple[int, str | None]:
        """Lasting effects on cards from ``i`` on: those on one card, then those on the next
        cards that get the very same ones (Form a Posse: each of your minions gets +1 power
        and can't be destroyed, moved or returned), as one sentence."""
        runs: list[list[Event]] = []
        end = i
        while end < len(events) and _effect_change(events[end]) is not None:
            run = [events[end]]
            end += 1
            target = run[0]["target"]
            # (a second effect of a kind already told is another thing: a line of its own)
            while (end < len(events) and _effect_change(events[end]) is not None
                   and events[end]["target"] == target
                   and events[end].get("player") == run[0].get("player")
                   and events[end]["effect"] not in {e["effect"] for e in run}):
                run.append(events[end])
                end += 1
            if runs and [_effect_change(e) for e in run] != [_effect_change(e) for e in runs[0]]:
                end -= len(run)
                break
            runs.append(run)
        if len(runs) == 1:
            return end, self._effects_on_one(runs[0])
        cards = [run[0]["target"] for run in runs]
        preds = _predicates([_card_effect(e, plural=True) for e in runs[0]])
        return end, f"{self.cards_of_players(cards)} each {preds}."

    def _counters_together(self, events: Sequence[Event], i: int) -> tuple[int, str | None]:
        """+1 power counters placed (or removed) one at a time: on one card, a count; on
        several cards, each named once."""
        amount = events[i].get("amount", 1)
        end = i + 1
        while (end < len(events) and events[end]["kind"] == "counters"
               and events[end].get("amount", 1) == amount):
            end += 1
        cards = [e["card"] for e in events[i:end]]
        if len(set(cards)) == 1:
            return end, self._counters({**events[i], "amount": amount * len(cards)})
        if len(set(cards)) < len(cards):  # some twice: one line each
            return i + 1, None
        what = "a +1 power counter" if abs(amount) == 1 else f"{abs(amount)} +1 power counters"
        verb = "get" if amount >= 0 else "lose"
        return end, f"{self.cards_of_players(cards)} each {verb} {what}."

    def sentence(self, ev: Event) -> str | None:
        """The sentence for one event, or None when it is not worth telling."""
        handler = HANDLERS.get(ev["kind"])
        if handler is not None:
            return handler(self, ev)
        return self._generic(ev)

    def _generic(self, ev: Event) -> str:
        parts = []
        if isinstance(ev.get("player"), int):
            parts.append(self.player(ev["player"]))
        if isinstance(ev.get("card"), (int, str)):
            parts.append(self.card(ev["card"]))
        if isinstance(ev.get("slot"), int):
            parts.append(self.base(ev["slot"]))
        what = str(ev["kind"]).replace("_", " ").capitalize()
        return f"{what}: {', '.join(parts)}." if parts else f"{what}."

    # ---- one method per event kind -----------------------------------------------------------

    def _played(self, ev: Event) -> str:
        card = ev["card"]
        who = self.player(ev["player"])
        # a card played from another player's pile is theirs: "from Player 2's discard pile"
        owner = self.g.owner[card]
        their = "their" if owner == ev["player"] else self.possessive(owner)
        src = {"hand": "", "discard": f" from {their} discard pile",
               "deck": f" from the top of {their} deck", "stasis": " out of stasis",
               "stored": " from under another card",
               "aside": ""}.get(ev.get("src", "hand"), f" from {their} {ev.get('src')}")
        d = self.g.defs[card]
        if ev.get("type", d.kind) == "minion":
            return f"{who} plays {d.name} on {self.base(ev['slot'])}{src}."
        if d.kind == "minion":  # a dual card played as an action (Pixie)
            return f"{who} plays {d.name} as an action{src}."
        target = ev.get("target")
        if d.play_on == "minion" and isinstance(target, int):
            mine = self.g.controller[target] == ev["player"]
            whose = "their" if mine else self.possessive(self.g.controller[target])
            return f"{who} plays {d.name} on {whose} {self.card(target)}{src}."
        if d.play_on == "base" and ev.get("slot") is not None:
            return f"{who} plays {d.name} on {self.base(ev['slot'])}{src}."
        return f"{who} plays {d.name}{src}."

    def _destroyed(self, ev: Event) -> str:
        return f"{self.owned(ev['card'], ev.get('controller'))} is destroyed."

    def _returned(self, ev: Event) -> str:
        return f"{self.card(ev['card'])} returns to {self.possessive(ev.get('owner'))} hand."

    def _moved(self, ev: Event) -> str:
        return (f"{self.owned(ev['card'])} moves from {self.base(ev.get('src'))} "
                f"to {self.base(ev.get('dest'))}.")

    def _transferred(self, ev: Event) -> str:
        onto = ev.get("onto")
        where = self.card(onto) if isinstance(onto, int) else self.base(ev.get("dest"))
        return (f"{self.player(ev.get('by'))} transfers {self.owned(ev['card'])} from "
                f"{self.base(ev.get('src'))} to {where}.")

    def _next_turn_extra(self, ev: Event) -> str:
        kinds = " or an extra ".join(ev.get("kinds", ("card",)))
        return f"{self.player(ev['player'])} may play an extra {kinds} on their next turn."

    def _placed(self, ev: Event) -> str:
        card = self.card(ev["card"])
        owner = self.possessive(ev["deck"] if "deck" in ev  # the holder's deck (borrowed.py)
                                else self.g.owner[ev["card"]] if isinstance(ev["card"], int)
                                else ev.get("player"))
        dest = str(ev.get("dest", "deck bottom"))
        if dest == "deck bottom":
            return f"{card} goes to the bottom of {owner} deck."
        if dest == "deck top":
            return f"{card} goes on top of {owner} deck."
        if dest == "hand" and isinstance(ev.get("player"), int):  # taken (borrowed.py)
            return f"{card} goes into {self.possessive(ev['player'])} hand."
        if dest == "hand":  # back to its owner's hand (helpers.take_into_hand)
            src = {"discard": " from the discard pile", "deck": " from the deck"}.get(
                str(ev.get("src")), "")
            return f"{card} goes into {owner} hand{src}."
        return f"{card} is placed ({dest})."

    def _taken(self, ev: Event) -> str:
        who = self.player(ev["player"])
        holder = ev.get("holder")
        zone = {"hand": "hand", "deck": "deck", "discard": "discard pile"}.get(str(ev["src"]))
        if ev["src"] == "buried":
            where = " from beside a base"
        elif zone is not None and holder is not None:
            where = f" from {'their' if holder == ev['player'] else self.possessive(holder)} {zone}"
        elif ev.get("slot") is not None:
            where = f" from {self.base(ev['slot'])}"
        else:
            where = ""
        verb, hand = ("take", "your") if who == "You" else ("takes", "their")
        return f"{who} {verb} {self.card(ev['card'])}{where} into {hand} hand."

    def _discarded(self, ev: Event) -> str:
        who = self.player(ev.get("player"))
        card = self.card(ev["card"])
        reason = ev.get("reason", "")
        if reason == "base scored":
            return f"{card} goes from {self.base(ev.get('slot'))} to the discard pile."
        if reason == "hand limit":
            return f"{who} discards {card} (hand limit)."
        if reason == "host left play":
            return f"{card} goes to the discard pile with the minion it was on."
        if reason:
            return f"{who} discards {card} ({reason})."
        return f"{who} discards {card}."

    def _drew(self, ev: Event) -> str:
        return f"{self.player(ev['player'])} draws {_count(ev['count'], 'card')}."

    def _shuffled(self, ev: Event) -> str:
        return f"{self.player(ev['player'])} shuffles their deck."

    def _vp(self, ev: Event) -> str:
        p = ev["player"]
        amount = ev["amount"]
        self.vp[p] += amount
        reason = str(ev.get("reason", ""))
        if reason.startswith("base:"):
            bid = self.g.base_names.index(reason) if reason in self.g.base_names else None
            reason = self.base_card(bid) if bid is not None else reason
        frm = f" from {reason}" if reason else ""
        verb = "gains" if amount >= 0 else "loses"
        return f"{self.player(p)} {verb} {abs(amount)} VP{frm} ({self.vp[p]} in total)."

    def _before_score(self, ev: Event) -> str:
        return f"{self.base_card(ev.get('base'))} is about to score."

    def _scored(self, ev: Event) -> str:
        name = self.base_card(ev.get("base"))
        ranks: dict[int, int] = ev.get("ranks", {})
        awards: dict[int, int] = ev.get("awards", {})
        if not ranks:
            return f"{name} scores, but nobody has a minion or power there."
        parts = []
        for p, place in sorted(ranks.items(), key=lambda kv: (kv[1], kv[0])):
            where = ORDINALS[place - 1] if place <= len(ORDINALS) else f"#{place}"
            parts.append(f"{self.player(p)} {where} ({awards.get(p, 0)} VP)")
        return f"{name} scores: {_join(parts)}."

    def _new_base(self, ev: Event) -> int | None:
        """Follow a base leaving ``ev["slot"]`` for ``ev["new"]`` (None: the slot is gone)."""
        slot, new = ev["slot"], ev.get("new")
        if 0 <= slot < len(self.bases):
            if new is None:
                self.bases.pop(slot)
            else:
                self.bases[slot] = new
        return new if new is None else int(new)

    def _base_replaced(self, ev: Event) -> str:
        old = self.base_card(ev.get("old"))
        new = self._new_base(ev)
        if new is None:
            return f"No base is left to replace {old}."
        return f"{self.base_card(new)} replaces {old}."

    def _boosted(self, ev: Event) -> str:
        names = _join([self.card(m) for m in ev.get("minions", ())])
        return f"{self.card(ev['card'])} directly raised the power of {names}."

    def _base_destroyed(self, ev: Event) -> str:
        old = self.base_card(ev.get("old"))
        new = self._new_base(ev)
        if new is None:
            return f"{old} is destroyed; no base is left to replace it."
        return f"{old} is destroyed; {self.base_card(new)} replaces it."

    def _scoring_base_replaced(self, ev: Event) -> str:
        old = self.base_card(ev.get("old"))
        self._new_base(ev)
        return f"{self.base_card(ev['new'])} takes the place of {old}, with every card there, " \
               "and is scored instead."

    def _lost_abilities(self, ev: Event) -> str:
        return f"{self.owned(ev['card'])} loses its abilities for now."

    def _base_swapped(self, ev: Event) -> str:
        self._new_base(ev)
        return (f"{self.base_card(ev['new'])} takes the place of {self.base_card(ev['old'])}, "
                "which goes back into the base deck.")

    def _swapped(self, ev: Event) -> str:
        other = f" for {self.card(ev['other'])}" if isinstance(ev.get("other"), int) else ""
        return (f"{self.player(ev.get('player'))} swaps {self.card(ev['card'])} "
                f"on {self.base(ev.get('slot'))}{other}.")

    def _start_turn(self, ev: Event) -> str:
        score = "-".join(str(v) for v in self.vp)
        return f"Turn {ev.get('turn', '?')}: {self.possessive(ev['player'])} turn (VP {score})."

    def _game_over(self, ev: Event) -> str:
        vp = list(ev.get("vp", self.vp))
        w = ev.get("winner")
        others = ", ".join(f"{self.player(p)} {v} VP" for p, v in enumerate(vp) if p != w)
        if w is None:
            return f"The game is over ({others})."
        return f"{self.player(w)} wins the game with {vp[w]} VP ({others})."

    def _mulligan(self, ev: Event) -> str:
        return (f"{self.player(ev['player'])} has no minion in their opening hand, "
                "shows it and draws a new one.")

    def _special(self, ev: Event) -> str:
        return f"{self.player(ev['player'])} uses the Special ability of {self.card(ev['card'])}."

    def _talent(self, ev: Event) -> str:
        minion = ev.get("minion")
        if isinstance(minion, int) and minion != ev["card"]:  # an action's talent on a minion
            return (f"{self.player(ev['player'])} uses the talent of {self.card(ev['card'])} "
                    f"on {self.card(minion)}.")
        return f"{self.player(ev['player'])} uses the talent of {self.card(ev['card'])}."

    def _counters(self, ev: Event) -> str:
        n = ev.get("amount", 1)
        what = "a +1 power counter" if abs(n) == 1 else f"{abs(n)} +1 power counters"
        verb = "gets" if n >= 0 else "loses"
        return f"{self.owned(ev['card'])} {verb} {what}."

    def _effect(self, ev: Event) -> str | None:
        return self._effects_on_one([ev])

    def _effects_on_one(self, evs: Sequence[Event]) -> str | None:
        """Lasting effects set up together on one card ("Player 2's Pinkerton gets +1 power
        and can't be destroyed, moved or returned to a hand"), or one effect of another
        kind, named by what it does."""
        ev = evs[0]
        target = ev.get("target")
        if isinstance(target, int) and ev.get("effect") in CARD_EFFECTS:
            return f"{self.owned(target)} {_predicates([_card_effect(e) for e in evs])}."
        return self._other_effect(ev)

    def _other_effect(self, ev: Event) -> str | None:
        kind = ev.get("effect")
        target = ev.get("target")
        value = ev.get("value")
        who = self.player(ev.get("player"))
        if kind == "breakpoint" and isinstance(target, int) and isinstance(value, int):
            return f"The breakpoint of {self.base(target)} changes by {value:+d}."
        if kind == "cancel_base" and isinstance(target, int):
            return f"The ability of {self.base(target)} is cancelled for now."
        if kind == "player_power" and isinstance(target, int) and isinstance(value, int):
            return f"{who} gets {value:+d} power at {self.base(target)}."
        if kind == "no_actions":
            when = " on their own turns" if value == "own_turn" else ""
            return f"{who} can't play actions{when} for now."
        if kind == "no_move":
            return f"{who} can't move minions for now."
        if kind == "aura_where_card" and isinstance(value, int):
            name = next((d.name for d in self.g.defs if d.key == target), "a card")
            return (f"Other players' minions get {value:+d} power at each base where "
                    f"{self.player(ev.get('player'))} has {name}.")
        if kind in QUIET_EFFECTS:
            return None  # told by the event that comes with it
        words = str(kind).replace("_", " ")  # an effect of a card set's own: its name
        return f"{who} sets up a lasting effect ({words})."

    def cards_of_players(self, cards: Sequence[int | str]) -> str:
        """``Player 3's two Mimics and Ninja Acolyte, and your Scout``: cards by whose they
        are (their controller), a name met twice counted."""
        by: dict[int | None, list[str]] = {}
        for c in cards:
            p = self.g.controller[c] if isinstance(c, int) else None
            by.setdefault(p, []).append(self.card(c))
        parts = []
        for p, names in by.items():
            named = _counted(names)
            parts.append(named if p is None else f"{self.possessive(p)} {named}")
        if any(len(set(names)) > 1 for names in by.values()):  # "A and B, and C's D"
            return ", and ".join(parts)
        return _join(parts)

    def _searched(self, ev: Event) -> str:
        return f"{self.player(ev['player'])} searches their deck."

    def _copied(self, ev: Event) -> str:
        return f"{self.owned(ev['card'])} gains the abilities of {self.card(ev['other'])} for now."

    def _extra_turn(self, ev: Event) -> str:
        return f"{self.player(ev['player'])} will take an extra turn after this one."

    def _next_base(self, ev: Event) -> str:
        return f"{self.base_card(ev['base'])} will take the place of {self.base(ev['slot'])}."

    def _base_to_deck(self, ev: Event) -> str:
        return (f"{self.base_card(ev['base'])} goes from the base discard pile to the top of "
                "the base deck.")

    def _base_added(self, ev: Event) -> str:
        return f"{self.base_card(ev['base'])} comes into play as an extra base."

    def _took_over(self, ev: Event) -> str:
        what = self.card(ev["source"]) if ev.get("source") is not None else "the effect"
        return f"{self.card(ev['card'])} takes {what} in place of {self.card(ev['target'])}."

    def _shuffled_in(self, ev: Event) -> str:
        names = _join([self.card(c) for c in ev["cards"]])
        return (f"{self.player(ev['player'])} shuffles {names} from their discard pile into "
                "their deck.")

    def _looked(self, ev: Event) -> str:
        who, n, end = ev["player"], int(ev.get("count", 0)), ev.get("end", "top")
        deck = "their" if ev["owner"] == who else self.possessive(ev["owner"])
        seen = ""
        if self.viewer is None or self.viewer == who:  # only the looker learns the cards
            seen = ": " + _join([self.card(c) for c in ev.get("cards", ())])
        name = self.player(who)
        verb = "look" if name == "You" else "looks"
        return f"{name} {verb} at the {end} {_count(n, 'card')} of {deck} deck{seen}."

    def _arranged(self, ev: Event) -> str:
        who = ev["player"]
        deck = "their" if ev["owner"] == who else self.possessive(ev["owner"])
        name = self.player(who)
        verb = "put" if name == "You" else "puts"
        return (f"{name} {verb} {_count(int(ev['top']), 'card')} back on top of "
                f"{deck} deck and {_count(int(ev['bottom']), 'card')} at the bottom.")

    def _control(self, ev: Event) -> str:
        if ev.get("reason") == "given":
            giver = self.player(ev.get("was"))
            to = self.player(ev["player"])
            verb = "give" if giver == "You" else "gives"
            return (f"{giver} {verb} control of {self.card(ev['card'])} to "
                    f"{'you' if to == 'You' else to}.")
        if ev.get("reason") == "taken":
            name = self.player(ev["player"])
            verb = "take" if name == "You" else "takes"
            return f"{name} {verb} control of {self.card(ev['card'])}."
        return f"{self.card(ev['card'])} goes back to {self.possessive(ev['player'])} control."

    def _extra(self, ev: Event) -> str:
        cond = "" if ev.get("check", "any") == "any" else " (with a condition)"
        return f"{self.player(ev['player'])} may play an extra {ev.get('type', 'card')}{cond}."

    def _stasis(self, ev: Event) -> str:
        what = _count(int(ev.get("amount", 1)), "stasis counter")
        if ev.get("entered"):
            return f"{self.card(ev['card'])} goes into stasis with {what}."
        return f"{self.card(ev['card'])} gets {what} more in stasis."

    def _stasis_removed(self, ev: Event) -> str:
        what = _count(int(ev.get("amount", 1)), "stasis counter")
        last = " (its last)" if ev.get("last") else ""
        return f"{self.card(ev['card'])} loses {what}{last}."

    def _stored(self, ev: Event) -> str:
        name = self.player(ev["player"])
        verb = "store" if name == "You" else "stores"
        return f"{name} {verb} {self.card(ev['card'])} under {self.card(ev['host'])}."

    def _buried(self, ev: Event) -> str:
        name = self.player(ev["player"])
        verb = "bury" if name == "You" else "buries"
        return f"{name} {verb} {self.card(ev['card'])} at {self.base(ev['slot'])}."

    def _uncovered(self, ev: Event) -> str:
        return f"{self.card(ev['card'])} is uncovered at {self.base(ev['slot'])}."

    def _base_talent(self, ev: Event) -> str:
        name = self.player(ev["player"])
        verb = "use" if name == "You" else "uses"
        return f"{name} {verb} the ability of {self.base(ev['slot'])}."

    def _boxed(self, ev: Event) -> str:
        return f"{self.card(ev['card'])} goes to the box, out of the game."

    def _left_stasis(self, ev: Event) -> str:
        return f"{self.card(ev['card'])} leaves stasis."

    def _play_spent(self, ev: Event) -> str:
        kind = ev.get("type", "action")
        article = "an" if kind == "action" else "a"
        return f"{self.player(ev['player'])} uses up {article} {kind} play."

    def _revealed(self, ev: Event) -> str:
        cards = list(ev.get("cards", ()))
        to = list(ev.get("to", range(self.g.nplayers)))
        who = _join([self.player(p) for p in to])
        one = len(to) == 1 and who != "You"  # "Player 2 looks", "Players ... look", "You look"
        places = {tuple(place) for place in ev.get("places", ())}
        hand = next(iter(places))[1] if len(places) == 1 and next(iter(places))[0] == "hand" \
            else None  # a look at one player's hand (Mindraker)
        if self.viewer is not None and self.viewer not in to:
            verb = "looks at" if one else "look at"
            if hand is not None:
                return f"{who} {verb} {self.possessive(hand)} hand ({_count(len(cards), 'card')})."
            return f"{who} {verb} {_count(len(cards), 'card')}."
        names = _counted([self.card(c) for c in cards]) or "nothing"
        if hand is not None:
            return f"{who} {'sees' if one else 'see'} {self.possessive(hand)} hand: {names}."
        if len(to) >= self.g.nplayers:
            return f"Revealed: {names}."
        return f"{who} {'sees' if one else 'see'} {names}."


CARD_EFFECTS: Final = {
    "power": "gets {value:+d} power",
    "power_off_turn": "gets {value:+d} power during other players' turns",
    "no_destroy": "can't be destroyed",
    "no_move_card": "can't be moved",
    "no_return": "can't be returned to a hand",
}
"""Lasting effects on one card, by kind (``kinds.EFFECT_KINDS``), as what they do to it."""
QUIET_EFFECTS: Final = frozenset({"temporary_control", "copy_abilities", "lose_abilities"})
"""Effects told by an event of their own ("takes control of", "gains the abilities of")."""
NUMBERS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def _card_effect(ev: Event, plural: bool = False) -> str:
    """What an effect does to its card ("gets +1 power"; ``plural``: "get +1 power")."""
    words = CARD_EFFECTS[str(ev["effect"])]
    if plural and words.startswith("gets "):
        words = "get " + words[5:]
    value = ev.get("value")
    return words.format(value=value if isinstance(value, int) else 0)


def _predicates(preds: Sequence[str]) -> str:
    """``gets +1 power and can't be destroyed, moved or returned to a hand``."""
    parts: list[str] = []
    for verb in ("gets ", "get ", "can't be "):  # one verb for what it does alike
        alike = [p.removeprefix(verb) for p in preds if p.startswith(verb)]
        if alike:
            joiner = " or " if verb == "can't be " else " and "
            last = joiner.join(alike[-2:]) if len(alike) > 1 else alike[0]
            parts.append(verb + ", ".join([*alike[:-2], last]))
    return " and ".join(parts)


def _effect_change(ev: Event) -> tuple[Any, ...] | None:
    """What an effect does to a card, whichever card it is (None: not an effect on a card)."""
    if not isinstance(ev.get("target"), int) or ev.get("effect") not in CARD_EFFECTS:
        return None
    return ev.get("effect"), ev.get("value"), ev.get("player")


def _plural(name: str) -> str:
    if name == HIDDEN_CARD:
        return "cards"
    if not name[-1:].isalpha():  # "Do Over!", "Clyde 2.0"
        return f"copies of {name}"
    if name.endswith(("s", "x", "ch", "sh")):
        return name + "es"
    if name.endswith("y") and name[-2:-1] not in "aeiou":
        return name[:-1] + "ies"
    return name + "s"


def _counted(names: Sequence[str]) -> str:
    """``Walker``, ``two Walkers and Scout``, ``three cards`` (names met more than once
    counted, in the order first met)."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    parts = [name if n == 1 else f"{NUMBERS[n] if n < len(NUMBERS) else n} {_plural(name)}"
             for name, n in counts.items()]
    return _join(parts)


AGAIN: Final = re.compile(r" \((twice|(\d+) times)\)\.$")


def _boost_told(events: Sequence[Event], start: int, end: int) -> bool:
    """Is ``events[end]`` the "directly raised" note of the raise that ``events[start:end]``
    tell (the same minions were just given power)?"""
    boost = events[end]
    if boost["kind"] != "boosted" or not boost.get("minions"):
        return False
    raised = {e.get("target") for e in events[start:end] if e["kind"] == "effect"}
    raised |= {e.get("card") for e in events[start:end] if e["kind"] == "counters"}
    return set(boost["minions"]) <= raised


def _again_of(text: str) -> str:
    """``text`` without its "(twice)" mark."""
    return AGAIN.sub(".", text)


def _again(text: str) -> str:
    """``text`` told once more: "(twice)", then "(3 times)"... The same thing happening
    again right after (two abilities each drawing a card) is one line, counted."""
    found = AGAIN.search(text)
    times = 2 if found is None else (3 if found.group(1) == "twice" else int(found.group(2)) + 1)
    mark = "twice" if times == 2 else f"{times} times"
    return f"{_again_of(text)[:-1]} ({mark})."


# ---- events told together: what makes two events of one kind one sentence, and the sentence


def _drew_together(n: Narrator, evs: Sequence[Event]) -> str:
    return f"{n.player(evs[0]['player'])} draws {_count(sum(e['count'] for e in evs), 'card')}."


def _extra_together(n: Narrator, evs: Sequence[Event]) -> str:
    ev = evs[0]
    cond = "" if ev.get("check", "any") == "any" else " (with a condition)"
    kind = str(ev.get("type", "card"))
    what = f"{NUMBERS[len(evs)] if len(evs) < len(NUMBERS) else len(evs)} extra {kind}s"
    return f"{n.player(ev['player'])} may play {what}{cond}."


def _revealed_together(n: Narrator, evs: Sequence[Event]) -> str:
    return n._revealed({**evs[0], "cards": tuple(c for e in evs for c in e.get("cards", ()))})


def _placed_together(n: Narrator, evs: Sequence[Event]) -> str:
    names = _counted([n.card(e["card"]) for e in evs])
    one = n._placed(evs[0])
    first = n.card(evs[0]["card"])
    return one.replace(f"{first} goes", f"{names} go", 1)


def _discarded_together(n: Narrator, evs: Sequence[Event]) -> str:
    ev = evs[0]
    names = _counted([n.card(e["card"]) for e in evs])
    reason = ev.get("reason", "")
    if reason == "host left play":
        return f"{names} go to the discard pile with the minion they were on."
    if reason == "base scored":
        piles = "s" if len({n.g.owner[e["card"]] for e in evs if isinstance(e["card"], int)}) > 1 \
            else ""
        return f"{names} go from {n.base(ev.get('slot'))} to the discard pile{piles}."
    why = f" ({reason})" if reason else ""
    return f"{n.player(ev.get('player'))} discards {names}{why}."


_TOGETHER: Final[dict[str, Callable[[Event], Any]]] = {
    "drew": lambda e: e.get("player"),
    "extra": lambda e: (e.get("player"), e.get("type"), e.get("check")),
    "revealed": lambda e: (tuple(e.get("to", ())), e.get("by"), tuple(e.get("places", ())[:1])),
    "placed": lambda e: (e.get("dest"), e.get("deck"), e.get("player"), e.get("src"),
                         e.get("reason")),
    # (the cards a scored base leaves behind go to their owners' piles: told as one)
    "discarded": lambda e: (e.get("reason"), e.get("slot")) if e.get("reason") == "base scored"
    else (e.get("player"), e.get("reason"), e.get("slot")),
}
"""Per event kind: what events of that kind in a row must share to be told as one."""
TOLD_TOGETHER: Final[dict[str, Callable[[Narrator, Sequence[Event]], str | None]]] = {
    "drew": _drew_together,
    "extra": _extra_together,
    "revealed": _revealed_together,
    "placed": _placed_together,
    "discarded": _discarded_together,
}


def _quiet(_: Narrator, __: Event) -> None:
    return None


HANDLERS: dict[str, Callable[[Narrator, Event], str | None]] = {
    "played": Narrator._played,
    "destroyed": Narrator._destroyed,
    "returned": Narrator._returned,
    "moved": Narrator._moved,
    "placed": Narrator._placed,
    "taken": Narrator._taken,
    "discarded": Narrator._discarded,
    "drew": Narrator._drew,
    "shuffled": Narrator._shuffled,
    "vp": Narrator._vp,
    "before_score": Narrator._before_score,
    "scored": Narrator._scored,
    "after_score": _quiet,
    "base_replaced": Narrator._base_replaced,
    "base_swapped": Narrator._base_swapped,
    "base_destroyed": Narrator._base_destroyed,
    "scoring_base_replaced": Narrator._scoring_base_replaced,
    "lost_abilities": Narrator._lost_abilities,
    "boosted": Narrator._boosted,
    "swapped": Narrator._swapped,
    "start_turn": Narrator._start_turn,
    "end_turn": _quiet,
    "phase": _quiet,
    "game_over": Narrator._game_over,
    "mulligan": Narrator._mulligan,
    "special": Narrator._special,
    "talent": Narrator._talent,
    "counters": Narrator._counters,
    "effect": Narrator._effect,
    "copied": Narrator._copied,
    "searched": Narrator._searched,
    "extra": Narrator._extra,
    "revealed": Narrator._revealed,
    "extra_turn": Narrator._extra_turn,
    "next_base": Narrator._next_base,
    "base_to_deck": Narrator._base_to_deck,
    "base_added": Narrator._base_added,
    "took_over": Narrator._took_over,
    "shuffled_in": Narrator._shuffled_in,
    "looked": Narrator._looked,
    "arranged": Narrator._arranged,
    "control": Narrator._control,
    "transferred": Narrator._transferred,
    "next_turn_extra": Narrator._next_turn_extra,
    "stasis": Narrator._stasis,
    "stored": Narrator._stored,
    "buried": Narrator._buried,
    "uncovered": Narrator._uncovered,
    "boxed": Narrator._boxed,
    "base_talent": Narrator._base_talent,
    "stasis_removed": Narrator._stasis_removed,
    "left_stasis": Narrator._left_stasis,
    "play_spent": Narrator._play_spent,
    "to_discard": _quiet,  # (cards about to go to a discard pile: the discards tell it)
}
"""Sentence makers by event kind; an event kind missing here gets a plain generic sentence."""


# ---- duels (engine/mechanics/duels.py): the start, face-down cards (unnamed to the others), what
# went back
# to a hand, and the result; the reveal itself is a "revealed" event


def _duel(n: Narrator, ev: Event) -> str | None:
    if ev.get("stage") != "start":
        return None
    return (f"{n.owned(ev['challenger'])} calls out {n.owned(ev['challenged'])} to a duel at "
            f"{n.base(ev.get('slot'))}.")


def _duel_card(n: Narrator, ev: Event) -> str:
    name = n.player(ev["player"])
    verb = "place" if name == "You" else "places"
    what = n.card(ev["card"]) if isinstance(ev.get("card"), int) else "a card"
    return f"{name} {verb} {what} face down for the duel."


def _duel_back(n: Narrator, ev: Event) -> str:
    return f"{n.card(ev['card'])} goes back to {n.possessive(ev['player'])} hand."


def _duel_result(n: Narrator, ev: Event) -> str:
    winners, losers = tuple(ev["winners"]), tuple(ev["losers"])
    powers = ev.get("powers")
    score = f" ({powers[0]} against {powers[1]})" if powers else ""
    if set(winners) == set(losers):
        return f"The duel is a tie{score}: both minions lose and both win."
    return f"{n.owned(winners[0])} wins the duel against {n.owned(losers[0])}{score}."


def _duel_stopped(n: Narrator, ev: Event) -> str:
    return "The duel stops: its minions are no longer at the same base."


def _duel_refused(n: Narrator, ev: Event) -> str:
    return "No second duel can start while one is under way."


def _buried_moved(n: Narrator, ev: Event) -> str:
    return (f"{n.possessive(ev['player']).capitalize()} buried {n.card(ev['card'])} moves from "
            f"{n.base(ev['src'])} to {n.base(ev['dest'])}, face down.")


HANDLERS["buried_moved"] = _buried_moved  # (Stagecoach moving a buried card)
HANDLERS.update({"duel": _duel, "duel_card": _duel_card, "duel_back": _duel_back,
                 "duel_result": _duel_result, "duel_stopped": _duel_stopped,
                 "duel_refused": _duel_refused})

