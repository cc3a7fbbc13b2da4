"""A table people can follow (issue 31), in a real Chromium: a computer's turn arrives step
by step and its cards stay marked until the person decides; a base's scoring is summed up
(power, place and VP of each player, what followed) until dismissed; a card is played by
clicking it and then a minion on a base, or by dragging it; the end of the phase has the same
key every turn and the option list says how many options are below the fold; the card
details sit beside the options, never over them; a duel shows both minions, their powers and
the face-down cards; on a phone the bases come before the hand and a card's whole text can be
read.

Positions are found with the engine first (the server's setup, with its seeded computer
player), so nothing here hopes for luck. The helpers are those of ``browser_test``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import browser_test
import pytest
from browser_test import (  # (skips this module too when no Chromium is installed)
    OPENING,
    WAIT_MS,
    Table,
    seat_url,
    toward_scoring,
)
from playwright.sync_api import Browser, BrowserContext, expect

from smashup.agents import view_for
from smashup.engine.api.game import Game
from smashup.server.catalog import catalog
from smashup.server.live import LiveServer
from smashup.sim import make_agent
from smashup.tui.session import new_setup

PACE = 0.4
"""Seconds the paced server waits before each computer decision (and the page shows each)."""

Policy = Callable[[Game], str]


# browser_test.py's fixtures: a loopback server (unpaced), Debian's Chromium, a 1280×800 context
server = browser_test.server
browser = browser_test.browser
context = browser_test.context


@pytest.fixture(scope="module")
def paced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("paced") / "games.db", pace=PACE) as live:
        yield live


# ---- positions found with the engine ------------------------------------------------------------


def person_policy(game: Game) -> str:
    """The person in these tests: keep, play the first minion offered on a base, then end;
    pass or take the first option otherwise."""
    texts = game.action_texts()
    if "choice:keep" in texts:
        return "choice:keep"
    if "end" in texts:
        obs = game.observation(0)
        plays = [t for t in texts if t.startswith("play ") and " @ base:" in t
                 and t.split()[1] in obs["hand"] and obs["plays_left"]["minion"] > 0
                 and t.split()[1].split("#")[0] in MINION_KEYS]
        return plays[0] if plays else "end"
    return "pass" if "pass" in texts else texts[0]


MINION_KEYS = {key for key, card in catalog()["cards"].items() if card["type"] == "minion"}
"""The minions' keys (``aliens/invader``), from the catalog the page uses."""


def replay(factions: list[list[str]], seed: int, policy: Policy,
           stop: Callable[[Game, list[dict[str, Any]]], bool], most: int = 60
           ) -> tuple[Game, int] | None:
    """The server's game for ``seed`` (the computer seat seeded as the server seeds it), the
    person playing ``policy``, until ``stop(game, events of the last decision)``: the game
    and the person's decisions made, or None if it never stops within ``most``."""
    game = Game.new(new_setup(factions, seed, "factions"))
    computer = make_agent("easy", seed * 10 + 1)
    made = 0
    while not game.is_over and made <= most:
        if game.current_player == 1:
            view = view_for(game, 1, computer)
            game.apply(view.texts[computer.act(view)])
        else:
            game.apply(policy(game))
            made += 1
        if stop(game, game.events_for(0)):
            return game, made
    return None


def person_decides(game: Game) -> bool:
    return not game.is_over and game.current_player == 0


def computer_turn_seed(factions: list[list[str]]) -> int:
    """A seed where the person goes first, plays a minion (which asks nothing more) and
    ends, and the computer then takes at least three decisions and plays a minion that is
    still on the table when the person decides again."""
    for seed in range(1, 80):
        game = Game.new(new_setup(factions, seed, "factions"))
        computer = make_agent("easy", seed * 10 + 1)
        while game.observation(0)["phase"] == "mulligan":
            if game.current_player == 1:
                view = view_for(game, 1, computer)
                game.apply(view.texts[computer.act(view)])
            else:
                game.apply("choice:keep")
        if game.current_player != 0:
            continue
        play = person_policy(game)
        if play == "end":
            continue
        game.apply(play)
        if game.current_player != 0 or "end" not in game.action_texts():
            continue
        game.apply("end")
        played: list[str] = []
        steps = 0
        while game.current_player == 1 and not game.is_over:
            view = view_for(game, 1, computer)
            game.apply(view.texts[computer.act(view)])
            steps += 1
            played += [game.state.names[e["card"]] for e in game.events
                       if e["kind"] == "played" and e.get("player") == 1
                       and isinstance(e.get("card"), int)]
        on_table = {m["id"] for b in game.observation(0)["bases"] for m in b["minions"]}
        if steps >= 3 and on_table & set(played):
            return seed
    raise AssertionError("no seed gives a computer turn of three steps with a minion")


def scoring_seed(factions: list[list[str]]) -> tuple[int, int]:
    """A seed where, the person playing ``toward_scoring``, a base scores within 30 of the
    person's decisions: (seed, decisions)."""

    def policy(game: Game) -> str:
        obs = game.observation(0)
        bases = [(b["id"], b["total_power"], b["breakpoint"]) for b in obs["bases"]]
        return toward_scoring(game.action_texts(), bases)

    for seed in range(1, 60):
        found = replay(factions, seed, policy,
                       lambda g, evs: any(e["kind"] == "scored" for e in evs), most=30)
        if found:
            return seed, found[1]
    raise AssertionError("no seed scores a base soon")


# ---- helpers on the page ---------------------------------------------------------------------


STEP_LOG = """
window.__steps = [];
new MutationObserver(() => {
  const d = document.getElementById("decision");
  const seq = d && d.dataset.seq;
  const last = window.__steps[window.__steps.length - 1];
  if (seq !== undefined && (!last || last.seq !== Number(seq))) {
    window.__steps.push({ seq: Number(seq), at: performance.now() });
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-seq"] });
"""
"""Each decision number the page shows, with when it was first shown."""


def play_on(table: Table, choose: Callable[[list[str]], str], until: Callable[[], bool],
            most: int = 60) -> None:
    for _ in range(most):
        if until():
            return
        options = table.options()
        table.choose(choose(options))
    raise AssertionError("the position never came")


def bases_of(table: Table) -> list[tuple[str, int, int]]:
    return table.bases()


# ---- the tests ---------------------------------------------------------------------------------


def test_a_computer_turn_arrives_step_by_step_and_its_cards_stay_marked(
        paced: LiveServer, context: BrowserContext) -> None:
    """Against a server pacing its computer seat (0.4 s), Ann plays a minion and presses
    the end key: every decision of the computer's turn is shown, one after another, each at
    least the pace after the one before; when Ann decides again, the minion the computer
    played carries the last-move mark, until she makes her next decision."""
    seed = computer_turn_seed(OPENING)
    game = paced.create({"seats": [{"kind": "human", "name": "Ann"}, {"kind": "easy"}],
                         "factions": OPENING, "seed": seed})
    page = context.new_page()
    page.add_init_script(STEP_LOG)
    table = Table(page).open(seat_url(paced, game, 0))
    table.choose("choice:keep")
    options = table.options()
    minion_play = next(t for t in options if t.startswith("play ") and " @ base:" in t
                       and t.split()[1].split("#")[0] in MINION_KEYS)
    table.choose(minion_play)
    table.options()
    expect(table.option("end")).to_have_attribute("data-key", "e")
    end_seq = table.last_seq()
    page.keyboard.press("e")
    table.until(lambda: any(v["seq"] > end_seq and v["options"] for v in table.views),
                "Ann's next decision", timeout=30_000)
    mine = next(v for v in table.views if v["seq"] > end_seq and v["options"])
    expect(page.locator("#decision")).to_have_attribute("data-seq", str(mine["seq"]))

    steps = page.evaluate("window.__steps")
    shown = [s["seq"] for s in steps if s["seq"] > end_seq + 1]
    computer = list(range(end_seq + 2, mine["seq"] + 1))
    assert len(computer) >= 3
    assert shown == computer, "each of the computer's steps is shown, in order"
    times = {s["seq"]: s["at"] for s in steps}
    gaps = [times[b] - times[a] for a, b in zip(computer, computer[1:], strict=False)]
    assert min(gaps) >= PACE * 1000 * 0.85, f"steps shown too close together: {gaps}"

    played = [e["card"] for v in table.views if end_seq < v["seq"] <= mine["seq"]
              for e in v.get("events", []) if e["kind"] == "played" and e.get("player") == 1]
    on_table = page.locator(".base .minion[data-id]").evaluate_all(
        "els => els.map(e => e.dataset.id)")
    still = [c for c in played if c in on_table]
    assert still, f"the computer's minion is on the table ({played})"
    for card in still:
        expect(page.locator(f".minion[data-id={json.dumps(card)}]")).to_have_class(
            re.compile(r"\blast-move\b"))
    # the mark lasts until Ann's next decision
    table.choose(table.options()[-1])
    for card in still:
        expect(page.locator(f".minion[data-id={json.dumps(card)}]")).not_to_have_class(
            re.compile(r"\blast-move\b"))
    table.check_clean()


def test_skip_shows_the_computer_steps_at_once(paced: LiveServer,
                                              context: BrowserContext) -> None:
    """While the computer's steps are shown one by one, Skip asks the server to play on
    without its pace (it says so: pace 0 in the next views) until Ann decides again."""
    seed = computer_turn_seed(OPENING)
    game = paced.create({"seats": [{"kind": "human", "name": "Ann"}, {"kind": "easy"}],
                         "factions": OPENING, "seed": seed})
    table = Table(context.new_page()).open(seat_url(paced, game, 0))
    page = table.page
    table.choose("choice:keep")
    table.choose("end")
    skip = page.locator("#skip")
    expect(skip).to_be_visible()
    skip.click()
    assert '{"type":"hurry"}' in table.sent
    table.until(lambda: bool(table.views[-1]["options"]), "Ann's next decision")
    assert table.views[-1]["pace"] == 0.0
    expect(skip).to_be_hidden()
    table.choose(table.options()[-1])  # a person decided: the pace is back
    table.until(lambda: table.views[-1]["pace"] == PACE, "the pace again")
    table.check_clean()


def test_a_base_scoring_is_summed_up_until_dismissed(server: LiveServer,
                                                     context: BrowserContext) -> None:
    """Ann plays toward the base nearest its breakpoint. From the moment a base reaches its
    breakpoint it is marked as about to score; when one scores, a summary shows each
    player's power there, place and VP exactly as the scoring event gave them, then what
    followed; it stays through further decisions until Ann clicks OK. Each VP total has its
    reason beside it. A card of the discard pile opens its text in the details panel,
    which lies beside the options, never over them."""
    factions = [["dinosaurs", "robots"], ["pirates", "wizards"]]
    seed, decisions = scoring_seed(factions)
    game = server.create({"seats": [{"kind": "human", "name": "Ann"}, {"kind": "easy"}],
                          "factions": factions, "seed": seed})
    table = Table(context.new_page()).open(seat_url(server, game, 0))
    page = table.page

    def scored() -> list[dict[str, Any]]:
        return [e for v in table.views for e in v.get("events", []) if e["kind"] == "scored"]

    saw_breakpoint = False
    for _ in range(decisions + 10):
        if scored():
            break
        options = table.options()
        for bid, total, breakpoint in table.bases():
            if total >= breakpoint:
                expect(page.locator(f".base[data-id={json.dumps(bid)}]")).to_have_class(
                    re.compile(r"\bat-breakpoint\b"))
                saw_breakpoint = True
        table.choose(toward_scoring(options, table.bases()))
    event = scored()[0]
    summary = page.locator("#scoring")
    expect(summary).to_be_visible()
    expect(summary).to_have_attribute("data-base", event["base"])
    assert saw_breakpoint, "the base was marked from the moment it reached its breakpoint"
    for p, place in event["ranks"].items():
        row = summary.locator(f"tr[data-player='{p}']")
        expect(row.locator(".power")).to_have_text(str(event["powers"][p]))
        expect(row.locator(".place")).to_have_text(["1st", "2nd", "3rd", "4th"][place - 1])
        expect(row.locator(".vp")).to_have_text(f"{event['awards'].get(p, 0)} VP")
    # the VP totals say why they changed
    for p, vp in event["awards"].items():
        if vp:
            expect(page.locator(f".player[data-seat='{p}'] .vp-reason")).to_contain_text(
                f"VP from {page.locator('#scoring h2').inner_text().removesuffix(' scored')}")
    # it stays while the game goes on, until dismissed
    for _ in range(3):
        if table.views[-1]["stage"] != "play":
            break
        options = table.options()
        table.choose(toward_scoring(options, table.bases()))
        expect(summary).to_be_visible()
    summary.locator("button.dismiss").click()
    expect(summary).to_be_hidden()

    # a discard pile's card: its text in the details, which cover no option
    table.options()
    piles = page.locator("button.discard")
    pile = next(i for i in range(piles.count())
                if not piles.nth(i).inner_text().endswith(" 0"))
    piles.nth(pile).click()
    first = page.locator("#discard-view .discard-card .card-name").first
    card = first.get_attribute("data-card")
    first.click()
    page.locator("#discard-view .close").click()
    details = page.locator("#details")
    expect(details).to_be_visible()
    expect(details).to_have_attribute("data-id", card)
    text = page.evaluate(f"lookup({json.dumps(card)}).text")
    expect(details.locator(".details-text")).to_have_text(text or "No ability.")
    panel = details.bounding_box()
    for box in page.locator("#options button.option").evaluate_all(
            "els => els.map(e => { const r = e.getBoundingClientRect();"
            " return [r.left, r.top, r.right, r.bottom]; })"):
        overlaps = not (box[2] <= panel["x"] or box[0] >= panel["x"] + panel["width"]
                        or box[3] <= panel["y"] or box[1] >= panel["y"] + panel["height"])
        assert not overlaps, "the details panel covers an option"
    table.check_clean()


def test_click_a_card_then_a_minion_on_a_base_plays_it_there(
        server: LiveServer, context: BrowserContext) -> None:
    """Ann drags a minion of her hand onto a base: it is played there. On her next turn she
    clicks a minion of her hand and then a minion already on a base (not the base itself):
    hers is played on that base. The end of the phase has the key E both turns."""
    seed = computer_turn_seed(OPENING)
    game = server.create({"seats": [{"kind": "human", "name": "Ann"}, {"kind": "easy"}],
                          "factions": OPENING, "seed": seed})
    table = Table(context.new_page()).open(seat_url(server, game, 0))
    page = table.page
    table.choose("choice:keep")
    options = table.options()
    plays = [t for t in options if t.startswith("play ") and " @ base:" in t
             and t.split()[1].split("#")[0] in MINION_KEYS]
    minion, base = plays[0].split()[1], plays[0].split(" @ ")[1]
    expect(table.option("end")).to_have_attribute("data-key", "e")
    seq = table.last_seq()
    page.locator(f"#hand .card[data-id={json.dumps(minion)}]").drag_to(
        page.locator(f".base[data-id={json.dumps(base)}] .base-vp"))
    table.until(lambda: table.last_seq() > seq, "the drop to be played")
    expect(page.locator(f".base[data-id={json.dumps(base)}] .minion[data-id={json.dumps(minion)}]")
           ).to_have_count(1)
    table.choose("end")

    # the next Play Cards decision with a minion to play on a base that has a minion
    def ready() -> bool:
        texts = [o["text"] for o in table.views[-1]["options"]]
        if "end" not in texts:
            return False
        obs = table.views[-1]["observation"]
        occupied = {b["id"] for b in obs["bases"] if b["minions"]}
        return any(t.startswith("play ") and t.split(" @ ")[-1] in occupied
                   and t.split()[1].split("#")[0] in MINION_KEYS for t in texts)

    play_on(table, lambda o: "end" if "end" in o else "pass" if "pass" in o else o[0], ready)
    options = table.options()
    expect(table.option("end")).to_have_attribute("data-key", "e")
    obs = table.views[-1]["observation"]
    occupied = {b["id"]: b["minions"][0]["id"] for b in obs["bases"] if b["minions"]}
    play = next(t for t in options if t.startswith("play ") and t.split(" @ ")[-1] in occupied
                and t.split()[1].split("#")[0] in MINION_KEYS)
    mine, target = play.split()[1], play.split(" @ ")[1]
    seq = table.last_seq()
    page.locator(f"#hand .card[data-id={json.dumps(mine)}] .card-type").click()
    page.locator(f".base[data-id={json.dumps(target)}] "
                 f".minion[data-id={json.dumps(occupied[target])}] .power").click()
    table.until(lambda: table.last_seq() > seq, "the play to be taken")
    expect(page.locator(f".base[data-id={json.dumps(target)}] .minion[data-id={json.dumps(mine)}]")
           ).to_have_count(1)
    table.check_clean()


def test_the_option_list_says_how_many_options_are_below(
        server: LiveServer, browser: Browser) -> None:
    """On a short screen the first Play Cards decision has more options than fit: the page
    says how many are out of sight, and the count drops to none once scrolled to the end."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 560})
    ctx.set_default_timeout(WAIT_MS)
    try:
        game = server.create({"seats": [{"kind": "human", "name": "Ann"}, {"kind": "easy"}],
                              "factions": OPENING, "seed": computer_turn_seed(OPENING)})
        table = Table(ctx.new_page()).open(seat_url(server, game, 0))
        page = table.page
        table.choose("choice:keep")
        options = table.options()
        box = page.locator("#options")
        hidden = box.evaluate("""b => {
            const edge = b.getBoundingClientRect().bottom;
            return [...b.querySelectorAll('button.option')].filter(o => {
              const r = o.getBoundingClientRect();
              return r.top + r.height / 2 > edge;
            }).length; }""")
        assert len(options) > 6 and hidden > 0, "the options do not overflow on this screen"
        expect(page.locator("#options-more")).to_have_text(re.compile(f"^{hidden} more option"))
        box.evaluate("b => { b.scrollTop = b.scrollHeight; }")
        expect(page.locator("#options-more")).to_be_hidden()
        table.check_clean()
    finally:
        ctx.close()


def test_a_duel_shows_both_minions_their_powers_and_the_face_down_cards(
        server: LiveServer, context: BrowserContext) -> None:
    """The duel panel, drawn from an observation of a duel under way (two minions of
    different players, both sides with a card placed; the seat's own card named, the other's
    face down): it stands over the bases with each minion's name and power."""
    game = server.create({"seats": [{"kind": "human", "name": "Ann"}, {"kind": "easy"}],
                          "factions": OPENING, "seed": 3})
    table = Table(context.new_page()).open(seat_url(server, game, 0))
    page = table.page
    table.options()
    view = table.views[-1]
    obs = view["observation"]
    hand = obs["hand"]
    # put a duel on the page's own view: Ann's first hand minion against one of Player 2's
    drawn = page.evaluate("""([hand]) => {
      const view = currentView();
      const obs = view.observation;
      const base = obs.bases[0];
      const a = { id: hand[0], controller: 0, owner: 0, power: 7, printed_power: 4 };
      const b = { id: "zombies/walker#1", controller: 1, owner: 1, power: 2, printed_power: 2 };
      base.minions = [a, b];
      obs.duel = { minions: [a.id, b.id], slot: 0, controllers: [0, 1], placed: [true, true],
                   mine: [hand[1]] };
      render();
      const panel = document.querySelector("#bases .duel");
      return panel ? panel.innerText : null;
    }""", [hand])
    assert drawn is not None
    duel = page.locator("#bases .duel")
    sides = duel.locator(".duel-side")
    expect(sides).to_have_count(2)
    expect(sides.nth(0).locator(".duel-power")).to_have_text("7")
    expect(sides.nth(1).locator(".duel-power")).to_have_text("2")
    expect(sides.nth(1)).to_contain_text("Walker")
    expect(sides.nth(0).locator(".duel-card.face-down")).to_contain_text(
        page.evaluate(f"nameOf({json.dumps(hand[1])})"))
    expect(sides.nth(1).locator(".duel-card.face-down")).to_have_text("A card face down")
    table.check_clean()


def test_on_a_phone_the_bases_come_before_the_hand_and_a_long_text_reads_in_full(
        server: LiveServer, browser: Browser) -> None:
    """At 390×844 the bases come before the hand, the hand is a strip, tapping a card's name
    shows its whole text (the longest in the hand) in a sheet, and the player panels cut no
    name short."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                              is_mobile=True)
    ctx.set_default_timeout(WAIT_MS)
    try:
        game = server.create({"seats": [{"kind": "human", "name": "Annabel Longname-Smith"},
                                        {"kind": "easy", "name": "Bartholomew the Third"}],
                              "factions": OPENING, "seed": 3})
        table = Table(ctx.new_page()).open(seat_url(server, game, 0))
        page = table.page
        table.options()
        bases = page.locator("#bases").bounding_box()
        hand = page.locator("#hand-area").bounding_box()
        assert bases and hand and bases["y"] + bases["height"] <= hand["y"] + 1
        ids = table.hand()
        texts = {i: page.evaluate(f"(lookup({json.dumps(i)}) || {{}}).text || ''") for i in ids}
        longest = max(ids, key=lambda i: len(texts[i]))
        page.locator(f"#hand .card[data-id={json.dumps(longest)}] .card-name").tap()
        details = page.locator("#details")
        expect(details).to_be_visible()
        expect(details.locator(".details-text")).to_have_text(texts[longest] or "No ability.")
        fits = details.evaluate("""d => {
            const r = d.getBoundingClientRect();
            const scrolls = getComputedStyle(d).overflowY === 'auto';
            return r.top >= 0 && r.bottom <= window.innerHeight + 1
              && (d.scrollHeight <= d.clientHeight + 1 || scrolls); }""")
        assert fits, "the whole text can be read in the sheet"
        cut = page.locator(".player .name, .player .factions, .power-chip .who").evaluate_all(
            "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)")
        assert not cut, f"cut short: {cut}"
        table.check_clean()
    finally:
        ctx.close()


def eager(texts: list[str]) -> str:
    """A person who plays whatever they can and says yes to everything: keep, the first
    play, else the first option that is not a refusal."""
    if "choice:keep" in texts:
        return "choice:keep"
    plays = [t for t in texts if t.startswith("play ")]
    if plays:
        return plays[0]
    return next((t for t in texts if t not in ("end", "pass", "skip", "done", "no")), texts[0])


ID = re.compile(r"\b[a-z0-9@-]+/[a-z0-9-]+#\d+")


def names_discarded(game: Game, _: list[dict[str, Any]]) -> bool:
    """Does the person decide now among cards of a discard pile?"""
    if not person_decides(game):
        return False
    discards = {c for pile in game.observation(0)["discards"] for c in pile}
    return any(i in discards for t in game.action_texts() for i in ID.findall(t))


def test_a_choice_among_discarded_cards_shows_their_texts(
        server: LiveServer, context: BrowserContext) -> None:
    """Ann, playing eagerly, is asked to pick cards of her discard pile (the engine found the
    seed): under the options the page lists each card the choice names from outside the
    table and her hand, with its text; a click on a name opens that text in the details."""
    factions = [["zombies", "aliens"], ["robots", "ninjas"]]
    found = next(((seed, r[1]) for seed in range(1, 40)
                  if (r := replay(factions, seed, lambda g: eager(g.action_texts()),
                                  names_discarded, most=40))), None)
    assert found, "no seed asks about discarded cards"
    seed, decisions = found
    game = server.create({"seats": [{"kind": "human", "name": "Ann"}, {"kind": "easy"}],
                          "factions": factions, "seed": seed})
    table = Table(context.new_page()).open(seat_url(server, game, 0))
    page = table.page
    for _ in range(decisions):
        table.choose(eager(table.options()))
    options = table.options()
    obs = table.views[-1]["observation"]
    discards = {c for pile in obs["discards"] for c in pile}
    named = [i for t in options for i in ID.findall(t) if i in discards]
    assert named
    offered = page.locator("#offered .offered-card")
    shown = offered.evaluate_all("els => els.map(e => e.dataset.card)")
    assert set(named) <= set(shown)
    card = named[0]
    text = page.evaluate(f"lookup({json.dumps(card)}).text") or "No ability."
    entry = page.locator(f"#offered .offered-card[data-card={json.dumps(card)}]")
    expect(entry.locator(".card-text")).to_have_text(text)
    entry.locator(".card-name").click()
    expect(page.locator("#details")).to_have_attribute("data-id", card)
    expect(page.locator("#details .details-text")).to_have_text(text)
    table.check_clean()


def minion_powers(game: Game) -> dict[str, int]:
    return {m["id"]: m.get("power", m.get("printed_power"))
            for b in game.observation(0)["bases"] for m in b["minions"]}


def test_a_power_change_is_marked_on_the_minion(server: LiveServer,
                                                context: BrowserContext) -> None:
    """Ann plays eagerly until one of her decisions changes the power of a minion already on
    the table (the engine found the seed): when she decides next, that minion is marked and
    shows the change (+1, say), until she decides again."""
    factions = [["tricksters", "dinosaurs"], ["robots", "ninjas"]]
    before: dict[str, int] = {}
    change: dict[str, int] = {}

    def policy(game: Game) -> str:
        before.clear()
        before.update(minion_powers(game))
        return eager(game.action_texts())

    def changed(game: Game, _: list[dict[str, Any]]) -> bool:
        if not person_decides(game) or not before:
            return False
        now = minion_powers(game)
        change.clear()
        change.update({i: now[i] - before[i] for i in now if i in before and now[i] != before[i]})
        return bool(change)

    found = None
    for seed in range(1, 40):
        before.clear()
        if (r := replay(factions, seed, policy, changed, most=30)):
            found = seed, r[1]
            break
    assert found, "no seed changes a minion's power"
    seed, decisions = found
    game = server.create({"seats": [{"kind": "human", "name": "Ann"}, {"kind": "easy"}],
                          "factions": factions, "seed": seed})
    table = Table(context.new_page()).open(seat_url(server, game, 0))
    page = table.page
    for _ in range(decisions):
        table.choose(eager(table.options()))
    table.options()
    for card, delta in change.items():
        minion = page.locator(f".minion[data-id={json.dumps(card)}]")
        expect(minion).to_have_class(re.compile(r"\bpower-changed\b"))
        expect(minion.locator(".power-delta")).to_have_text(f"{delta:+d}")
    table.check_clean()
