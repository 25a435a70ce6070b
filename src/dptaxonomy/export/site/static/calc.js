/* dptaxonomy site calculators: the command line's own Python code, run by Pyodide.
   The page builds the argument list a user would type after `dptax`, and
   dptaxonomy.cli.browser answers it from the compiled knowledge base exactly as
   the CLI does. Pyodide, the package and the knowledge base are files of this
   site: no request leaves it. window.dptaxAnswer(argv, files) is the same entry
   point, for tests and for the curious: files ({name: text}) are written to the
   interpreter's working directory first (the compose page's request.yaml). */
(function () {
  "use strict";
  var form = document.getElementById("calc");
  if (!form) { return; }
  var root = document.body.getAttribute("data-root") || "";
  var command = form.getAttribute("data-command");
  var enabled = form.getAttribute("data-enabled") === "yes";
  var status = document.getElementById("calc-status");
  var out = document.getElementById("calc-out");
  var err = document.getElementById("calc-err");
  var line = document.getElementById("calc-command");
  var engine = null;

  function here(path) { return new URL(root + path, window.location.href).href; }
  function fetched(path, kind) {
    return fetch(here(path)).then(function (response) {
      if (!response.ok) { throw new Error(path + ": HTTP " + response.status); }
      return kind === "text" ? response.text() : response.arrayBuffer();
    });
  }
  function start() {
    if (engine) { return engine; }
    engine = import(here("assets/pyodide/pyodide.mjs")).then(function (module) {
      return Promise.all([
        module.loadPyodide({ indexURL: here("assets/pyodide/") }),
        fetched("assets/py/dptaxonomy.zip", "bytes"),
        fetched("assets/py/kb.json", "text")
      ]);
    }).then(function (parts) {
      var py = parts[0];
      py.unpackArchive(parts[1], "zip", { extractDir: "/dptaxonomy-site" });
      py.globals.set("kb_text", parts[2]);
      py.runPython("import json, sys\nsys.path.insert(0, '/dptaxonomy-site')\n" +
        "from dptaxonomy.cli import browser\nkb = browser.load_knowledge_base(kb_text)\ndel kb_text\n");
      return py;
    });
    return engine;
  }
  window.dptaxAnswer = function (argv, files) {
    return start().then(function (py) {
      Object.keys(files || {}).forEach(function (name) { py.FS.writeFile(name, files[name]); });
      py.globals.set("argv_json", JSON.stringify(argv));
      return JSON.parse(py.runPython("json.dumps(browser.run(kb, json.loads(argv_json)).to_json())"));
    });
  };

  function quoted(word) {
    return /^[\w.=\/+-]+$/.test(word) ? word : "'" + word.replace(/'/g, "'\\''") + "'";
  }
  function value(name) {
    var field = form.elements[name];
    return field ? field.value.trim() : "";
  }
  var REQUEST = "request.yaml";
  var box = form.elements.request || null;
  var names = box ? [] : ["a", "b", "from", "to"];
  function argv() {
    if (box) {
      return form.elements.json.checked ? [command, REQUEST, "-f", "json"] : [command, REQUEST];
    }
    var args = [command];
    ["a", "b"].forEach(function (name) { args.push(value(name)); });
    [["from", "--from"], ["to", "--to"]].forEach(function (option) {
      value(option[0]).split(/[\s,;]+/).filter(Boolean).forEach(function (item) {
        args.push(option[1], item);
      });
    });
    if (form.elements.json.checked) { args.push("-f", "json"); }
    return args;
  }
  function remember() {
    var query = new URLSearchParams();
    names.forEach(function (name) { if (value(name)) { query.set(name, value(name)); } });
    if (box) { query.set("request", box.value); }
    if (form.elements.json.checked) { query.set("f", "json"); }
    window.history.replaceState(null, "", "?" + query.toString());
  }
  function ask() {
    var args = argv();
    line.textContent = "dptax " + args.map(quoted).join(" ");
    if (!enabled) { return; }
    if (box ? !box.value.trim() : !value("a") || !value("b")) {
      status.textContent = box ? "Write the request." : "Give both names.";
      return;
    }
    remember();
    status.textContent = engine ? "Computing…" : "Loading Python (once)…";
    out.textContent = "";
    err.textContent = "";
    var files = {};
    if (box) { files[REQUEST] = box.value; }
    window.dptaxAnswer(args, files).then(function (answer) {
      out.textContent = answer.out;
      err.textContent = answer.err;
      status.textContent = answer.code === 0 ? "Done." : "Exit code " + answer.code + ".";
      form.setAttribute("data-answered", "yes");
    }, function (error) {
      status.textContent = "The calculator failed to start: " + error;
    });
  }
  form.addEventListener("submit", function (event) { event.preventDefault(); ask(); });
  Array.prototype.forEach.call(form.querySelectorAll("button.preset"), function (button) {
    button.addEventListener("click", function () {
      var text = document.querySelector("template.preset-text[data-preset='" +
        button.getAttribute("data-preset") + "']");
      box.value = text.content.textContent;
    });
  });
  var initial = new URLSearchParams(window.location.search);
  var given = false;
  names.forEach(function (name) {
    if (initial.get(name) && form.elements[name]) { form.elements[name].value = initial.get(name); given = true; }
  });
  if (box && initial.get("request")) { box.value = initial.get("request"); given = true; }
  if (initial.get("f") === "json") { form.elements.json.checked = true; }
  if (given) { ask(); }
}());
