/* dptaxonomy site: the implication explorer and the counterexample and property search.
   Both read window.DPTAX_EXPLORE (assets/explore-data.js, written by `dptax site`):
   the definitions with their dimensions, scope, setting and properties, the
   implication matrix (1: row ≻ column, 0: refuted, null: open) and each mechanism's
   claims. Nothing is computed here but filters over that data; no request leaves the site. */
(function () {
  "use strict";
  var data = window.DPTAX_EXPLORE;
  if (!data) { return; }
  var root = document.body.getAttribute("data-root") || "";
  var MATRIX_LIMIT = 60;
  var defs = data.definitions;
  var index = {};
  defs.forEach(function (d, i) { index[d.id] = i; });

  function el(tag, text, attrs) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) { node.textContent = text; }
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    return node;
  }
  function defLink(i) {
    var link = el("a", defs[i].label, { href: root + "d/" + defs[i].id + "/" });
    link.title = defs[i].name;
    return link;
  }
  function relateLink(a, b) {
    return el("a", "relate", { href: root + "relate/?" + new URLSearchParams({ a: defs[a].id, b: defs[b].id }) });
  }
  function lookup(value) {
    var text = (value || "").trim();
    return Object.prototype.hasOwnProperty.call(index, text) ? index[text] : -1;
  }
  function list(items, render) {
    var ul = el("ul", null, { "class": "found" });
    items.forEach(function (item) { var li = el("li"); render(li, item); ul.appendChild(li); });
    return ul;
  }
  function heading(text) { return el("h3", text); }

  /* The explorer. */
  var explore = document.getElementById("explore");
  if (explore) {
    var summary = document.getElementById("explore-summary");
    var focusOut = document.getElementById("explore-focus-result");
    var matrixOut = document.getElementById("explore-matrix");
    var download = document.getElementById("explore-download");
    var selected = function () {
      var dims = Array.prototype.slice.call(explore.querySelectorAll("input[name=dimension]:checked"))
        .map(function (box) { return box.value; });
      var scope = explore.elements.scope.value, setting = explore.elements.setting.value;
      var chosen = [];
      defs.forEach(function (d, i) {
        if (dims.length && !dims.some(function (x) { return d.dimensions.indexOf(x) >= 0; })) { return; }
        if (scope && d.scope !== scope) { return; }
        if (setting && d.setting !== setting) { return; }
        if (explore.elements.core.checked && !d.core) { return; }
        chosen.push(i);
      });
      return chosen;
    };
    var csv = function (chosen) {
      var quote = function (text) { return /[",\n]/.test(text) ? "\"" + text.replace(/"/g, "\"\"") + "\"" : text; };
      var lines = [["implies"].concat(chosen.map(function (i) { return defs[i].id; })).map(quote).join(",")];
      chosen.forEach(function (a) {
        lines.push([quote(defs[a].id)].concat(chosen.map(function (b) {
          var cell = data.implies[a][b];
          return cell === null ? "" : String(cell);
        })).join(","));
      });
      return lines.join("\n") + "\n";
    };
    var showFocus = function (chosen) {
      focusOut.textContent = "";
      var f = lookup(explore.elements.focus.value);
      if (f < 0) { return; }
      var groups = [["implies", function (o) { return data.implies[f][o] === 1; }],
        ["is implied by", function (o) { return data.implies[o][f] === 1; }],
        ["does not imply (refuted)", function (o) { return data.implies[f][o] === 0; }],
        ["is not implied by (refuted)", function (o) { return data.implies[o][f] === 0; }],
        ["open either way", function (o) { return data.implies[f][o] === null && data.implies[o][f] === null; }]];
      focusOut.appendChild(el("h2", defs[f].label + ": " + defs[f].name, { id: "focus-title" }));
      groups.forEach(function (group) {
        var found = chosen.filter(function (o) { return o !== f && group[1](o); });
        focusOut.appendChild(heading(defs[f].label + " " + group[0] + " (" + found.length + ")"));
        focusOut.appendChild(list(found, function (li, o) {
          li.appendChild(defLink(o)); li.appendChild(document.createTextNode(" · ")); li.appendChild(relateLink(f, o));
        }));
      });
    };
    var showMatrix = function (chosen) {
      matrixOut.textContent = "";
      if (chosen.length > MATRIX_LIMIT) {
        matrixOut.appendChild(el("p", chosen.length + " definitions selected: narrow the filters to " + MATRIX_LIMIT + " or fewer to see the matrix.", { "class": "muted" }));
        return;
      }
      var table = el("table", null, { "class": "matrix" });
      var head = el("tr");
      head.appendChild(el("th", "≻", { scope: "col" }));
      chosen.forEach(function (b) { var th = el("th", null, { scope: "col" }); th.appendChild(defLink(b)); head.appendChild(th); });
      var thead = el("thead"); thead.appendChild(head); table.appendChild(thead);
      var body = el("tbody");
      chosen.forEach(function (a) {
        var row = el("tr"); var th = el("th", null, { scope: "row" }); th.appendChild(defLink(a)); row.appendChild(th);
        chosen.forEach(function (b) {
          var cell = data.implies[a][b];
          var mark = cell === 1 ? ["≻", "cell-yes"] : (cell === 0 ? ["⊁", "cell-no"] : ["·", "cell-open"]);
          var td = el("td", a === b ? "=" : mark[0], { "class": a === b ? "cell-self" : mark[1] });
          td.title = defs[a].id + (a === b ? " = " : " " + mark[0] + " ") + defs[b].id;
          row.appendChild(td);
        });
        body.appendChild(row);
      });
      table.appendChild(body);
      matrixOut.appendChild(table);
    };
    var update = function () {
      var chosen = selected();
      summary.textContent = chosen.length + " of " + defs.length + " definitions selected.";
      showFocus(chosen);
      showMatrix(chosen);
      download.href = "data:text/csv;charset=utf-8," + encodeURIComponent(csv(chosen));
    };
    explore.addEventListener("input", update);
    explore.addEventListener("change", update);
    explore.addEventListener("submit", function (event) { event.preventDefault(); update(); });
    var given = new URLSearchParams(window.location.search).get("focus");
    if (given) { explore.elements.focus.value = given; }
    update();
  }

  /* The counterexample and property search. */
  var find = document.getElementById("find");
  if (find) {
    var mechanismsOut = document.getElementById("find-mechanisms");
    var definitionsOut = document.getElementById("find-definitions");
    var propertiesOut = document.getElementById("find-properties");
    var how = function (text) { return el("span", " (" + text + ")", { "class": "muted" }); };
    var searchMechanisms = function () {
      mechanismsOut.textContent = "";
      var a = lookup(find.elements.ma.value), b = lookup(find.elements.mb.value);
      if (a < 0) { mechanismsOut.appendChild(el("p", "Choose A by its id.", { "class": "muted" })); return; }
      var found = data.mechanisms.filter(function (m) {
        return m.satisfies[defs[a].id] && (b < 0 || m.violates[defs[b].id]);
      });
      mechanismsOut.appendChild(el("p", found.length + " mechanism(s) satisfy " + defs[a].label + (b < 0 ? "" : " but not " + defs[b].label) + "."));
      mechanismsOut.appendChild(list(found, function (li, m) {
        li.appendChild(el("a", m.name, { href: root + "m/" + m.id + "/" }));
        li.appendChild(document.createTextNode(": satisfies " + defs[a].label));
        li.appendChild(how(m.satisfies[defs[a].id]));
        if (b >= 0) { li.appendChild(document.createTextNode("; violates " + defs[b].label)); li.appendChild(how(m.violates[defs[b].id])); }
      }));
    };
    var searchDefinitions = function () {
      definitionsOut.textContent = "";
      var a = lookup(find.elements.da.value), b = lookup(find.elements.db.value);
      if (a < 0) { definitionsOut.appendChild(el("p", "Choose A by its id.", { "class": "muted" })); return; }
      var found = [];
      defs.forEach(function (d, x) {
        if (x !== a && data.implies[x][a] === 1 && (b < 0 || data.implies[x][b] === 0)) { found.push(x); }
      });
      definitionsOut.appendChild(el("p", found.length + " definition(s) imply " + defs[a].label + (b < 0 ? "" : " and are known not to imply " + defs[b].label) + "."));
      definitionsOut.appendChild(list(found, function (li, x) {
        li.appendChild(defLink(x)); li.appendChild(document.createTextNode(" · ")); li.appendChild(relateLink(x, a));
      }));
    };
    var searchProperties = function () {
      propertiesOut.textContent = "";
      var wanted = {};
      Array.prototype.forEach.call(find.querySelectorAll("select[name^=property-]"), function (select) {
        if (select.value) { wanted[select.name.slice(9)] = select.value; }
      });
      var names = Object.keys(wanted);
      if (!names.length) { propertiesOut.appendChild(el("p", "Choose a value for a property.", { "class": "muted" })); return; }
      var found = [];
      defs.forEach(function (d, x) {
        if (names.every(function (name) { return d.properties[name] === wanted[name]; })) { found.push(x); }
      });
      propertiesOut.appendChild(el("p", found.length + " definition(s) match (properties as their entries assert them)."));
      propertiesOut.appendChild(list(found, function (li, x) { li.appendChild(defLink(x)); }));
    };
    var update2 = function () { searchMechanisms(); searchDefinitions(); searchProperties(); };
    find.addEventListener("input", update2);
    find.addEventListener("change", update2);
    find.addEventListener("submit", function (event) { event.preventDefault(); update2(); });
    var params = new URLSearchParams(window.location.search);
    ["ma", "mb", "da", "db"].forEach(function (name) { if (params.get(name)) { find.elements[name].value = params.get(name); } });
    update2();
  }
}());
