/* Aligned words and jumping from error to error; shared by the corpus report and the single-pair page. */
"use strict";
var Words = (function () {
  function esc(s) {
    return String(s).replace(/[&<>"']/g, function (c) {
      return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c];
    });
  }
  /* One [kind, ref, hyp] per word from opcodes [tag, i1, i2, j1, j2] (tags e, s, d, i);
     replaced words pair by position, the rest are deletions or insertions. hyp holds only the
     hypothesis words outside equal opcodes (the others are the reference's). */
  function items(ref, differing, ops) {
    var out = [], hyp = [], at = 0;
    ops.forEach(function (op) {
      var from = op[0] === "e" ? ref.slice(op[1], op[2]) : differing.slice(at, at += op[4] - op[3]);
      for (var k = 0; k < from.length; k++) hyp[op[3] + k] = from[k];
    });
    ops.forEach(function (op) {
      var i1 = op[1], i2 = op[2], j1 = op[3], j2 = op[4], k;
      if (op[0] === "e") {
        for (k = 0; k < i2 - i1; k++) out.push(["e", ref[i1 + k], hyp[j1 + k]]);
        return;
      }
      var n = Math.min(i2 - i1, j2 - j1);
      for (k = 0; k < n; k++) out.push(["s", ref[i1 + k], hyp[j1 + k]]);
      for (k = i1 + n; k < i2; k++) out.push(["d", ref[k], null]);
      for (k = j1 + n; k < j2; k++) out.push(["i", null, hyp[k]]);
    });
    return out;
  }
  var NAMES = {s: "substitution", d: "deletion", i: "insertion"};
  /* The HTML of aligned words: each word a box with the reference above the hypothesis. */
  function html(list) {
    var parts = [];
    for (var n = 0; n < list.length; n++) {
      var it = list[n];
      if (it[0] === "e") {
        parts.push('<span class="w e"><span class="r">' + esc(it[1]) + '</span><span class="h">' + esc(it[2]) + "</span></span>");
      } else {
        var label = NAMES[it[0]] + ": " + (it[1] === null ? "" : it[1]) + (it[0] === "s" ? " → " : "") + (it[2] === null ? "" : it[2]);
        parts.push('<span class="w ' + it[0] + ' err" tabindex="-1" title="' + esc(label) + '" aria-label="' + esc(label) +
          '"><span class="r">' + (it[1] === null ? "&#8203;" : esc(it[1])) + '</span><span class="h">' +
          (it[2] === null ? "&#8203;" : esc(it[2])) + "</span></span>");
      }
      parts.push(" ");
    }
    return parts.join("");
  }
  /* Error navigation over the .err words inside root; status shows "error k of n". */
  function navigator(root, status) {
    var at = -1;
    function all() { return root.querySelectorAll(".w.err"); }
    function show(k) {
      var list = all();
      if (!list.length) { status.textContent = "no errors"; return; }
      var old = root.querySelector(".w.current");
      if (old) old.classList.remove("current");
      at = (k + list.length) % list.length;
      var w = list[at];
      w.classList.add("current");
      w.scrollIntoView({block: "center"});
      w.focus({preventScroll: true});
      status.textContent = "error " + (at + 1) + " of " + list.length + ": " + w.getAttribute("title");
    }
    return {
      next: function () { show(at + 1); },
      prev: function () { show(at < 0 ? -1 : at - 1); },
      reset: function () { at = -1; var n = all().length; status.textContent = n + " error" + (n === 1 ? "" : "s"); }
    };
  }
  /* n / p jump from error to error unless typing in a field. */
  function keys(nav) {
    document.addEventListener("keydown", function (ev) {
      var t = ev.target.tagName;
      if (ev.ctrlKey || ev.metaKey || ev.altKey || t === "INPUT" || t === "SELECT" || t === "TEXTAREA") return;
      if (ev.key === "n") { nav().next(); ev.preventDefault(); }
      if (ev.key === "p") { nav().prev(); ev.preventDefault(); }
    });
  }
  return {esc: esc, items: items, html: html, navigator: navigator, keys: keys};
})();
