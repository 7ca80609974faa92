/* The phone page of a Babel Towers seat: one socket to the table, one view, the seat's choices.
 *
 * Why it is written this way:
 * - The page runs under a strict Content-Security-Policy (no inline code or style, no eval), so
 *   every element is built with DOM calls and every text goes in through textContent: nothing the
 *   server or another player sends is ever parsed as HTML.
 * - The desktop Match is the only truth. The page keeps no game state of its own beyond the last
 *   snapshot; a tap sends the action's text and the ply it was made at, and waits for the answer.
 * - Phones sleep, lock and change networks. The token stays in the address, so the page simply
 *   reconnects (with backoff) and the next snapshot puts the seat back exactly where it was.
 */
"use strict";

(function () {
  const TOKEN_RE = /^\/s\/([A-Za-z0-9_-]{8,200})\/?$/;
  const WATCH_RE = /^\/watch\/?$/;
  const PICTURE_RE = /^[a-z0-9][a-z0-9-]{0,63}$/; // the names scenes/remote/art.py gives pictures
  const BACKOFF_MS = [400, 1000, 2000, 4000, 8000, 15000];
  const PING_AFTER_MS = 15000; // quiet this long: ask the table whether it is still there
  const DEAD_AFTER_MS = 40000; // quiet this long: the socket is gone (a sleeping phone, a lost Wi-Fi)
  const ANSWER_WAIT_MS = 12000; // a tap with no answer this long is given up
  const MAX_EVENTS = 12;
  const PALETTE = [
    ["#0072b2", "Blue"], ["#e69f00", "Orange"], ["#009e73", "Green"], ["#cc79a7", "Pink"],
    ["#f0e442", "Yellow"], ["#d55e00", "Vermilion"], ["#56b4e9", "Sky"], ["#787878", "Grey"],
    ["#965ac8", "Purple"], ["#fafafa", "White"],
  ];
  // Babel On!'s palette is its six nation looks (scenes/seat_colours.py), in the engine's order.
  const BABEL_ON_PALETTE = [
    ["#c83a30", "Red"], ["#2c68c4", "Blue"], ["#ecc838", "Yellow"], ["#3a9652", "Green"],
    ["#8a52b0", "Purple"], ["#e88424", "Orange"],
  ];
  const GAME_TITLES = { duel: "Tower of Babel", turmbau: "Der Turmbau zu Babel", builders: "Babel Builders" };

  const S = {
    token: null,
    watching: false,
    ws: null,
    welcomed: false,
    state: null,
    lastStateText: null,
    seat: null,
    pending: null,
    nextId: 1,
    attempt: 0,
    retryTimer: null,
    lastHeard: 0,
    bye: null,
    fatal: null,
    notice: null,
    hint: null, // the coach's answer for this ply: { id, ply, thinking, at, title, text, reason }
    ui: { ply: -1 },
  };

  // -- small DOM helpers ---------------------------------------------------------------------
  function h(tag, cls, ...kids) {
    const el = document.createElement(tag);
    if (cls) el.className = cls;
    for (const kid of kids) {
      if (kid === null || kid === undefined || kid === false) continue;
      el.append(typeof kid === "string" || typeof kid === "number" ? String(kid) : kid);
    }
    return el;
  }
  function picture(name, alt, cls) {
    const img = document.createElement("img");
    img.src = "/art/" + (PICTURE_RE.test(String(name)) ? name : "card-back") + ".png";
    img.alt = alt || "";
    img.className = cls || "pic";
    img.draggable = false;
    return img;
  }
  function byId(id) {
    return document.getElementById(id);
  }
  function isInt(x) {
    return typeof x === "number" && Number.isInteger(x);
  }

  // -- seats ----------------------------------------------------------------------------------
  function seats() {
    return (S.state && Array.isArray(S.state.seats)) ? S.state.seats : [];
  }
  function seatName(i) {
    const s = seats()[i];
    if (s && typeof s.name === "string" && s.name) return s.name;
    return isInt(i) ? "Seat " + (i + 1) : "nobody";
  }
  // Each seat's palette index exactly as the table picks it (scenes/seat_colours.chosen_indices):
  // its own valid, unshared choice, else the first look no earlier seat has.
  function palette() {
    return S.state && S.state.game === "babel_on" ? BABEL_ON_PALETTE : PALETTE;
  }
  function paletteIndices() {
    const out = [];
    const size = palette().length;
    seats().forEach(function (s, seat) {
      let c = s ? s.colour : null;
      if (!(isInt(c) && c >= 0 && c < size && !out.includes(c))) {
        c = seat % size;
        for (let i = seat; i < seat + size; i++) {
          if (!out.includes(i % size)) {
            c = i % size;
            break;
          }
        }
      }
      out.push(c);
    });
    return out;
  }
  function paletteIndex(i) {
    const found = paletteIndices()[i];
    return isInt(found) ? found : (isInt(i) ? i : 0) % palette().length;
  }
  function seatColour(i) {
    return palette()[paletteIndex(i)][0];
  }
  function dot(i) {
    const el = h("span", "dot");
    el.style.setProperty("--seat", seatColour(i));
    return el;
  }
  function seatTag(i) {
    return h("span", "seat-tag" + (i === S.seat ? " me" : ""), dot(i), i === S.seat ? "You" : seatName(i));
  }
  function namesOf(list) {
    const names = list.map((i) => (i === S.seat ? "you" : seatName(i)));
    if (names.length <= 1) return names.join("");
    return names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
  }

  // -- the connection -------------------------------------------------------------------------
  function wsUrl() {
    return (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
  }

  function connect() {
    if (S.bye || S.fatal || !(S.token || S.watching)) return;
    clearTimeout(S.retryTimer);
    S.retryTimer = null;
    if (S.ws && S.ws.readyState <= 1) return;
    let ws;
    try {
      ws = new WebSocket(wsUrl());
    } catch (e) {
      retryLater();
      return;
    }
    S.ws = ws;
    S.welcomed = false;
    setConn("connecting", S.attempt ? "Reconnecting…" : "Connecting…");
    ws.onopen = function () {
      if (ws !== S.ws) return;
      S.lastHeard = Date.now();
      ws.send(JSON.stringify(S.watching ? { type: "watch" } : { type: "hello", token: S.token }));
    };
    ws.onmessage = function (ev) {
      if (ws !== S.ws || typeof ev.data !== "string") return;
      S.lastHeard = Date.now();
      let msg = null;
      try {
        msg = JSON.parse(ev.data);
      } catch (e) {
        return;
      }
      if (!msg || typeof msg !== "object") return;
      if (msg.type === "state" && ev.data === S.lastStateText) return; // the same again after a reconnect
      if (msg.type === "state") S.lastStateText = ev.data;
      receive(msg);
    };
    ws.onclose = function () {
      if (ws !== S.ws) return;
      dropped();
    };
    ws.onerror = function () {
      /* a close event follows */
    };
  }

  function dropped() {
    const ws = S.ws;
    S.ws = null;
    S.welcomed = false;
    if (ws && ws.readyState <= 1) {
      try {
        ws.close();
      } catch (e) {
        /* already gone */
      }
    }
    if (S.pending) S.pending = null;
    if (S.hint && S.hint.thinking) S.hint = null; // its answer went to the socket that died
    if (S.bye || S.fatal) {
      render();
      return;
    }
    retryLater();
    render();
  }

  function retryLater() {
    if (S.retryTimer || S.bye || S.fatal) return;
    const base = BACKOFF_MS[Math.min(S.attempt, BACKOFF_MS.length - 1)];
    const wait = Math.round(base * (0.8 + Math.random() * 0.4));
    S.attempt += 1;
    S.retryTimer = setTimeout(function () {
      S.retryTimer = null;
      connect();
    }, wait);
    setConn("offline", "Reconnecting in " + Math.max(1, Math.round(wait / 1000)) + " s");
  }

  function reconnectNow() {
    if (S.bye || S.fatal) return;
    if (S.ws && S.ws.readyState <= 1) {
      // maybe a socket that died while the phone slept: ask, and let the watchdog judge
      if (S.ws.readyState === 1) send({ type: "ping" });
      return;
    }
    clearTimeout(S.retryTimer);
    S.retryTimer = null;
    S.attempt = 0;
    connect();
  }

  function watchdog() {
    if (!S.ws || S.ws.readyState !== 1) return;
    const quiet = Date.now() - S.lastHeard;
    if (quiet > DEAD_AFTER_MS) {
      dropped();
    } else if (quiet > PING_AFTER_MS) {
      send({ type: "ping" });
    }
    if (S.pending && Date.now() - S.pending.at > ANSWER_WAIT_MS) {
      S.pending = null;
      showNotice("The table did not answer. Try again.", "refused");
      render();
    }
    if (S.hint && S.hint.thinking && Date.now() - S.hint.at > ANSWER_WAIT_MS) {
      S.hint = { id: S.hint.id, ply: S.hint.ply, reason: "the coach did not answer: try again" };
      render();
    }
  }

  function send(msg) {
    if (!S.ws || S.ws.readyState !== 1) return false;
    try {
      S.ws.send(JSON.stringify(msg));
      return true;
    } catch (e) {
      return false;
    }
  }

  function receive(msg) {
    switch (msg.type) {
      case "welcome":
        S.welcomed = true;
        S.attempt = 0;
        if (isInt(msg.seat)) S.seat = msg.seat;
        setConn("ok", "Connected");
        break;
      case "state":
        if (S.watching) setConn("ok", "Watching");
        // as at the desktop, the hint is for the seat's choices: another seat's move leaves it
        if (S.hint && (choiceKey(msg) !== choiceKey(S.state) || msg.coach !== true)) S.hint = null;
        S.state = msg;
        if (S.pending && S.pending.accepted && msg.ply !== S.pending.ply) S.pending = null;
        document.body.dataset.ply = String(msg.ply);
        if (isInt(msg.seat)) S.seat = msg.seat;
        if (msg.ply !== S.ui.ply) S.ui = { ply: msg.ply };
        break;
      case "hint":
        if (!S.hint || msg.id !== S.hint.id) return; // not the question asked now
        S.hint = typeof msg.text === "string"
          ? { id: msg.id, ply: msg.ply, title: String(msg.title || "Coach"), text: msg.text }
          : { id: msg.id, ply: msg.ply, reason: String(msg.reason || "the coach has nothing to say") };
        break;
      case "accepted":
        // keep the buttons off until the state after the move arrives (it follows at once)
        if (S.pending && S.pending.id === msg.id) {
          S.pending.accepted = true;
          if (S.state && S.state.ply !== S.pending.ply) S.pending = null;
        }
        hideNotice();
        break;
      case "refused":
        if (S.pending && S.pending.id === msg.id) S.pending = null;
        showNotice(String(msg.reason || "That move is not allowed now."), "refused");
        break;
      case "error":
        if (!S.welcomed) {
          S.fatal = String(msg.reason || "The table did not accept this seat link.");
        } else {
          if (S.pending) S.pending = null;
          showNotice(String(msg.reason || "The table could not read that."), "refused");
        }
        break;
      case "bye":
        S.bye = String(msg.reason || "The table closed this seat.");
        S.pending = null;
        S.hint = null;
        break;
      default:
        return;
    }
    if (S.bye || S.fatal) {
      setConn("offline", S.bye ? "Closed" : "Not a seat");
      const ws = S.ws;
      S.ws = null;
      if (ws) {
        try {
          ws.close();
        } catch (e) {
          /* already gone */
        }
      }
      clearTimeout(S.retryTimer);
      S.retryTimer = null;
    }
    render();
  }

  function setConn(kind, text) {
    const el = byId("conn");
    el.className = "conn " + kind;
    el.textContent = text;
  }

  function showNotice(text, kind) {
    S.notice = { text: text, kind: kind || "info" };
  }
  function hideNotice() {
    S.notice = null;
  }

  // -- acting ---------------------------------------------------------------------------------
  function legalMap() {
    const out = new Map();
    const st = S.state;
    if (!st || !Array.isArray(st.legal)) return out;
    for (const a of st.legal) {
      if (a && typeof a.text === "string") out.set(a.text, typeof a.label === "string" ? a.label : a.text);
    }
    return out;
  }
  function canAct() {
    return !S.pending && !S.bye && !S.fatal && S.welcomed && S.ws && S.ws.readyState === 1;
  }
  function act(text) {
    if (!canAct() || !legalMap().has(text)) return;
    const id = S.nextId++;
    if (!send({ type: "act", ply: S.state.ply, action: text, id: id })) return;
    S.pending = { id: id, text: text, ply: S.state.ply, accepted: false, at: Date.now() };
    hideNotice();
    render();
  }
  // The coach: what the strongest bot would do from this seat's own view, asked for this ply.
  function choiceKey(st) {
    return st && Array.isArray(st.legal) ? st.legal.map((a) => (a && a.text) || "").join("\n") : "";
  }
  function coachOn() {
    const st = S.state;
    return !!st && st.coach === true && !st.over && !S.watching && legalMap().size > 0;
  }
  function askHint() {
    if (S.hint && !S.hint.thinking) {
      S.hint = null; // asking again puts the note away, as at the desktop
      render();
      return;
    }
    if (!coachOn() || !canAct() || S.hint) return;
    const id = S.nextId++;
    if (!send({ type: "hint", ply: S.state.ply, id: id })) return;
    S.hint = { id: id, ply: S.state.ply, thinking: true, at: Date.now() };
    render();
  }
  function renderHint(game, choices) {
    if (!coachOn()) return;
    const hint = S.hint;
    const box = h("div", "panel hintbox");
    const label = hint && !hint.thinking ? "Hide hint" : "Hint";
    box.append(uiButton(label, askHint, "btn hint-btn", (hint && hint.thinking) || !canAct()));
    if (hint) {
      const note = h("div", "hint-note" + (hint.reason ? " none" : ""));
      note.setAttribute("role", "status");
      if (hint.thinking) note.append(h("strong", null, "Coach"), h("p", null, "Thinking…"));
      else if (hint.reason) note.append(h("strong", null, "Coach"), h("p", null, sentence(hint.reason)));
      else note.append(h("strong", null, hint.title), h("p", null, hint.text));
      box.append(note);
    }
    // right below the panel with the seat's own choices, else at the top of the choices list
    const first = game.querySelector("[data-action]");
    const panel = first ? first.closest(".panel") : null;
    if (panel && panel.parentNode === game) panel.after(box);
    else choices.prepend(box);
  }

  // The rules describe seats by number ("seat 3", "player 3"); on a phone the names read better.
  function named(label) {
    return String(label).replace(/\b(seat|player) (\d{1,2})\b/g, function (whole, _w, n) {
      const seat = parseInt(n, 10) - 1;
      if (seat < 0 || seat >= seats().length) return whole;
      return seat === S.seat ? "yourself" : seatName(seat);
    });
  }
  function actButton(text, content, cls) {
    const legal = legalMap();
    const b = h("button", cls || "btn");
    b.type = "button";
    if (Array.isArray(content)) b.append(...content);
    else b.append(content === undefined ? named(legal.get(text) || text) : typeof content === "string" ? named(content) : content);
    b.disabled = !legal.has(text) || !canAct();
    if (S.pending && S.pending.text === text) b.classList.add("sent");
    if (legal.has(text)) b.dataset.action = text; // a composed choice the rules refuse names nothing
    b.addEventListener("click", function () {
      act(text);
    });
    return b;
  }
  function uiButton(content, onClick, cls, disabled) {
    const b = h("button", cls || "btn");
    b.type = "button";
    if (Array.isArray(content)) b.append(...content);
    else b.append(content);
    b.disabled = !!disabled;
    b.addEventListener("click", onClick);
    return b;
  }

  // -- rendering ------------------------------------------------------------------------------
  function render() {
    renderHeader();
    renderNotice();
    const game = byId("game");
    const choices = byId("choices");
    const events = byId("events");
    game.replaceChildren();
    if (S.bye || S.fatal) {
      // Nothing to tap any more; a finished game still shows how it ended.
      game.append(
        h("div", "panel ended", h("h2", null, S.bye ? "This seat is closed" : "This seat link does not work"),
          h("p", "big", sentence(S.bye || S.fatal)),
          h("p", "soft", "You can close this page."))
      );
      choices.replaceChildren();
      choices.hidden = true;
      if (S.state && S.state.over && S.state.outcome) {
        game.append(resultPanel(S.state));
        renderEvents(events, S.state);
      } else {
        events.hidden = true;
      }
      return;
    }
    const st = S.state;
    if (!st) {
      game.append(h("div", "panel", h("p", "soft", "Waiting for the table…")));
      choices.hidden = true;
      events.hidden = true;
      return;
    }
    if (st.over && st.outcome) game.append(resultPanel(st));
    const v = st.view && typeof st.view === "object" ? st.view : null;
    const draw = RENDERERS[st.game];
    S.composed = new Set();
    if (v && draw) {
      try {
        draw(game, v, st);
      } catch (e) {
        game.append(h("div", "panel", h("p", "soft", "This view could not be drawn; the choices below still work.")));
      }
    }
    renderChoices(choices, game);
    renderHint(game, choices);
    renderEvents(events, st);
  }

  function renderHeader() {
    const st = S.state;
    byId("title").textContent = st ? String(st.title || GAME_TITLES[st.game] || "Babel Towers") : "Babel Towers";
    if (st && typeof st.title === "string") document.title = st.title + " – your seat";
    const who = byId("who");
    const turn = byId("turn");
    who.replaceChildren();
    turn.replaceChildren();
    turn.className = "turn";
    if (st && S.watching) {
      who.append(h("span", "soft", "Watching the table: the public view, nothing to play"));
    }
    if (!st || !isInt(S.seat)) return;
    const me = seats()[S.seat] || {};
    const colourName = palette()[paletteIndex(S.seat)][1];
    who.append(dot(S.seat), h("strong", null, seatName(S.seat)), h("span", "soft", " · " + colourName + " · seat " + (S.seat + 1)));
    if (me.bot) who.append(h("span", "soft", " · played by a bot"));
    const toAct = Array.isArray(st.to_act) ? st.to_act.filter(isInt) : [];
    if (st.over) {
      turn.append("The game is over");
    } else if (toAct.includes(S.seat)) {
      turn.classList.add("mine");
      turn.append(S.pending ? "Sent… waiting for the table" : "Your turn");
      const others = toAct.filter((i) => i !== S.seat);
      if (others.length) turn.append(h("span", "soft", " (also " + namesOf(others) + ")"));
    } else if (toAct.length) {
      turn.append("Waiting for " + namesOf(toAct));
    }
  }

  function renderNotice() {
    const el = byId("notice");
    if (!S.notice || S.bye || S.fatal) {
      el.hidden = true;
      el.textContent = "";
      return;
    }
    el.hidden = false;
    el.className = "notice " + S.notice.kind;
    el.textContent = S.notice.text;
  }

  function resultPanel(st) {
    const own = RESULTS[st.game];
    if (own && st.view && typeof st.view === "object") {
      try {
        return own(st.view, st);
      } catch (e) {
        /* the plain panel below */
      }
    }
    return renderOutcome(st.outcome);
  }
  function renderOutcome(outcome) {
    const winners = Array.isArray(outcome.winners) ? outcome.winners.filter(isInt) : [];
    const won = winners.includes(S.seat);
    const box = h("div", "panel outcome" + (won ? " won" : ""));
    box.append(h("h2", null, won ? "You won!" : winners.length ? namesOf(winners) + (winners.length > 1 ? " win" : " wins") : "Game over"));
    if (typeof outcome.summary === "string" && outcome.summary) box.append(h("p", null, outcome.summary));
    if (Array.isArray(outcome.scores)) {
      const list = h("ul", "scores");
      outcome.scores.forEach(function (sc, i) {
        list.append(h("li", winners.includes(i) ? "win" : null, seatTag(i), h("span", "num", fmtScore(sc))));
      });
      box.append(list);
    }
    return box;
  }
  function sentence(text) {
    const t = String(text).trim();
    if (!t) return t;
    return t.charAt(0).toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? "" : ".");
  }
  function fmtScore(x) {
    return typeof x === "number" ? (Number.isInteger(x) ? String(x) : x.toFixed(1)) : "";
  }

  // Every legal action stays reachable: the ones the game's picture offers no button or composer
  // for are listed as buttons, and the full list is always one tap away below them.
  function renderChoices(box, game) {
    const legal = legalMap();
    box.replaceChildren();
    if (!legal.size) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const shown = new Set();
    for (const el of game.querySelectorAll("[data-action]")) shown.add(el.dataset.action);
    const composed = S.composed || new Set();
    const open = [];
    for (const text of legal.keys()) {
      if (!shown.has(text) && !composed.has(text.split(" ")[0])) open.push(text);
    }
    if (open.length) {
      const list = h("div", "choice-list");
      for (const text of open) list.append(actButton(text, legal.get(text), "btn choice"));
      box.append(h("h2", null, "Your choices"), list);
    }
    if (open.length < legal.size) {
      const all = h("div", "choice-list");
      for (const [text, label] of legal) all.append(actButton(text, label, "btn choice"));
      const det = h("details", "all-choices");
      det.open = !!S.ui.allOpen;
      det.addEventListener("toggle", function () {
        S.ui.allOpen = det.open;
      });
      det.append(h("summary", null, "All your choices as a list (" + legal.size + ")"), all);
      box.append(det);
    }
  }

  function renderEvents(box, st) {
    box.replaceChildren();
    const events = Array.isArray(st.events) ? st.events : [];
    const describe = DESCRIBERS[st.game] || function () {
      return null;
    };
    const lines = [];
    for (let i = events.length - 1; i >= 0 && lines.length < MAX_EVENTS; i--) {
      const ev = events[i];
      if (!ev || typeof ev.kind !== "string") continue;
      const data = ev.data && typeof ev.data === "object" ? ev.data : {};
      let line = null;
      try {
        line = describe(ev.kind, data);
      } catch (e) {
        line = null;
      }
      if (line === undefined) continue; // a kind that says nothing new to a person
      if (line === null) line = typeof data.text === "string" ? data.text : words(ev.kind);
      lines.push(h("li", null, h("span", "ply", isInt(ev.ply) ? String(ev.ply) : ""), line));
    }
    if (!lines.length) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    box.append(h("h2", null, "What happened"), h("ol", "events", ...lines));
  }
  function words(kind) {
    const s = kind.replace(/_/g, " ");
    return s.charAt(0).toUpperCase() + s.slice(1);
  }
  function frag(...parts) {
    const span = h("span", "line");
    for (const p of parts) if (p !== null && p !== undefined) span.append(p);
    return span;
  }

  // -- the duel -------------------------------------------------------------------------------
  const DUEL_TEXT = { 11: "J", 12: "Q", 13: "K", 14: "A", 15: "JK" };
  const DUEL_NAME = { 11: "Jack", 12: "Queen", 13: "King", 14: "Ace", 15: "Joker" };
  const DUEL_KIND = {
    joker: "a single Joker: nobody is Builder, the die goes back to 1",
    jokers_tie: "Jokers tie",
    builder_wins: "the Builder wins the round",
    new_builder: "a new Builder",
    tie_above_builder: "a tie above the Builder: the die goes back to the centre",
    centre_tie: "a tie with the die in the centre: nobody wins",
  };
  function duelText(c) {
    return DUEL_TEXT[c] || String(c);
  }
  function duelCard(seat, c, cls) {
    return picture("duel-card-" + seat + "-" + c, DUEL_NAME[c] || String(c), cls || "card");
  }

  function drawDuel(root, v) {
    const me = S.seat;
    const n = isInt(v.players) ? v.players : 0;
    const hands = Array.isArray(v.hands) ? v.hands : [];
    const scores = Array.isArray(v.scores) ? v.scores : [];
    const committed = Array.isArray(v.committed) ? v.committed : [];
    // the hand
    if (isInt(me)) {
      const hand = h("div", "panel hand");
      const mine = Array.isArray(hands[me]) ? hands[me] : [];
      if (v.my_choice !== null && v.my_choice !== undefined) {
        hand.append(h("h2", null, "Your card, face down"),
          h("div", "chosen", duelCard(me, v.my_choice, "card"), h("p", null, "You played the " + (DUEL_NAME[v.my_choice] || v.my_choice) + ". Waiting for the reveal.")));
      }
      const lead = "Round " + v.round + " of " + v.rounds + " · ";
      hand.append(h("h2", null, lead + (v.my_choice !== null && v.my_choice !== undefined ? "still in your hand" : "tap a card to play it")));
      const grid = h("div", "cards");
      for (const c of mine) {
        if (c === v.my_choice) continue;
        const text = "play " + duelText(c);
        grid.append(actButton(text, [duelCard(me, c, "card")], "card-btn"));
      }
      hand.append(grid);
      root.append(hand);
    }
    // the table: who is Builder, the die, the scores
    const table = h("div", "panel table");
    table.append(h("h2", null, "The table"));
    const row = h("div", "seats");
    for (let i = 0; i < n; i++) {
      const chip = h("div", "seat" + (i === me ? " me" : "") + (v.builder === i ? " builder" : ""));
      chip.append(seatTag(i), h("span", "num", (scores[i] || 0) + (scores[i] === 1 ? " pt" : " pts")));
      if (v.builder === i) chip.append(h("span", "badge", "Builder"));
      if (committed[i]) chip.append(h("span", "badge ok", "played"));
      row.append(chip);
    }
    table.append(row);
    const die = h("div", "die-line", picture("die-" + v.die, "die showing " + v.die, "die"));
    die.append(
      h("span", null, v.builder === null || v.builder === undefined
        ? "The die is in the centre, showing " + v.die + "."
        : (v.builder === me ? "You are the Builder" : seatName(v.builder) + " is the Builder") + ", the die shows " + v.die + ".")
    );
    table.append(die);
    const hist = Array.isArray(v.history) ? v.history : [];
    if (hist.length) {
      const last = hist[hist.length - 1];
      const cards = h("div", "played");
      (last.cards || []).forEach(function (c, i) {
        cards.append(h("figure", "mini", duelCard(i, c, "card small"), h("figcaption", null, i === me ? "you" : seatName(i))));
      });
      table.append(h("h3", null, "Last round"), cards, h("p", "soft", DUEL_KIND[last.kind] || words(String(last.kind))));
    }
    root.append(table);
    // the others' cards: public in the duel (every card not yet revealed)
    const others = h("div", "panel others");
    others.append(h("h2", null, isInt(me) ? "Cards the others still hold" : "Cards each player still holds"));
    for (let i = 0; i < n; i++) {
      if (i === me) continue;
      const list = h("div", "chips");
      for (const c of hands[i] || []) list.append(h("span", "chip", duelText(c)));
      others.append(h("div", "other", seatTag(i), list));
    }
    root.append(others);
  }

  function describeDuel(kind, d) {
    switch (kind) {
      case "commit":
        return d.seat === S.seat ? undefined : frag(seatName(d.seat), " played a card face down");
      case "commit_card":
        return frag("You played the ", DUEL_NAME[d.card] || String(d.card), " face down");
      case "reveal":
        return undefined; // the round line that follows says it all
      case "builder":
      case "die_move":
      case "die_turn":
        return undefined;
      case "score":
        return frag(d.seat === S.seat ? "You score " : seatName(d.seat) + " scores ", String(d.points));
      default:
        return null;
    }
  }

  // -- Der Turmbau zu Babel -------------------------------------------------------------------
  const TB_KINDS = ["camel", "crane", "ship", "mason"];
  const TB_KIND_NAMES = ["Camel", "Crane", "Ship", "Stone mason"];
  const TB_WONDERS = ["pyramids", "colossus", "zeus", "gardens", "mausoleum", "lighthouse", "artemis", "babel"];
  const TB_WONDER_NAMES = [
    "Pyramids of Giza", "Colossus of Rhodes", "Statue of Zeus", "Hanging Gardens",
    "Mausoleum of Halicarnassus", "Lighthouse of Alexandria", "Temple of Artemis", "Tower of Babel",
  ];
  const TB_ACTIONS = ["redraw", "joker", "disc_bonus", "draw3", "triple", "double", "five_points"];
  const TB_ACTION_TITLES = ["Card trade", "Joker", "Disc bonus", "Card draw", "Triple bonus", "Double turn", "5 victory points"];

  function tbKindIndex(k) {
    return isInt(k) ? k : TB_KINDS.indexOf(String(k));
  }
  function tbDisc(disc, cls) {
    if (!disc || !Array.isArray(disc.kinds) || !Array.isArray(disc.values)) return picture("turmbau-disc-back", "taken", cls || "disc");
    const parts = disc.kinds.map(function (k, i) {
      return tbKindIndex(k) + "-" + disc.values[i];
    });
    const alt = disc.kinds.map(function (k, i) {
      return TB_KIND_NAMES[tbKindIndex(k)] + " " + disc.values[i];
    }).join(" + ");
    return picture("turmbau-disc-" + parts.join("-"), alt, cls || "disc");
  }
  function tbCards(counts, extra) {
    const row = h("div", "stacks");
    (counts || []).forEach(function (n, k) {
      if (!n) return;
      row.append(h("figure", "stack", picture("turmbau-kind-" + k, TB_KIND_NAMES[k], "card"), h("figcaption", "count", "×" + n)));
    });
    if (extra) for (const x of extra) row.append(x);
    return row;
  }
  function tbCountsText(c) {
    return TB_KINDS.map(function (k, i) {
      return c[i] ? k + ":" + c[i] : "";
    }).filter(Boolean).join(" ");
  }
  function tbCountsWords(c) {
    return TB_KIND_NAMES.map(function (k, i) {
      return c[i] ? c[i] + " " + (c[i] === 1 ? k : k + "s") : "";
    }).filter(Boolean).join(", ");
  }
  function tbOfferText(cards, trade, triple) {
    const tokens = [];
    const counts = tbCountsText(cards);
    if (counts) tokens.push(counts);
    if (trade) tokens.push("trade");
    if (triple) tokens.push("triple");
    return "offer " + (tokens.length ? tokens.join(" ") : "none");
  }

  function drawTurmbau(root, v) {
    const me = S.seat;
    const n = isInt(v.players) ? v.players : 0;
    const table = h("div", "panel table");
    const row = h("div", "seats");
    for (let i = 0; i < n; i++) {
      const chip = h("div", "seat" + (i === me ? " me" : "") + (v.active === i ? " builder" : ""));
      chip.append(seatTag(i), h("span", "num", (v.scores ? v.scores[i] : 0) + " pts"));
      chip.append(h("span", "soft small", (v.hand_sizes ? v.hand_sizes[i] : 0) + " cards · " + (v.disc_counts ? v.disc_counts[i] : 0) + " discs"));
      if (v.active === i) chip.append(h("span", "badge", "builder"));
      if (v.committed && v.committed[i]) chip.append(h("span", "badge ok", "offered"));
      row.append(chip);
    }
    table.append(row);
    if (Array.isArray(v.target) && v.wonders) {
      const w = v.target[0];
      const slot = v.target[1];
      const wonder = v.wonders[w] || {};
      const disc = (wonder.discs || [])[slot];
      table.append(h("div", "target", tbDisc(disc, "disc big"),
        h("p", null, (v.active === me ? "You build" : seatName(v.active) + " builds") + " on the " + (TB_WONDER_NAMES[w] || "wonder") + " (disc " + (slot + 1) + ").")));
    }
    // the public table comes after the seat's own cards and choices
    if (isInt(me)) {
      // what the seat holds
      const hand = h("div", "panel hand");
      hand.append(h("h2", null, "Your hand"));
      const extras = [h("figure", "stack", picture("turmbau-trade-" + paletteIndex(me), "your trading card", "card"), h("figcaption", "count", "trade"))];
      for (const a of v.my_actions || []) {
        const name = TB_ACTIONS[a] || String(a);
        extras.push(h("figure", "stack", picture("turmbau-action-" + name.replace(/_/g, "-"), TB_ACTION_TITLES[a] || name, "card"), h("figcaption", "count", TB_ACTION_TITLES[a] || name)));
      }
      hand.append(tbCards(v.hand, extras));
      if (Array.isArray(v.my_discs) && v.my_discs.length) {
        const discs = h("div", "discs");
        for (const d of v.my_discs) discs.append(tbDisc(d, "disc"));
        hand.append(h("h3", null, "Your discs"), discs);
      }
      root.append(hand);
    }
    const legal = legalMap();
    const offers = Array.from(legal.keys()).filter((t) => t.startsWith("offer "));
    if (offers.length) {
      root.append(tbOfferComposer(v, legal));
      S.composed.add("offer");
    }
    else if (v.my_offer && v.phase === "offer") {
      const o = v.my_offer;
      root.append(h("div", "panel", h("h2", null, "Your offer, face down"),
        (o.cards || []).some((x) => x) || o.trade ? tbCards(o.cards, o.trade ? [picture("turmbau-trade-" + paletteIndex(me), "trading card", "card")] : []) : h("p", null, "No offer."),
        h("p", "soft", "Waiting for the others.")));
    }
    const redraw = tbRedrawComposer(v, legal);
    if (redraw) root.append(redraw);
    const builds = Array.from(legal.keys()).filter((t) => t.startsWith("build "));
    if (builds.length) {
      const box = h("div", "panel");
      box.append(h("h2", null, "Build on a disc"));
      const grid = h("div", "build-grid");
      const rows = new Map(); // wonder -> its row of disc buttons, in the order of the choices
      for (const t of builds) {
        const parts = t.split(" ");
        const w = TB_WONDERS.indexOf(parts[1]);
        const slot = parseInt(parts[2], 10) - 1;
        const disc = w >= 0 && v.wonders && v.wonders[w] ? (v.wonders[w].discs || [])[slot] : null;
        if (!rows.has(w)) {
          const discs = h("div", "wonder-discs");
          rows.set(w, discs);
          grid.append(h("div", "wonder-row", h("span", "wonder-name", TB_WONDER_NAMES[w] || parts[1]), discs));
        }
        rows.get(w).append(actButton(t, [tbDisc(disc, "disc")], "card-btn disc-btn"));
      }
      box.append(grid);
      const rest = Array.from(legal.keys()).filter((t) => !/^(build|offer|redraw) /.test(t));
      for (const t of rest) box.append(actButton(t, undefined, "btn choice"));
      root.append(box);
    }
    if (v.phase === "select" && Array.isArray(v.offers)) {
      const box = h("div", "panel");
      box.append(h("h2", null, "The offers"));
      v.offers.forEach(function (o, i) {
        if (i === v.active) return;
        const line = h("div", "other", seatTag(i));
        if (!o) line.append(h("span", "soft", " no offer"));
        else if (!(o.cards || []).some((x) => x) && !o.trade) line.append(h("span", "soft", " no offer"));
        else line.append(tbCards(o.cards, o.trade ? [picture("turmbau-trade-" + paletteIndex(i), "trading card", "card")] : []));
        box.append(line);
      });
      const picks = Array.from(legal.keys()).filter((t) => t.startsWith("accept ") || t === "decline");
      for (const t of picks) box.append(actButton(t, undefined, "btn choice"));
      root.append(box);
    }
    root.append(table);
  }

  // One counter per kind of building card: how many of those in hand go into the choice.
  function tbSteppers(box, counts, hand) {
    TB_KINDS.forEach(function (k, i) {
      if (!hand[i] && !counts[i]) return;
      const line = h("div", "stepper");
      line.append(picture("turmbau-kind-" + i, TB_KIND_NAMES[i], "card tiny"), h("span", "what", TB_KIND_NAMES[i]));
      line.append(uiButton("−", function () {
        counts[i] = Math.max(0, counts[i] - 1);
        render();
      }, "btn step", counts[i] <= 0 || !canAct()));
      line.append(h("span", "num big", String(counts[i])));
      line.append(uiButton("+", function () {
        counts[i] = Math.min(hand[i], counts[i] + 1);
        render();
      }, "btn step", counts[i] >= hand[i] || !canAct()));
      line.append(h("span", "soft small", "of " + hand[i]));
      box.append(line);
    });
  }

  // The Card trade action card: choose the cards to discard and draw again.
  function tbRedrawComposer(v, legal) {
    if (!Array.from(legal.keys()).some((t) => t.startsWith("redraw "))) return null;
    S.composed.add("redraw");
    const ui = S.ui;
    if (!ui.redraw) ui.redraw = [0, 0, 0, 0];
    const box = h("div", "panel composer");
    box.append(h("h2", null, "Card trade"), h("div", "target", picture("turmbau-action-redraw", "Card trade", "card small"),
      h("p", "soft", "Discard up to five building cards and draw as many.")));
    tbSteppers(box, ui.redraw, v.hand || [0, 0, 0, 0]);
    const text = "redraw " + tbCountsText(ui.redraw);
    const many = ui.redraw.reduce((a, b) => a + b, 0);
    box.append(actButton(text, legal.has(text) ? legal.get(text) : many > 5 ? "At most five cards" : "Choose the cards to trade", "btn primary"));
    return box;
  }

  function tbOfferComposer(v, legal) {
    const ui = S.ui;
    if (!ui.offer) ui.offer = { cards: [0, 0, 0, 0], trade: false, triple: false };
    const o = ui.offer;
    const hand = v.hand || [0, 0, 0, 0];
    const texts = Array.from(legal.keys());
    const box = h("div", "panel composer");
    const target = Array.isArray(v.target) ? TB_WONDER_NAMES[v.target[0]] : "the disc";
    box.append(h("h2", null, "Your secret offer"));
    const intro = h("div", "target", h("p", "soft", seatName(v.active) + " builds on the " + target + ". Choose the cards you offer; nobody sees them until all have chosen."));
    if (Array.isArray(v.target) && v.wonders && v.wonders[v.target[0]]) intro.prepend(tbDisc((v.wonders[v.target[0]].discs || [])[v.target[1]], "disc big"));
    box.append(intro);
    tbSteppers(box, o.cards, hand);
    const toggles = h("div", "toggles");
    if (texts.some((t) => / trade\b/.test(t))) {
      toggles.append(uiButton([picture("turmbau-trade-" + paletteIndex(S.seat), "", "card tiny"), o.trade ? "With the trading card" : "Add the trading card"], function () {
        o.trade = !o.trade;
        render();
      }, "btn toggle" + (o.trade ? " on" : ""), !!S.pending));
    }
    if (texts.some((t) => / triple\b/.test(t))) {
      toggles.append(uiButton([picture("turmbau-action-triple", "", "card tiny"), o.triple ? "With the Triple bonus" : "Add the Triple bonus"], function () {
        o.triple = !o.triple;
        render();
      }, "btn toggle" + (o.triple ? " on" : ""), !!S.pending));
    }
    box.append(toggles);
    const text = tbOfferText(o.cards, o.trade, o.triple);
    const ok = legal.has(text);
    const send = actButton(text, ok ? legal.get(text) : "This offer is not possible", "btn primary");
    box.append(send);
    if (legal.has("offer none") && text !== "offer none") box.append(actButton("offer none", "Make no offer", "btn"));
    return box;
  }

  function describeTurmbau(kind, d) {
    const who = function (s) {
      return s === S.seat ? "You" : seatName(s);
    };
    const does = function (s, verb, plural) {
      return s === S.seat ? "You " + (plural || verb.replace(/s$/, "")) : seatName(s) + " " + verb;
    };
    switch (kind) {
      case "turn":
        return frag(does(d.seat, "has the turn", "have the turn"));
      case "pass":
        return frag(who(d.seat), " passed");
      case "build":
        return frag(does(d.seat, "builds"), " on the ", TB_WONDER_NAMES[d.wonder] || "wonder", " ", tbDisc(d.disc, "disc inline"));
      case "offer_committed":
        return d.seat === S.seat ? undefined : frag(who(d.seat), " made an offer");
      case "my_offer":
        return frag("Your offer: ", tbCountsWords(d.cards || []) || "nothing", d.trade ? " with the trading card" : "");
      case "rejected":
        return frag(d.seat === S.seat ? "Your" : seatName(d.seat) + "'s", " offer was refused: ", String(d.points), d.points === 1 ? " point" : " points");
      case "accepted":
        return frag(does(d.seat, "completes"), " the disc on the ", TB_WONDER_NAMES[d.wonder] || "wonder");
      case "unfulfilled":
        return frag(who(d.seat), " left the disc unfulfilled");
      case "draw":
        return undefined;
      case "drew":
        return frag("You drew ", tbCountsWords(d.cards || []) || "nothing");
      case "disc_taken":
        return frag(does(d.seat, "takes"), " the disc ", tbDisc(d.disc, "disc inline"));
      case "wonder_scored":
        return frag("The ", TB_WONDER_NAMES[d.wonder] || "wonder", " is complete and scored");
      case "action_card":
        return frag("You drew the action card ", TB_ACTION_TITLES[TB_ACTIONS.indexOf(d.card)] || String(d.card));
      case "action_drawn":
        return d.seat === S.seat ? undefined : frag(who(d.seat), " drew an action card");
      case "action_played":
        return frag(who(d.seat), " played the ", TB_ACTION_TITLES[TB_ACTIONS.indexOf(d.card)] || String(d.card));
      case "parts_placed":
      case "marker_moved":
      case "reveal":
        return kind === "reveal" ? frag("The offers are revealed") : undefined;
      default:
        return null;
    }
  }

  // -- Babel Builders -------------------------------------------------------------------------
  const CELLS = ["A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"];
  const ROLE_NAMES = { architect: "Architect", messenger: "Messenger of God", zealot: "Zealot" };

  function bCard(id, cls) {
    return picture("builders-card-" + id, "card", cls || "card");
  }

  function roleCard(role) {
    const box = h("div", "role");
    const face = picture("builders-role-back", "your role card, face down", "card role-card");
    const label = h("p", "soft", "Press and hold to see your role");
    const holder = h("button", "role-holder");
    holder.type = "button";
    holder.append(face);
    let shown = false;
    function show(on) {
      if (on === shown) return;
      shown = on;
      face.src = "/art/" + (on ? "builders-role-" + role : "builders-role-back") + ".png";
      face.alt = on ? "your role: " + (ROLE_NAMES[role] || role) : "your role card, face down";
      label.textContent = on ? "You are " + (role === "architect" ? "an " : "the ") + (ROLE_NAMES[role] || role) : "Press and hold to see your role";
      holder.classList.toggle("held", on);
    }
    holder.addEventListener("pointerdown", function (e) {
      e.preventDefault();
      show(true);
    });
    for (const ev of ["pointerup", "pointerleave", "pointercancel", "blur"]) holder.addEventListener(ev, function () {
      show(false);
    });
    holder.addEventListener("keydown", function (e) {
      if (e.key === " " || e.key === "Enter") show(true);
    });
    holder.addEventListener("keyup", function () {
      show(false);
    });
    holder.addEventListener("contextmenu", function (e) {
      e.preventDefault();
    });
    box.append(holder, label);
    return box;
  }

  // A two-part choice ("play 27 discard 33", "take 10 give 1"): pick the first card, then the
  // second among those the rules allow with it, then confirm.
  function pairComposer(legal, verbs, titles, cardsFor, intro) {
    const opts = [];
    for (const t of legal.keys()) {
      const m = /^(\w+) (\S+)(?: (\w+) (\S+))?$/.exec(t);
      if (m && m[1] === verbs[0]) opts.push({ text: t, a: m[2], b: m[3] === verbs[1] ? m[4] : null });
    }
    if (!opts.length) return null;
    S.composed.add(verbs[0]);
    const ui = S.ui;
    const box = h("div", "panel composer");
    if (intro) box.append(...intro);
    box.append(h(intro ? "h3" : "h2", null, titles[0]));
    const firsts = Array.from(new Set(opts.map((o) => o.a)));
    const rowA = h("div", "cards");
    for (const a of firsts) {
      rowA.append(uiButton([bCard(a, "card")], function () {
        ui.pairA = ui.pairA === a ? null : a;
        ui.pairB = undefined;
        render();
      }, "card-btn" + (ui.pairA === a ? " picked" : ""), !canAct()));
    }
    box.append(rowA);
    if (ui.pairA !== undefined && ui.pairA !== null && firsts.includes(ui.pairA)) {
      const withA = opts.filter((o) => o.a === ui.pairA);
      const seconds = withA.filter((o) => o.b !== null);
      if (seconds.length) {
        box.append(h(intro ? "h3" : "h2", null, titles[1]));
        const rowB = h("div", "cards");
        for (const o of seconds) {
          rowB.append(uiButton([bCard(o.b, "card")], function () {
            ui.pairB = ui.pairB === o.b ? undefined : o.b;
            render();
          }, "card-btn" + (ui.pairB === o.b ? " picked" : ""), !canAct()));
        }
        box.append(rowB);
      }
      const chosen = withA.find((o) => (seconds.length ? o.b === ui.pairB : o.b === null));
      if (chosen) box.append(actButton(chosen.text, legal.get(chosen.text), "btn primary"));
      else box.append(h("p", "soft", cardsFor));
    }
    return box;
  }

  // Choices of a seat by its number ("master 3", "seal 2", "punish 5", "deliberate 4", "suspect 2"):
  // buttons with the seat's name and colour, under a heading that says what the choice does.
  const SEAT_VERBS = {
    seal: ["Seal step 3 (secret): seal", "Use no Seal"],
    suspect: ["The discussion: say you take for the Messenger", "Say nothing"],
    punish: ["Give your Divine Punishment to", null],
    master: ["Pass the Master token to", null],
    deliberate: ["Turn up the discard of", null],
  };
  function seatPicker(legal, verb) {
    const texts = Array.from(legal.keys()).filter((t) => t.startsWith(verb + " "));
    if (!texts.length) return null;
    S.composed.add(verb);
    const box = h("div", "panel");
    box.append(h("h2", null, texts.some((t) => !t.endsWith(" none")) ? SEAT_VERBS[verb][0] + "…" : "Your turn in the Seal phase"));
    const grid = h("div", "seat-grid");
    for (const t of texts) {
      const arg = t.split(" ")[1];
      if (arg === "none") continue;
      const seat = parseInt(arg, 10) - 1;
      grid.append(actButton(t, [dot(seat), seat === S.seat ? "yourself" : seatName(seat)], "btn seat-btn"));
    }
    box.append(grid);
    const none = verb === "suspect" ? "say nothing" : verb + " none";
    if (legal.has(none)) box.append(actButton(none, SEAT_VERBS[verb][1] || legal.get(none), "btn"));
    if (verb === "suspect") S.composed.add("say");
    return box;
  }

  // Table talk (rounds 2 on, at a table with bots): say one thing aloud to everyone, or nothing.
  // Choose what to say, then whom it is about; no statement claims a role or a card.
  const TALK_KINDS = [["suspect", "I suspect…"], ["trust", "I trust…"], ["hurt", "…hurt the tower"], ["shun", "I won't appoint…"]];
  const TALK_WORDS = {
    suspect: (x) => "I suspect " + x,
    trust: (x) => "I trust " + x,
    hurt: (x) => x + "'s card hurt the tower",
    shun: (x) => "I will not appoint " + x,
  };
  function talkWords(kind, subject) {
    return isInt(subject) && TALK_WORDS[kind] ? "\u201c" + TALK_WORDS[kind](seatName(subject)) + "\u201d" : "says nothing";
  }
  function talkPicker(legal) {
    if (!legal.has("talk nothing")) return null;
    S.composed.add("talk");
    const ui = S.ui;
    const texts = Array.from(legal.keys()).filter((t) => t.startsWith("talk ") && t !== "talk nothing");
    const offered = TALK_KINDS.filter((k) => texts.some((t) => t.split(" ")[1] === k[0]));
    if (!offered.some((k) => k[0] === ui.talkKind)) ui.talkKind = offered.length ? offered[0][0] : null;
    const box = h("div", "panel composer");
    box.append(h("h2", null, "Table talk: say one thing aloud"), h("p", "soft", "Everyone hears it. Choose what to say, then whom it is about."));
    const kinds = h("div", "seat-grid");
    for (const k of offered) {
      kinds.append(uiButton(k[1], function () {
        ui.talkKind = k[0];
        render();
      }, "btn toggle" + (ui.talkKind === k[0] ? " on" : ""), !canAct()));
    }
    const grid = h("div", "seat-grid");
    for (const t of texts) {
      const parts = t.split(" ");
      if (parts[1] !== ui.talkKind) continue;
      const seat = parseInt(parts[2], 10) - 1;
      grid.append(actButton(t, [dot(seat), TALK_WORDS[parts[1]](seatName(seat))], "btn seat-btn"));
    }
    box.append(kinds, h("p", "soft", "About whom?"), grid, actButton("talk nothing", "Say nothing", "btn"));
    return box;
  }
  // This round's table talk so far, until the Master has appointed.
  function talkHeard(v) {
    if (!Array.isArray(v.talk) || (v.phase !== "talk" && v.phase !== "appoint")) return null;
    const now = v.talk.filter((st) => Array.isArray(st) && st[0] === v.round);
    if (!now.length) return null;
    const box = h("div", "panel");
    box.append(h("h3", null, "Table talk this round"));
    for (const st of now) box.append(h("p", isInt(st[3]) ? null : "soft", seatName(st[1]) + (isInt(st[3]) ? ": " : " ") + talkWords(st[2], st[3])));
    return box;
  }

  // Seal step 1: every player takes this turn in secret, a Seal holder chooses whether to use it.
  function declarePicker(legal) {
    if (!legal.has("declare none")) return null;
    S.composed.add("declare");
    const box = h("div", "panel");
    const holder = legal.has("declare use");
    box.append(h("h2", null, "Seal step 1 (secret)"),
      h("p", "soft", holder ? "Do you use your Seal? The users are named together; then the table talks, and each user seals a player in secret."
        : "You hold no Seal. Every player takes this turn, so passing gives nothing away."));
    if (holder) box.append(actButton("declare use", "Use my Seal", "btn primary"));
    box.append(actButton("declare none", holder ? "No Seal" : "Pass", "btn"));
    return box;
  }

  // The Master appoints several players at once: toggle them, then confirm the set.
  function appointComposer(v, legal) {
    const sets = Array.from(legal.keys()).filter((t) => t.startsWith("appoint "));
    if (!sets.length) return null;
    S.composed.add("appoint");
    const ui = S.ui;
    if (!ui.appoint) ui.appoint = [];
    const candidates = new Set();
    for (const t of sets) for (const x of t.split(" ").slice(1)) candidates.add(parseInt(x, 10) - 1);
    const need = isInt(v.appoint_count) ? v.appoint_count : sets[0].split(" ").length - 1;
    const box = h("div", "panel composer");
    box.append(h("h2", null, "Appoint " + need + " players"), h("p", "soft", "They each play a card to you and discard one."));
    const grid = h("div", "seat-grid");
    for (const seat of Array.from(candidates).sort((a, b) => a - b)) {
      const on = ui.appoint.includes(seat);
      grid.append(uiButton([dot(seat), seatName(seat), h("span", "soft small", (v.hand_sizes ? v.hand_sizes[seat] : "?") + " cards")], function () {
        ui.appoint = on ? ui.appoint.filter((x) => x !== seat) : ui.appoint.concat([seat]);
        render();
      }, "btn toggle seat-btn" + (on ? " on" : ""), !canAct()));
    }
    box.append(grid);
    const text = "appoint " + ui.appoint.slice().sort((a, b) => a - b).map((x) => x + 1).join(" ");
    if (legal.has(text)) box.append(actButton(text, legal.get(text), "btn primary"));
    else box.append(h("p", "soft", "Choose " + need + " players (" + ui.appoint.length + " chosen)."));
    return box;
  }

  function towerGrid(v, legal) {
    const grid = h("div", "tower");
    const cells = v.blueprint && Array.isArray(v.blueprint.cells) ? v.blueprint.cells : [];
    const base = Array.isArray(v.base) ? v.base : [];
    for (let i = 0; i < 9; i++) {
      const need = cells[i] || 0;
      const have = base[i] || 0;
      const content = [h("span", "cell-name", CELLS[i]), h("span", "cell-h", have + " / " + need)];
      const cls = "cell" + (have >= need && need ? " done" : "") + (have > need ? " over" : "");
      const place = ["place ", "strike "].map((p) => p + CELLS[i]).find((t) => legal.has(t));
      if (place) grid.append(actButton(place, content, cls + " target"));
      else grid.append(h("div", cls, ...content));
    }
    return grid;
  }

  function drawBuilders(root, v) {
    const me = S.seat;
    const n = isInt(v.players) ? v.players : 0;
    const legal = legalMap();
    // who is who at the table
    const table = h("div", "panel table");
    table.append(h("h2", null, "Round " + v.round + (v.blueprint && v.blueprint.name ? " · " + v.blueprint.name : "")));
    const row = h("div", "seats");
    const appointed = Array.isArray(v.appointed) ? v.appointed : [];
    const zealots = Array.isArray(v.zealots) ? v.zealots : [];
    for (let i = 0; i < n; i++) {
      const chip = h("div", "seat" + (i === me ? " me" : "") + (v.master === i ? " builder" : ""));
      const held = v.hand_sizes ? v.hand_sizes[i] : 0;
      chip.append(seatTag(i), h("span", "soft small", held + (held === 1 ? " card" : " cards")));
      if (v.master === i) chip.append(h("span", "badge", "Master"));
      if (appointed.includes(i)) chip.append(h("span", "badge soft-badge", "appointed"));
      if (v.committed && v.committed[i]) chip.append(h("span", "badge ok", "chose"));
      if (zealots.includes(i)) chip.append(h("span", "badge bad", "Zealot"));
      row.append(chip);
    }
    table.append(row);
    table.append(h("div", "tower-line", towerGrid(v, legal),
      h("p", "soft small", "Blocks built / the blueprint's height. Supply " + v.supply + ", deck " + v.deck_size + ".")));
    // the public table comes after the seat's own cards and choices, unless a cell is the choice
    if (isInt(me)) {
      // the seat's secrets: role and hand
      const mine = h("div", "panel hand");
      const top = h("div", "role-row");
      if (typeof v.role === "string") top.append(roleCard(v.role));
      const handBox = h("div", "hand-box", h("h2", null, "Your hand"));
      const cards = h("div", "cards");
      for (const c of v.hand || []) cards.append(bCard(c, "card"));
      if (!(v.hand || []).length) cards.append(h("p", "soft", "No cards."));
      handBox.append(cards);
      top.append(handBox);
      mine.append(top);
      if (v.my_commit && isInt(v.my_commit.play)) {
        mine.append(h("h3", null, "Your choice this round"), h("div", "cards",
          h("figure", "mini", bCard(v.my_commit.play, "card small"), h("figcaption", null, "played")),
          v.my_commit.discard >= 0 ? h("figure", "mini", bCard(v.my_commit.discard, "card small"), h("figcaption", null, "discarded")) : null));
      }
      root.append(mine);
    }
    // the Master's check: the cards handed in, and the swap
    if (v.phase === "swap" && v.master === me && Array.isArray(v.received) && v.received.length) {
      const intro = [h("h2", null, "The Master's check"), h("p", "soft", "The cards handed to you, shuffled: nobody knows who gave which.")];
      const swap = pairComposer(legal, ["take", "give"], ["Take one into your hand", "Give one of yours in its place"], "Choose the card you give.", intro);
      if (swap) {
        swap.classList.add("check");
        root.append(swap);
      } else {
        const check = h("div", "panel check", ...intro);
        const got = h("div", "cards");
        for (const c of v.received) got.append(bCard(c, "card"));
        check.append(got);
        root.append(check);
      }
    } else if (v.phase === "select") {
      const pick = pairComposer(legal, ["play", "discard"], ["Play a card to the Master", "Discard a card face down"], "Choose the card you discard.");
      if (pick) root.append(pick);
    }
    const appoint = appointComposer(v, legal);
    if (appoint) root.append(appoint);
    const heard = talkHeard(v);
    if (heard) root.append(heard);
    const talk = talkPicker(legal);
    if (talk) root.append(talk);
    const declare = declarePicker(legal);
    if (declare) root.append(declare);
    for (const verb of Object.keys(SEAT_VERBS)) {
      const picker = seatPicker(legal, verb);
      if (picker) root.append(picker);
    }
    if (Array.isArray(v.seal_users) && (v.seal_users.length || v.phase === "discuss" || v.phase === "target")) {
      const box = h("div", "panel");
      box.append(h("h3", null, v.seal_users.length ? "Using a Seal: " + v.seal_users.map(seatName).join(", ") : "Nobody declared a Seal"));
      const said = Array.isArray(v.said) ? v.said : [];
      for (let s = 0; s < said.length; s++) {
        if (isInt(said[s]) && said[s] !== -2) box.append(h("p", "soft", seatName(s) + (said[s] >= 0 ? " takes " + seatName(said[s]) + " for the Messenger" : " says nothing")));
      }
      root.append(box);
    }
    const reveals = Array.from(legal.keys()).filter((t) => t.startsWith("reveal "));
    if (reveals.length) {
      const box = h("div", "panel");
      box.append(h("h2", null, "Reveal the next card"));
      const row2 = h("div", "cards");
      for (const t of reveals) row2.append(actButton(t, [bCard(t.split(" ")[1], "card")], "card-btn"));
      box.append(row2);
      root.append(box);
    }
    if (Array.isArray(v.effects) && v.effects.length) {
      const box = h("div", "panel");
      box.append(h("h3", null, "Revealed this round"));
      const row3 = h("div", "cards");
      for (const e of v.effects) row3.append(h("figure", "mini" + (e.void ? " void" : ""), bCard(e.card, "card small"), h("figcaption", null, e.void ? "void" : e.cells && e.cells.length ? e.cells.map((c) => CELLS[c]).join(" ") : "")));
      box.append(row3);
      root.append(box);
    }
    if (Array.from(legal.keys()).some((t) => t.startsWith("place ") || t.startsWith("strike "))) root.prepend(table);
    else root.append(table);
  }

  function describeBuilders(kind, d) {
    const who = function (s) {
      return s === S.seat ? "You" : seatName(s);
    };
    switch (kind) {
      case "appoint":
        return frag(who(d.master), " appointed ", namesOf(d.seats || []));
      case "choose":
        return d.seat === S.seat ? undefined : frag(who(d.seat), " chose");
      case "choose_cards":
        return frag("You played ", bCard(d.play, "card inline"), d.discard >= 0 ? " and discarded " : "", d.discard >= 0 ? bCard(d.discard, "card inline") : null);
      case "handed":
        return frag(String(d.count), " cards went to the Master");
      case "received":
        return frag("You received ", ...(d.cards || []).map((c) => bCard(c, "card inline")));
      case "swap":
        return frag(who(d.master), d.gave ? " swapped a card" : " kept the cards");
      case "swap_cards":
        return frag("You took ", bCard(d.take, "card inline"), " and gave ", bCard(d.give, "card inline"));
      case "reveal":
        return frag(who(d.master), " revealed ", bCard(d.card, "card inline"), d.void ? " (void)" : "");
      case "place":
        return frag(String(d.blocks), " block" + (d.blocks === 1 ? "" : "s") + " on ", CELLS[d.cell] || "?");
      case "strike":
        return frag("Lightning strikes ", CELLS[d.cell] || "?");
      case "deliberate":
        return frag(d.seat === S.seat ? "Your discard" : "The discard of " + seatName(d.seat), " is turned up: ", bCard(d.shown, "card inline"));
      case "draw":
        return d.seat === S.seat ? undefined : frag(who(d.seat), " drew ", String(d.count));
      case "draw_cards":
        return frag("You drew ", ...(d.cards || []).map((c) => bCard(c, "card inline")));
      case "pass_master":
        return frag("The Master token goes to ", d.new_master === S.seat ? "you" : seatName(d.new_master));
      case "storm":
        return frag("A Storm: no building this round");
      case "convert":
        return frag("You became a Zealot");
      case "seal_phase":
        return frag(d.skipped ? "The Seal phase is skipped" : "The tower stands: the Seal phase begins");
      case "seal_chosen":
        return d.seat === S.seat ? undefined : frag(who(d.seat), " took a turn in Seal step 1");
      case "seal_declare":
        return frag(d.use ? "You declared your Seal" : "You use no Seal");
      case "seal_users":
        return frag((d.users || []).length ? "Using a Seal: " : "Nobody declared a Seal", namesOf(d.users || []));
      case "talk":
        return frag(who(d.seat), isInt(d.subject) ? ": " : " ", talkWords(d.kind, d.subject));
      case "said":
        return frag(who(d.seat), d.suspect >= 0 ? " takes " + seatName(d.suspect) + " for the Messenger" : " says nothing");
      case "target_chosen":
        return d.seat === S.seat ? undefined : frag(who(d.seat), " chose whom to seal");
      case "seal_choice":
        return frag(d.target >= 0 ? "You sealed " + seatName(d.target) : "You used no Seal");
      case "punish_chosen":
        return d.seat === S.seat ? undefined : frag(who(d.seat), " chose where Divine Punishment goes");
      case "punish_choice":
        return frag("You gave Divine Punishment to ", seatName(d.target));
      case "zealots":
        return frag("The Zealots are ", namesOf(d.zealots || []));
      case "messenger":
        return frag(d.seat === S.seat ? "You are" : seatName(d.seat) + " is", " the Messenger of God");
      case "complete":
        return frag("The tower is complete");
      case "result":
        return frag(d.team === "architects" ? "The Architects win" : "The Messenger's team wins", " (", words(String(d.reason || "")), ")");
      case "timeline":
      case "setup":
        return undefined;
      default:
        return null;
    }
  }

  // -- Babel On! ------------------------------------------------------------------------------
  // Nothing in Babel On! is secret and it is played at the desktop only, so the page draws it
  // to watch: every nation's tower as the table shows it (the blocks are the table's own
  // pictures, laid out with its isometric projection), the die and the call, whose turn it is,
  // the blocks in hand and the bag. Geometry follows scenes/tables/babel_on/art.py (view turned
  // by 0): a cell's centre (x, y) in block edges, y to the back, lands at
  // ((x + y) C / 2, (x - y) C / 4 - z C ZH).
  const BO_C = 28; // a block's edge on the page in CSS px (its picture is painted at twice this)
  const BO_ZH = 0.62; // a block's side height per edge
  const BO_SPRITE_W = BO_C * 58 / 56; // the picture's width: the painted cube and its outline
  const BO_BOX = { half: 1.3, top: 4.42, bottom: 0.78 }; // the picture's bounds around the base, in edges
  const BO_SLAB = 1.12; // the stone base's half-width, in edges
  const BO_FLOORS = 6;
  const BO_CELLS = "abcd";
  const BO_ENGINE = ["red", "blue", "yellow", "green", "purple", "orange"]; // the rules' colour names
  const BO_PHASE_NOTE = {
    call: "Even: draw and build · Odd: move blocks",
    place: "Even and right: build with the drawn blocks",
    add: "Odd and right: now add what was taken",
    wrong: "Wrong guess: pass or return one block",
    finish: "Roll done: Bonus Blocks or end the turn",
  };
  const BO_END = {
    "Perfect Tower": "A Perfect Tower",
    "Perfect Tower (finished first)": "A Perfect Tower, the first one finished",
    "round limit: best tower": "The round limit: the best tower wins",
  };

  function count(n, word) {
    return n + " " + word + (n === 1 ? "" : "s");
  }
  // A block's look: the stone of the neutral blocks, else its nation's chosen look.
  function boLook(colour, v) {
    if (colour === v.neutral || !isInt(colour)) return "stone";
    return BABEL_ON_PALETTE[paletteIndex(colour)][1].toLowerCase();
  }
  function boColourIndex(name) {
    return BO_ENGINE.indexOf(String(name));
  }
  function boBlock(colour, v, cls) {
    const look = boLook(colour, v);
    return picture("babel-block-" + look, look + " block", cls || "bo-cube");
  }
  function boColumns(tower) {
    return Array.isArray(tower) ? tower.map((col) => (Array.isArray(col) ? col : [])) : [[], [], [], []];
  }

  // One tower as the table draws it: the stone base with its cell letters, then the blocks back
  // to front (by floor, then depth), each at its cell with its placement offset.
  function boTowerPicture(tower, v) {
    const box = h("div", "bo-iso");
    const ox = BO_BOX.half * BO_C;
    const oy = BO_BOX.top * BO_C;
    box.style.width = 2 * ox + "px";
    box.style.height = (BO_BOX.top + BO_BOX.bottom) * BO_C + "px";
    for (const [cls, drop] of [["bo-slab edge", 0.12], ["bo-slab", 0]]) {
      const slab = h("div", cls);
      slab.style.left = ox - BO_SLAB * BO_C + "px";
      slab.style.top = oy - BO_SLAB * BO_C / 2 + drop * BO_C + "px";
      slab.style.width = 2 * BO_SLAB * BO_C + "px";
      slab.style.height = BO_SLAB * BO_C + "px";
      box.append(slab);
    }
    const spot = function (cell, floor, dx, dy) {
      const x = (cell % 2) - 0.5 + (dx || 0) / 40;
      const y = Math.floor(cell / 2) - 0.5 + (dy || 0) / 40;
      return { sx: (x + y) * BO_C / 2, sy: (x - y) * BO_C / 4 - (floor - 0.5) * BO_C * BO_ZH, depth: x - y };
    };
    for (let cell = 0; cell < 4; cell++) {
      const p = spot(cell, 0.5);
      const letter = h("span", "bo-letter", BO_CELLS[cell]);
      letter.style.left = ox + p.sx - 6 + "px";
      letter.style.top = oy + p.sy - 8 + "px";
      box.append(letter);
    }
    const blocks = [];
    boColumns(tower).forEach(function (col, cell) {
      col.forEach(function (b, i) {
        if (b && typeof b === "object") blocks.push(Object.assign({ cell: cell, floor: i + 1 }, spot(cell, i + 1, b.dx, b.dy), { colour: b.colour }));
      });
    });
    blocks.sort((a, b) => a.floor - b.floor || a.depth - b.depth);
    for (const b of blocks) {
      const img = boBlock(b.colour, v, "bo-block");
      img.alt = boLook(b.colour, v) + " block at " + BO_CELLS[b.cell] + b.floor;
      img.style.width = BO_SPRITE_W + "px";
      img.style.left = ox + b.sx - BO_C / 2 + "px";
      img.style.top = oy + b.sy - BO_C / 4 - BO_C * BO_ZH / 2 + "px";
      box.append(img);
    }
    return box;
  }

  // The floor ladder beside a tower, as on the table: floor 6 at the top; complete floors green,
  // protected ones edged in gold, Perfect Tower floors starred.
  function boLadder(tower, info) {
    const ladder = h("div", "bo-ladder");
    const cols = boColumns(tower);
    const protectedFloors = info && Array.isArray(info.protected_floors) ? info.protected_floors : [];
    const perfect = info && isInt(info.perfect_floors) ? info.perfect_floors : 0;
    for (let f = BO_FLOORS; f >= 1; f--) {
      const blocks = cols.filter((c) => c.length >= f).length;
      let cls = "bo-floor" + (blocks === 4 ? " complete" : blocks ? " partial" : "");
      if (protectedFloors.includes(f)) cls += " protected";
      ladder.append(h("span", cls, String(f), f <= perfect ? h("span", "star", "★") : null));
    }
    return ladder;
  }

  // Under an eliminated player's place, as on the table: whose tower they knocked over (while
  // the event is among those the snapshot carries).
  function boOutReason(st, seat) {
    const events = Array.isArray(st.events) ? st.events : [];
    const ev = events.find((e) => e && e.kind === "eliminated" && e.data && e.data.seat === seat);
    return ev ? "knocked over " + seatName(ev.data.victim) + "'s tower" : "out of the game";
  }

  function boActor(v) {
    return v.phase === "restore" ? v.holder : v.turn;
  }

  function drawBabelOn(root, v, st) {
    const n = isInt(v.players) ? v.players : 0;
    const towers = Array.isArray(v.towers) ? v.towers : [];
    const infos = Array.isArray(v.tower_info) ? v.tower_info : [];
    const out = Array.isArray(v.eliminated) ? v.eliminated : [];
    const bonus = Array.isArray(v.bonus) ? v.bonus : [];
    const actor = st.over ? null : boActor(v);
    root.append(boTurnPanel(v, st, actor));
    const felt = h("div", "panel bo-felt");
    const grid = h("div", "bo-towers" + (n === 2 || n === 4 ? " pairs" : ""));
    for (let p = 0; p < n; p++) {
      const info = infos[p] || {};
      const card = h("div", "bo-tower" + (p === actor ? " active" : "") + (out[p] ? " out" : ""));
      const plate = h("div", "bo-plate", dot(p), h("span", "bo-name", (p === actor ? "▶ " : "") + seatName(p)));
      card.append(plate);
      card.append(h("div", "bo-build", boLadder(towers[p], info), boTowerPicture(towers[p], v)));
      const facts = h("div", "bo-facts");
      if (out[p]) {
        facts.append(h("span", "badge bad", "Out"), h("span", null, boOutReason(st, p)));
      } else {
        if (info.perfect) facts.append(h("span", "badge", "Perfect ★"));
        facts.append(h("span", null, count(info.complete_floors || 0, "floor") + ","), h("span", null, (info.perfect_floors || 0) + " perfect"));
        if (bonus[p]) {
          const extra = h("span", "bo-bonus", "Bonus ");
          for (let i = 0; i < bonus[p]; i++) extra.append(boBlock(p, v, "bo-cube tiny"));
          facts.append(extra);
        }
      }
      card.append(facts);
      grid.append(card);
    }
    felt.append(grid);
    root.append(felt);
    root.append(boBagPanel(v));
  }

  // The die panel of the table: the round, the call and the roll, whose turn and what they do,
  // the blocks in hand and the last fall.
  function boTurnPanel(v, st, actor) {
    const box = h("div", "panel bo-turn");
    const die = h("div", "die-line");
    if (v.roll) die.append(picture("die-" + v.roll, "die showing " + v.roll, "die"));
    const said = h("div", "bo-call");
    if (v.call) {
      said.append(h("p", "strong", "Called " + v.call));
      if (v.roll) {
        const right = (v.roll % 2 === 0) === (v.call === "even");
        said.append(h("p", "strong " + (right ? "right" : "wrong"), "Rolled " + v.roll + ": " + (right ? "right" : "wrong")));
      }
    } else if (!st.over) {
      said.append(h("p", "soft", "waiting for the call"));
    }
    die.append(said, h("span", "bo-round", "Round " + v.round + " of " + v.round_limit));
    box.append(die);
    if (isInt(actor) && actor >= 0) {
      const note = v.phase === "remove" ? "Odd and right: " + count(v.to_remove, "block") + " still to take" : BO_PHASE_NOTE[v.phase] || "";
      box.append(h("p", "bo-actor", seatTag(actor), h("span", null, v.phase === "restore" ? " puts the fallen blocks back" : "'s turn"),
        note ? h("span", "soft", " · " + note) : null));
    }
    const hand = Array.isArray(v.hand) ? v.hand : [];
    if (isInt(v.holder) && v.holder >= 0) {
      const row = h("div", "bo-hand", h("span", "bo-hand-title", "In hand: " + seatName(v.holder) + " "));
      for (const c of hand) row.append(boBlock(c, v, "bo-cube"));
      if (!hand.length) row.append(h("span", "soft", "no blocks held"));
      box.append(row);
    }
    const fall = boLastFall(st);
    if (fall) box.append(h("p", "bo-fall", fall));
    return box;
  }

  function boLastFall(st) {
    const events = Array.isArray(st.events) ? st.events : [];
    for (let i = events.length - 1; i >= 0; i--) {
      const ev = events[i];
      if (ev && ev.kind === "turn" && ev.ply < st.ply - 1) return null; // only this turn's and the last
      if (ev && ev.kind === "fall" && ev.data) return boFallWords(ev.data);
    }
    return null;
  }
  function boFallWords(d) {
    const fallen = Array.isArray(d.fallen) ? d.fallen.length : 0;
    return seatName(d.tower) + "'s tower fell: " + count(fallen, "block") + " down" + (d.result === "destroyed" ? ", destroyed" : "");
  }

  function boBagPanel(v) {
    const box = h("div", "panel bo-bag");
    box.append(h("h3", null, v.bag_total + " in the bag"));
    const row = h("div", "bo-bag-row");
    const bag = Array.isArray(v.bag) ? v.bag : [];
    bag.forEach(function (k, c) {
      if (!(k || c < v.players || c === v.neutral)) return;
      const look = boLook(c, v);
      row.append(h("span", "bo-bag-item", boBlock(c, v, "bo-cube"), h("strong", null, String(k)), h("span", "soft small", look)));
    });
    box.append(row);
    return box;
  }

  // The end panel, as the table's: why the game ended, then every tower's floors and colour.
  function babelOnResult(v, st) {
    const winners = Array.isArray(v.winners) ? v.winners.filter(isInt) : [];
    const box = h("div", "panel outcome");
    box.append(h("h2", null, winners.length ? namesOf(winners) + (winners.length > 1 ? " win" : " wins") : "Game over"));
    if (v.end_reason) {
      const r = String(v.end_reason);
      box.append(h("p", null, (BO_END[r] || r.charAt(0).toUpperCase() + r.slice(1)) + " (round " + v.round + ")"));
    }
    const list = h("ul", "scores bo-scores");
    const infos = Array.isArray(v.tower_info) ? v.tower_info : [];
    for (let p = 0; p < (v.players || 0); p++) {
      let text = "out";
      if (!(v.eliminated || [])[p]) {
        const info = infos[p] || {};
        const own = boColumns((v.towers || [])[p]).reduce((a, col) => a + col.filter((b) => b && b.colour === p).length, 0);
        text = count(info.complete_floors || 0, "floor") + ", " + (info.perfect_floors || 0) + " perfect, " + count(own, boLook(p, v) + " block");
      }
      list.append(h("li", winners.includes(p) ? "win" : null, seatTag(p), h("span", "bo-score", text)));
    }
    box.append(list);
    return box;
  }

  // The table's log lines (scenes/tables/babel_on/words.py), with the blocks as pictures.
  function describeBabelOn(kind, d) {
    const v = S.state && S.state.view ? S.state.view : { neutral: -1 };
    const who = isInt(d.seat) ? seatName(d.seat) : "";
    const at = function () {
      return BO_CELLS[d.cell] + d.floor;
    };
    const block = function (name) {
      return boBlock(boColourIndex(name), v, "bo-cube inline");
    };
    switch (kind) {
      case "roll":
        return frag(who + " called " + d.call + ", rolled " + d.roll + ": " + (d.right ? "right" : "wrong"));
      case "draw":
        return frag(who + " drew " + (d.colours || []).length + " from the bag ", ...(d.colours || []).map(block));
      case "add":
      case "bonus": {
        const look = boLook(boColourIndex(d.colour), v);
        const what = kind === "bonus" ? "a Bonus Block" : (/^[aeiou]/.test(look) ? "an " : "a ") + look + " block";
        const where = at() + (d.tower !== d.seat ? " of " + seatName(d.tower) + "'s tower" : "");
        return frag(who + " added " + what + " ", block(d.colour), "at " + where);
      }
      case "take":
        return frag(who + " took " + at() + " ", block(d.colour), "off " + (d.tower === d.seat ? "own tower" : seatName(d.tower) + "'s tower"));
      case "return":
        return frag(who + " returned " + at() + " ", block(d.colour), "to the bag");
      case "fall":
        return frag(boFallWords(d));
      case "eliminated":
        return frag(who + " is out of the game! (knocked over " + seatName(d.victim) + "'s tower)");
      case "restore":
        return frag(who + " puts " + count((d.colours || []).length, "fallen block") + " back");
      case "to_bag":
        return frag(count((d.colours || []).length, "block") + " with no legal place went back to the bag");
      case "no_more_removals":
        return frag("No more blocks can be taken (" + d.short + " short)");
      case "pass":
        return frag(who + " passed");
      case "turn":
        return frag("— " + seatName(d.seat) + "'s turn (round " + d.round + ")");
      case "game_over":
        return frag("Game over: " + (d.winners || []).map(seatName).join(", ") + " (" + d.reason + ")");
      case "round_end":
        return undefined;
      default:
        return null;
    }
  }

  // -- Tower of Babel solitaire -----------------------------------------------------------------
  // One player, nothing hidden but the order of the pile, played at the desktop: the page draws
  // the line of stacks as the table does (each stack's top piece over the edges of those under
  // it, with its height), the pile, the moves so far, every stack in full and the result.
  const SOL_TILE_RANKS = { n: "null", a: "ace", 2: "2", 3: "3", 4: "4", 5: "5" };
  const SOL_TILE_SUITS = { S: "Suns", M: "Moons", C: "Crowns", A: "Arms" };
  const SOL_CARD_RANKS = { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" };
  const SOL_CARD_SUITS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
  const SOL_DECK = { tiles: 24, cards: 52 };
  const SOL_EDGES = 5; // the table shows at most five edges under a stack's top

  function solKind(v) {
    return v && v.variant === "cards" ? "card" : "tile";
  }
  function solName(code, v) {
    const c = String(code);
    if (solKind(v) === "tile") return (SOL_TILE_RANKS[c[0]] || c[0]) + " of " + (SOL_TILE_SUITS[c[1]] || c[1]);
    return (SOL_CARD_RANKS[c[0]] || c[0]) + " of " + (SOL_CARD_SUITS[c[1]] || c[1]);
  }
  function solPiece(code, v, cls) {
    const kind = solKind(v);
    return picture("solitaire-" + kind + "-" + String(code).toLowerCase(), solName(code, v), "sol-piece " + kind + " " + (cls || ""));
  }
  function solStacks(v) {
    return Array.isArray(v.line) ? v.line.filter(Array.isArray) : [];
  }
  // Every action is a draw, a move or the finish, as the table counts them ("20 moves").
  function solMoves(st) {
    return isInt(st.ply) ? st.ply : 0;
  }

  function drawSolitaire(root, v, st) {
    const stacks = solStacks(v);
    const kind = solKind(v);
    const felt = h("div", "panel sol-felt " + kind);
    felt.append(h("div", "sol-bar", h("h2", null, kind === "tile" ? "Tower of Babel" : "Accordion"),
      h("span", null, "Deal " + v.deal + " · " + (v.difficulty === "strict" ? "strict rules" : "standard rules"))));
    const pile = h("figure", "sol-pile");
    if (v.pile_size) {
      pile.append(picture(kind === "tile" ? "solitaire-tile-back" : "card-back", "the draw pile",
        "sol-piece " + kind + " d" + Math.min(SOL_EDGES, v.pile_size - 1)));
    } else {
      pile.append(h("div", "sol-piece " + kind + " empty"));
    }
    pile.append(h("figcaption", null, v.pile_size ? v.pile_size + " left" : "pile empty"));
    const status = h("div", "sol-status",
      h("strong", null, count(stacks.length, "stack")),
      h("span", null, count(solMoves(st), "move")),
      h("span", "soft-light", (SOL_DECK[v.variant] || 24) + " " + kind + "s in all"));
    felt.append(h("div", "sol-top", pile, status));
    const line = h("div", "sol-line");
    stacks.forEach(function (stack, i) {
      const fig = h("figure", "sol-stack");
      const top = stack[stack.length - 1];
      const holder = h("div", "sol-holder");
      holder.append(solPiece(top, v, "d" + Math.min(SOL_EDGES, stack.length - 1)));
      if (stack.length > 1) holder.append(h("span", "sol-count", String(stack.length)));
      fig.append(holder, h("figcaption", null, String(i + 1)));
      line.append(fig);
    });
    felt.append(line);
    root.append(felt);
    const tall = stacks.map((s, i) => [s, i]).filter((p) => p[0].length > 1);
    if (tall.length) {
      const box = h("div", "panel sol-full");
      box.append(h("h3", null, "The stacks in full, bottom first"));
      for (const [stack, i] of tall) {
        const row = h("div", "sol-row", h("span", "sol-row-name", "Stack " + (i + 1)));
        const pieces = h("div", "sol-row-pieces");
        for (const code of stack) pieces.append(solPiece(code, v, "mini"));
        row.append(pieces);
        box.append(row);
      }
      root.append(box);
    }
  }

  // The end panel, as the table's: the result in its words, the deal and the moves it took.
  function solitaireResult(v, st) {
    const stacks = solStacks(v).length;
    const title = stacks === 1 ? "Full win: one tower!" : stacks <= 3 ? "Partial win: " + stacks + " stacks" : stacks + " stacks: not this time";
    const box = h("div", "panel outcome sol-result" + (stacks <= 3 ? " won" : ""));
    box.append(h("h2", null, title), h("p", null, "Deal " + v.deal + " in " + count(solMoves(st), "move") + "."));
    if (st.outcome && typeof st.outcome.summary === "string") box.append(h("p", "soft", st.outcome.summary));
    return box;
  }

  function describeSolitaire(kind, d) {
    const v = S.state && S.state.view ? S.state.view : {};
    const piece = function (code) {
      return solPiece(code, v, "inline");
    };
    switch (kind) {
      case "draw":
        return frag("Drew ", piece(d.tile), "the " + solName(d.tile, v) + " as stack " + (d.to + 1) + " · " + (d.pile ? d.pile + " left" : "pile empty"));
      case "move": {
        const where = d.distance === 1 ? "one place" : "three places";
        return frag("Moved stack " + (d.from + 1) + " ", piece(d.tile), "(" + solName(d.tile, v) + ") onto stack " + (d.to + 1) + " ", piece(d.onto),
          "(" + solName(d.onto, v) + "), " + where + " to the left · " + count(d.stacks, "stack"));
      }
      case "end":
        return frag(String(d.summary || "") + (d.reason === "finish" ? " (finished)" : d.reason ? " (" + d.reason + ")" : ""));
      default:
        return null;
    }
  }

  const RENDERERS = { duel: drawDuel, turmbau: drawTurmbau, builders: drawBuilders, babel_on: drawBabelOn, solitaire: drawSolitaire };
  const DESCRIBERS = {
    duel: describeDuel, turmbau: describeTurmbau, builders: describeBuilders, babel_on: describeBabelOn, solitaire: describeSolitaire,
  };
  // Games whose end panel says more than winners and scores (the table's own words).
  const RESULTS = { babel_on: babelOnResult, solitaire: solitaireResult };

  // -- start ----------------------------------------------------------------------------------
  function start() {
    const m = TOKEN_RE.exec(location.pathname);
    if (m) {
      S.token = m[1];
    } else if (WATCH_RE.test(location.pathname)) {
      S.watching = true;
    } else {
      S.fatal = "This page needs the seat link the table shows (it ends in /s/ and a long code).";
      setConn("offline", "No seat");
      render();
      return;
    }
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") reconnectNow();
    });
    window.addEventListener("online", reconnectNow);
    window.addEventListener("pageshow", reconnectNow);
    window.addEventListener("focus", reconnectNow);
    setInterval(watchdog, 2500);
    render();
    connect();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
