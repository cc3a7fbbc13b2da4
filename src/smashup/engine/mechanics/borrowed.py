"""Cards held by a player who does not own them (Oops: the Vikings; guide §4.10).

A card taken into a player's hand (from another hand, a deck, a discard pile, play, or buried
beside a base) stays in that hand; drawn, played or put on top of the holder's deck it stays
with the holder. Whoever plays it controls it; once it goes anywhere public (play ends, a
discard), the ordinary helpers send it to its owner's zones (``zones.to_owner``).

- ``take_card``: ``player`` puts ``card`` into their own hand. From a public place (a discard
  pile, play, a card revealed to everyone) everyone sees which (a ``placed`` event, ``dest``
  "hand"); from a hidden one (a hand, a face-down buried card) only the taker and the player it
  came from do: the ``taken`` event is ``private`` to both of them (``views.event_hidden`` reads
  a tuple), and the old holder keeps knowing the card (``State.known``).
- ``to_own_deck_top``: a card of ``player``'s hand goes on top of *their* deck, whoever owns it
  (Oops clarification: nobody sees it, so it stays with them); only they know which.

Invariants (``engine/api/invariants.py``) allow borrowed cards in hands and decks; discard piles
hold their owner's cards only.
"""

from __future__ import annotations

from typing import Final

from ..core.events import emit
from ..core.state import PLAY_ZONES, State
from ..rules.zones import relocate

PUBLIC_SOURCES: Final = PLAY_ZONES | {"discard", "revealed", "aside"}


def holder_of(g: State, card: int) -> int | None:
    """The player a card is taken from: whose hand, deck or discard pile holds it, who buried
    it, or who controls it in play."""
    loc = g.loc[card]
    if loc[0] in ("hand", "deck", "discard"):
        return int(loc[1])
    if loc[0] == "buried" or loc[0] in PLAY_ZONES:
        return g.controller[card]
    return None


def take_card(g: State, card: int, player: int, reason: str = "") -> None:
    """``player`` puts ``card`` into their hand from wherever it is (not a draw)."""
    src = g.loc[card]
    holder = holder_of(g, card)
    public = src[0] in PUBLIC_SOURCES or all(card in seen for seen in g.known)
    slot = g.slot_of(card) if src[0] in PLAY_ZONES else None
    relocate(g, card, ("hand", player))
    if src[0] == "buried":
        g.controller[card] = g.owner[card]  # no longer counted as the burier's (guide §4.5)
    if holder is not None and holder != player:
        g.known[holder].add(card)  # they know what they lost
    if public:  # in full view, as any card placed into a hand (``take_into_hand``)
        emit(g, "placed", card=card, slot=slot, dest="hand", src=src[0], player=player,
             holder=holder, reason=reason)
        return
    viewers = {player} if holder is None else {player, holder}
    emit(g, "taken", card=card, player=player, holder=holder, src=src[0], slot=slot,
         reason=reason, private=tuple(sorted(viewers)))


def to_own_deck_top(g: State, card: int, player: int) -> None:
    """A card in ``player``'s hand goes face down on top of ``player``'s own deck."""
    relocate(g, card, ("deck", player), top=True)
    g.known[player].add(card)
    emit(g, "placed", card=card, slot=None, dest="deck top", src="hand", by=player, deck=player,
         private=player)
