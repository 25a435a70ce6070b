/* dptaxonomy site search: a small ranked, typo-tolerant search over a prebuilt index.
   Written for this site (no library): an exact id, name, abbreviation, alias or library
   identifier first, then initialisms ("PDP": personalized DP), prefixes, substrings,
   names one or two edits away, and words of the summaries.
   The index (assets/search-index.js) loads on first use. No request leaves the site. */
(function () {
  "use strict";
  var root = document.body.getAttribute("data-root") || "";
  var input = document.getElementById("search");
  var list = document.getElementById("search-results");
  if (!input || !list) { return; }
  var docs = null;
  var waiting = null;
  var requested = false;
  var LIMIT = 10;

  /* Greek letters read as their names, so "epsilon delta DP" finds "(ε, δ)-DP". */
  var GREEK = { "α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "epsilon",
    "ϵ": "epsilon", "ζ": "zeta", "η": "eta", "θ": "theta", "κ": "kappa", "λ": "lambda",
    "μ": "mu", "ν": "nu", "ξ": "xi", "π": "pi", "ρ": "rho", "σ": "sigma", "τ": "tau",
    "φ": "phi", "ϕ": "phi", "χ": "chi", "ψ": "psi", "ω": "omega" };
  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[α-ωϵϕ]/g, function (letter) { return GREEK[letter] ? " " + GREEK[letter] + " " : letter; });
  }
  function compact(text) { return fold(text).replace(/[^\p{L}\p{N}]+/gu, ""); }
  function words(text) { return fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean); }

  /* Optimal-string-alignment distance, giving up beyond `limit`. */
  function distance(a, b, limit) {
    if (Math.abs(a.length - b.length) > limit) { return limit + 1; }
    var previous2 = null, previous = [], current, i, j, best;
    for (j = 0; j <= b.length; j++) { previous.push(j); }
    for (i = 1; i <= a.length; i++) {
      current = [i];
      best = i;
      for (j = 1; j <= b.length; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        var value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
        if (previous2 && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
          value = Math.min(value, previous2[j - 2] + 1);
        }
        current.push(value);
        if (value < best) { best = value; }
      }
      if (best > limit) { return limit + 1; }
      previous2 = previous;
      previous = current;
    }
    return previous[b.length];
  }
  function subsequence(short, long) {
    var at = 0;
    for (var i = 0; i < long.length && at < short.length; i++) {
      if (long[i] === short[at]) { at++; }
    }
    return at === short.length;
  }
  /* "personalized DP" and "personalized differential privacy" read as "pdp": a word's
     first letter, or the whole of an upper-case abbreviation inside a name. */
  function initialism(name) {
    var parts = name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    if (parts.length < 2) { return ""; }
    return parts.map(function (part) {
      return /^\p{Lu}{2,}$/u.test(part) ? part : part[0];
    }).join("").toLowerCase();
  }
  function tolerance(text) { return text.length >= 8 ? 2 : (text.length >= 4 ? 1 : 0); }

  function prepare(raw) {
    return raw.map(function (doc) {
      var names = [doc.i].concat(doc.n).map(compact).filter(Boolean);
      var initials = doc.n.map(initialism).filter(Boolean);
      var nameWords = {};
      [doc.i.replace(/-/g, " ")].concat(doc.n).forEach(function (name) {
        words(name).forEach(function (w) { nameWords[w] = true; });
      });
      var summaryWords = {};
      words(doc.s || "").forEach(function (w) { summaryWords[w] = true; });
      return { doc: doc, names: names, initials: initials, nameWords: Object.keys(nameWords),
               summaryWords: Object.keys(summaryWords) };
    });
  }

  function nameScore(entry, query) {
    var best = 0;
    entry.names.forEach(function (name) {
      var score = 0;
      if (name === query) { score = 10000; }
      else if (name.indexOf(query) === 0) { score = 300 + 100 * query.length / name.length; }
      else if (query.length >= 3 && name.indexOf(query) > 0) { score = 220 + 50 * query.length / name.length; }
      else if (query.length >= 3 && name[0] === query[0] && subsequence(query, name)) {
        score = 180 + 80 * query.length / name.length;  /* abbreviations drop letters: zCDP ~ zCoDP */
      }
      else {
        var limit = tolerance(query);
        if (limit > 0) {
          var d = distance(name, query, limit);
          if (d <= limit) { score = 200 - 60 * d; }
        }
      }
      if (score > best) { best = score; }
    });
    if (best < 500 && query.length >= 2 && entry.initials.indexOf(query) >= 0) { best = 500; }
    return best;
  }

  function wordScore(pool, word, exact, prefix, typo) {
    var best = 0;
    pool.forEach(function (candidate) {
      var score = 0;
      if (candidate === word) { score = exact; }
      else if (word.length >= 2 && candidate.indexOf(word) === 0) { score = prefix; }
      else {
        var limit = tolerance(word);
        if (limit > 0 && distance(candidate, word, limit) <= limit) { score = typo; }
      }
      if (score > best) { best = score; }
    });
    return best;
  }

  function score(entry, query) {
    var whole = compact(query);
    if (!whole) { return 0; }
    var total = nameScore(entry, whole);
    var missed = 0;
    words(query).forEach(function (word) {
      var found = Math.max(wordScore(entry.nameWords, word, 40, 25, 15),
                           wordScore(entry.summaryWords, word, 8, 4, 2));
      if (!found) { missed++; }
      total += found;
    });
    if (missed && total < 150) { return 0; }
    return total;
  }

  function search(query) {
    var ranked = [];
    docs.forEach(function (entry) {
      var value = score(entry, query);
      if (value > 0) { ranked.push([value, entry.doc]); }
    });
    ranked.sort(function (x, y) {
      return y[0] - x[0] || y[1].w - x[1].w || x[1].t.length - y[1].t.length || (x[1].i < y[1].i ? -1 : 1);
    });
    return ranked.slice(0, LIMIT).map(function (pair) { return pair[1]; });
  }

  function show() {
    var query = input.value.trim();
    list.textContent = "";
    if (!query) { return; }
    var found = search(query);
    if (!found.length) {
      var none = document.createElement("li");
      none.className = "none";
      none.textContent = "No definition matches “" + query + "”.";
      list.appendChild(none);
      return;
    }
    found.forEach(function (doc) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = root + doc.u;
      var label = document.createElement("strong");
      label.textContent = doc.l;
      link.appendChild(label);
      if (doc.t !== doc.l) { link.appendChild(document.createTextNode(" " + doc.t)); }
      var kind = document.createElement("span");
      kind.className = "kind";
      kind.textContent = " " + doc.k;
      link.appendChild(kind);
      item.appendChild(link);
      list.appendChild(item);
    });
  }

  function ready(then) {
    if (docs) { then(); return; }
    waiting = then;
    if (requested) { return; }
    requested = true;
    var script = document.createElement("script");
    script.src = root + "assets/search-index.js";
    script.onload = function () {
      docs = prepare(window.DPTAX_SEARCH || []);
      if (waiting) { waiting(); }
    };
    document.head.appendChild(script);
  }

  input.addEventListener("focus", function () { ready(function () {}); });
  input.addEventListener("input", function () { ready(show); });
  input.form.addEventListener("submit", function (event) {
    var first = list.querySelector("a");
    if (first) { event.preventDefault(); window.location.href = first.href; }
  });
  input.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown") {
      var first = list.querySelector("a");
      if (first) { event.preventDefault(); first.focus(); }
    } else if (event.key === "Escape") {
      input.value = "";
      list.textContent = "";
    }
  });
  list.addEventListener("keydown", function (event) {
    var links = Array.prototype.slice.call(list.querySelectorAll("a"));
    var at = links.indexOf(document.activeElement);
    if (at < 0) { return; }
    if (event.key === "ArrowDown" && at + 1 < links.length) { event.preventDefault(); links[at + 1].focus(); }
    if (event.key === "ArrowUp") { event.preventDefault(); (at ? links[at - 1] : input).focus(); }
  });
  var initial = new URLSearchParams(window.location.search).get("q");
  if (initial) { input.value = initial; ready(show); }
}());
