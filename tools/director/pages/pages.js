// The director's pages (tools/director/web.py): the phone page, the projector and the
// console draw the director's snapshot (/state.json) and ask again at once: the server
// holds the question until the version moves, so a change shows as soon as it happens.
"use strict";
var DATA = JSON.parse(document.getElementById("data").textContent);
var W = DATA.words, PAGE = document.body.id;
var version = -1, state = null, renders = 0;

function $(id) { return document.getElementById(id); }

function w(key) {  // the word in the page's language, its %s and %d filled in order
  var args = Array.prototype.slice.call(arguments, 1);
  return W[key].replace(/%[sd]/g, function () { return String(args.shift()); });
}

function el(tag, cls, text) {
  var e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  for (var i = 3; i < arguments.length; i++) e.appendChild(arguments[i]);
  return e;
}

function side(winner) {  // a table's winner is "A"/"B" (tools.replay), a match's 0/1
  return winner === "A" || winner === 0 ? 0 : winner === "B" || winner === 1 ? 1 : null;
}

function pairName(p) { return p === null || p === undefined ? w("to_be_decided") : p; }

// A table's card: its number (a red mark when its device is not connected), a row per
// pair (its cantons, then its points, biggest), then the stakes or the winner, and the
// round.
function card(t) {
  var won = side(t.winner), c = el("div", "card" + (t.connected ? "" : " off"));
  c.setAttribute("data-table", t.table);
  var no = el("span", "no", w("table", t.table), el("span", "dot"));
  no.title = t.connected ? w("connected") : w("not_connected");
  if (!t.match) {  // a table with no match to play now
    c.className += " idle";
    c.appendChild(el("div", "pair top", null, no));
    c.appendChild(el("div", "foot", null, el("span", "none", w("no_match_here"))));
    return c;
  }
  c.appendChild(el("div", "pair top", null, no, el("span", "c", w("cantons")),
    el("span", "p", w("points"))));
  [0, 1].forEach(function (k) {
    c.appendChild(el("div", "pair " + "ab"[k] + (won === k ? " won" : ""), null,
      el("span", "who", t.pairs[k]), el("span", "c", t.cantons[k]), el("span", "p", t.points[k])));
  });
  var foot = el("div", "foot");
  if (won !== null) foot.appendChild(el("span", "win", w("wins", t.pairs[won])));
  else if (!t.connected) foot.appendChild(el("span", "conn", w("not_connected")));
  else foot.appendChild(el("span", "stakes", t.stakes || ""));
  foot.appendChild(el("span", "round", w("round", t.round_no)));
  c.appendChild(foot);
  return c;
}

function groups(phases) {
  var box = el("div", "groups");
  phases.forEach(function (ph) {
    (ph.groups || []).forEach(function (g) {
      var t = el("table");
      var head = el("tr", null, null, el("th", null, w("pair")));
      [["played", "played_long"], ["won", "won_long"], ["lost", "lost_long"]].forEach(
        function (k) { var th = el("th", null, w(k[0])); th.title = w(k[1]); head.appendChild(th); });
      head.appendChild(el("th", null, w("cantons")));
      t.appendChild(head);
      g.rows.forEach(function (r) {
        t.appendChild(el("tr", null, null, el("td", null, r.pair), el("td", null, r.played),
          el("td", null, r.won), el("td", null, r.lost),
          el("td", null, r.cantons_for + "\u2013" + r.cantons_against)));
      });
      box.appendChild(el("div", "group", null, el("h3", null, w("group", g.name)), t));
    });
  });
  return box;
}

function roundName(k, n) {  // k of n rounds: the last is the final
  var left = n - k;
  return left === 1 ? w("final") : left === 2 ? w("semis") : left === 3 ? w("quarters")
    : left === 4 ? w("eighths") : w("knockout_round", k + 1);
}

function bracket(phases) {
  var box = el("div", "bracket");
  phases.forEach(function (ph) {
    var rounds = ph.rounds || [];
    rounds.forEach(function (games, k) {
      var col = el("div", "round", null, el("h3", null, roundName(k, rounds.length)));
      games.forEach(function (m) {
        var won = side(m.winner), g = el("div", "m");
        g.setAttribute("data-match", m.match);
        [0, 1].forEach(function (i) {
          var known = m.pairs[i] !== null && m.pairs[i] !== undefined;
          g.appendChild(el("div", (won === i ? "w" : "") + (known ? "" : " tbd"), null,
            el("span", null, pairName(m.pairs[i])), el("span", null, known ? m.cantons[i] : "")));
        });
        col.appendChild(g);
      });
      box.appendChild(col);
    });
  });
  return box;
}

function drawBracket(phases) {  // its heading too, once the knockout has its matches
  replace("bracket", bracket(phases));
  $("bracket").previousElementSibling.hidden = !phases.some(function (ph) {
    return (ph.rounds || []).length;
  });
}

function replace(id, node) {
  var box = $(id);
  box.textContent = "";
  box.appendChild(node);
}

function languages() {
  document.querySelectorAll(".langs").forEach(function (nav) {
    ["ca", "es", "en"].forEach(function (lang) {
      var a = el("a", lang === DATA.lang ? "on" : "", lang);
      a.href = "?lang=" + lang + (DATA.key ? "&key=" + encodeURIComponent(DATA.key) : "");
      nav.appendChild(a);
    });
  });
  document.querySelectorAll("[data-w]").forEach(function (e) {
    e.textContent = w(e.getAttribute("data-w"));
  });
}

// The phone: the table chosen (remembered on the phone) first.
function phone(s) {
  var chosen = parseInt(localStorage.getItem("table"), 10), pick = $("choose");
  var numbers = s.tables.map(function (t) { return t.table; });
  if (numbers.indexOf(chosen) < 0 && numbers.length && isNaN(chosen)) chosen = numbers[0];
  pick.textContent = "";
  numbers.forEach(function (n) {
    var o = el("option", null, n);
    o.value = n;
    o.selected = n === chosen;
    pick.appendChild(o);
  });
  var mine = s.tables.filter(function (t) { return t.table === chosen; })[0];
  replace("card", mine ? card(mine) : el("p", "dim", s.tables.length ? w("no_match_here")
    : w("no_tables")));
  replace("groups", groups(s.phases));
  drawBracket(s.phases);
  var all = el("div");
  s.tables.forEach(function (t) { if (t.table !== chosen) all.appendChild(card(t)); });
  $("tables").textContent = "";
  while (all.firstChild) $("tables").appendChild(all.firstChild);
}

// The projector: the cards in the columns that give the biggest type (a card is about
// 17 of its letters wide and 9.5 high). Where so many tables would make the type too
// small to read across the hall, they take turns: as many as fit, TURN_S each.
var GAP = 12, SMALLEST = 18, TURN_S = 10, turn = 0;

function layout(n, width, height) {
  var best = {cols: 1, size: 0};
  for (var cols = 1; cols <= n; cols++) {
    var rows = Math.ceil(n / cols);
    var size = Math.min((width - GAP * (cols - 1)) / cols / 17,
                        (height - GAP * (rows - 1)) / rows / 9.5);
    if (size > best.size) best = {cols: cols, size: size};
  }
  return best;
}

function projector(s) {
  var box = $("tables"), all = s.tables, width = box.clientWidth, height = box.clientHeight;
  var per = Math.max(1, all.length);
  while (per > 1 && layout(per, width, height).size < SMALLEST) per--;
  var turns = Math.max(1, Math.ceil(all.length / per)), first = (turn % turns) * per;
  var shown = all.slice(first, first + per), fit = layout(per, width, height);
  box.style.setProperty("--cols", fit.cols);
  box.style.setProperty("--row", Math.floor(9.5 * fit.size) + "px");
  box.style.fontSize = Math.floor(fit.size) + "px";
  box.textContent = "";
  shown.forEach(function (t) { box.appendChild(card(t)); });
  if (!all.length) box.appendChild(el("p", "dim", w("no_tables")));
  $("turn").textContent = turns > 1 ? w("tables_shown", first + 1, first + shown.length,
                                         all.length) : "";
  replace("groups", groups(s.phases));
  drawBracket(s.phases);
}

function cells(tr, values) {
  values.forEach(function (v) { tr.appendChild(el("td", null, v)); });
  return tr;
}

function heads(table, words) {
  table.textContent = "";
  table.appendChild(el("tr"));
  words.forEach(function (k) { table.firstChild.appendChild(el("th", null, k ? w(k) : "")); });
}

// The console: every table and match, the refusals, the two actions.
function console_(s) {
  var t = $("tablelist");
  heads(t, ["table_head", "match", "pairs", "connected", "log_lines", "points", "cantons", ""]);
  s.tables.forEach(function (x) {
    var won = side(x.winner);
    var playing = Boolean(x.match), tr = cells(el("tr", "pick" + (x.connected ? "" : " off")), [
      x.table, x.match || "\u2013", playing ? x.pairs.map(pairName).join(" \u2013 ") : "",
      x.connected ? "\u2713" : w("not_connected"), playing ? x.seq : "",
      playing ? x.points.join("\u2013") : "", playing ? x.cantons.join("\u2013") : "",
      !playing ? w("no_match_here") : won === null ? x.stakes || "" : w("wins", x.pairs[won])]);
    tr.setAttribute("data-match", x.match);
    t.appendChild(tr);
  });
  var m = $("matchlist");
  heads(m, ["match", "phase", "table_head", "pairs", "winner", "cantons", "corrections"]);
  s.matches.forEach(function (x) {
    var won = side(x.winner), fixes = el("td");
    (x.corrections || []).forEach(function (c) {
      fixes.appendChild(el("div", "fix", (c.winner === null ? "" : pairName(x.pairs[c.winner]))
        + " " + c.cantons.join("\u2013") + ": " + c.reason));
    });
    var tr = cells(el("tr", "pick"), [x.match, x.phase, x.table,
      x.pairs.map(pairName).join(" \u2013 "), won === null ? w("playing") : pairName(x.pairs[won]),
      x.cantons.join("\u2013")]);
    tr.appendChild(fixes);
    tr.setAttribute("data-match", x.match);
    m.appendChild(tr);
  });
  var r = $("refusals");
  heads(r, ["table_head", "reason", "what_came"]);
  s.refusals.forEach(function (x) { r.appendChild(cells(el("tr"), [x.table, x.reason, x.payload])); });
  if (!s.refusals.length) r.appendChild(cells(el("tr", "dim"), [w("nothing_refused")]));
  document.querySelectorAll("select.matches").forEach(function (pick) {
    var was = pick.value;
    pick.textContent = "";
    s.matches.forEach(function (x) {
      var o = el("option", null, x.match + " \u00b7 " + x.pairs.map(pairName).join(" \u2013 "));
      o.value = x.match;
      pick.appendChild(o);
    });
    if (was) pick.value = was;
  });
  winners();
}

function chosenMatch() {
  var id = document.querySelector("#correct select.matches").value;
  return state && state.matches.filter(function (x) { return x.match === id; })[0];
}

function winners() {  // the correction's winner is named by the chosen match's pairs
  var x = chosenMatch(), options = document.querySelectorAll("#correct select[name=winner] option");
  [0, 1].forEach(function (k) { options[k].textContent = x ? pairName(x.pairs[k]) : k; });
}

function pick(id) {
  document.querySelectorAll("select.matches").forEach(function (s) { s.value = id; });
  var x = chosenMatch(), f = $("correct");
  if (x) {
    f.cantons_a.value = x.cantons[0];
    f.cantons_b.value = x.cantons[1];
    if (x.winner !== null) f.winner.value = x.winner;
  }
  winners();
}

function act(form) {  // a correction or a re-seat: said on the page, refused or done
  var said = $("said"), what = form.querySelector("h2").textContent;
  var body = new URLSearchParams(new FormData(form));
  return fetch(form.getAttribute("action"), {method: "POST", body: body,
    headers: {"Accept": "application/json"}}).then(function (r) {
    return r.json().then(function (j) {
      said.className = r.ok ? "" : "bad";
      said.textContent = r.ok ? w("done", what) : w("refused", j.error);
      if (r.ok) form.reset();
      pick(form.match.value);
    });
  }).catch(function (e) { said.className = "bad"; said.textContent = w("refused", e); });
}

function setupConsole() {
  document.querySelectorAll("form").forEach(function (f) {
    f.key.value = DATA.key;
    f.lang.value = DATA.lang;
    f.addEventListener("submit", function (e) { e.preventDefault(); act(f); });
  });
  document.querySelector("#correct select.matches").addEventListener("change", function () {
    pick(this.value);
  });
  document.addEventListener("click", function (e) {
    var tr = e.target.closest && e.target.closest("tr.pick");
    if (tr) pick(tr.getAttribute("data-match"));
  });
}

var DRAW = {phone: phone, projector: projector, console: console_};

function poll() {
  fetch("/state.json?since=" + version, {cache: "no-store"}).then(function (r) {
    if (!r.ok) throw new Error(r.status);
    return r.json();
  }).then(function (s) {
    $("off").textContent = "";
    if (s.version !== version) {
      state = s;
      $("name").textContent = s.name;
      DRAW[PAGE](s);
      version = s.version;
      renders++;
    }
    setTimeout(poll, 0);
  }).catch(function () {
    $("off").textContent = w("offline");
    setTimeout(poll, 1000);
  });
}

function clock() {
  var c = $("clock");
  if (c) c.textContent = new Date().toTimeString().slice(0, 5);
}

languages();
if (PAGE === "phone") {
  $("choose").addEventListener("change", function () {
    localStorage.setItem("table", this.value);
    phone(state);
  });
}
if (PAGE === "console") setupConsole();
if (PAGE === "projector") {
  var turning = setInterval(function () { if (state) { turn++; projector(state); } },
                            TURN_S * 1000);
}
clock();
setInterval(clock, 10000);
poll();
