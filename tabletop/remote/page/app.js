// The phone page: one seat's hand and moves, from the table's WebSocket messages (docs/PHONE_PROTOCOL in
// tabletop/remote). Every word comes from the messages (the desktop's catalogs), except "Connecting…".
// window.tabletopRender(message) renders one server message without a socket (tests, screenshots).
"use strict";

(function () {
  const FALLBACK = { en: "Connecting…", ja: "接続中…" };
  const LANG_SWITCH = { en: "日本語", ja: "English" };
  const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];
  const PING_MS = 20000;
  const FLAT_UP_TO = 8; // this many moves or fewer: one list, no group titles
  const TWO_STEP_AT = 13; // this many moves or more in several groups: pick a group first, then the move
  const match = /\/r\/([A-Za-z0-9]{1,16})\//.exec(location.pathname);
  const code = match ? match[1] : "";
  const tokenKey = "tabletop." + code;
  const pendingKey = "tabletop." + code + ".pending";

  const $ = (id) => document.getElementById(id);
  const state = {
    lang: storedLang(),
    socket: null,
    attempt: 0,
    retryTimer: 0,
    pingTimer: 0,
    closed: false, // the table closed: no more reconnects
    seat: null,
    payload: null,
    lobby: null,
    wasTurn: false,
    openGroup: null, // the group picked in a two-step choice (kept while the version stays)
    pending: loadPending(), // {move, v, a, label}: sent, no result yet; resent after a reconnect
    lastSent: "", // the type of the last message sent (a refusal answers it)
  };
  window.tabletopOutbox = []; // what the page sent, for tests without a socket

  // ----- storage --------------------------------------------------------------------------
  function storedLang() {
    const saved = safeGet("tabletop.lang");
    if (saved === "en" || saved === "ja") return saved;
    return (navigator.language || "en").toLowerCase().startsWith("ja") ? "ja" : "en";
  }
  function safeGet(key) {
    try { return localStorage.getItem(key); } catch (e) { return null; }
  }
  function safeSet(key, value) {
    try {
      if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value);
    } catch (e) { /* private mode: the seat lasts as long as the page */ }
  }
  // The seat's token: kept in localStorage for this room, and in memory where storage is refused.
  let tokenInMemory = null;
  function token() { return safeGet(tokenKey) || tokenInMemory; }
  function setToken(value) {
    tokenInMemory = value;
    safeSet(tokenKey, value);
  }
  function loadPending() {
    try { return JSON.parse(sessionStorage.getItem(pendingKey)) || null; } catch (e) { return null; }
  }
  function savePending(p) {
    state.pending = p;
    try {
      if (p) sessionStorage.setItem(pendingKey, JSON.stringify(p)); else sessionStorage.removeItem(pendingKey);
    } catch (e) { /* kept in memory only */ }
  }

  // ----- the socket -------------------------------------------------------------------------
  function send(message) {
    window.tabletopOutbox.push(message);
    if (window.tabletopOutbox.length > 100) window.tabletopOutbox.shift();
    state.lastSent = message.t;
    const s = state.socket;
    if (s && s.readyState === WebSocket.OPEN) {
      s.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  function connect() {
    if (state.closed || !code) return;
    const s = state.socket;
    if (s && (s.readyState === WebSocket.OPEN || s.readyState === WebSocket.CONNECTING)) return;
    clearTimeout(state.retryTimer);
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    let socket;
    try {
      socket = new WebSocket(scheme + location.host + "/r/" + code + "/ws");
    } catch (e) {
      retry();
      return;
    }
    state.socket = socket;
    socket.onopen = () => {
      state.attempt = 0;
      send({ t: "hello", lang: state.lang, token: token() });
      clearInterval(state.pingTimer);
      state.pingTimer = setInterval(() => { if (token()) send({ t: "ping", token: token() }); }, PING_MS);
    };
    socket.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      handle(message);
    };
    socket.onclose = () => {
      clearInterval(state.pingTimer);
      if (state.socket === socket) state.socket = null;
      if (!state.closed) {
        showBanner(label("reconnecting") || FALLBACK[state.lang], "connection");
        retry();
      }
    };
  }

  function retry() {
    clearTimeout(state.retryTimer);
    const base = BACKOFF_MS[Math.min(state.attempt, BACKOFF_MS.length - 1)];
    state.attempt += 1;
    state.retryTimer = setTimeout(connect, base + Math.floor(Math.random() * base * 0.3));
  }

  function connectNow() {
    state.attempt = 0;
    connect();
  }

  // ----- messages from the table ------------------------------------------------------------
  function handle(message) {
    if (!message || typeof message.t !== "string") return;
    switch (message.t) {
      case "lobby":
        state.lobby = message;
        state.payload = null;
        state.seat = null;
        hideBanner("connection");
        renderLobby();
        break;
      case "welcome":
        state.seat = message.seat;
        if (typeof message.token === "string") setToken(message.token);
        hideBanner("connection");
        resendPending();
        break;
      case "state":
        hideBanner(state.payload && state.payload.v === message.v ? "connection" : null);
        renderState(message);
        break;
      case "result":
        if (state.pending && message.move === state.pending.move) {
          savePending(null);
          if (message.ok === false) showBanner(message.msg || "", "bad");
          if (state.payload) renderState(state.payload);
        }
        break;
      case "refused":
        if (state.pending && state.lastSent === "act") { // that act was not queued: the moves come back
          savePending(null);
          if (state.payload) renderState(state.payload);
        }
        if (message.code === "auth") { // the seat is no longer ours: forget it and look at the lobby
          setToken(null);
          savePending(null);
          send({ t: "hello", lang: state.lang, token: null });
        }
        showBanner(message.msg || message.code || "", "bad");
        break;
      case "released":
        setToken(null);
        savePending(null);
        state.payload = null;
        showBanner(message.msg || "", "info");
        send({ t: "hello", lang: state.lang, token: null });
        break;
      case "closed":
        state.closed = true;
        savePending(null);
        showBanner(message.msg || "", "info");
        clearMain();
        if (state.socket) state.socket.close();
        break;
      default:
        break; // pong and anything newer than this page
    }
  }

  function resendPending() {
    const p = state.pending;
    if (p && token()) send({ t: "act", token: token(), move: p.move, v: p.v, a: p.a });
  }

  // ----- drawing ----------------------------------------------------------------------------
  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function label(key) {
    const labels = (state.payload && state.payload.labels) || (state.lobby && state.lobby.labels) || {};
    return labels[key] || "";
  }

  function clearMain() {
    const main = $("main");
    while (main.firstChild) main.removeChild(main.firstChild);
    return main;
  }

  function section(main, title, className) {
    const box = el("section", "box " + (className || ""));
    if (title) box.appendChild(el("h2", "box-title", title));
    main.appendChild(box);
    return box;
  }

  function lines(box, items, className) {
    const list = el("ul", "lines " + (className || ""));
    items.forEach((text) => list.appendChild(el("li", "", text)));
    box.appendChild(list);
  }

  function renderLobby() {
    const lobby = state.lobby;
    const labels = lobby.labels || {};
    document.documentElement.lang = state.lang;
    $("title").textContent = labels.title || "Tabletop";
    $("you").textContent = "";
    const main = clearMain();
    const box = section(main, labels.lobby_title || "", "lobby");
    const list = el("div", "seats");
    (lobby.seats || []).forEach((seat) => {
      const button = el("button", "seat-button " + (seat.free ? "primary" : "taken"));
      button.type = "button";
      button.appendChild(el("span", "seat-name", seat.name));
      button.appendChild(el("span", "seat-state", seat.free ? labels.lobby_free || "" : labels.lobby_taken || ""));
      button.disabled = !seat.free;
      button.addEventListener("click", () => {
        button.disabled = true;
        send({ t: "claim", seat: seat.seat, lang: state.lang });
      });
      list.appendChild(button);
    });
    box.appendChild(list);
  }

  function renderState(payload) {
    if (!state.payload || state.payload.v !== payload.v) { // a new state: a choice in progress is void
      state.openGroup = null;
      $("sheet").hidden = true;
    }
    state.payload = payload;
    if (payload.lang === "en" || payload.lang === "ja") setLang(payload.lang);
    document.documentElement.lang = state.lang;
    $("title").textContent = payload.title || "";
    $("you").textContent = payload.you || "";
    const main = clearMain();

    const head = el("section", "status" + (payload.turn ? " your-turn" : ""));
    head.appendChild(el("p", "status-line", payload.status));
    if (payload.phase) head.appendChild(el("p", "phase", payload.phase));
    main.appendChild(head);

    if (payload.over) {
      const box = section(main, label("over"), "over");
      lines(box, payload.over.lines || []);
    }
    if (payload.review) renderReview(main, payload.review);
    if (payload.notice) main.appendChild(el("p", "notice", payload.notice));
    renderMoves(main, payload);
    renderHand(main, payload);
    if (payload.private && payload.private.length) lines(section(main, label("private"), "private"), payload.private);
    if (payload.table && payload.table.length) lines(section(main, label("table"), "table"), payload.table);
    if (payload.log && payload.log.length) {
      lines(section(main, label("log"), "log"), payload.log.slice().reverse(), "log-lines");
    }

    if (payload.turn && !state.wasTurn) buzz();
    state.wasTurn = !!payload.turn;
  }

  // The AI's review of this seat's own game (results screen): progress while it works, then the summary and a
  // card per marked move (what was played, what the AI would have played, both chances, why).
  function renderReview(main, review) {
    const box = section(main, label("review"), "review");
    if (review.status) box.appendChild(el("p", "review-status", review.status));
    if (review.progress && review.progress[1] > 0) {
      const bar = el("div", "review-bar");
      const fill = el("div", "review-fill");
      fill.style.width = Math.round(100 * Math.min(1, review.progress[0] / review.progress[1])) + "%";
      bar.appendChild(fill);
      box.appendChild(bar);
    }
    if (review.summary) box.appendChild(el("p", "review-summary", review.summary));
    if (review.note) box.appendChild(el("p", "review-note", review.note));
    (review.moves || []).forEach((move) => {
      const card = el("div", "review-move");
      const head = el("p", "review-head");
      head.appendChild(el("span", "review-moment", move.moment));
      head.appendChild(el("span", "review-cost", move.cost));
      card.appendChild(head);
      const rows = [[label("review_played"), move.played, move.played_chance, ""],
        [label("review_suggested"), move.suggested, move.suggested_chance, " better"]];
      rows.forEach(([name, words, chance, tone]) => {
        const row = el("p", "review-row" + tone);
        row.appendChild(el("span", "review-label", name));
        row.appendChild(el("span", "review-words", words));
        row.appendChild(el("span", "review-chance", chance));
        card.appendChild(row);
      });
      if (move.why) card.appendChild(el("p", "review-why", move.why));
      box.appendChild(card);
    });
  }

  // A short buzz when it becomes this seat's turn. Browsers allow it only after the player has touched the
  // page (the seat pick or a move does), so it is not even tried before.
  function buzz() {
    const activation = navigator.userActivation;
    if (!navigator.vibrate || (activation && !activation.hasBeenActive)) return;
    try { navigator.vibrate(180); } catch (e) { /* not allowed here */ }
  }

  function renderHand(main, payload) {
    const hand = payload.hand || [];
    if (!hand.length && payload.over) return;
    const box = section(main, label("hand"), "hand");
    if (!hand.length) {
      box.appendChild(el("p", "muted", label("hand_empty")));
      return;
    }
    const row = el("ul", "cards");
    hand.forEach((card) => {
      const item = el("li", "card");
      const img = el("img");
      img.src = "img/" + card.img + ".png";
      img.alt = card.text;
      img.width = 60;
      img.height = 84;
      item.appendChild(img);
      if (card.n > 1) item.appendChild(el("span", "count", "×" + card.n));
      row.appendChild(item);
    });
    box.appendChild(row);
  }

  function groupsOf(moves) {
    const groups = [];
    const byName = new Map();
    moves.forEach((move) => {
      const name = move.group || "";
      if (!byName.has(name)) {
        byName.set(name, []);
        groups.push(name);
      }
      byName.get(name).push(move);
    });
    return groups.map((name) => ({ name, moves: byName.get(name) }));
  }

  function renderMoves(main, payload) {
    const moves = payload.moves || [];
    if (!moves.length) {
      if (!payload.over && !payload.notice) main.appendChild(el("p", "wait muted", label("wait")));
      return;
    }
    const box = section(main, label("moves"), "moves");
    if (state.pending) {
      box.appendChild(el("p", "sent", label("sent")));
      return;
    }
    const groups = moves.length > FLAT_UP_TO ? groupsOf(moves) : [{ name: "", moves }];
    const named = groups.filter((group) => group.name);
    const twoStep = moves.length >= TWO_STEP_AT && named.length > 1;
    if (!named.some((group) => group.name === state.openGroup)) state.openGroup = null;
    if (twoStep && state.openGroup !== null) { // step two: the picked group's moves, and the way back
      const group = named.find((g) => g.name === state.openGroup);
      const back = el("button", "back secondary", "‹ " + group.name);
      back.type = "button";
      back.addEventListener("click", () => {
        state.openGroup = null;
        renderState(state.payload);
      });
      box.appendChild(back);
      box.appendChild(moveButtons(group.moves));
      return;
    }
    groups.forEach((group) => {
      if (!group.name) { // moves outside any group (a pass) are offered as they are
        box.appendChild(moveButtons(group.moves));
        return;
      }
      if (twoStep) { // step one: a button per group
        const button = el("button", "group-button", group.name);
        button.type = "button";
        button.appendChild(el("span", "group-count", String(group.moves.length)));
        button.addEventListener("click", () => {
          state.openGroup = group.name;
          renderState(state.payload);
        });
        box.appendChild(button);
        return;
      }
      box.appendChild(el("h3", "group-title", group.name));
      box.appendChild(moveButtons(group.moves));
    });
  }

  function moveButtons(moves) {
    const list = el("div", "buttons");
    moves.forEach((move) => {
      const button = el("button", "move primary", move.label);
      button.type = "button";
      button.addEventListener("click", () => choose(move));
      list.appendChild(button);
    });
    return list;
  }

  // ----- acting -----------------------------------------------------------------------------
  function moveId() {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function choose(move) {
    hideBanner();
    if (move.confirm) openSheet(move);
    else act(move);
  }

  function act(move) {
    const payload = state.payload;
    if (!payload || state.pending) return;
    savePending({ move: moveId(), v: payload.v, a: move.a, label: move.label });
    send({ t: "act", token: token(), move: state.pending.move, v: payload.v, a: move.a });
    renderState(payload);
  }

  function openSheet(move) {
    $("sheet-title").textContent = label("confirm_title");
    $("sheet-move").textContent = move.label;
    $("sheet-ok").textContent = label("confirm");
    $("sheet-cancel").textContent = label("cancel");
    const sheet = $("sheet");
    sheet.hidden = false;
    $("sheet-ok").onclick = () => {
      sheet.hidden = true;
      act(move);
    };
    $("sheet-cancel").onclick = () => { sheet.hidden = true; };
    $("sheet-ok").focus();
  }

  // ----- banner and language ------------------------------------------------------------------
  function showBanner(text, kind) {
    const banner = $("banner");
    banner.textContent = text;
    banner.className = "banner " + (kind || "info");
    banner.hidden = !text;
  }
  // Hides the banner; with a kind, only a banner of that kind (a connection notice goes once connected again,
  // a refusal stays until the state moves on or the player acts).
  function hideBanner(kind) {
    const banner = $("banner");
    if (!kind || banner.classList.contains(kind)) banner.hidden = true;
  }

  function setLang(lang) {
    state.lang = lang;
    safeSet("tabletop.lang", lang);
    $("lang").textContent = LANG_SWITCH[lang];
    const connecting = $("connecting");
    if (connecting) connecting.textContent = FALLBACK[lang];
  }

  $("lang").addEventListener("click", () => {
    setLang(state.lang === "ja" ? "en" : "ja");
    if (token() && state.seat !== null) send({ t: "lang", token: token(), lang: state.lang });
    else send({ t: "hello", lang: state.lang, token: token() }); // the lobby again, in the new language
  });

  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") connectNow(); });
  window.addEventListener("online", connectNow);
  window.addEventListener("pageshow", connectNow);
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") $("sheet").hidden = true; });

  // Tests and screenshots: render a message as if the table had sent it; the page stops using the network.
  window.tabletopRender = (message) => {
    state.closed = true;
    clearTimeout(state.retryTimer);
    clearInterval(state.pingTimer);
    if (state.socket) {
      state.socket.onclose = null;
      state.socket.close();
      state.socket = null;
    }
    handle(message);
  };
  setLang(state.lang);
  connect();
})();
