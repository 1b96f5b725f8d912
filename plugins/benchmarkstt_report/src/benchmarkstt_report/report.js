/* The corpus report: the file table (sort, filter, heat map) and a file's words aligned, on demand. */
"use strict";
(function () {
  var D = JSON.parse(document.getElementById("report-data").textContent);
  var esc = Words.esc, $ = function (id) { return document.getElementById(id); };
  var table = $("files-table"), fileSelect = $("file-select"), engineSelect = $("engine-select");
  var alignment = $("alignment"), nav = Words.navigator(alignment, $("error-pos"));
  var current = {n: -1, engine: ""}, sortKey = "order", sortDir = 1;
  var cap = 0.05;
  D.engines.forEach(function (e) {
    D.cells[e].forEach(function (c) { if (c && !c.error && c[0] > cap) cap = c[0]; });
  });
  cap = Math.min(cap, 1);

  function pct(v) { return v === null || v === undefined ? "-" : (100 * v).toFixed(2) + "%"; }
  /* Light to dark orange (lightness carries the value, so it reads in any colour vision and in grey). */
  var STOPS = [[252, 244, 227], [230, 159, 0], [122, 61, 0]];
  function heat(v) {
    var t = Math.max(0, Math.min(1, v / cap)) * 2, k = Math.min(1, Math.floor(t)), f = t - k;
    var a = STOPS[k], b = STOPS[k + 1], rgb = [0, 1, 2].map(function (i) { return Math.round(a[i] + (b[i] - a[i]) * f); });
    var lum = rgb.map(function (c) { c /= 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); });
    var L = 0.2126 * lum[0] + 0.7152 * lum[1] + 0.0722 * lum[2];
    var ink = (L + 0.05) / 0.05 >= 1.05 / (L + 0.05) ? "#000" : "#fff";  /* pure black or white: one of them reaches 4.5:1 on any shade */
    return "background:rgb(" + rgb.join(",") + ");color:" + ink;
  }

  function head() {
    var cols = [["id", D.unit], ["words", "ref words"]];
    if (D.duration) cols.push(["duration", "duration (s)"]);
    D.engines.forEach(function (e) { cols.push(["e:" + e, e + " " + D.rate]); });
    table.tHead.innerHTML = "<tr>" + cols.map(function (c) {
      var sorted = sortKey === c[0] ? (sortDir > 0 ? "ascending" : "descending") : "none";
      return '<th scope="col" aria-sort="' + sorted + '"><button type="button" data-sort="' + esc(c[0]) + '">' + esc(c[1]) +
        '<span class="arrow" aria-hidden="true">' + (sorted === "ascending" ? " ▲" : sorted === "descending" ? " ▼" : "") + "</span></button></th>";
    }).join("") + "</tr>";
  }

  function value(n) {
    if (sortKey === "id") return D.ids[n];
    if (sortKey === "words") return D.words[n];
    if (sortKey === "duration") return D.duration[n];
    if (sortKey.slice(0, 2) === "e:") { var c = D.cells[sortKey.slice(2)][n]; return c && !c.error ? c[0] : null; }
    return n;
  }

  function rows() {
    var filter = $("filter").value.trim().toLowerCase(), list = [];
    for (var n = 0; n < D.ids.length; n++) if (!filter || String(D.ids[n]).toLowerCase().indexOf(filter) >= 0) list.push(n);
    var collator = new Intl.Collator(undefined, {numeric: true});
    list.sort(function (a, b) {
      var x = value(a), y = value(b);
      if (x === null || x === undefined) return 1;
      if (y === null || y === undefined) return -1;
      var c = typeof x === "string" ? collator.compare(x, y) : x - y;
      return (c || a - b) * sortDir;
    });
    var html = list.map(function (n) {
      var cells = '<th scope="row">' + esc(D.ids[n]) + '</th><td class="num">' + (D.words[n] === null ? "-" : esc(D.words[n])) + "</td>";
      if (D.duration) cells += '<td class="num">' + (D.duration[n] === null ? "-" : esc(Number(D.duration[n]).toFixed(1))) + "</td>";
      D.engines.forEach(function (e) {
        var c = D.cells[e][n];
        if (!c) cells += '<td class="na">-</td>';
        else if (c.error) cells += '<td class="failed" data-engine="' + esc(e) + '" title="' + esc(c.error) + '">failed</td>';
        else cells += '<td class="num hc" data-engine="' + esc(e) + '" data-value="' + esc(c[0]) + '" style="' + heat(c[0]) +
          '" title="' + esc(e + ": S " + c[1] + ", D " + c[2] + ", I " + c[3]) + '">' + esc(pct(c[0])) + "</td>";
      });
      return '<tr data-n="' + n + '" tabindex="0"' + (n === current.n ? ' class="open"' : "") + ">" + cells + "</tr>";
    });
    table.tBodies[0].innerHTML = html.join("");
    $("shown").textContent = "showing " + list.length + " of " + D.ids.length;
  }

  function heatKey() {
    var steps = [0, 0.25, 0.5, 0.75, 1].map(function (f) {
      return '<span style="' + heat(f * cap) + '">' + (100 * f * cap).toFixed(0) + "%</span>";
    });
    $("heatkey").innerHTML = esc(D.rate) + " " + steps.join("") + (cap < 1 ? " and above" : "");
  }

  function open(n, engine, jump) {
    current = {n: n, engine: engine || ""};
    fileSelect.value = String(n);
    engineSelect.value = current.engine;
    var prev = table.querySelector("tr.open");
    if (prev) prev.classList.remove("open");
    var row = table.querySelector('tr[data-n="' + n + '"]');
    if (row) row.classList.add("open");
    var hash = "#file=" + encodeURIComponent(D.ids[n]) + (engine ? "&engine=" + encodeURIComponent(engine) : "");
    if (location.hash !== hash) history.replaceState(null, "", hash);
    draw();
    if (jump !== false) $("file").scrollIntoView();
  }

  function draw() {
    var n = current.n;
    if (n < 0) return;
    var a = D.align[n], view = document.querySelector('input[name="view"]:checked').value;
    var engines = current.engine ? [current.engine] : D.engines;
    var out = ['<h3 id="file-title">' + esc(D.ids[n]) + " <small>" + (D.words[n] === null ? "" : esc(D.words[n] + " reference words")) + "</small></h3>"];
    if (!a) {
      out.push('<p class="hint">This result has no alignments: run <code>benchmarkstt-tools corpus</code> with ' +
        "<code>--alignments</code> (or <code>--html</code>) to see the words.</p>");
    } else if (view === "original") {
      out.push('<div class="original"><h4>reference</h4><p>' + esc(a.text === null || a.text === undefined ? "(not kept)" : a.text) + "</p></div>");
      engines.forEach(function (e) {
        var h = a.hyp[e];
        out.push('<div class="original" data-engine="' + esc(e) + '"><h4>' + esc(e) + "</h4><p>" +
          esc(h && h.text !== null && h.text !== undefined ? h.text : "(not kept)") + "</p></div>");
      });
    } else {
      engines.forEach(function (e) {
        var h = a.hyp[e], c = D.cells[e][n];
        if (!h) { out.push('<div class="align" data-engine="' + esc(e) + '"><h4>' + esc(e) + "</h4><p>" + (c && c.error ? esc(c.error) : "not scored") + "</p></div>"); return; }
        out.push('<div class="align" data-engine="' + esc(e) + '"><h4>' + esc(e) + ' <span class="stats">' + esc(D.rate) + ' <b class="wer">' + esc(pct(c[0])) +
          "</b>, " + esc("S " + c[1] + ", D " + c[2] + ", I " + c[3]) + '</span></h4><div class="words" lang="">' +
          Words.html(Words.items(a.ref, h.words, h.ops)) + "</div></div>");
      });
    }
    alignment.innerHTML = out.join("");
    nav.reset();
  }

  function fromHash() {
    var m = /^#file=([^&]*)(?:&engine=(.*))?$/.exec(location.hash);
    if (!m) return;
    var n = D.ids.indexOf(decodeURIComponent(m[1])), e = m[2] ? decodeURIComponent(m[2]) : "";
    if (n >= 0) open(n, D.engines.indexOf(e) >= 0 ? e : "", true);
  }

  fileSelect.innerHTML = D.ids.map(function (id, n) { return '<option value="' + n + '">' + esc(id) + "</option>"; }).join("");
  fileSelect.selectedIndex = -1;
  engineSelect.innerHTML += D.engines.map(function (e) { return '<option value="' + esc(e) + '">' + esc(e) + "</option>"; }).join("");
  table.createTHead();
  if (!table.tBodies.length) table.appendChild(document.createElement("tbody"));
  head(); rows(); heatKey();

  table.tHead.addEventListener("click", function (ev) {
    var b = ev.target.closest("button[data-sort]");
    if (!b) return;
    var key = b.getAttribute("data-sort");
    sortDir = key === sortKey ? -sortDir : 1;
    sortKey = key;
    head(); rows();
    table.tHead.querySelector('button[data-sort="' + key.replace(/"/g, '\\"') + '"]').focus();
  });
  table.tBodies[0].addEventListener("click", function (ev) {
    var tr = ev.target.closest("tr[data-n]");
    if (!tr) return;
    var td = ev.target.closest("td[data-engine]");
    open(+tr.getAttribute("data-n"), td ? td.getAttribute("data-engine") : "");
  });
  table.tBodies[0].addEventListener("keydown", function (ev) {
    var tr = ev.target.closest("tr[data-n]");
    if (!tr) return;
    if (ev.key === "Enter") { open(+tr.getAttribute("data-n"), ""); ev.preventDefault(); }
    if (ev.key === "ArrowDown" && tr.nextElementSibling) { tr.nextElementSibling.focus(); ev.preventDefault(); }
    if (ev.key === "ArrowUp" && tr.previousElementSibling) { tr.previousElementSibling.focus(); ev.preventDefault(); }
  });
  $("filter").addEventListener("input", rows);
  fileSelect.addEventListener("change", function () { open(+fileSelect.value, current.engine, false); });
  engineSelect.addEventListener("change", function () { if (current.n >= 0) open(current.n, engineSelect.value, false); });
  document.querySelectorAll('input[name="view"]').forEach(function (r) { r.addEventListener("change", draw); });
  $("next-error").addEventListener("click", function () { nav.next(); });
  $("prev-error").addEventListener("click", function () { nav.prev(); });
  Words.keys(function () { return nav; });
  $("inputs").addEventListener("toggle", function () {
    var body = this.querySelector("tbody");
    if (!this.open || body.childElementCount) return;
    body.innerHTML = D.inputs.map(function (i) {
      return "<tr><td>" + esc(i.id) + "</td><td>" + esc(i.side) + "</td><td><code>" + esc(i.path || "") + "</code></td><td>" +
        esc(i.type || "") + "</td><td><code>" + esc(i.sha256 || "-") + "</code></td></tr>";
    }).join("");
  });
  window.addEventListener("hashchange", fromHash);
  fromHash();
  document.documentElement.setAttribute("data-ready-ms", String(performance.now()));
  document.documentElement.setAttribute("data-ready", "1");
})();
