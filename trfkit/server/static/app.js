// trfkit serve: the page. Plain JavaScript, no library. Every text from a
// file goes into the page as text (textContent), never as HTML.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const state = { views: 0, meta: null, endpoints: {}, data: null, bytes: null, files: 0, pasted: false, checks: 0, asking: null, name: "", stem: "", text: "", check: null };
  const SEVERITIES = [["error", "Errors"], ["warning", "Warnings"], ["info", "Notes"]];

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else node.setAttribute(key, value);
    }
    for (const child of children) node.append(child);
    return node;
  }

  function status(text, failed) {
    $("status").textContent = text;
    $("status").classList.toggle("failed", Boolean(failed));
  }

  // The page's options, as the endpoint at `path` takes them: each only
  // where the endpoint has the parameter and the value is one of its
  // choices (the standings take no rule set or time control, and the
  // norms' rule sets are the title regulations': those keep their own
  // default, by the start date, rather than being refused).
  function options(path) {
    const params = new URLSearchParams();
    const takes = (state.endpoints[path] || {}).params || {};
    const put = (name, value) => {
      const choices = takes[name];
      if (value && choices && (!choices.length || choices.includes(value))) params.set(name, value);
    };
    if ($("rules").value !== "auto") put("rules", $("rules").value);
    put("type", $("type").value);
    put("time_control", $("time_control").value.trim());
    if (!state.pasted) put("encoding", $("encoding").value.trim());
    if ($("tiebreaks")) put("tiebreaks", $("tiebreaks").value.replace(/\s+/g, ""));
    if ($("of")) put("of", $("of").value);
    if ($("system")) put("system", $("system").value);
    if ($("rounds")) put("rounds", $("rounds").value.replace(/\s+/g, ""));
    if (state.name) params.set("name", state.name);
    return params;
  }

  function post(path, extra) {
    const params = options(path);
    for (const [key, value] of new URLSearchParams(extra || "")) params.set(key, value);
    return fetch(path + "?" + params.toString(), {
      method: "POST",
      // X-Trfkit: the server answers a POST to /api only with it, and a
      // page of another site cannot send it (docs/serve.md).
      headers: { "Content-Type": "application/octet-stream", "X-Trfkit": "page" },
      body: state.data,
    });
  }

  async function refusal(response) {
    try {
      const body = await response.json();
      return body.error || response.statusText;
    } catch (e) {
      return response.status + " " + response.statusText;
    }
  }

  // -- the file ------------------------------------------------------------

  // The file's text for its view, decoded as the server's reader decodes
  // it (trfkit.decode): a byte-order mark first, else UTF-8, else cp1252;
  // otherwise the lines and columns of the findings would point into
  // garbage (a UTF-16 file shown byte by byte).
  const BOMS = [
    [[0xef, 0xbb, 0xbf], "utf-8"],
    [[0xff, 0xfe, 0, 0], "utf-32le"],
    [[0, 0, 0xfe, 0xff], "utf-32be"],
    [[0xff, 0xfe], "utf-16le"],
    [[0xfe, 0xff], "utf-16be"],
  ];

  function utf32(bytes, little) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength - (bytes.byteLength % 4));
    const parts = [];
    for (let i = 0; i < view.byteLength; i += 4) {
      const code = view.getUint32(i, little);
      parts.push(code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : "\ufffd");
    }
    return parts.join("");
  }

  // An encoding the arbiter gives (trfkit check --encoding: a Python codec
  // name) in the browser's words; the browser lacks a few (cp437): the
  // view then guesses, and only a single byte's look may differ.
  function decoder(name) {
    const label = name.toLowerCase().replace(/^cp(125\d)$/, "windows-$1").replace(/^utf-(16|32)-(le|be)$/, "utf-$1$2");
    if (label.startsWith("utf-32")) return null;
    try {
      return new TextDecoder(label);
    } catch (e) {
      return null;
    }
  }

  function decode(bytes) {
    // Pasted text is sent as UTF-8, whatever the Encoding field says.
    const given = !state.pasted && $("encoding").value.trim() && decoder($("encoding").value.trim());
    if (given) return given.decode(bytes);
    for (const [mark, codec] of BOMS) {
      if (mark.every((b, i) => bytes[i] === b)) {
        const rest = bytes.subarray(mark.length);
        if (codec.startsWith("utf-32")) return utf32(rest, codec === "utf-32le");
        return new TextDecoder(codec, { ignoreBOM: true }).decode(rest);
      }
    }
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch (e) {
      return new TextDecoder("windows-1252").decode(bytes);
    }
  }

  async function take(data, name, note, pasted) {
    const max = state.meta ? state.meta.max_upload : Infinity;
    if (data.byteLength > max) {
      status(`${name} is ${data.byteLength} bytes, over this server's limit of ${max}.`, true);
      return;
    }
    state.data = data;
    state.name = name;
    state.stem = name.replace(/\.[^.]*$/, "") || "tournament";
    state.bytes = new Uint8Array(data);
    state.pasted = Boolean(pasted);
    state.files += 1;
    $("chosen").textContent = `${name}: ${data.byteLength} bytes.${note || ""}`;
    await check();
  }

  // A file the browser cannot read (a folder dropped, a file moved or
  // locked since it was chosen) is said so, not passed over.
  async function takeFile(file, note) {
    let data;
    try {
      data = await file.arrayBuffer();
    } catch (e) {
      status(`${file.name} could not be read (a folder, or a file moved or locked?): ` +
        "choose or drop one TRF file.", true);
      return;
    }
    await take(data, file.name, note);
  }

  // One check shown: the last asked for. Enter in a field both submits
  // the options and changes them (one check, not two), and an answer that
  // comes after a later question's is not shown over it (switching rule
  // sets quickly on a big file).
  async function check() {
    if (!state.data) return;
    const asked = `${state.files}?${options("/api/check")}`;
    if (asked === state.asking) return;
    state.asking = asked;
    const mine = ++state.checks;
    status("Checking…");
    const started = performance.now();
    let response, answer, reason;
    try {
      response = await post("/api/check");
      if (response.ok) answer = await response.json();
      else reason = await refusal(response);
    } catch (e) {
      reason = "the server's answer could not be read";
    }
    if (mine !== state.checks) return;
    state.asking = null;
    if (!response) {
      status("The server did not answer: is trfkit serve still running?", true);
      return;
    }
    if (!answer) {
      status(`Not checked: ${reason}`, true);
      $("result").hidden = true;
      return;
    }
    state.check = answer;
    state.text = decode(state.bytes);
    const file = state.check.files[0];
    showSummary(file);
    showSource(file.diagnostics);
    showFindings(file.diagnostics);
    resetDocuments();
    $("result").hidden = false;
    const s = state.check.summary;
    status(`Checked ${state.name} in ${Math.round(performance.now() - started)} ms: ` +
      `${s.error} error(s), ${s.warning} warning(s), ${s.info} note(s).`);
  }

  // -- the summary ------------------------------------------------------------

  function showSummary(file) {
    const e = file.event || {};
    const rows = [
      ["Event", e.name || "no name (012)"],
      ["Type", e.type ? `${e.type} (${e.type_source})` : "unknown"],
      ["Rounds", e.rounds_scheduled && e.rounds_scheduled !== e.rounds
        ? `${e.rounds} of ${e.rounds_scheduled}` : String(e.rounds ?? "")],
      ["Dates", [e.start, e.end].filter(Boolean).join(" to ") || "not in the file"],
      ["Players", `${e.players}: ${e.rated} rated, ${e.unrated} unrated, ${e.titled} titled`],
      ["Federations", String(e.federations ?? "")],
      ["Rules", `${file.rules} (${e.rules_source || ""})`],
      ["Dialect", file.dialect || ""],
    ];
    if (e.teams) rows.splice(6, 0, ["Teams", String(e.teams)]);
    const dl = $("summary");
    dl.replaceChildren();
    for (const [term, value] of rows) dl.append(el("dt", { text: term }), el("dd", { text: value }));
  }

  // -- the file's text, with the findings' places marked ----------------------

  function showSource(diagnostics) {
    const worst = new Map();
    const rank = { error: 3, warning: 2, info: 1 };
    for (const d of diagnostics) {
      const had = worst.get(d.line);
      if (!had || rank[d.severity] > rank[had]) worst.set(d.line, d.severity);
    }
    const lines = state.text.split(/\r\n|\r|\n/);
    if (lines.length && lines[lines.length - 1] === "") lines.pop();
    const pre = $("source");
    const fragment = document.createDocumentFragment();
    lines.forEach((text, i) => {
      const n = i + 1;
      const line = el("span", { class: "line", id: `L${n}` }, el("span", { class: "ln", text: String(n) }), text);
      const severity = worst.get(n);
      if (severity) line.classList.add(severity);
      fragment.append(line);
    });
    pre.replaceChildren(fragment);
  }

  function markPlace(lineNo, column) {
    const pre = $("source");
    for (const old of pre.querySelectorAll(".current")) {
      old.classList.remove("current");
      const mark = old.querySelector("mark");
      if (mark) {
        // A column past the line's end was marked on a blank of its own.
        mark.replaceWith(mark.dataset.pastEnd ? "" : mark.textContent);
        old.normalize();
      }
    }
    const line = $(`L${lineNo}`);
    if (!line) return;
    line.classList.add("current");
    if (column >= 1) {
      const node = line.childNodes[1];
      if (node && node.nodeType === Node.TEXT_NODE) {
        const text = node.textContent;
        const at = Math.min(column - 1, text.length);
        const mark = el("mark", { text: text.slice(at, at + 1) || " " });
        if (at >= text.length) mark.dataset.pastEnd = "1";
        node.replaceWith(text.slice(0, at), mark, text.slice(at + 1));
      }
    }
    // Scroll the file's box to the place (and the page to the box, if it is
    // out of sight, as on a phone), not the whole page to the line.
    const box = pre.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) pre.scrollIntoView({ block: "nearest" });
    pre.scrollTop = line.offsetTop - pre.clientHeight / 2;
    const mark = line.querySelector("mark");
    if (mark) {
      const gutter = line.firstChild.offsetWidth;
      const left = mark.offsetLeft - pre.scrollLeft;
      if (left < gutter || left + mark.offsetWidth > pre.clientWidth) {
        pre.scrollLeft = Math.max(0, mark.offsetLeft - gutter - (pre.clientWidth - gutter) / 2);
      }
    }
  }

  // -- the findings, by severity and code ---------------------------------------

  function showFindings(diagnostics) {
    const box = $("findings");
    box.replaceChildren();
    const counts = [];
    for (const [severity, heading] of SEVERITIES) {
      const found = diagnostics.filter((d) => d.severity === severity);
      const word = heading.toLowerCase();
      counts.push(`${found.length} ${found.length === 1 ? word.slice(0, -1) : word}`);
      if (!found.length) continue;
      const byCode = new Map();
      for (const d of found) {
        if (!byCode.has(d.code)) byCode.set(d.code, []);
        byCode.get(d.code).push(d);
      }
      const section = el("section", { class: `sev-${severity}` },
        el("h3", {}, `${heading} `, el("span", { class: "badge", text: String(found.length) })));
      for (const [code, list] of [...byCode].sort()) {
        const items = el("ol");
        for (const d of list) items.append(finding(d));
        const heading = (state.meta && state.meta.codes[code]) || "";
        const summary = el("summary", {}, el("span", { class: "code", text: code }), " ",
          el("span", { class: "badge", text: String(list.length) }), " ", heading);
        section.append(el("details", list.length <= 20 ? { open: "" } : {}, summary, items));
      }
      box.append(section);
    }
    $("counts").textContent = diagnostics.length ? counts.join(", ") : "Nothing found.";
  }

  function finding(d) {
    const where = d.line >= 1 ? `line ${d.line}${d.column >= 1 ? `, column ${d.column}` : ""}` : "the file";
    const button = el("button", { type: "button", class: "plain" }, `${d.code} ${where}: ${d.message}`);
    const item = el("li", {}, button);
    const detail = [];
    if (d.found != null) detail.push(`found ${d.found}`);
    if (d.expected != null) detail.push(`expected ${d.expected}`);
    if (d.hint) detail.push(`fix: ${d.hint}`);
    if (d.reference) detail.push(d.reference);
    if (detail.length) item.append(el("span", { class: "detail", text: detail.join(" · ") }));
    button.addEventListener("click", () => {
      for (const old of $("findings").querySelectorAll("li.current")) old.classList.remove("current");
      item.classList.add("current");
      if (d.line >= 1) markPlace(d.line, d.column);
    });
    return item;
  }

  // -- tabs: Check, and one per document the server shows as HTML ----------------

  function tabs() {
    return [...document.querySelectorAll("[role=tab]")];
  }

  function select(tab) {
    for (const t of tabs()) {
      const on = t === tab;
      t.setAttribute("aria-selected", String(on));
      t.tabIndex = on ? 0 : -1;
      $(t.getAttribute("aria-controls")).hidden = !on;
    }
    const load = tab.dataset.path;
    if (load && !tab.dataset.loaded) {
      tab.dataset.loaded = "1";
      loadDocument(tab);
    }
  }

  // The document is the server's HTML page, shown in a frame with its own
  // policy: asked for with the page's header, kept by the server for the
  // frame to load once (/api/view/...).
  async function loadDocument(tab) {
    const name = tab.dataset.name;
    const frame = $(`panel-${name}`).querySelector("iframe");
    const note = $(`note-${name}`);
    const extra = new URLSearchParams(tab.dataset.query || "");
    extra.set("format", "html");
    extra.set("view", "true");
    const asked = ++state.views;
    tab.dataset.asked = String(asked);
    note.hidden = true;
    let response, answer, reason;
    try {
      response = await post(tab.dataset.path, extra.toString());
      if (response.ok) answer = await response.json();
      else reason = await refusal(response);
    } catch (e) {
      reason = "the server did not answer: is trfkit serve still running?";
    }
    if (tab.dataset.asked !== String(asked)) return; // asked again since
    if (answer && answer.view) {
      tab.dataset.pending = "1";
      frame.hidden = false;
      frame.src = answer.view;
      return;
    }
    note.textContent = `${tab.textContent} not made: ${reason || "the server's answer could not be read"}`;
    note.hidden = false;
    frame.hidden = true;
  }

  // Once the frame has loaded: the document, or why it was not made (the
  // server's refusal is JSON, and the frame may hold it; a frame the
  // browser could not fill is no answer at all). Never an empty frame.
  function documentShown(tab, frame) {
    if (!tab.dataset.pending) return; // the frame's first, empty page
    delete tab.dataset.pending;
    let doc = null;
    try {
      doc = frame.contentDocument;
    } catch (e) {
      doc = null;
    }
    if (doc && doc.contentType === "text/html") return;
    let reason = "the server did not answer: is trfkit serve still running?";
    if (doc && doc.contentType === "application/json") {
      try {
        reason = JSON.parse(doc.body.textContent).error || reason;
      } catch (e) {
        reason = doc.body.textContent;
      }
    }
    const note = $(`note-${tab.dataset.name}`);
    note.textContent = `${tab.textContent} not made: ${reason}`;
    note.hidden = false;
    frame.hidden = true;
  }

  function resetDocuments() {
    for (const t of tabs()) {
      delete t.dataset.loaded;
      if (t.getAttribute("aria-selected") === "true" && t.dataset.path) {
        t.dataset.loaded = "1";
        loadDocument(t);
      }
    }
  }

  // The standings' own options, above their tab: the tie-breaks (as
  // trfkit standings --tiebreaks; else the file's 212 or 202) and, in a
  // team event, whether the teams or the players are ranked.
  function standingsOptions(e, tab) {
    if (!("tiebreaks" in e.params) || $("standings-options")) return [];
    const form = el("form", { id: "standings-options", class: "doc-options", "aria-label": "The standings' options" },
      el("div", { class: "option" },
        el("label", { for: "tiebreaks", text: "Tie-breaks, in order" }),
        el("input", { id: "tiebreaks", placeholder: "the file's 212 or 202; e.g. BH/C1,BH,SB", autocomplete: "off", spellcheck: "false", size: "36" })),
      el("div", { class: "option" },
        el("label", { for: "of", text: "Rank" }),
        el("select", { id: "of" },
          el("option", { value: "", text: "as the event (teams, if any)" }),
          el("option", { value: "players", text: "the players" }),
          el("option", { value: "teams", text: "the teams" }))),
      el("button", { type: "submit", text: "Rank again" }));
    const again = (event) => {
      if (event) event.preventDefault();
      for (const t of tabs()) if (t.dataset.path === e.path) delete t.dataset.loaded;
      select(tab);
    };
    form.addEventListener("submit", again);
    form.querySelector("select").addEventListener("change", () => again());
    return [form];
  }

  // The pairings' own options, above their tab: the edition of the Dutch
  // System (as trfkit pairings --system; auto: the file's 192, else its
  // start date) and the rounds to check (--rounds A-B).
  function pairingsOptions(e, tab) {
    if (!("system" in e.params) || $("pairings-options")) return [];
    const form = el("form", { id: "pairings-options", class: "doc-options", "aria-label": "The pairings' options" },
      el("div", { class: "option" },
        el("label", { for: "system", text: "FIDE (Dutch) System" }),
        el("select", { id: "system" },
          el("option", { value: "auto", text: "auto: the file's 192, else its start date" }),
          el("option", { value: "dutch-2017", text: "dutch-2017: in force until 31 January 2026" }),
          el("option", { value: "dutch-2026", text: "dutch-2026: in force from 1 February 2026" }))),
      el("div", { class: "option" },
        el("label", { for: "rounds", text: "Rounds" }),
        el("input", { id: "rounds", placeholder: "all; e.g. 3 or 3-5", autocomplete: "off", spellcheck: "false", size: "12" })),
      el("button", { type: "submit", text: "Check the pairings again" }));
    const again = (event) => {
      if (event) event.preventDefault();
      for (const t of tabs()) if (t.dataset.path === e.path) delete t.dataset.loaded;
      select(tab);
    };
    form.addEventListener("submit", again);
    form.querySelector("select").addEventListener("change", () => again());
    return [form];
  }

  function buildTabs(endpoints) {
    const bar = $("tabs");
    let last = $("panel-check");
    for (const e of endpoints) for (const t of e.tabs) {
      const name = t.name;
      const tab = el("button", {
        type: "button", role: "tab", id: `tab-${name}`, "aria-controls": `panel-${name}`,
        "aria-selected": "false", tabindex: "-1", text: t.label,
      });
      tab.dataset.path = e.path;
      tab.dataset.name = name;
      tab.dataset.query = t.query;
      bar.append(tab);
      const frame = el("iframe", { name: `frame-${name}`, class: "document", title: t.label });
      const note = el("p", { id: `note-${name}`, class: "failed", role: "alert", hidden: "" });
      frame.addEventListener("load", () => documentShown(tab, frame));
      const panel = el("section", { id: `panel-${name}`, role: "tabpanel", "aria-labelledby": `tab-${name}`, hidden: "" },
        el("h2", { text: t.label }), ...standingsOptions(e, tab), ...pairingsOptions(e, tab), note, frame);
      last.after(panel);
      last = panel;
    }
    bar.addEventListener("click", (event) => {
      const tab = event.target.closest("[role=tab]");
      if (tab) select(tab);
    });
    bar.addEventListener("keydown", (event) => {
      const all = tabs();
      const i = all.indexOf(document.activeElement);
      if (i < 0) return;
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (!step) return;
      const next = all[(i + step + all.length) % all.length];
      next.focus();
      select(next);
      event.preventDefault();
    });
  }

  // -- downloads ---------------------------------------------------------------------

  function buildDownloads(endpoints) {
    const list = $("downloads");
    for (const e of endpoints) {
      for (const d of e.downloads) {
        const button = el("button", { type: "button", text: d.label });
        button.addEventListener("click", () => download(e.path, d));
        list.append(el("li", {}, button));
      }
    }
  }

  // What a rewritten file does not hold as the file had it (fmt's P009),
  // and the other findings of the rewrite, beside the download.
  function showDownloadNotes(label, diagnostics) {
    const box = $("download-notes");
    box.replaceChildren();
    const worth = diagnostics.filter((d) => d.severity !== "info");
    if (!worth.length) {
      box.hidden = true;
      return;
    }
    box.append(el("p", { text: `${label}: ${worth.length} finding(s) of the rewrite:` }));
    const items = el("ul");
    for (const d of worth) {
      const where = d.line >= 1 ? `line ${d.line}` : "the file";
      items.append(el("li", { class: d.severity, text: `${d.code} ${where}: ${d.message}` }));
    }
    box.append(items);
    box.hidden = false;
  }

  async function download(path, d) {
    const { query, file: suffix, label, wrapped } = d;
    if (!state.data) return;
    status(`Making ${label}…`);
    let response, blob, wrapper;
    try {
      response = await post(path, query);
      if (response.ok && wrapped) wrapper = await response.json();
      else if (response.ok) blob = await response.blob();
    } catch (e) {
      status(`${label} not made: the server did not answer: is trfkit serve still running?`, true);
      return;
    }
    if (wrapper) {
      blob = new Blob([wrapper.text], { type: "text/plain;charset=utf-8" });
      showDownloadNotes(label, wrapper.diagnostics || []);
    } else {
      $("download-notes").hidden = true;
    }
    if (!blob) {
      status(`${label} not made: ${await refusal(response)}`, true);
      return;
    }
    const url = URL.createObjectURL(blob);
    const link = el("a", { href: url, download: `${state.stem}.${suffix}` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
    const notes = $("download-notes").hidden ? "" : " See what it does not hold as the file had it, below.";
    status(`Downloaded ${state.stem}.${suffix}.${notes}`);
  }

  // -- wiring ------------------------------------------------------------------------

  async function start() {
    const response = await fetch("/api/meta");
    state.meta = await response.json();
    for (const e of state.meta.endpoints) state.endpoints[e.path] = e;
    $("version").textContent = `trfkit ${state.meta.trfkit}`;
    for (const name of state.meta.rules.slice(1)) $("rules").append(el("option", { value: name, text: name }));
    for (const name of state.meta.types) $("type").append(el("option", { value: name, text: name }));
    buildTabs(state.meta.endpoints);
    buildDownloads(state.meta.endpoints);

    const drop = $("drop");
    $("file").addEventListener("change", async () => {
      const file = $("file").files[0];
      if (file) await takeFile(file);
    });
    drop.addEventListener("dragover", (event) => { event.preventDefault(); drop.classList.add("over"); });
    drop.addEventListener("dragleave", () => drop.classList.remove("over"));
    drop.addEventListener("drop", async (event) => {
      event.preventDefault();
      drop.classList.remove("over");
      const files = event.dataTransfer.files;
      if (!files.length) return;
      // One file at a time: say so, rather than pass over the others.
      const others = [...files].slice(1).map((f) => f.name);
      const note = others.length
        ? ` Only this one of the ${files.length} files dropped is checked; drop the others one at a time (${others.join(", ")}).`
        : "";
      await takeFile(files[0], note);
    });
    $("use-paste").addEventListener("click", async () => {
      const text = $("paste").value;
      if (text.trim()) await take(new TextEncoder().encode(text).buffer, "pasted.trf", "", true);
    });
    $("input").addEventListener("submit", (event) => { event.preventDefault(); check(); });
    for (const id of ["rules", "type", "encoding"]) $(id).addEventListener("change", check);
    status("Choose, drop or paste a TRF file.");
  }

  document.addEventListener("DOMContentLoaded", start);
})();
