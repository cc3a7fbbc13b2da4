// The browser client of `smashup serve`: the lobby at "/" and the table at "/game/{id}".
// The wire protocol is described in docs/web-protocol.md.
//
// Everything the server or a player wrote (names, card texts, log lines) goes into the page
// through textContent or attribute values only, never as HTML: player names are untrusted.
"use strict";

/* ---------------------------------------------------------------------------------------- */
/* Shared constants and helpers                                                              */
/* ---------------------------------------------------------------------------------------- */

const PLAYER_COLOURS = ["#ff6f6f", "#6fa8ff", "#7ddc6f", "#f2d35b"];
const WINNING_VP = 15;

const KIND_LABELS = {
  human: "Person",
  easy: "Computer (easy)",
  normal: "Computer (normal)",
  hard: "Computer (hard)",
  expert: "Computer (expert)",
};

const MODE_LABELS = {
  random: "Random factions",
  choose: "Choose: each player picks two",
  draft: "Draft: Kickin' It Queensberry",
};

const PHASE_LABELS = {
  start: "Start of turn",
  mulligan: "Mulligan",
  play: "Play Cards",
  score: "Score Bases",
  draw: "Draw",
  end: "End of turn",
  over: "Game over",
};

const TOAST_MS = 4000;
/** A card or base id inside a text: "base:tortuga", "aliens/invader#2". */
const ID_PATTERN = /\bbase:[a-z0-9-]+|\b[a-z0-9@-]+\/[a-z0-9-]+#\d+/g;
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 5000;
const PING_EVERY_MS = 25000;

/** The catalog from /api/catalog, once loaded: card and base texts, factions, choices. */
let catalog = null;

/**
 * Build an element. `props` may hold: className, text (textContent), dataset (object),
 * attrs (object of attributes), style (object of CSS custom properties or styles), title,
 * type, on (object of event listeners). Children are nodes or strings (added as text).
 */
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  if (props.className) node.className = props.className;
  if (props.text !== undefined && props.text !== null) node.textContent = String(props.text);
  if (props.title) node.title = props.title;
  if (props.type) node.type = props.type;
  for (const [key, value] of Object.entries(props.dataset || {})) {
    if (value !== undefined && value !== null) node.dataset[key] = String(value);
  }
  for (const [key, value] of Object.entries(props.attrs || {})) {
    if (value !== undefined && value !== null && value !== false) {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const [key, value] of Object.entries(props.style || {})) {
    node.style.setProperty(key, value);
  }
  for (const [event, handler] of Object.entries(props.on || {})) {
    node.addEventListener(event, handler);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Remove every child of a node. */
function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

function $(id) {
  return document.getElementById(id);
}

function colourOf(seat) {
  return PLAYER_COLOURS[((seat % 4) + 4) % 4];
}

async function loadCatalog() {
  const response = await fetch("/api/catalog", { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`the catalog could not be loaded (${response.status})`);
  catalog = await response.json();
  return catalog;
}

/** The catalog entry of a card instance ("aliens/invader#2") or a base ("base:tortuga"). */
function lookup(id) {
  if (!catalog || typeof id !== "string") return null;
  if (id.startsWith("base:")) return (catalog.bases || {})[id.slice(5)] || null;
  return (catalog.cards || {})[id.split("#")[0]] || null;
}

/** A card's or base's name for people; "face-down card" for one hidden from this seat. */
function nameOf(id) {
  if (id === "hidden" || id === null || id === undefined) return "face-down card";
  const entry = lookup(id);
  return entry ? entry.name : id;
}

function factionName(key) {
  const found = ((catalog && catalog.factions) || []).find((f) => f.key === key);
  const name = found ? found.name : key;
  // a printing variant ("tricksters@original") shares its faction's name: say which it is
  const variant = key.includes("@") ? key.split("@")[1] : "";
  return variant && !name.toLowerCase().includes(variant) ? `${name} (${variant} printing)` : name;
}

/** A set's name by its key ("cease-and-desist" -> "Cease and Desist"). */
function setName(key) {
  const found = ((catalog && catalog.base_sets) || []).find((s) => s.key === key);
  return found ? found.name : key;
}

/** Whose a card in play is: its controller, else its owner. */
function holderOf(card) {
  return card.controller !== undefined ? card.controller : card.owner;
}

/** The name of the set a faction comes from ("Cease and Desist"). */
function factionSet(key) {
  const found = ((catalog && catalog.factions) || []).find((f) => f.key === key);
  return found ? found.set_name || found.set : "";
}

function ordinal(n) {
  return ["1st", "2nd", "3rd", "4th"][n] || `${n + 1}th`;
}

function start() {
  const match = location.pathname.match(/^\/game\/([^/]+)\/?$/);
  if (match) {
    startTable(decodeURIComponent(match[1]));
  } else {
    startLobby();
  }
}

document.addEventListener("DOMContentLoaded", start);

/* ---------------------------------------------------------------------------------------- */
/* Lobby                                                                                     */
/* ---------------------------------------------------------------------------------------- */

async function startLobby() {
  document.body.classList.add("on-lobby");
  $("lobby").hidden = false;
  try {
    await loadCatalog();
  } catch (err) {
    $("lobby-loading").textContent = `Sorry: ${err.message}. Reload the page to try again.`;
    return;
  }
  $("lobby-loading").hidden = true;
  fillSelect($("mode"), (catalog.modes || ["random"]).map((m) => [m, MODE_LABELS[m] || m]));
  fillSelect($("base-choice"), [["factions", "Bases of the chosen factions' sets"],
    ["all", "Every set's bases"], ["sets", "Bases of the sets I tick…"]]);
  for (const set of catalog.base_sets || []) {
    const box = el("input", { type: "checkbox", attrs: { value: set.key, id: `base-set-${set.key}` } });
    box.checked = set.key === "core";
    $("base-sets").append(el("label", { className: "base-set", attrs: { for: `base-set-${set.key}` } },
      box, ` ${set.name}`));
  }
  $("base-choice").addEventListener("change", () => {
    $("base-sets").hidden = $("base-choice").value !== "sets";
  });
  const count = $("player-count");
  count.addEventListener("change", () => renderSeatRows(Number(count.value)));
  renderSeatRows(Number(count.value));
  $("new-game").addEventListener("submit", (event) => {
    event.preventDefault();
    createGame();
  });
}

function fillSelect(select, pairs) {
  clear(select);
  for (const [value, label] of pairs) {
    select.append(el("option", { text: label, attrs: { value } }));
  }
}

/** One row per seat (kind and name); rows kept from before keep what was typed. */
function renderSeatRows(count) {
  const box = $("seats");
  const rows = [...box.querySelectorAll(".seat-row")];
  rows.slice(count).forEach((row) => row.remove());
  const levels = (catalog && catalog.levels) || ["easy", "normal", "hard"];
  const kinds = ["human", ...levels];
  for (let seat = rows.length; seat < count; seat++) {
    const kind = el("select", {
      className: "seat-kind",
      attrs: { id: `seat-kind-${seat}`, "aria-label": `Player ${seat + 1}: who plays` },
    });
    fillSelect(kind, kinds.map((k) => [k, KIND_LABELS[k] || `Computer (${k})`]));
    // the first seat is you; the others default to the computer, which needs no invitation
    kind.value = seat === 0 ? "human" : levels.includes("normal") ? "normal" : levels[0];
    const name = el("input", {
      className: "seat-name",
      type: "text",
      attrs: {
        id: `seat-name-${seat}`,
        placeholder: `Player ${seat + 1}`,
        maxlength: 24,
        "aria-label": `Player ${seat + 1}: name`,
      },
    });
    name.addEventListener("input", checkSeatNames);
    box.append(el("div", {
      className: "seat-row",
      dataset: { seat },
      style: { "--pc": colourOf(seat) },
    }, el("span", { className: "seat-label", text: `Player ${seat + 1}` }), kind, name));
  }
  checkSeatNames();
}

/** The bases field as the server wants it: "factions", "all" or the list of sets ticked. */
function basesValue(value) {
  if (value !== "sets") return value;
  return [...document.querySelectorAll("#base-sets input:checked")].map((box) => box.value);
}

async function createGame() {
  const error = $("lobby-error");
  error.hidden = true;
  const clash = checkSeatNames();
  if (clash) {
    showLobbyError(clash);
    document.querySelector("#seats .seat-name[aria-invalid='true']").focus();
    return;
  }
  const seats = [...document.querySelectorAll("#seats .seat-row")].map((row) => ({
    kind: row.querySelector(".seat-kind").value,
    name: row.querySelector(".seat-name").value.trim(),
  }));
  const body = {
    seats,
    mode: $("mode").value,
    bases: basesValue($("base-choice").value),
    hotseat: $("hotseat").checked,
  };
  const button = $("create-game");
  button.disabled = true;
  let response;
  let data = {};
  try {
    response = await fetch("/api/games", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    data = await response.json().catch(() => ({}));
  } catch (err) {
    showLobbyError(`The server could not be reached: ${err.message}`);
    button.disabled = false;
    return;
  }
  button.disabled = false;
  if (!response.ok) {
    showLobbyError(data.error || `The game could not be created (${response.status}).`);
    return;
  }
  showInvitations(data, body.hotseat);
}

function showLobbyError(message) {
  const error = $("lobby-error");
  error.textContent = message;
  error.hidden = false;
  // the name the server refused (its message says "seats[1]: ...") gets the focus
  const seat = /^seats\[(\d+)\]/.exec(message);
  const field = seat ? $(`seat-name-${seat[1]}`) : null;
  if (field) {
    field.setAttribute("aria-invalid", "true");
    field.focus();
  }
}

/**
 * Two seats may not have the same name (the server refuses it too: every prompt and log
 * line names players). Marks the clashing name fields and says which; returns the sentence,
 * or "" when every name differs. An empty field stands for its placeholder ("Player 2").
 */
function checkSeatNames() {
  const fields = [...document.querySelectorAll("#seats .seat-name")];
  const names = fields.map((field) => (field.value.trim() || field.placeholder).replace(/\s+/g, " "));
  const seen = new Map();
  let message = "";
  fields.forEach((field, i) => {
    const folded = names[i].toLowerCase();
    const first = seen.get(folded);
    const clash = first !== undefined;
    if (clash) field.setAttribute("aria-invalid", "true");
    else field.removeAttribute("aria-invalid");
    if (clash && !message) {
      message = `Two players can't have the same name: player ${first + 1} and player ${i + 1} are both "${names[i]}".`;
    }
    if (!clash) seen.set(folded, i);
  });
  const note = $("name-error");
  note.textContent = message;
  note.hidden = !message;
  return message;
}

function absoluteUrl(path) {
  return new URL(path, location.origin).href;
}

function seatLink(gameId, token) {
  return `/game/${encodeURIComponent(gameId)}#token=${encodeURIComponent(token)}`;
}

/** After creating a game: a link per person seat, the spectator's, and "Open my seat". */
function showInvitations(game, hotseat) {
  const persons = (game.seats || []).filter((s) => s.token);
  const links = persons.map((s) => absoluteUrl(seatLink(game.id, s.token)));
  const hotseatLink = absoluteUrl(game.hotseat_link ||
    `/game/${encodeURIComponent(game.id)}#tokens=${persons.map((s) => s.token).join(",")}`);
  const spectateLink = absoluteUrl(game.spectate_link || `/game/${encodeURIComponent(game.id)}`);
  // shown even when nobody else is invited: the spectators' link is always given
  const list = clear($("invite-list"));
  persons.forEach((seat, i) => {
    list.append(inviteItem(`${seat.name} (player ${seat.seat + 1})`, links[i], seat.seat));
  });
  if (hotseat && persons.length > 1) {
    list.append(inviteItem("Hotseat: every person seat in one browser", hotseatLink, null));
  }
  list.append(inviteItem("Spectators (public information only)", spectateLink, null));
  const open = $("open-seat");
  open.href = hotseat ? hotseatLink : (links[0] || spectateLink);
  open.textContent = persons.length ? "Open my seat" : "Watch the game";
  $("new-game").hidden = true;
  $("invitations").hidden = false;
  $("invitations-title").focus(); // a screen reader reads the new panel; Tab reaches the links
}

function inviteItem(title, url, seat) {
  // the whole link as text that wraps (a phone shows all of it), not a field that cuts it
  const input = el("code", { className: "invite-url", text: url });
  const copy = el("button", {
    className: "copy",
    type: "button",
    text: "Copy",
    attrs: { "aria-label": `Copy the link: ${title}` },
    on: { click: () => copyText(url, copy) },
  });
  return el("li", {
    className: "invite",
    dataset: { seat: seat === null ? undefined : seat },
    style: seat === null ? {} : { "--pc": colourOf(seat) },
  }, el("span", { className: "invite-title", text: title }),
  el("div", { className: "invite-row" }, input, copy));
}

async function copyText(text, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (err) {
    // the clipboard API needs a secure context: fall back to the old selection command
    const area = el("textarea", { attrs: { readonly: true } }, text);
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
  button.textContent = "Copied";
  setTimeout(() => { button.textContent = "Copy"; }, 1500);
}

/* ---------------------------------------------------------------------------------------- */
/* Table: connections                                                                        */
/* ---------------------------------------------------------------------------------------- */

/** Everything the table page knows. One connection per token (one for a spectator). */
const table = {
  gameId: null,
  conns: [],
  shown: null,          // the connection whose seat is on screen
  handover: false,      // the hand-over cover is up (hotseat)
  selection: [],        // ids clicked to narrow the options down
  pending: false,       // a decision was sent and its answer has not come yet
  renderedSeq: null,
  toastTimer: null,
  discardOpenFor: null, // the player whose discard pile is open
  notice: "",
  logAtBottom: true,    // the log follows new lines until the reader scrolls up
  draftLook: null,      // the faction whose cards the draft shows
  focusOptions: false,  // the keyboard's focus was on the options: it stays there
  helpTopics: null,     // the help dialog's topics, once loaded (GET /api/help)
  helpReturn: null,     // what had the focus before the help dialog opened
};

function storageKey(gameId) {
  return `smashup.tokens.${gameId}`;
}

/** The seat secrets, from the URL fragment (kept in sessionStorage) or from an earlier load. */
function readTokens(gameId) {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const raw = params.get("tokens") || params.get("token");
  let tokens = raw ? raw.split(",").map((t) => t.trim()).filter(Boolean) : [];
  try {
    if (tokens.length) {
      sessionStorage.setItem(storageKey(gameId), tokens.join(","));
    } else {
      const saved = sessionStorage.getItem(storageKey(gameId));
      if (saved) tokens = saved.split(",").filter(Boolean);
    }
  } catch (err) {
    // storage can be refused (private browsing): the fragment still works
  }
  return tokens;
}

async function startTable(gameId) {
  document.body.classList.add("on-table");
  $("table").hidden = false;
  table.gameId = gameId;
  wireTableControls();
  try {
    await loadCatalog();
  } catch (err) {
    showNotice(`Sorry: ${err.message}. Reload the page to try again.`);
  }
  const tokens = readTokens(gameId);
  const list = tokens.length ? tokens : [null];
  table.conns = list.map((token, index) => ({
    token, index, ws: null, view: null, log: [], state: "connecting",
    retryMs: RETRY_FIRST_MS, timer: null, stopped: false, everOpened: false,
  }));
  document.body.classList.toggle("spectating", !tokens.length);
  document.body.classList.toggle("hotseat", tokens.length > 1);
  $("spectator-note").hidden = tokens.length > 0;
  table.conns.forEach(connect);
  setInterval(sendPings, PING_EVERY_MS);
  setTimeout(() => { // a seat slow to answer does not keep the others off the screen
    if (!table.shown) {
      chooseShownSeat(true);
      render();
    }
  }, 2000);
  renderConnection();
}

/** The game's socket address. The seat's token is never in it (addresses end up in logs):
 * it goes in the first message, "join". */
function socketUrl() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}/ws/${encodeURIComponent(table.gameId)}`;
}

/** Close codes (docs/web-protocol.md): the server said no for good, or asks to come back. */
const CLOSE_FINAL = {
  4001: "This seat was opened in another tab",
  4002: "The server did not understand this page: reload it.",
  4003: "This link was refused.",
  4004: "There is no such game.",
  4009: "This game has as many spectators as it allows: try again later.",
};
const CLOSE_SLOW = 4008;

function connect(conn) {
  if (conn.stopped) return;
  conn.timer = null;
  const ws = new WebSocket(socketUrl());
  conn.ws = ws;
  // a fresh connection is sent the whole log again, numbered from 0
  conn.log = [];
  ws.addEventListener("open", () => {
    if (conn.ws !== ws) return;
    ws.send(JSON.stringify({ type: "join", token: conn.token || null }));
    conn.state = "connected";
    conn.everOpened = true;
    renderConnection();
  });
  ws.addEventListener("message", (event) => {
    if (conn.ws !== ws) return;
    let message;
    try {
      message = JSON.parse(event.data);
    } catch (err) {
      return; // not ours to understand
    }
    handleMessage(conn, message);
  });
  ws.addEventListener("close", (event) => {
    if (conn.ws !== ws) return;
    handleClose(conn, event);
  });
}

function handleClose(conn, event) {
  conn.ws = null;
  if (event.code === 4001) {
    stopConnection(conn, CLOSE_FINAL[4001]);
    return;
  }
  if (event.code in CLOSE_FINAL) {
    stopConnection(conn, event.reason || conn.lastError || CLOSE_FINAL[event.code]);
    return;
  }
  if (event.code === CLOSE_SLOW) { // this page fell behind reading: come back at once
    conn.retryMs = RETRY_FIRST_MS;
    scheduleReconnect(conn);
    return;
  }
  if (!conn.everOpened) {
    // never got in: a refusal before the handshake reads as a plain failure, so ask
    // whether the game exists at all before trying again
    checkGameExists().then((exists) => {
      if (exists === false) stopConnection(conn, "There is no such game.");
      else scheduleReconnect(conn);
    });
    return;
  }
  scheduleReconnect(conn);
}

async function checkGameExists() {
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(table.gameId)}`);
    if (response.status === 404) return false;
    return true;
  } catch (err) {
    return null; // the server is away: keep trying
  }
}

function scheduleReconnect(conn) {
  if (conn.stopped) return;
  conn.state = "reconnecting";
  renderConnection();
  conn.timer = setTimeout(() => connect(conn), conn.retryMs);
  conn.retryMs = Math.min(conn.retryMs * 2, RETRY_MAX_MS);
}

function stopConnection(conn, message) {
  conn.stopped = true;
  conn.state = "stopped";
  if (conn.timer) clearTimeout(conn.timer);
  if (conn.ws) conn.ws.close();
  conn.ws = null;
  showNotice(message);
  renderConnection();
}

function sendPings() {
  for (const conn of table.conns) {
    if (conn.ws && conn.ws.readyState === WebSocket.OPEN) {
      conn.ws.send(JSON.stringify({ type: "ping" }));
    }
  }
}

function send(conn, message) {
  if (!conn || !conn.ws || conn.ws.readyState !== WebSocket.OPEN) {
    showToast("Not connected: wait a moment and try again.");
    return false;
  }
  conn.ws.send(JSON.stringify(message));
  return true;
}

function handleMessage(conn, message) {
  if (message.type === "view") {
    receiveView(conn, message);
  } else if (message.type === "error") {
    conn.lastError = message.message;
    // the close that follows these says it (as a notice that stays)
    if (["superseded", "refused", "full"].includes(message.code)) return;
    table.pending = false;
    showToast(message.message || message.code || "Refused.");
    render();
  }
  // "pong" needs nothing
}

function receiveView(conn, view) {
  conn.retryMs = RETRY_FIRST_MS; // a working connection: start the backoff afresh next time
  if (holdForPace(conn, view)) return; // a computer's steps are shown one by one (see below)
  acceptView(conn, view);
}

/** Show a view: its position, log lines and what its last decision did. */
function acceptView(conn, view) {
  noteEvents(conn, conn.view, view);
  conn.view = view;
  mergeLog(conn, view.log || [], view.log_from || 0);
  if (conn === table.shown || !table.shown) table.pending = false;
  chooseShownSeat();
  render();
  if (view.seq !== conn.stepSeq) { // a new position is on screen from now: the pace counts from here
    conn.stepSeq = view.seq;
    conn.stepAt = Date.now();
  }
}

/** Keep the lines numbered from `from`; a line already held is not added again. */
function mergeLog(conn, lines, from) {
  lines.forEach((line, i) => {
    const index = from + i;
    if (index >= conn.log.length) conn.log[index] = line;
  });
}

/** Does this view ask its own seat to decide now? */
function decidesNow(view) {
  if (!view || view.seat === null || view.seat === undefined) return false;
  if (view.stage === "draft") return !!view.draft && view.draft.current === view.seat;
  return (view.options || []).length > 0;
}

/**
 * Hotseat: show the seat whose decision it is, when it is one of ours; when another of our
 * seats takes over, put the hand-over cover up. When none of ours decides, keep the last.
 */
function chooseShownSeat(settle = false) {
  const deciders = table.conns.filter((c) => decidesNow(c.view));
  let next = table.shown;
  if (deciders.length && !deciders.includes(table.shown)) next = deciders[0];
  // at the start, wait for every seat's first view (or a moment), so that the page opens on
  // the seat that decides, without a hand-over for a seat that was never really shown
  const waiting = table.conns.some((c) => !c.view && !c.stopped);
  if (!next && waiting && !settle) return;
  if (!next) next = table.conns.find((c) => c.view) || null;
  if (next === table.shown) return;
  const previous = table.shown;
  table.shown = next;
  table.selection = [];
  table.pending = false;
  if (previous && previous.view && next.view && previous.view.seat !== next.view.seat) {
    table.handover = true;
  }
}

/* ---------------------------------------------------------------------------------------- */
/* Table: sending decisions                                                                  */
/* ---------------------------------------------------------------------------------------- */

function currentView() {
  return table.shown ? table.shown.view : null;
}

function currentOptions() {
  const view = currentView();
  return view && !table.handover ? view.options || [] : [];
}

function sendOption(text) {
  const view = currentView();
  if (!view || table.pending || table.handover) return;
  if (send(table.shown, { type: "act", seq: view.seq, option: text })) {
    table.pending = true;
    table.selection = [];
    table.shown.lastMove = null; // the last move's highlight lasts until the next decision
    render();
  }
}

function sendPick(faction) {
  const view = currentView();
  if (!view || table.pending || table.handover) return;
  if (send(table.shown, { type: "pick", seq: view.seq, faction })) {
    table.pending = true;
    render();
  }
}

/** The ids an option's text names ("play aliens/invader#1 @ base:tortuga"). */
function idsIn(text) {
  return text.split(/\s+/).filter((word) => word.includes("/") || word.startsWith("base:"));
}

function optionsNaming(options, ids) {
  return options.filter((o) => {
    const named = idsIn(o.text);
    return ids.every((id) => named.includes(id));
  });
}

/**
 * A click on a hand card, a minion or a base: the only option naming it (and what was
 * clicked before) is taken; when several name it, they are highlighted for a second click;
 * when none does, its text is shown instead.
 */
function clickThing(id) {
  const options = currentOptions();
  if (table.selection.includes(id)) { // a second click on it drops it
    table.selection = [];
    render();
    return;
  }
  let wanted = [...table.selection, id];
  let matches = optionsNaming(options, wanted);
  const base = baseHolding(id);
  if (!matches.length && table.selection.length && base) {
    // a card clicked on a base (a minion there, say) stands for the base it is on
    wanted = [...table.selection, base];
    matches = optionsNaming(options, wanted);
  }
  if (!matches.length && table.selection.length) {
    wanted = [id];
    matches = optionsNaming(options, wanted);
  }
  if (matches.length === 1 && !table.pending) {
    sendOption(matches[0].text);
    return;
  }
  if (!matches.length) {
    table.selection = [];
    showDetails(id);
    render();
    return;
  }
  table.selection = wanted;
  render();
}

/* ---------------------------------------------------------------------------------------- */
/* Table: rendering                                                                          */
/* ---------------------------------------------------------------------------------------- */

function seatName(view, seat) {
  const found = ((view && view.seats) || []).find((s) => s.seat === seat);
  return found && found.name ? found.name : `Player ${seat + 1}`;
}

function render() {
  renderConnection();
  const view = currentView();
  renderHandover(view);
  if (!view) return;
  if (view.seq !== table.renderedSeq) { // a new position: the old selection means nothing
    table.selection = [];
    table.renderedSeq = view.seq;
  }
  document.title = view.seat === null || view.seat === undefined
    ? "Smash Up — watching"
    : `Smash Up — ${seatName(view, view.seat)}`;
  document.body.classList.toggle("drafting", view.stage === "draft");
  document.body.classList.toggle("game-over", view.stage === "over");
  document.body.classList.toggle("my-decision", decidesNow(view));
  document.body.classList.toggle("pending", table.pending);
  renderStatus(view);
  renderResult(view);
  renderDraft(view);
  const obs = view.observation;
  renderBases(view, obs);
  renderPlayers(view, obs);
  renderDecision(view, obs);
  keepOptionsFocus();
  renderHand(view, obs);
  renderLog(table.shown);
  renderDiscardView();
  renderFollow(view, obs);
}

function renderConnection() {
  const box = $("connection");
  const states = table.conns.map((c) => c.state);
  let text = "connecting…";
  let state = "connecting";
  if (states.length && states.every((s) => s === "connected")) {
    text = "connected";
    state = "connected";
  } else if (states.includes("reconnecting")) {
    text = "reconnecting…";
    state = "reconnecting";
  } else if (states.includes("stopped")) {
    text = "disconnected";
    state = "stopped";
  }
  box.textContent = text;
  box.dataset.state = state;
}

function showNotice(message) {
  table.notice = message;
  const box = $("notice");
  box.textContent = message;
  box.hidden = !message;
}

function showToast(message) {
  const toast = $("toast");
  toast.textContent = message;
  toast.hidden = false;
  clearTimeout(table.toastTimer);
  table.toastTimer = setTimeout(() => { toast.hidden = true; }, TOAST_MS);
}

/** The status line: turn, phase, whose turn, who decides what, and the computer thinking. */
function renderStatus(view) {
  const box = clear($("status"));
  const obs = view.observation;
  const parts = [];
  if (view.stage === "draft" && view.draft) {
    const d = view.draft;
    parts.push(el("span", { className: "status-phase", text: "Choosing factions" }));
    parts.push(el("span", { text: `pick ${Math.min(d.step + 1, d.order.length)} of ${d.order.length}` }));
    parts.push(whoDecides(view, d.current, ""));
  } else if (view.stage === "over") {
    parts.push(el("span", { className: "status-phase", text: "Game over" }));
    if (obs) parts.push(el("span", { text: `after turn ${obs.turn}` }));
  } else if (obs) {
    parts.push(el("span", { className: "status-turn", text: `Turn ${obs.turn}` }));
    parts.push(el("span", { className: "status-phase", text: PHASE_LABELS[obs.phase] || obs.phase }));
    parts.push(el("span", {
      className: "status-current",
      style: { "--pc": colourOf(obs.current) },
      text: obs.current === view.seat ? "your turn" : `${seatName(view, obs.current)}'s turn`,
    }));
    if (obs.decision) parts.push(whoDecides(view, obs.decision.player, obs.decision.prompt));
  }
  parts.forEach((part, i) => {
    if (i) box.append(el("span", { className: "sep", text: " · " }));
    box.append(part);
  });
  if (view.thinking !== null && view.thinking !== undefined) {
    box.append(el("span", {
      className: "status-thinking",
      title: `${seatName(view, view.thinking)} is deciding`,
      text: "Computer thinking…",
    }));
  }
}

function whoDecides(view, seat, prompt) {
  const mine = seat === view.seat;
  const who = mine ? "You decide" : `${seatName(view, seat)} decides`;
  return el("span", {
    className: "status-decision",
    style: { "--pc": colourOf(seat) },
  }, el("strong", { text: who }), prompt ? `: ${withNames(view, prompt)}` : "");
}

/** The engine's texts name players by number ("Player 2 is choosing"): put their names. */
function withNames(view, text) {
  return text.replace(/\bPlayer ([1-4])\b/g, (whole, n) => {
    const seat = Number(n) - 1;
    return seat < ((view && view.seats) || []).length ? seatName(view, seat) : whole;
  });
}

function renderResult(view) {
  const box = $("result");
  const obs = view.observation;
  if (view.stage !== "over" || !obs) {
    box.hidden = true;
    return;
  }
  clear(box);
  const winners = Array.isArray(obs.winner) ? obs.winner
    : obs.winner === null || obs.winner === undefined ? [] : [obs.winner];
  const names = winners.map((p) => (p === view.seat ? "You" : seatName(view, p)));
  let headline = "The game is over.";
  if (names.length === 1) headline = names[0] === "You" ? "You win!" : `${names[0]} wins!`;
  else if (names.length > 1) headline = `${names.join(" and ")} win!`;
  box.append(el("h2", { text: headline }));
  const scores = el("ol", { className: "final-vp" });
  const order = obs.vp.map((vp, p) => ({ vp, p })).sort((a, b) => b.vp - a.vp);
  for (const { vp, p } of order) {
    scores.append(el("li", {
      className: winners.includes(p) ? "winner" : "",
      style: { "--pc": colourOf(p) },
      dataset: { seat: p },
    }, el("span", { className: "name", text: seatName(view, p) }),
    el("span", { className: "vp", text: `${vp} VP` })));
  }
  box.append(scores);
  box.append(el("a", { className: "button", attrs: { href: "/" }, text: "New game" }));
  box.hidden = false;
}

/* The draft ----------------------------------------------------------------------------- */

function renderDraft(view) {
  const box = $("draft");
  if (view.stage !== "draft" || !view.draft) {
    box.hidden = true;
    return;
  }
  const d = view.draft;
  const refocus = focusedIn(box);
  clear(box);
  box.hidden = false;
  box.append(el("h2", {
    text: d.mode === "draft" ? "Kickin' It Queensberry draft" : "Each player picks two factions",
  }));
  const mine = d.current === view.seat;
  box.append(el("p", {
    className: "draft-turn",
    style: { "--pc": colourOf(d.current) },
    text: mine ? "Your pick." : `${seatName(view, d.current)} picks now.`,
  }));

  const order = el("ol", { className: "draft-order", attrs: { "aria-label": "Picking order" } });
  d.order.forEach((seat, step) => {
    const state = step < d.step ? "done" : step === d.step ? "now" : "later";
    order.append(el("li", {
      className: state,
      style: { "--pc": colourOf(seat) },
      text: seatName(view, seat),
    }));
  });
  box.append(order);

  const picks = el("ul", { className: "draft-picks" });
  (d.picks || []).forEach((keys, seat) => {
    picks.append(el("li", { style: { "--pc": colourOf(seat) }, dataset: { seat } },
      el("span", { className: "name", text: seatName(view, seat) }),
      el("span", { className: "factions", text: keys.length ? keys.map(factionName).join(" + ") : "—" })));
  });
  box.append(picks);

  renderDraftChoices(view, box, mine);
  if (refocus) refocus();
}

/**
 * The factions still free, as buttons that show a faction's cards (anyone may look); on your
 * pick, the faction looked at is picked with the "Pick …" button under its cards, so a
 * click or a key never picks by accident. Keys 1–9 and 0 look at the first ten.
 */
function renderDraftChoices(view, box, mine) {
  const d = view.draft;
  const available = (mine ? d.available : d.free) || [];
  if (!available.includes(table.draftLook)) table.draftLook = null;
  if (!available.length || table.handover) return;
  box.append(el("h3", {
    className: "draft-help",
    attrs: { id: "draft-choices-title" },
    text: mine ? "Choose a faction to see its cards, then pick it" : "Factions still free (choose one to see its cards)",
  }));
  const choices = el("div", { className: "faction-choices", attrs: { role: "group", "aria-labelledby": "draft-choices-title" } });
  available.forEach((key, i) => {
    choices.append(el("button", {
      className: key === table.draftLook ? "faction looked" : "faction",
      type: "button",
      dataset: { key },
      attrs: { "aria-pressed": key === table.draftLook ? "true" : "false" },
      on: { click: () => lookAtFaction(key, false) },
    }, i < 10 ? el("span", { className: "key", attrs: { "aria-hidden": "true" }, text: String((i + 1) % 10) }) : null,
    el("span", { className: "label", text: factionName(key) }),
    factionSet(key) ? el("span", { className: "set", text: factionSet(key) }) : null));
  });
  box.append(choices);
  if (table.draftLook) box.append(factionPreview(table.draftLook, mine));
}

/**
 * Where the focus is inside `box`, as a function that puts it back on the same control
 * (by id or data-key) once `box` was built again; null when the focus is elsewhere.
 * Rebuilding a panel on each view must not throw a keyboard user back to the page's top.
 */
function focusedIn(box) {
  const focused = document.activeElement;
  if (!focused || focused === document.body || !box.contains(focused)) return null;
  const id = focused.id;
  const key = focused.dataset ? focused.dataset.key || focused.dataset.text : null;
  const index = [...box.querySelectorAll("button")].indexOf(focused);
  return () => {
    if (document.activeElement && document.activeElement !== document.body) return;
    let again = id ? $(id) : null;
    if (!again && key) {
      again = [...box.querySelectorAll("button")].find((b) => b.dataset.key === key || b.dataset.text === key);
    }
    if (!again || again.disabled) {
      const buttons = [...box.querySelectorAll("button:not([disabled])")];
      again = buttons[Math.min(Math.max(index, 0), buttons.length - 1)] || null;
    }
    if (again && box.contains(again)) again.focus();
  };
}

/** Show a faction's cards in the draft; with `toPick`, the focus goes to its Pick button. */
function lookAtFaction(key, toPick) {
  table.draftLook = key;
  render();
  const target = toPick && $("draft-confirm") && !$("draft-confirm").disabled
    ? $("draft-confirm") : $("draft-preview-title");
  if (target) target.focus();
}

/** A faction's twenty cards (minions first, with their power and text) and, on your pick,
 * the button that picks it. */
function factionPreview(key, mine) {
  const found = ((catalog && catalog.factions) || []).find((f) => f.key === key);
  const deck = (found && found.cards) || [];
  const preview = el("section", {
    className: "faction-preview",
    attrs: { "aria-labelledby": "draft-preview-title" },
  });
  preview.append(el("h3", {
    attrs: { id: "draft-preview-title", tabindex: "-1" },
    text: `${factionName(key)}${factionSet(key) ? ` (${factionSet(key)})` : ""}: its cards`,
  }));
  if (mine) {
    preview.append(el("button", {
      className: "primary",
      type: "button",
      attrs: { id: "draft-confirm", disabled: table.pending },
      text: `Pick ${factionName(key)}`,
      on: { click: () => sendPick(key) },
    }));
  }
  const list = el("ul", { className: "preview-cards" });
  for (const { key: cardKey, copies } of deck) {
    const card = (catalog.cards || {})[cardKey];
    if (!card) continue;
    const kind = card.type === "minion" ? `minion, power ${card.power}` : card.type;
    list.append(el("li", { className: `preview-card ${card.type}` },
      el("span", { className: "copies", text: `${copies}×` }), " ",
      el("strong", { text: card.name }), el("span", { className: "meta", text: ` (${kind})` }),
      card.text ? el("span", { className: "text", text: ` ${card.text}` }) : null));
  }
  preview.append(list);
  return preview;
}

/* Bases --------------------------------------------------------------------------------- */

/** Every id the current selection's options name (targets to highlight). */
function highlightedIds() {
  if (!table.selection.length) return new Set();
  const ids = new Set();
  for (const option of optionsNaming(currentOptions(), table.selection)) {
    idsIn(option.text).forEach((id) => ids.add(id));
  }
  table.selection.forEach((id) => ids.delete(id));
  return ids;
}

/** A card's name as a button that shows its text in the details panel. */
function nameButton(id, label) {
  if (id === "hidden") return el("span", { className: "card-name hidden-card", text: "face-down card" });
  return el("button", {
    className: "card-name",
    type: "button",
    dataset: { card: id },
    text: label || nameOf(id),
    on: {
      click: (event) => {
        event.stopPropagation(); // reading a card is not choosing it
        showDetails(id);
      },
    },
  });
}

/** Mark a clickable thing (hand card, minion, base) and what the selection does to it. */
function makeClickable(node, id, options, targets) {
  const named = optionsNaming(options, [id]).length > 0;
  if (named) node.classList.add("choosable");
  if (table.selection.includes(id)) node.classList.add("selected");
  if (targets.has(id)) node.classList.add("target");
  node.addEventListener("click", (event) => {
    event.stopPropagation();
    clickThing(id);
  });
}

function renderBases(view, obs) {
  const box = clear($("bases"));
  if (!obs) return;
  const options = currentOptions();
  const targets = highlightedIds();
  const players = obs.vp.length;
  if (obs.duel) box.append(duelNode(view, obs.duel, obs)); // on top: it decides what happens next
  const grid = el("div", { className: "base-grid" });
  for (const base of obs.bases || []) {
    grid.append(baseNode(view, base, players, options, targets));
  }
  box.append(grid);
  box.append(el("p", {
    className: "base-deck muted",
    text: `Base deck: ${obs.base_deck_size}` +
      ((obs.base_discard || []).length ? ` · scored: ${obs.base_discard.map(nameOf).join(", ")}` : ""),
  }));
}

function baseNode(view, base, players, options, targets) {
  const node = el("article", { className: "base", dataset: { id: base.id } });
  makeClickable(node, base.id, options, targets);
  const full = Math.min(100, Math.round((100 * base.total_power) / Math.max(1, base.breakpoint)));
  const bpText = base.breakpoint === base.printed_breakpoint || base.printed_breakpoint === undefined
    ? `${base.breakpoint}` : `${base.breakpoint} (printed ${base.printed_breakpoint})`;
  node.append(el("header", { className: "base-head" },
    nameButton(base.id, base.name),
    el("span", { className: "base-power", title: "Total power / breakpoint" },
      el("strong", { className: "total-power", text: base.total_power }),
      el("span", { className: "breakpoint", text: ` / ${bpText}` }))));
  node.append(el("div", {
    className: "meter",
    attrs: { role: "meter", "aria-valuenow": base.total_power, "aria-valuemax": base.breakpoint,
      "aria-label": "Power toward the breakpoint" },
  }, el("span", { style: { width: `${full}%` } })));
  node.append(el("div", { className: "base-vp" },
    (base.vp || []).map((vp, i) => el("span", { className: "vp-place", text: `${ordinal(i)} ${vp} VP` }))));
  if (base.text) node.append(el("p", { className: "base-text", text: base.text }));

  const powers = el("div", { className: "powers" });
  for (let p = 0; p < players; p++) {
    powers.append(el("span", {
      className: "power-chip",
      style: { "--pc": colourOf(p) },
      dataset: { player: p },
      title: `${seatName(view, p)}: power here`,
    }, el("span", { className: "who", text: seatName(view, p) }),
    el("strong", { text: (base.power_by_player || [])[p] || 0 })));
  }
  node.append(powers);

  // minions grouped by who controls them, in seat order
  const groups = new Map();
  for (const minion of base.minions || []) {
    const who = holderOf(minion);
    if (!groups.has(who)) groups.set(who, []);
    groups.get(who).push(minion);
  }
  for (const who of [...groups.keys()].sort((a, b) => a - b)) {
    const group = el("div", {
      className: "minion-group",
      dataset: { player: who },
      style: { "--pc": colourOf(who) },
    }, el("div", { className: "group-name", text: seatName(view, who) }));
    for (const minion of groups.get(who)) group.append(minionNode(view, minion, options, targets));
    node.append(group);
  }

  if ((base.actions || []).length) {
    const actions = el("ul", { className: "base-actions" });
    for (const action of base.actions) {
      const who = holderOf(action);
      const item = el("li", {
        className: "base-action",
        dataset: { id: action.id, player: who },
        style: { "--pc": colourOf(who) },
      }, nameButton(action.id), el("span", { className: "by", text: ` (${seatName(view, who)})` }),
      storedList(action));
      makeClickable(item, action.id, options, targets);
      actions.append(item);
    }
    node.append(el("div", { className: "sub-title", text: "Actions here" }), actions);
  }

  if ((base.buried || []).length) {
    const buried = el("ul", { className: "buried" });
    base.buried.forEach((id, i) => {
      const by = (base.buried_by || [])[i];
      buried.append(el("li", {
        className: "buried-card",
        dataset: { id: id === "hidden" ? undefined : id },
        style: by === undefined || by === null ? {} : { "--pc": colourOf(by) },
      }, nameButton(id), by === undefined || by === null ? null
        : el("span", { className: "by", text: ` (${seatName(view, by)})` })));
    });
    node.append(el("div", { className: "sub-title", text: "Buried" }), buried);
  }
  return node;
}

function minionNode(view, minion, options, targets) {
  const power = minion.power !== undefined ? minion.power : minion.printed_power;
  const node = el("div", { className: "minion", dataset: { id: minion.id, controller: minion.controller } });
  makeClickable(node, minion.id, options, targets);
  const powerBox = el("span", { className: "power", title: "Power" }, String(power));
  if (minion.printed_power !== undefined && minion.printed_power !== power) {
    powerBox.classList.add(power > minion.printed_power ? "up" : "down");
    powerBox.append(el("small", { className: "printed", title: "Printed power", text: ` (${minion.printed_power})` }));
  }
  const line = el("div", { className: "minion-line" }, powerBox, nameButton(minion.id));
  if (minion.counters) {
    line.append(el("span", { className: "counters", title: "+1 power counters", text: `+${minion.counters}` }));
  }
  if (minion.owner !== undefined && minion.controller !== undefined && minion.owner !== minion.controller) {
    line.append(el("span", { className: "minion-note", text: `owned by ${seatName(view, minion.owner)}` }));
  }
  if ((minion.copied || []).length) {
    line.append(el("span", { className: "minion-note", text: `copying ${minion.copied.join(", ")}` }));
  }
  if (minion.lost_abilities) line.append(el("span", { className: "minion-note", text: "no abilities" }));
  node.append(line);
  if ((minion.attached || []).length) {
    const attached = el("ul", { className: "attached" });
    for (const card of minion.attached) {
      const who = holderOf(card);
      const item = el("li", {
        className: "attached-card",
        dataset: { id: card.id },
        style: { "--pc": colourOf(who) },
      }, "+ ", nameButton(card.id), storedList(card));
      makeClickable(item, card.id, options, targets);
      attached.append(item);
    }
    node.append(attached);
  }
  const stored = storedList(minion);
  if (stored) node.append(stored);
  return node;
}

/** The cards stored under a card (face down to those who may not see them). */
function storedList(card) {
  if (!(card.stored || []).length) return null;
  const list = el("ul", { className: "stored" });
  for (const id of card.stored) {
    list.append(el("li", {
      className: id === "hidden" ? "stored-card face-down" : "stored-card",
      dataset: { id: id === "hidden" ? undefined : id },
    }, "stored: ", nameButton(id)));
  }
  return list;
}

/* Players ------------------------------------------------------------------------------- */

function renderPlayers(view, obs) {
  const box = clear($("players"));
  const seats = view.seats || [];
  const deciding = obs && obs.decision ? obs.decision.player
    : view.stage === "draft" && view.draft ? view.draft.current : null;
  seats.forEach((seat) => {
    const p = seat.seat;
    const node = el("div", {
      className: "player",
      dataset: { seat: p },
      style: { "--pc": colourOf(p) },
    });
    if (obs && obs.current === p && view.stage === "play") node.classList.add("current");
    if (deciding === p) node.classList.add("deciding");
    if (p === view.seat) node.classList.add("me");

    const head = el("div", { className: "player-head" },
      el("span", { className: "swatch", attrs: { "aria-hidden": "true" } }),
      el("span", { className: "name", text: seat.name || `Player ${p + 1}` }),
      p === view.seat ? el("span", { className: "tag", text: "you" }) : null,
      typeof seat.connected === "boolean" && seat.kind === "human"
        ? el("span", {
          className: seat.connected ? "online on" : "online off",
          title: seat.connected ? "connected" : "not connected",
          attrs: { role: "img", "aria-label": seat.connected ? "connected" : "not connected" },
        }) : null,
      deciding === p ? el("span", { className: "tag deciding-tag", text: "deciding" }) : null);
    node.append(head);

    const computer = seat.kind && seat.kind !== "human" ? `${KIND_LABELS[seat.kind] || `Computer (${seat.kind})`} · ` : "";
    if (obs) {
      const factions = (obs.factions || [])[p] || [];
      node.append(el("div", { className: "factions", text: computer + factions.map(factionName).join(" + ") }));
      node.append(vpTrack(obs.vp[p]));
      const discard = (obs.discards || [])[p] || [];
      node.append(el("div", { className: "counts" },
        el("span", { text: `Hand ${(obs.hand_sizes || [])[p]}` }),
        el("span", { text: `Deck ${(obs.deck_sizes || [])[p]}` }),
        el("button", {
          className: "discard",
          type: "button",
          dataset: { player: p },
          text: `Discard ${discard.length}`,
          title: "Open the discard pile",
          on: { click: () => openDiscard(p) },
        })));
      const extras = playerExtras(obs, p);
      if (extras) node.append(extras);
    } else if (view.stage === "draft" && view.draft) {
      const picks = (view.draft.picks || [])[p] || [];
      node.append(el("div", { className: "factions", text: computer + (picks.length ? picks.map(factionName).join(" + ") : "no faction yet") }));
    }
    box.append(node);
  });
}

/** A VP track of 15 steps (filled up to the player's VP) and the number. */
function vpTrack(vp) {
  const track = el("div", {
    className: "vp-track",
    attrs: { role: "meter", "aria-valuenow": vp, "aria-valuemax": WINNING_VP, "aria-label": "Victory points" },
  });
  for (let i = 1; i <= WINNING_VP; i++) {
    track.append(el("span", { className: i <= vp ? "step on" : "step" }));
  }
  return el("div", { className: "vp" }, track, el("strong", { className: "vp-number", text: `${vp} VP` }));
}

/** Stasis, revealed cards and extra turns: rare, public, shown only when there are some. */
function playerExtras(obs, p) {
  const lines = [];
  const stasis = ((obs.stasis || [])[p]) || [];
  if (stasis.length) {
    lines.push(el("div", { className: "extra" }, "In stasis: ",
      stasis.map((card, i) => [i ? ", " : "", nameButton(card.id), ` (${card.stasis || 0})`])));
  }
  const revealed = ((obs.revealed || [])[p]) || [];
  if (revealed.length) {
    lines.push(el("div", { className: "extra" }, "Revealed: ",
      revealed.map((id, i) => [i ? ", " : "", nameButton(id)])));
  }
  const extraTurns = (obs.extra_turns || []).filter((q) => q === p).length;
  if (extraTurns) {
    lines.push(el("div", { className: "extra", text: extraTurns > 1 ? `${extraTurns} extra turns to come` : "An extra turn to come" }));
  }
  for (const kinds of ((obs.next_turn_extras || [])[p]) || []) {
    lines.push(el("div", { className: "extra", text: `Next turn: an extra ${kinds.join(" or ")}` }));
  }
  return lines.length ? el("div", { className: "extras" }, lines) : null;
}

/** A duel under way: both minions with their power now, and each side's face-down card
 * (which one only for the seat that placed it: `duel.mine`). */
function duelNode(view, duel, obs) {
  const sides = duel.minions.map((id, i) => {
    const who = duel.controllers[i];
    const minion = id ? findMinion(obs, id) : null;
    const power = minion ? (minion.power !== undefined ? minion.power : minion.printed_power) : null;
    const mine = who === view.seat && (duel.mine || []).length;
    return el("div", {
      style: { "--pc": colourOf(who) },
      className: "duel-side",
      dataset: { id: id || undefined, player: who },
    }, el("div", { className: "duel-who", text: seatName(view, who) }),
    el("div", { className: "duel-minion" }, id ? nameButton(id) : "a minion gone",
      power !== null ? el("strong", { className: "duel-power", title: "Power now", text: String(power) }) : null),
    el("div", { className: duel.placed[i] ? "duel-card face-down" : "duel-card none" },
      duel.placed[i]
        ? (mine ? ["Face down: ", duel.mine.map((c, j) => [j ? ", " : "", nameButton(c)])] : "A card face down")
        : "No card placed yet"));
  });
  return el("section", { className: "duel", attrs: { "aria-label": "Duel" } },
    el("h3", { className: "duel-title", text: "Duel" }),
    el("div", { className: "duel-sides" }, sides[0], el("span", { className: "duel-vs", text: "vs" }), sides[1]));
}

/* The decision -------------------------------------------------------------------------- */

function renderDecision(view, obs) {
  $("decision").dataset.seq = String(view.seq);  // the decision number shown (for tests, too)
  const prompt = clear($("prompt"));
  const box = clear($("options"));
  const options = currentOptions();
  const decision = obs && obs.decision;
  if (view.stage === "over") {
    prompt.textContent = "The game is over.";
    return;
  }
  if (view.stage === "draft") {
    prompt.textContent = decidesNow(view) ? "Pick a faction (in the draft panel)." : "Factions are being chosen.";
    return;
  }
  if (!decision) return;
  const mine = decision.player === view.seat;
  prompt.append(el("strong", {
    style: { "--pc": colourOf(decision.player) },
    text: mine ? "Your decision" : `Waiting for ${seatName(view, decision.player)}`,
  }));
  if (decision.prompt) prompt.append(": ", el("span", { className: "prompt-text", text: withNames(view, decision.prompt) }));
  if (decision.source) {
    prompt.append(el("span", { className: "source" }, " — from ",
      decision.source_id ? nameButton(decision.source_id, decision.source) : decision.source));
  }
  if (!options.length) {
    if (mine && table.handover) box.append(el("p", { className: "muted", text: "Hidden until the player is ready." }));
    return;
  }
  const matching = table.selection.length ? new Set(optionsNaming(options, table.selection).map((o) => o.text)) : null;
  const captions = distinctCaptions(view, options);
  const keys = optionKeys(options);
  options.forEach((option, i) => {
    const button = el("button", {
      className: "option",
      type: "button",
      dataset: { text: option.text },
      attrs: { disabled: table.pending, "aria-label": captions[i], title: option.text },
      on: { click: () => sendOption(option.text) },
    }, keys[i] ? el("span", { className: "key", text: keys[i] }) : null,
    el("span", { className: "label", text: captions[i] }));
    if (keys[i]) button.dataset.key = keys[i];
    if (matching) button.classList.add(matching.has(option.text) ? "match" : "dim");
    box.append(button);
  });
  if (table.selection.length) {
    box.prepend(el("p", { className: "selection-note" },
      "Options with ", el("strong", { text: table.selection.map(nameOf).join(" + ") }),
      " are highlighted. ",
      el("button", {
        className: "link", type: "button", text: "Show all",
        on: { click: () => { table.selection = []; render(); } },
      })));
  }
}

/** The options' captions; two that would read the same ("Play Assassin on Hoverbot" for two
 * Hoverbots) also say where the card they name last is ("at The Homeworld"). */
function distinctCaptions(view, options) {
  const captions = options.map((option) => optionCaption(view, option));
  const count = new Map();
  for (const c of captions) count.set(c, (count.get(c) || 0) + 1);
  return captions.map((caption, i) => {
    if (count.get(caption) < 2) return caption;
    const ids = (options[i].text.match(ID_PATTERN) || []).filter((id) => !id.startsWith("base:"));
    const place = ids.length ? placeOf(view.observation, ids[ids.length - 1]) : "";
    return place ? `${caption} — ${place}` : caption;
  });
}

/** Where a card in play lies, in words: "at The Homeworld", or "" when not on a base. */
function placeOf(obs, id) {
  for (const base of (obs && obs.bases) || []) {
    const onBase = (base.minions || []).some((m) => m.id === id || (m.attached || []).some((a) => a.id === id))
      || (base.actions || []).some((a) => a.id === id);
    if (onBase) return `at ${base.name}`;
  }
  return "";
}

/** An option's label, with the names of the cards and players it gives by id or number. */
function optionCaption(view, option) {
  // a label that still holds an id ("Resolve base:tortuga") reads better with the name
  return withNames(view, (option.label || option.text).replace(ID_PATTERN, (id) => nameOf(id)));
}

/* The hand ------------------------------------------------------------------------------ */

function renderHand(view, obs) {
  const box = clear($("hand"));
  const knownBox = clear($("known"));
  knownBox.hidden = true;
  if (!obs || view.seat === null || view.seat === undefined) return;
  if (table.handover) {
    box.append(el("p", { className: "muted", text: "Hidden until the player is ready." }));
    return;
  }
  const hand = obs.hand || [];
  if (!hand.length) box.append(el("p", { className: "muted", text: "No cards in hand." }));
  const options = currentOptions();
  const targets = highlightedIds();
  const unplayable = obs.unplayable || {};
  const warnings = obs.warnings || {};
  for (const id of hand) {
    const info = lookup(id) || {};
    const card = el("div", {
      className: `card ${info.type || ""}`,
      dataset: { id },
      attrs: { tabindex: 0 },
    });
    const top = el("div", { className: "card-top" }, nameButton(id));
    if (info.type === "minion") top.append(el("span", { className: "card-power", title: "Power", text: info.power }));
    card.append(top);
    card.append(el("div", {
      className: "card-type",
      text: [info.type === "minion" ? "Minion" : info.type === "action" ? "Action" : info.type,
        info.faction, ...(info.labels || [])].filter(Boolean).join(" · "),
    }));
    card.append(el("p", { className: "card-text", text: info.text || "No ability." }));
    if (unplayable[id]) {
      card.classList.add("unplayable");
      card.append(el("p", { className: "why-not", text: `✗ ${unplayable[id]}` }));
    }
    if (warnings[id]) card.append(el("p", { className: "warning", text: `! ${warnings[id]}` }));
    makeClickable(card, id, options, targets);
    card.addEventListener("keydown", (event) => {
      // only the card itself: Enter on its name button opens the text instead
      if (event.target === card && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        clickThing(id);
      }
    });
    box.append(card);
  }
  // cards this seat has seen where others cannot (a deck's top after a peek, say)
  const known = obs.known || [];
  knownBox.hidden = !known.length;
  if (known.length) {
    knownBox.append(el("span", {}, "You also know: ",
      known.map(([id, zone, whose], i) => [i ? ", " : "", nameButton(id),
        ` (${whose === null || whose === undefined ? zone : `${seatName(view, whose)}'s ${zone}`})`])));
  }
}

/* The log ------------------------------------------------------------------------------- */

function renderLog(conn) {
  const box = $("log");
  if (!conn) return;
  const nearBottom = table.logAtBottom;
  let fresh = false;
  if (box.dataset.conn !== String(conn.index) || box.children.length > conn.log.length) {
    clear(box); // another seat's log (hotseat) or a reconnect: draw it again
    box.dataset.conn = String(conn.index);
    fresh = true;
  }
  for (let i = box.children.length; i < conn.log.length; i++) {
    box.append(el("div", { className: "log-line", dataset: { index: i }, text: conn.log[i] || "" }));
  }
  if (fresh || nearBottom) box.scrollTop = box.scrollHeight;
}

/* Overlays: details, discard pile, help, hand-over --------------------------------------- */

function showDetails(id) {
  if (!id || id === "hidden") return;
  const entry = lookup(id);
  const body = clear($("details-body"));
  if (!entry) {
    body.append(el("h2", { text: id }), el("p", { className: "muted", text: "No text for this card." }));
  } else if (id.startsWith("base:")) {
    body.append(el("h2", { text: entry.name }));
    body.append(el("p", { className: "meta", text: `Base · breakpoint ${entry.breakpoint} · VP ${(entry.vp || []).join(" / ")}` }));
    if (entry.set) body.append(el("p", { className: "meta", text: `Set: ${setName(entry.set)}` }));
    body.append(el("p", { className: "details-text", text: entry.text || "No ability." }));
  } else {
    body.append(el("h2", { text: entry.name }));
    const kind = entry.type === "minion" ? `Minion · power ${entry.power}` : "Action";
    body.append(el("p", { className: "meta", text: [kind, entry.faction].filter(Boolean).join(" · ") }));
    if ((entry.labels || []).length) body.append(el("p", { className: "meta", text: entry.labels.join(", ") }));
    body.append(el("p", { className: "details-text", text: entry.text || "No ability." }));
  }
  const panel = $("details");
  panel.dataset.id = id;
  panel.hidden = false;
}

function openDiscard(player) {
  table.discardOpenFor = player;
  renderDiscardView();
  $("discard-view").hidden = false;
  $("discard-view").querySelector(".close").focus();
}

/** Draw the open discard pile again (it may have grown since it was opened). */
function renderDiscardView() {
  const player = table.discardOpenFor;
  const view = currentView();
  if (player === null || !view || !view.observation) return;
  const cards = (view.observation.discards || [])[player] || [];
  $("discard-view").dataset.player = String(player);
  $("discard-title").textContent = `${seatName(view, player)}'s discard pile (${cards.length})`;
  const list = clear($("discard-list"));
  if (!cards.length) list.append(el("li", { className: "muted", text: "Empty." }));
  for (const id of cards) {
    const info = lookup(id) || {};
    list.append(el("li", { className: "discard-card", dataset: { id } },
      el("div", { className: "card-top" }, nameButton(id),
        info.type === "minion" ? el("span", { className: "card-power", text: info.power }) : null),
      el("p", { className: "card-text", text: info.text || "" })));
  }
}

function closeDiscard() {
  table.discardOpenFor = null;
  $("discard-view").hidden = true;
}

function renderHandover(view) {
  const cover = $("handover");
  document.body.classList.toggle("handing-over", table.handover);
  if (!table.handover || !view) {
    cover.hidden = true;
    return;
  }
  const name = seatName(view, view.seat);
  $("handover-text").textContent = `Pass to ${name} — their hand is hidden until they are ready`;
  $("handover-ready").textContent = `I'm ${name}: show my hand`;
  if (cover.hidden) {
    cover.hidden = false;
    $("handover-ready").focus();
  }
}

/** Close the topmost overlay; true if there was one. */
function closeTopOverlay() {
  if (dismissScoring()) return true;
  if (!$("help").hidden) {
    closeHelp();
    return true;
  }
  if (!$("discard-view").hidden) {
    closeDiscard();
    return true;
  }
  if (!$("details").hidden) {
    $("details").hidden = true;
    return true;
  }
  if (table.selection.length) {
    table.selection = [];
    render();
    return true;
  }
  return false;
}

function wireTableControls() {
  $("skip").addEventListener("click", skipAhead);
  $("help-button").addEventListener("click", toggleHelp);
  wireAccessibility();
  $("handover-ready").addEventListener("click", () => {
    table.handover = false;
    render();
  });
  for (const overlay of [$("help"), $("discard-view")]) {
    overlay.querySelector(".close").addEventListener("click", () => {
      if (overlay.id === "discard-view") closeDiscard();
      else closeHelp();
    });
    // a click on the dimmed backdrop (not the dialog) closes it too
    overlay.addEventListener("click", (event) => {
      if (event.target !== overlay) return;
      if (overlay.id === "discard-view") closeDiscard();
      else closeHelp();
    });
  }
  $("details").querySelector(".close").addEventListener("click", () => { $("details").hidden = true; });
  document.addEventListener("keydown", onKey);
  const log = $("log");
  log.addEventListener("scroll", () => {
    table.logAtBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
  });
}

/** Keyboard: 1–9 and 0 pick the first ten options (or factions), ? help, Escape closes. */
function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
  if (event.key === "Escape") {
    if (closeTopOverlay()) event.preventDefault();
    return;
  }
  if (event.key === "?") {
    toggleHelp();
    event.preventDefault();
    return;
  }
  if (event.key === "o" && !table.handover && $("help").hidden && $("discard-view").hidden) {
    if (focusFirstOption()) event.preventDefault();
    return;
  }
  const letter = Object.values(FIXED_KEYS).includes(event.key);
  if (!(/^[0-9]$/.test(event.key) || letter) || table.handover || !$("help").hidden || !$("discard-view").hidden) return;
  const index = event.key === "0" ? 9 : Number(event.key) - 1;
  const view = currentView();
  if (!view) return;
  if (view.stage === "draft") {
    const available = (view.draft && view.draft.current === view.seat && view.draft.available) || [];
    const free = (view.draft && (available.length ? available : view.draft.free)) || [];
    if (!letter && free[index]) {
      event.preventDefault();
      lookAtFaction(free[index], available.length > 0);
    }
    return;
  }
  const options = currentOptions();
  const chosen = letter ? options.find((o) => FIXED_KEYS[o.text] === event.key) : options[index];
  if (chosen) {
    event.preventDefault();
    sendOption(chosen.text);
  }
}

/* ---------------------------------------------------------------------------------------- */
/* Table: following the play (issue 31)                                                      */
/*                                                                                           */
/* A computer's steps are shown one at a time (at the server's pace, or ?pace=SECONDS); each  */
/* view's events mark what its decision did: the cards moved, counters and powers changed,    */
/* VP won and why; a base scoring opens a summary that stays until dismissed.                 */
/* ---------------------------------------------------------------------------------------- */

/** Options whose meaning is the same every time get the same key every time. */
const FIXED_KEYS = { end: "e", pass: "p", skip: "s", done: "d", yes: "y", no: "n", "choice:keep": "k" };

/** ?pace=0 (tests) or ?pace=1.5: seconds each computer step stays on screen, overriding the
 * server's pace. */
function paceOverride() {
  const raw = new URLSearchParams(location.search).get("pace");
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

function paceMs(view) {
  const override = paceOverride();
  const seconds = override !== null ? override : Number(view.pace || 0);
  return Math.max(0, seconds * 1000);
}

/** Was this view's decision made by a computer seat? */
function byComputer(view) {
  const seat = (view.seats || []).find((s) => s.seat === view.last_decider);
  return !!seat && seat.kind !== "human";
}

/**
 * A new position made by a computer seat waits until the one before has been on screen for
 * the pace; the views wait in order in `conn.queue`. True if this one waits.
 */
function holdForPace(conn, view) {
  conn.queue = conn.queue || [];
  const newer = conn.view && view.seq !== conn.view.seq;
  if (!conn.queue.length && !(newer && byComputer(view))) return false;
  if (!conn.queue.length) {
    const wait = paceMs(view) - (Date.now() - (conn.stepAt || 0));
    if (wait <= 0 || conn.skipping) return false;
  }
  conn.queue.push(view);
  if (!conn.paceTimer) schedulePaced(conn);
  renderSkip();
  return true;
}

function schedulePaced(conn) {
  const next = conn.queue[0];
  const wait = next ? paceMs(next) - (Date.now() - (conn.stepAt || 0)) : 0;
  conn.paceTimer = setTimeout(() => {
    conn.paceTimer = null;
    const view = conn.queue.shift();
    if (view) acceptView(conn, view);
    if (conn.queue.length) schedulePaced(conn);
    renderSkip();
  }, Math.max(0, wait));
}

/** Skip ahead: every waiting step at once, and the computers play on unpaced until a person
 * decides (the server is told: "hurry"). */
function skipAhead() {
  for (const conn of table.conns) {
    clearTimeout(conn.paceTimer);
    conn.paceTimer = null;
    conn.skipping = true;
    const waiting = conn.queue || [];
    conn.queue = [];
    waiting.forEach((view) => acceptView(conn, view));
    if (conn.view && conn.view.seat !== null && conn.view.seat !== undefined && conn.ws
        && conn.ws.readyState === WebSocket.OPEN) {
      conn.ws.send(JSON.stringify({ type: "hurry" }));
    }
  }
  renderSkip();
}

/** The skip button shows while computer steps wait to be shown or a paced computer seat
 * is to decide. */
function renderSkip() {
  const button = $("skip");
  if (!button) return;
  const view = currentView();
  const waiting = table.conns.some((c) => (c.queue || []).length);
  const decision = view && view.observation && view.observation.decision;
  const decider = decision ? (view.seats || []).find((s) => s.seat === decision.player) : null;
  const computerMoves = !!decider && decider.kind !== "human" && view.stage === "play" && paceMs(view) > 0;
  button.hidden = !(waiting || computerMoves);
  button.dataset.waiting = String(table.conns.reduce((n, c) => n + (c.queue || []).length, 0));
}

/* What a decision did ------------------------------------------------------------------ */

/** Where each card on the table is, with its power: { id: {power, counters, base} }. */
function tableCards(obs) {
  const cards = {};
  for (const base of (obs && obs.bases) || []) {
    for (const minion of base.minions || []) {
      cards[minion.id] = {
        power: minion.power !== undefined ? minion.power : minion.printed_power,
        counters: minion.counters || 0,
        base: base.id,
      };
      for (const card of minion.attached || []) cards[card.id] = { base: base.id };
    }
    for (const action of base.actions || []) cards[action.id] = { base: base.id };
  }
  return cards;
}

/** Record what the decision that led from `before` to `view` did, for `renderFollow`. */
function noteEvents(conn, before, view) {
  if (!view || (before && before.seq === view.seq)) return;
  if (!before) return; // the page's first view: nothing "just happened" on this screen
  if (!byComputer(view)) conn.skipping = false;
  const events = view.events || [];
  // what happened since this seat last decided, all of it marked until it decides again; the
  // newest step's cards also flash (`fresh`)
  const move = conn.lastMove || { landed: new Set(), counters: new Set(), power: {}, discards: new Set(), hands: new Set() };
  move.seq = view.seq;
  move.fresh = new Set();
  const cardIds = (value) => (Array.isArray(value) ? value : [value])
    .filter((id) => typeof id === "string" && id.includes("/") && id !== "a card");
  for (const ev of events) {
    switch (ev.kind) {
      case "played": case "moved": case "swapped": case "stored": case "placed":
        cardIds(ev.card).forEach((id) => move.fresh.add(id));
        if (ev.kind === "swapped") cardIds(ev.other).forEach((id) => move.fresh.add(id));
        break;
      case "drew": case "returned":
        cardIds(ev.cards || ev.card).forEach((id) => move.fresh.add(id));
        move.hands.add(ev.player !== undefined ? ev.player : ev.owner);
        break;
      case "destroyed": case "discarded": case "to_discard":
        cardIds(ev.card).forEach((id) => move.fresh.add(id));
        move.discards.add(ev.owner !== undefined ? ev.owner : ev.player);
        break;
      case "counters":
        cardIds(ev.card).forEach((id) => move.counters.add(id));
        break;
      case "vp":
        noteVp(conn, view, ev);
        break;
      case "scored":
        openScoring(conn, view, ev);
        break;
      default:
        break;
    }
    followScoring(conn, ev);
  }
  // powers that changed, on the cards that stayed on the table
  const was = tableCards(before && before.observation);
  const now = tableCards(view.observation);
  for (const [id, card] of Object.entries(now)) {
    if (was[id] && card.power !== undefined && was[id].power !== undefined && card.power !== was[id].power) {
      move.power[id] = (move.power[id] || 0) + card.power - was[id].power;
      if (!move.power[id]) delete move.power[id];
    }
    if (was[id] && card.counters !== undefined && card.counters !== was[id].counters) move.counters.add(id);
    if (!was[id]) move.fresh.add(id);
  }
  move.fresh.forEach((id) => move.landed.add(id));
  conn.lastMove = move;
}

/** A VP gain or loss, with its reason, stays by the player's VP until their next one. */
function noteVp(conn, view, ev) {
  conn.vpReasons = conn.vpReasons || {};
  const reason = typeof ev.reason === "string" && ev.reason
    ? (ev.reason.startsWith("base:") || ev.reason.includes("/") ? nameOf(ev.reason) : ev.reason) : "";
  const sign = ev.amount >= 0 ? "+" : "−";
  conn.vpReasons[ev.player] = {
    seq: view.seq,
    text: `${sign}${Math.abs(ev.amount)} VP${reason ? ` from ${reason}` : ""}`,
  };
}

/* The scoring summary ------------------------------------------------------------------- */

/** A base scored: its summary (powers, places, VP; then what happened after) is queued. */
function openScoring(conn, view, ev) {
  table.scorings = table.scorings || [];
  if (conn !== (table.shown || table.conns[0])) return; // one summary per game, not per seat
  const rows = Object.keys(ev.ranks || {}).map(Number).map((p) => ({
    player: p,
    power: (ev.powers || {})[p],
    place: ev.ranks[p],
    vp: (ev.awards || {})[p] || 0,
  })).sort((a, b) => a.place - b.place || a.player - b.player);
  table.scorings.push({ base: ev.base, slot: ev.slot, seats: view.seats, rows, after: [], open: true, seq: view.seq });
  table.scoringFollow = table.scorings[table.scorings.length - 1];
}

/** The events after a base's VP, up to its replacement: its "after scoring" effects. */
function followScoring(conn, ev) {
  const summary = table.scoringFollow;
  if (!summary || conn !== (table.shown || table.conns[0])) return;
  if (ev.kind === "base_replaced" && ev.slot === summary.slot) {
    summary.replacedBy = ev.new;
    table.scoringFollow = null;
    return;
  }
  if (ev.kind === "scored" || ev.kind === "after_score") return;
  // the VP of the places are in the table already; everything else is an effect
  if (ev.kind === "vp" && ev.reason === summary.base) return;
  if (ev.kind === "discarded" && ev.reason === "base scored") {
    summary.cleared = (summary.cleared || 0) + 1;
    return;
  }
  if (ev.line) summary.after.push(ev.line);
}

function dismissScoring() {
  const open = (table.scorings || []).find((s) => s.open);
  if (!open) return false;
  open.open = false;
  renderScoring();
  return true;
}

function renderScoring() {
  const box = $("scoring");
  if (!box) return;
  const summary = (table.scorings || []).find((s) => s.open);
  if (!summary) {
    box.hidden = true;
    return;
  }
  const view = currentView() || { seats: summary.seats };
  clear(box);
  box.dataset.base = summary.base;
  box.append(el("h2", {}, nameOf(summary.base), " scored"));
  const rows = el("tbody");
  for (const row of summary.rows) {
    rows.append(el("tr", { dataset: { player: row.player }, style: { "--pc": colourOf(row.player) } },
      el("td", { className: "who", text: seatName(view, row.player) }),
      el("td", { className: "power", text: row.power === undefined ? "—" : String(row.power) }),
      el("td", { className: "place", text: ordinal(row.place - 1) }),
      el("td", { className: "vp", text: `${row.vp} VP` })));
  }
  const standings = summary.rows.length
    ? el("table", { className: "scoring-table" },
      el("thead", {}, el("tr", {}, el("th", { text: "Player" }), el("th", { text: "Power" }),
        el("th", { text: "Place" }), el("th", { text: "VP" }))), rows)
    : el("p", { className: "muted", text: "Nobody had a minion or power there: no VP." });
  const after = el("ul", { className: "scoring-after" });
  summary.after.forEach((line) => after.append(el("li", { text: withNames(view, line) })));
  if (summary.cleared) after.append(el("li", { className: "muted", text: `${summary.cleared} card${summary.cleared === 1 ? "" : "s"} went to the discard piles.` }));
  if (summary.replacedBy) after.append(el("li", { className: "muted", text: `${nameOf(summary.replacedBy)} takes its place.` }));
  else after.append(el("li", { className: "muted", text: "Still resolving…" }));
  box.append(el("div", { className: "scoring-body" }, standings,
    el("div", { className: "scoring-then" }, el("h3", { text: "After scoring" }), after)));
  const waiting = (table.scorings || []).filter((s) => s.open).length - 1;
  box.append(el("button", {
    className: "primary dismiss", type: "button",
    text: waiting > 0 ? `OK (${waiting} more)` : "OK",
    on: { click: () => dismissScoring() },
  }));
  box.hidden = false;
}

/* Drawing the marks ------------------------------------------------------------------------ */

/** After each render: the marks of the last move, the bases at their breakpoint, VP reasons,
 * the scoring summary, dragging cards onto bases, the options' overflow and the cards a
 * decision offers from elsewhere. */
function renderFollow(view, obs) {
  renderSkip();
  renderScoring();
  if (!obs) return;
  const move = table.shown && table.shown.lastMove;
  if (move) {
    document.querySelectorAll("[data-id]").forEach((node) => {
      const id = node.dataset.id;
      if (move.landed.has(id)) node.classList.add("last-move");
      if (move.seq === view.seq && move.fresh.has(id)) node.classList.add("just-moved");
      if (move.counters.has(id)) node.classList.add("counters-changed");
      const delta = move.power[id];
      if (delta && node.classList.contains("minion")) {
        node.classList.add("power-changed");
        const line = node.querySelector(".minion-line");
        if (line) line.append(el("span", { className: `power-delta ${delta > 0 ? "up" : "down"}`, text: `${delta > 0 ? "+" : ""}${delta}` }));
      }
    });
    move.discards.forEach((p) => {
      const pile = document.querySelector(`.player[data-seat="${p}"] button.discard`);
      if (pile) pile.classList.add("last-move", "just-moved");
    });
    move.hands.forEach((p) => {
      const player = document.querySelector(`.player[data-seat="${p}"]`);
      if (player) player.classList.add("hand-changed");
    });
  }
  // a base at or over its breakpoint scores at the end of the turn (or now)
  for (const base of obs.bases || []) {
    if (base.breakpoint > 0 && base.total_power >= base.breakpoint) {
      const node = document.querySelector(`.base[data-id="${base.id}"]`);
      if (node) {
        node.classList.add("at-breakpoint");
        node.querySelector(".base-head").after(el("div", { className: "scores-soon", text: "At its breakpoint: it scores" }));
      }
    }
  }
  const reasons = (table.shown && table.shown.vpReasons) || {};
  for (const [p, reason] of Object.entries(reasons)) {
    const vp = document.querySelector(`.player[data-seat="${p}"] .vp`);
    if (vp) {
      vp.append(el("span", { className: reason.seq === view.seq ? "vp-reason fresh" : "vp-reason", text: reason.text }));
    }
  }
  wireDragging();
  renderOptionsOverflow();
  renderOffered(view, obs);
}

/** The base a card on the table is on (a minion, a card attached to one, an action). */
function baseHolding(id) {
  const view = currentView();
  const found = tableCards(view && view.observation)[id];
  return found && found.base && found.base.startsWith("base:") ? found.base : null;
}

function findMinion(obs, id) {
  for (const base of (obs && obs.bases) || []) {
    const minion = (base.minions || []).find((m) => m.id === id);
    if (minion) return minion;
  }
  return null;
}

/** The key shown on each option: its fixed letter when it has one (end, pass, …: the same
 * every time), else its place among the first ten (1–9, 0). A digit always picks by place. */
function optionKeys(options) {
  return options.map((option, i) => FIXED_KEYS[option.text] || (i < 10 ? String((i + 1) % 10) : null));
}

/** Drag a card of the hand onto a base (or a minion there) to play it there. */
function wireDragging() {
  const options = currentOptions();
  document.querySelectorAll("#hand .card[data-id]").forEach((card) => {
    const id = card.dataset.id;
    if (!optionsNaming(options, [id]).length) return;
    card.draggable = true;
    card.addEventListener("dragstart", (event) => {
      event.dataTransfer.setData("text/plain", id);
      event.dataTransfer.effectAllowed = "move";
      table.dragging = id;
    });
    card.addEventListener("dragend", () => { table.dragging = null; });
  });
  document.querySelectorAll(".base[data-id]").forEach((node) => {
    const base = node.dataset.id;
    node.addEventListener("dragover", (event) => {
      if (table.dragging && optionsNaming(currentOptions(), [table.dragging, base]).length) {
        event.preventDefault();
        node.classList.add("drop-here");
      }
    });
    node.addEventListener("dragleave", () => node.classList.remove("drop-here"));
    node.addEventListener("drop", (event) => {
      event.preventDefault();
      node.classList.remove("drop-here");
      const id = event.dataTransfer.getData("text/plain") || table.dragging;
      table.dragging = null;
      const matches = optionsNaming(currentOptions(), [id, base]);
      if (matches.length === 1) {
        sendOption(matches[0].text);
      } else if (matches.length) {
        table.selection = [id, base];
        render();
      }
    });
  });
}

/** "N more options below": the option list never hides options without saying so (the note
 * sticks to the bottom of the screen while the list runs past it). */
function renderOptionsOverflow() {
  const box = $("options");
  let note = $("options-more");
  if (!note) {
    note = el("p", { className: "options-more", attrs: { id: "options-more", "aria-live": "polite" } });
    box.after(note);
    box.addEventListener("scroll", renderOptionsOverflow);
    window.addEventListener("resize", renderOptionsOverflow);
    window.addEventListener("scroll", renderOptionsOverflow, { passive: true });
  }
  // below the list's own fold, or below the screen's (a phone's page scrolls instead)
  const edge = Math.min(box.getBoundingClientRect().bottom, window.innerHeight);
  const below = [...box.querySelectorAll("button.option")].filter((b) => {
    const rect = b.getBoundingClientRect();
    return rect.height > 0 && rect.top + rect.height / 2 > edge;
  }).length;
  note.hidden = below === 0;
  note.textContent = below ? `${below} more option${below === 1 ? "" : "s"} below ↓ (scroll the list)` : "";
}

/** Cards a decision of this seat offers from outside the table and its hand (a deck, a
 * discard pile, another player's hand, shown to this seat): their names and texts. */
function renderOffered(view, obs) {
  const old = $("offered");
  if (old) old.remove();
  const options = currentOptions();
  if (!options.length) return;
  const onTable = tableCards(obs);
  const inHand = new Set(obs.hand || []);
  const offered = [];
  for (const option of options) {
    for (const id of option.text.match(ID_PATTERN) || []) {
      if (id.startsWith("base:") || onTable[id] || inHand.has(id) || offered.includes(id)) continue;
      offered.push(id);
    }
  }
  // the cards the prompt itself names (the engine lists only those this seat may read about),
  // and a base offered from the base deck; not the asking card, which the prompt names already
  const decision = obs.decision || {};
  for (const id of decision.cards || []) {
    if (id === decision.source_id || onTable[id] || inHand.has(id) || offered.includes(id)) continue;
    if (id.startsWith("base:") && (obs.bases || []).some((b) => b.id === id)) continue;
    if (lookup(id)) offered.push(id);
  }
  if (!offered.length) return;
  const list = el("ul", { className: "offered-list" });
  for (const id of offered) {
    const info = lookup(id) || {};
    list.append(el("li", { className: "offered-card", dataset: { card: id } },
      el("div", { className: "card-top" }, nameButton(id),
        info.type === "minion" ? el("span", { className: "card-power", text: info.power }) : null),
      el("p", { className: "card-text", text: info.text || "No ability." })));
  }
  $("decision").append(el("div", { className: "offered", attrs: { id: "offered" } },
    el("h3", { className: "area-title", text: "Cards in this choice" }), list));
}

/* ---------------------------------------------------------------------------------------- */
/* Help dialog                                                                               */
/* ---------------------------------------------------------------------------------------- */

function toggleHelp() {
  if ($("help").hidden) openHelp();
  else closeHelp();
}

/** The help: keys, mouse, the spectators' link and the rules topics (smashup.help_topics,
 * the same texts as the terminal game's help), loaded once from /api/help. */
function openHelp() {
  table.helpReturn = document.activeElement;
  $("help").hidden = false;
  const watch = $("help-watch-link");
  if (watch && table.gameId) watch.textContent = absoluteUrl(`/game/${encodeURIComponent(table.gameId)}`);
  $("help").querySelector(".close").focus();
  if (!table.helpTopics) loadHelpTopics();
}

function closeHelp() {
  $("help").hidden = true;
  const back = table.helpReturn;
  table.helpReturn = null;
  if (back && back !== document.body && document.contains(back)) back.focus();
}

async function loadHelpTopics() {
  const box = $("help-topics");
  try {
    const response = await fetch("/api/help", { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`status ${response.status}`);
    table.helpTopics = (await response.json()).topics || [];
  } catch (err) {
    clear(box).append(el("p", { className: "muted", text: `The rules could not be loaded (${err.message}).` }));
    return;
  }
  clear(box);
  for (const topic of table.helpTopics) {
    // a disclosure per topic: the list stays short, and each opens with Enter or Space
    box.append(el("details", { className: "help-topic", dataset: { topic: topic.key } },
      el("summary", { text: topic.title }),
      topic.body.split(/\n\s*\n/).map((paragraph) => el("p", { text: paragraph.trim() }))));
  }
}

/* ---------------------------------------------------------------------------------------- */
/* Keyboard and screen readers                                                               */
/* ---------------------------------------------------------------------------------------- */

function wireAccessibility() {
  // whether the keyboard is working the options (a decision rebuilds them: see keepOptionsFocus)
  document.addEventListener("focusin", (event) => {
    table.focusOptions = $("options").contains(event.target);
  });
  const skip = $("skip-to-options");
  if (skip) {
    skip.addEventListener("click", (event) => {
      event.preventDefault();
      if (!focusFirstOption()) $("decision").focus();
    });
  }
  // a dialog keeps the keyboard inside it while it is open (Tab wraps round)
  for (const overlay of [$("help"), $("discard-view")]) {
    overlay.addEventListener("keydown", (event) => trapTab(event, overlay));
  }
}

/** Focus the first option that may be chosen; false when there is none. */
function focusFirstOption() {
  const first = document.querySelector("#options button.option:not([disabled])");
  if (!first) return false;
  first.focus();
  return true;
}

/** The options are rebuilt on every view: when the keyboard was on them, it goes back to the
 * first one (or stays pending on the decision panel until they come). */
function keepOptionsFocus() {
  if (!table.focusOptions) return;
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  if (!focusFirstOption()) {
    $("decision").focus({ preventScroll: true });
    table.focusOptions = true; // focusin on the panel reset it: the options come next view
  }
}

function trapTab(event, overlay) {
  if (event.key !== "Tab") return;
  const focusable = [...overlay.querySelectorAll("button, a[href], summary, [tabindex='0']")]
    .filter((node) => !node.disabled && node.offsetParent !== null);
  if (!focusable.length) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    last.focus();
    event.preventDefault();
  } else if (!event.shiftKey && document.activeElement === last) {
    first.focus();
    event.preventDefault();
  }
}
