"""The lobby, the draft, the help dialog and accessibility in a real Chromium (issue 31):
two players can't share a name, the spectators' link is always given, a phone cuts nothing
in the lobby, the draft shows a faction's cards before it is picked, the help dialog
explains the rules from ``smashup.help_topics``, axe-core finds no serious or critical
accessibility violation, and a whole game is created, drafted and played with the keyboard
alone.

It drives Debian's Chromium like ``browser_test.py`` (whose helpers it uses); axe-core's
script comes inside the ``axe-playwright-python`` package, so nothing is fetched.
"""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import browser_test
import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_test import WAIT_MS, Table, at_lobby, seat_url
from playwright.sync_api import BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from smashup.help_topics import topic
from smashup.server.catalog import catalog as server_catalog
from smashup.server.live import LiveServer

# browser_test.py's fixtures: a loopback server, Debian's Chromium, a 1280×800 context
server = browser_test.server
browser = browser_test.browser
context = browser_test.context


PHONE = {"width": 390, "height": 844}
BLOCKING = ("serious", "critical")


def internal_names() -> re.Pattern[str]:
    """What a player must never read on the page: card instance ids, base and rule keys,
    and the keys of sets and factions (their printed names are shown instead)."""
    factions = server_catalog()["factions"]
    keys = {f["set"] for f in factions} | {f["key"] for f in factions}
    slugs = "|".join(re.escape(k) for k in sorted(keys) if "-" in k or "@" in k)
    return re.compile(r"\b[a-z0-9@-]+/[a-z0-9-]+#\d+|\bbase:[a-z0-9]|\brule:[a-z]"
                      rf"|\b(?:{slugs})\b")


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now (every rule axe runs by default)."""
    found: list[dict[str, Any]] = Axe().run(page).response["violations"]
    return found


def assert_no_blocking_violation(page: Page, where: str) -> None:
    bad = [f"{v['impact']} {v['id']}: {[n['target'] for n in v['nodes']]}"
           for v in axe_violations(page) if v["impact"] in BLOCKING]
    assert not bad, f"{where}: {bad}"


def catalog(server: LiveServer) -> dict[str, Any]:
    with urllib.request.urlopen(server.url + "/api/catalog", timeout=10) as answer:
        loaded: dict[str, Any] = json.loads(answer.read())
    return loaded


def tab_to(page: Page, element_id: str, presses: int = 40) -> None:
    """Press Tab until the element ``element_id`` has the focus."""
    for _ in range(presses):
        if page.evaluate("document.activeElement && document.activeElement.id") == element_id:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached #{element_id}")


# ---- the lobby --------------------------------------------------------------------------------


def test_two_players_cannot_have_the_same_name(server: LiveServer,
                                               context: BrowserContext) -> None:
    """Typing a name another seat already has marks both the field and the form; Create
    game then creates nothing and says why. An empty name stands for its placeholder, so
    naming player 1 "player 2" clashes with an unnamed player 2 too."""
    page = at_lobby(server, context).page
    before = len(server.store.games())
    page.fill("#seat-name-0", "Ann")
    page.fill("#seat-name-1", "ann")
    note = page.locator("#name-error")
    expect(note).to_contain_text("can't have the same name")
    expect(page.locator("#seat-name-1")).to_have_attribute("aria-invalid", "true")
    page.click("#create-game")
    expect(page.locator("#lobby-error")).to_contain_text("player 1 and player 2")
    expect(page.locator("#seat-name-1")).to_be_focused()
    page.fill("#seat-name-1", "")
    page.fill("#seat-name-0", "Player 2")
    expect(note).to_contain_text('"Player 2"')
    page.fill("#seat-name-0", "Ann")
    expect(note).to_be_hidden()
    expect(page.locator("#seat-name-1")).not_to_have_attribute("aria-invalid", "true")
    assert len(server.store.games()) == before


def test_the_server_refusal_of_a_shared_name_reaches_the_form(
        server: LiveServer, context: BrowserContext) -> None:
    """Should the page's own check be missed (an old page, say), the server's refusal is
    shown in the form with the field it names focused, and no game is stored."""
    page = at_lobby(server, context).page
    before = len(server.store.games())
    page.fill("#seat-name-0", "Ann")
    page.fill("#seat-name-1", "Bob")
    # the name changes after the page's check, as a page that skipped it would send it
    page.evaluate("""() => {
        const original = window.fetch;
        window.fetch = (url, init) => {
            const body = JSON.parse(init.body);
            body.seats[1].name = "ANN";
            return original(url, {...init, body: JSON.stringify(body)});
        };
    }""")
    page.click("#create-game")
    expect(page.locator("#lobby-error")).to_contain_text("two players can't have the same name")
    expect(page.locator("#seat-name-1")).to_be_focused()
    assert len(server.store.games()) == before


def test_the_spectators_link_is_given_even_with_nobody_to_invite(
        server: LiveServer, context: BrowserContext) -> None:
    """Ann against the computer: the links page still lists the spectators' link (the plain
    game address, no token), which opens the table as a spectator."""
    page = at_lobby(server, context).page
    page.fill("#seat-name-0", "Ann")
    page.select_option("#seat-kind-1", "easy")
    page.click("#create-game")
    invites = page.locator("#invite-list .invite")
    expect(invites).to_have_count(2)
    expect(invites.nth(1)).to_contain_text("Spectators")
    watch = invites.nth(1).locator(".invite-url").inner_text()
    assert re.fullmatch(re.escape(server.url) + r"/game/[^/#]+", watch), watch
    expect(page.locator("#invitations-title")).to_be_focused()
    seat = invites.nth(0).locator(".invite-url").inner_text()
    assert seat.startswith(watch + "#token=")
    spectator = Table(context.new_page()).open(watch)
    expect(spectator.page.locator("#spectator-note")).to_be_visible()


def cut_short(page: Page) -> list[str]:
    """Everything in the lobby whose text does not fit: a select too narrow for one of its
    options' text, a field or link wider than its box, or a page wider than the screen."""
    cut: list[str] = page.evaluate("""() => {
        const cut = [];
        const probe = document.createElement("span");
        probe.style.cssText = "position:absolute;visibility:hidden;white-space:pre";
        document.body.append(probe);
        for (const select of document.querySelectorAll("#lobby select")) {
            if (!select.offsetParent) continue;
            const style = getComputedStyle(select);
            probe.style.font = style.font;
            // the text's room: the box less its padding and the arrow (Chromium's takes
            // 20 px beside 15 px text; 1.25em is a little less, so a select just wide
            // enough passes and one cut by a letter does not)
            const room = select.clientWidth - parseFloat(style.paddingLeft)
                - parseFloat(style.paddingRight) - 1.25 * parseFloat(style.fontSize);
            for (const option of select.options) {
                probe.textContent = option.textContent;
                if (probe.offsetWidth > room) cut.push(`${select.id}: ${option.textContent}`);
            }
        }
        probe.remove();
        for (const node of document.querySelectorAll(
                "#lobby input[type=text], #lobby .invite-url, #lobby label, #lobby h1, "
                + "#lobby h2, #lobby p")) {
            if (node.offsetParent && node.scrollWidth > node.clientWidth + 1) {
                cut.push(node.id || node.className || node.tagName);
            }
        }
        if (document.documentElement.scrollWidth > window.innerWidth) cut.push("the page");
        return cut;
    }""")
    return cut


@pytest.mark.parametrize("size", [PHONE, {"width": 1280, "height": 800}],
                         ids=["phone", "desktop"])
def test_nothing_in_the_lobby_is_cut_short(server: LiveServer, context: BrowserContext,
                                           size: dict[str, int]) -> None:
    """On a phone (390×844) as on a laptop, with four seats (the most rows) and a long name,
    every select shows the whole text of each of its options, nothing overflows its box and
    the page does not scroll sideways; after Create game, each link is shown whole."""
    page = at_lobby(server, context).page
    page.set_viewport_size(size)
    page.select_option("#player-count", "4")
    page.select_option("#base-choice", "sets")
    page.fill("#seat-name-0", "Annabelle Wolstenholme")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-kind-{seat}", "human")
    assert cut_short(page) == []
    page.select_option("#mode", "draft")
    page.click("#create-game")
    links = page.locator("#invite-list .invite-url")
    expect(links).to_have_count(5)  # four seats and the spectators'
    assert cut_short(page) == []
    for text in links.all_inner_texts():
        assert text.startswith(server.url + "/game/")
    assert_no_blocking_violation(page, "the links page")


# ---- the draft --------------------------------------------------------------------------------


def test_the_draft_shows_a_factions_cards_before_it_is_picked(
        server: LiveServer, context: BrowserContext) -> None:
    """Ann's draft pick: clicking a faction shows its twenty cards (minions with their
    power, each card's text) and picks nothing; the "Pick …" button under them picks it."""
    game = server.create({"seats": [{"kind": "human", "name": "Ann"},
                                    {"kind": "human", "name": "Bob"}], "mode": "draft"})
    tables = [Table(context.new_page()).open(seat_url(server, game, seat)) for seat in (0, 1)]
    for table in tables:
        table.until(lambda t=table: bool(t.views), "the first view")
        expect(table.page.locator("#draft")).to_be_visible()
    picker = next(t for t in tables
                  if t.views and t.views[-1]["draft"]["current"] == t.views[-1]["seat"])
    page = picker.page
    seq = picker.last_seq()
    page.locator("#draft button.faction[data-key='aliens']").click()
    preview = page.locator("#draft .faction-preview")
    expect(preview).to_contain_text("Aliens")
    aliens = [c for c in catalog(server)["factions"] if c["key"] == "aliens"][0]["cards"]
    expect(preview.locator(".preview-card")).to_have_count(len(aliens))
    copies = preview.locator(".copies").all_inner_texts()
    assert sum(int(c.rstrip("×")) for c in copies) == 20
    expect(preview).to_contain_text("Invader")
    expect(preview).to_contain_text("minion, power 3")
    page.wait_for_timeout(300)
    assert picker.last_seq() == seq, "looking at a faction picked it"
    assert_no_blocking_violation(page, "the draft with a faction's cards")
    confirm = page.locator("#draft-confirm")
    expect(confirm).to_have_text("Pick Aliens")
    confirm.click()
    picker.until(lambda: picker.last_seq() > seq, "the pick")
    assert "aliens" in picker.views[-1]["draft"]["picks"][picker.views[-1]["seat"]]
    # the other seat, whose pick it is now, saw none of this; a seat off its turn may look
    # at a faction's cards but gets no Pick button
    idle = picker.page
    idle.locator("#draft button.faction").first.click()
    expect(idle.locator("#draft .faction-preview")).to_be_visible()
    expect(idle.locator("#draft-confirm")).to_have_count(0)
    for table in tables:
        table.check_clean()


# ---- the help dialog --------------------------------------------------------------------------


def test_the_help_dialog_explains_the_mechanics_from_the_shared_topics(
        server: LiveServer, context: BrowserContext) -> None:
    """"?" opens the help with the focus in it: the keys, the spectators' link and the
    rules topics of smashup.help_topics (the terminal's help shows the same), among them
    duels, burying, stasis, stored cards and counters. A topic opens with Enter; Escape
    closes the dialog and the focus goes back where it was."""
    game = server.create({"seats": [{"kind": "human", "name": "Ann"}, {"kind": "easy"}],
                          "factions": [["aliens", "ninjas"], ["robots", "zombies"]],
                          "seed": 4})
    table = Table(context.new_page()).open(seat_url(server, game, 0))
    page = table.page
    table.options()
    page.keyboard.press("?")
    dialog = page.locator("#help")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".close")).to_be_focused()
    summaries = dialog.locator(".help-topic summary")
    for key in ("duels", "burying", "stasis", "stored", "counters", "scoring"):
        expect(dialog.locator(f".help-topic[data-topic='{key}'] summary")).to_have_text(
            topic(key).title)
    expect(summaries).to_have_count(len(summaries.all_inner_texts()))
    expect(dialog.locator("#help-watch-link")).to_have_text(f"{server.url}/game/{game['id']}")
    duels = dialog.locator(".help-topic[data-topic='duels']")
    duels.locator("summary").focus()
    page.keyboard.press("Enter")
    first_paragraph = topic("duels").body.split("\n\n")[0]
    expect(duels.locator("p").first).to_have_text(first_paragraph)
    expect(dialog).to_contain_text("Tab and Shift+Tab")
    assert_no_blocking_violation(page, "the help dialog")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    table.check_clean()


# ---- accessibility ----------------------------------------------------------------------------


@pytest.mark.parametrize("size", [{"width": 1280, "height": 800}, PHONE],
                         ids=["desktop", "phone"])
def test_axe_finds_no_serious_violation_in_the_lobby_and_at_the_table(
        server: LiveServer, context: BrowserContext, size: dict[str, int]) -> None:
    """axe-core's default rules (WCAG 2.x A and AA, contrast included) on the lobby, the
    links page, and the table a few decisions into a game (cards in play, the log filled):
    no violation of serious or critical impact."""
    table = at_lobby(server, context)
    page = table.page
    page.set_viewport_size(size)
    assert_no_blocking_violation(page, "the lobby")
    page.fill("#seat-name-0", "Ann")
    page.select_option("#seat-kind-1", "human")
    page.click("#create-game")
    expect(page.locator("#invitations")).to_be_visible()
    assert_no_blocking_violation(page, "the links page")
    game = server.create({"seats": [{"kind": "human", "name": "Ann"},
                                    {"kind": "easy", "name": "Robo"}],
                          "factions": [["aliens", "ninjas"], ["robots", "zombies"]],
                          "seed": 4})
    table = Table(page).open(seat_url(server, game, 0))
    for _ in range(12):
        shown = table.options()
        table.choose(next((t for t in shown if t.startswith("play")), shown[0]))
    table.options()
    assert_no_blocking_violation(page, "the table")


def test_a_whole_game_is_played_with_the_keyboard_alone(server: LiveServer,
                                                        context: BrowserContext) -> None:
    """Only key presses, from the lobby to the result: Tab through the form (Ann, an easy
    computer, the Queensberry draft), Enter on Create game and on "Open my seat"; in the
    draft a digit shows a faction's cards and Enter picks it; at the table a digit picks
    one of the first ten options, or "o" goes to the options, Tab moves down them and Enter
    chooses (every other decision is made that way). The game ends with a winner."""
    page = context.new_page()
    table = Table(page)
    page.goto(server.url + "/")
    page.locator("#seat-kind-1").wait_for()
    keys = page.keyboard
    tab_to(page, "seat-name-0")
    keys.type("Ann")
    tab_to(page, "seat-kind-1")
    keys.press("ArrowUp")  # Computer (normal) -> Computer (easy)
    tab_to(page, "mode")
    keys.press("End")  # the last: the draft
    assert page.eval_on_selector("#seat-kind-1", "e => e.value") == "easy"
    assert page.eval_on_selector("#mode", "e => e.value") == "draft"
    tab_to(page, "create-game")
    keys.press("Enter")
    expect(page.locator("#invitations-title")).to_be_focused()
    tab_to(page, "open-seat")
    keys.press("Enter")
    page.wait_for_url(re.compile(r"/game/[^/#]+#token=.+"))
    table.wait_connected()

    # the draft: a digit shows a faction's cards (the Pick button takes the focus), Enter picks
    for _ in range(8):
        table.until(lambda: bool(table.views), "the first view")
        view = table.views[-1]
        if view["stage"] != "draft":
            break
        if view["draft"]["current"] == view["seat"]:
            keys.press("1")
            expect(page.locator("#draft-confirm")).to_be_focused()
            expect(page.locator("#draft .preview-card").first).to_be_visible()
            keys.press("Enter")
        table.until(lambda seq=view["seq"]: table.views[-1]["seq"] > seq,
                    "the next pick")
    assert table.views[-1]["stage"] == "play"
    assert len(table.views[-1]["observation"]["factions"][0]) == 2

    decisions = 0
    internal = internal_names()
    for _ in range(800):
        if table.views[-1]["stage"] == "over":
            break
        if decisions % 4 == 0:  # what the page shows now: options, log, table, details
            shown_text = page.locator("body").inner_text()
            assert not internal.search(shown_text), internal.search(shown_text)
        try:
            shown = table.options(timeout=3000)
        except PlaywrightTimeout:  # the computer decides, or the game is over
            continue
        choice = next((t for t in shown if t.startswith("play")), shown[0])
        index = shown.index(choice)
        seq, refused = table.deciding, len(table.refusals)
        if index < 10 and decisions % 2 == 0:
            keys.press(str((index + 1) % 10))
        else:
            keys.press("o")
            for _ in range(index):
                keys.press("Tab")
            focused = page.evaluate("document.activeElement.dataset.text")
            assert focused == choice, (focused, choice)
            keys.press("Enter")
        table.until(lambda seq=seq, refused=refused: (
            table.views[-1]["seq"] > seq or len(table.refusals) > refused),
            f"the server to take {choice!r}", timeout=WAIT_MS)
        assert len(table.refusals) == refused, table.refusals[-1]
        decisions += 1
    last = table.views[-1]
    assert last["stage"] == "over", f"no end after {decisions} decisions"
    assert max(last["observation"]["vp"]) >= 15
    expect(page.locator("#result")).to_be_visible()
    table.check_clean()
