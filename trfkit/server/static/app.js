// trfkit serve: the page. Plain JavaScript, no library. Every text from a
// file goes into the page as text (textContent), never as HTML.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const state = {
    views: 0, meta: null, endpoints: {}, data: null, bytes: null, files: 0, pasted: false, checks: 0,
    asking: null, name: "", stem: "", text: "", check: null,
    // What Re-check reads again: the file chosen (a File, which Chromium
    // reads again only while it is unchanged) or, where the browser gives
    // one, its handle (read afresh each time).
    file: null, handle: null,
    // Re-checked as UTF-8 with the bytes that are not UTF-8 replaced (the
    // encoding cause's button): what is sent instead of the bytes.
    repaired: null,
  };
  const SEVERITIES = [["error", "Errors", "error"], ["warning", "Warnings", "warning"], ["info", "Notes", "note"]];

  // The one plural rule of the page: "1 error", "2 errors", "0 warnings".
  function plural(n, word, words) {
    return `${n} ${n === 1 ? word : words || `${word}s`}`;
  }

  // A code with its meaning, as the check's verdict words it: "ranks out
  // of order (S105)". The words come from the server (GET /api/meta's
  // plain, trfkit/report/verdict.py), never from this script.
  function named(code) {
    const words = state.meta && state.meta.plain[code];
    return words ? `${words} (${code})` : code;
  }

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
    if (!state.pasted && !state.repaired) put("encoding", $("encoding").value.trim());
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
      body: state.repaired || state.data,
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
    // Pasted text is sent as UTF-8, whatever the Encoding field says (and
    // the file repaired as UTF-8 too).
    const given = !state.pasted && !state.repaired && $("encoding").value.trim() && decoder($("encoding").value.trim());
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

  // The bytes that are not UTF-8 in a file that is otherwise UTF-8 (it
  // has characters of several bytes that are): how many, and where the
  // first is. A file with no character of several bytes is no UTF-8 file
  // with a bad byte, but one in another encoding: null.
  function notUtf8(bytes) {
    let bad = 0, wide = 0, first = -1;
    for (let i = 0; i < bytes.length;) {
      const b = bytes[i];
      const n = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
      let ok = n > 0 && i + n <= bytes.length;
      for (let k = 1; ok && k < n; k++) ok = (bytes[i + k] & 0xc0) === 0x80;
      if (ok) {
        if (n > 1) wide += 1;
        i += n;
      } else {
        if (first < 0) first = i;
        bad += 1;
        i += 1;
      }
    }
    if (!bad || !wide) return null;
    let line = 1, start = 0;
    for (let i = 0; i < first; i++) if (bytes[i] === 0x0a) { line += 1; start = i + 1; }
    return { bad, line, column: first - start + 1, byte: bytes[first] };
  }

  async function take(data, name, note, pasted) {
    const max = state.meta ? state.meta.max_upload : Infinity;
    if (data.byteLength > max) {
      status(`${name} is ${data.byteLength} bytes, over this server's limit of ${max}.`, true);
      return;
    }
    const bytes = new Uint8Array(data);
    // The same file again (Re-check, or chosen again): say whether it changed.
    let since = "";
    let same = false;
    if (state.bytes && name === state.name && !pasted) {
      same = bytes.length === state.bytes.length && bytes.every((b, i) => b === state.bytes[i]);
      since = same ? `${name} is unchanged since the last check.`
        : `${name} changed since the last check` + (bytes.length === state.bytes.length ? "."
          : ` (${plural(state.bytes.length, "byte")} then, ${plural(bytes.length, "byte")} now).`);
    }
    state.data = data;
    state.name = name;
    state.stem = name.replace(/\.[^.]*$/, "") || "tournament";
    state.bytes = bytes;
    state.pasted = Boolean(pasted);
    // The same bytes are the same question: Enter in an option both
    // changes it and re-checks, and is asked once.
    if (!same) {
      state.repaired = null;
      state.files += 1;
    }
    $("chosen").textContent = `${name}: ${data.byteLength} bytes.${note || ""}`;
    $("loaded-note").textContent = since;
    await check(since);
  }

  // A file the browser cannot read (a folder dropped, a file moved or
  // locked since it was chosen) is said so, not passed over.
  async function takeFile(file, note, handle) {
    let data;
    try {
      data = await file.arrayBuffer();
    } catch (e) {
      status(`${file.name} could not be read (a folder, or a file moved or locked?): ` +
        "choose or drop one TRF file.", true);
      return;
    }
    state.file = handle ? null : file;
    state.handle = handle || null;
    await take(data, file.name, note);
  }

  // Re-check: the file read again from the disk, so that a file fixed
  // since shows its new findings. A handle (the file chooser or a drop,
  // where the browser gives one) reads it afresh; a chosen File is read
  // again while unchanged, and once changed Chromium refuses it: the page
  // then says so and opens the chooser, to choose it again.
  async function recheck() {
    if (state.handle) {
      try {
        await takeFile(await state.handle.getFile(), "", state.handle);
      } catch (e) {
        status(`${state.name} could not be read again (moved or deleted?): choose it again.`, true);
      }
      return;
    }
    if (state.file) {
      let data;
      try {
        data = await state.file.arrayBuffer();
      } catch (e) {
        status(`${state.name} changed since it was chosen, and the browser lets a page read a ` +
          "changed file only when it is chosen again: choose it again.", true);
        $("loaded-note").textContent = `${state.name} changed on the disk: choose it again.`;
        $("file").value = "";
        $("file").click();
        return;
      }
      await take(data, state.file.name);
      return;
    }
    state.asking = null;
    await check();
  }

  // One check shown: the last asked for. Enter in a field both submits
  // the options and changes them (one check, not two), and an answer that
  // comes after a later question's is not shown over it (switching rule
  // sets quickly on a big file).
  async function check(since) {
    if (!state.data) return;
    const asked = `${state.files}${state.repaired ? "r" : ""}?${options("/api/check")}`;
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
    state.text = decode(state.repaired || state.bytes);
    const file = state.check.files[0];
    compact(file);
    showVerdict(file);
    showSummary(file);
    showSource(file.diagnostics);
    showFindings(file.diagnostics);
    resetDocuments();
    $("result").hidden = false;
    const s = state.check.summary;
    const repaired = state.repaired ? ` (as UTF-8, ${plural(state.repaired.bad, "byte")} that ${state.repaired.bad === 1 ? "is" : "are"} not UTF-8 read as \ufffd)` : "";
    status(`Checked ${state.name}${repaired} in ${Math.round(performance.now() - started)} ms: ` +
      `${plural(s.error, "error")}, ${plural(s.warning, "warning")}, ${plural(s.info, "note")}.` +
      (since ? ` ${since}` : ""));
  }

  // -- after a file is checked: its name on one line, the results at the top ---

  function compact(file) {
    const form = $("input");
    if (!form.classList.contains("compact")) $("options-box").open = false;
    form.classList.add("compact");
    $("drop").hidden = true;
    $("loaded").hidden = false;
    $("loaded-file").textContent = state.name;
    const players = file.event ? file.event.players : null;
    $("loaded-players").textContent = players == null ? "" : ` · ${plural(players, "player")}`;
  }

  function uncompact() {
    $("input").classList.remove("compact");
    $("drop").hidden = false;
    $("loaded").hidden = true;
    $("choose").focus();
    $("file").focus();
  }

  // -- the verdict: can the file be sent, and if not, what to fix first ---------

  function showVerdict(file) {
    const v = file.verdict;
    const box = $("verdict");
    box.dataset.verdict = v.answer;
    const causes = v.causes.filter((c) => !c.explained_by);
    const errors = file.diagnostics.filter((d) => d.severity === "error").length;
    const worth = v.worth_a_look.filter((c) => c.severity !== "info");
    const warnings = worth.reduce((n, c) => n + c.count, 0);
    if (v.answer === "ready") {
      $("verdict-head").textContent = "Ready to submit to FIDE";
      $("verdict-said").textContent = "No errors: the file can be sent as it is." +
        (warnings ? ` ${plural(warnings, "warning")} ${warnings === 1 ? "is" : "are"} worth a look first.` : "");
    } else {
      $("verdict-head").textContent = `Fix before submitting: ${plural(causes.length, "thing")}`;
      $("verdict-said").textContent = `${plural(errors, "error")}, from ${plural(causes.length, "cause")}. ` +
        "Fix each in the file (the pairing program's, then export again), then Re-check.";
    }
    const list = $("causes");
    list.replaceChildren();
    for (const c of causes) list.append(cause(c, v.causes.filter((o) => o.explained_by === c.code)));
    const box2 = $("worth");
    const items = $("worth-list");
    items.replaceChildren();
    for (const c of v.worth_a_look) items.append(cause(c, [], true));
    box2.hidden = !v.worth_a_look.length;
    box2.open = v.answer === "ready";
    $("worth-head").textContent = `Worth a look: ${plural(warnings, "warning")}` +
      (v.answer === "ready" ? "" : " (they do not stop the file)");
  }

  // One cause: its words and code, where, what it explains, its fix, and
  // the button that applies the fix where the page can (the encoding).
  function cause(c, consequences, small) {
    const item = el("li", { class: `cause sev-${c.severity}` });
    const head = el("p", { class: "cause-head" }, el("strong", { text: named(c.code) }));
    if (c.count > 1) head.append(` ×${c.count}`);
    const utf8 = c.code === "P005" ? notUtf8(state.bytes) : null;
    if (utf8) {
      head.append(" · first at ", lineButton(utf8.line, utf8.column, c.code, true), `, column ${utf8.column}`,
        ` (byte 0x${utf8.byte.toString(16).toUpperCase()}, which is not UTF-8)`);
    } else if (c.lines.length && c.code !== "P005") {
      // P005 is about the whole file (line 1): where its first byte is
      // matters, and the script finds it above.
      head.append(" · ", c.lines.length === 1 ? "" : "lines ");
      c.lines.forEach((n, i) => head.append(i ? ", " : "", lineButton(n, 0, c.code, c.lines.length === 1)));
      if (c.count > c.lines.length && c.lines.length >= 20) head.append(" and more");
    }
    if (c.explains) head.append(el("span", { class: "explains", text: ` · this explains ${plural(c.explains, "finding")} below` }));
    item.append(head, el("p", { class: "fix", text: `Fix: ${c.fix}` }));
    if (c.code === "P005" && !small) item.append(encodingFixes(utf8));
    if (consequences.length) {
      const then = el("ul", { class: "explained" });
      for (const o of consequences) {
        then.append(el("li", { text: `${named(o.code)} ×${o.count}` + (o.lines.length ? `, ${o.lines.length === 1 ? "line" : "lines"} ${o.lines.slice(0, 6).join(", ")}${o.lines.length > 6 ? ", …" : ""}` : "") }));
      }
      item.append(el("p", { class: "muted", text: "Which explains, most likely:" }), then);
    }
    return item;
  }

  function lineButton(line, column, code, word) {
    const button = el("button", { type: "button", class: "plain", text: word ? `line ${line}` : String(line) });
    button.addEventListener("click", () => goTo(line, column, code));
    return button;
  }

  // The file's line in the Check tab, and the first finding of `code` on it.
  function goTo(line, column, code) {
    select($("tab-check"));
    const items = [...$("findings").querySelectorAll("li")];
    const item = items.find((li) => li.dataset.code === code && li.dataset.line === String(line));
    for (const old of $("findings").querySelectorAll("li.current")) old.classList.remove("current");
    if (item) {
      item.classList.add("current");
      const details = item.closest("details");
      if (details) details.open = true;
      item.scrollIntoView({ block: "nearest" });
      markPlace(line, column || Number(item.dataset.column));
    } else {
      markPlace(line, column);
    }
  }

  // The encoding's fixes: UTF-8 with its bad bytes read as � (a file
  // that is UTF-8 but for them), or another encoding, checked again.
  function encodingFixes(utf8) {
    const row = el("p", { class: "actions" });
    if (utf8) {
      const b = el("button", { type: "button", id: "fix-utf8", text: `Re-check as UTF-8 (${plural(utf8.bad, "bad byte")} as \ufffd)` });
      b.addEventListener("click", () => {
        // The bytes as UTF-8 with each that is not replaced by U+FFFD, as
        // the browser decodes them: sent instead of the file's.
        const text = new TextDecoder("utf-8").decode(state.bytes);
        state.repaired = Object.assign(new TextEncoder().encode(text), { bad: utf8.bad });
        check();
      });
      row.append(b, " ");
    }
    for (const [codec, label] of [["latin-1", "latin-1"], ["cp1250", "cp1250 (Central European)"]]) {
      const b = el("button", { type: "button", class: "secondary", text: `Re-check as ${label}` });
      b.dataset.encoding = codec;
      b.addEventListener("click", () => {
        $("encoding").value = codec;
        state.repaired = null;
        check();
      });
      row.append(b, " ");
    }
    const other = el("button", { type: "button", class: "plain", text: "another encoding…" });
    other.addEventListener("click", () => {
      $("options-box").open = true;
      $("encoding").focus();
    });
    row.append(other);
    return row;
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
    for (const [severity, heading, word] of SEVERITIES) {
      const found = diagnostics.filter((d) => d.severity === severity);
      counts.push(plural(found.length, word));
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
        // The code with its meaning: "ranks out of order (S105)".
        const words = (state.meta && state.meta.plain[code]) || "";
        const summary = el("summary", {}, el("span", { class: "badge", text: String(list.length) }), " ",
          words, " (", el("span", { class: "code", text: code }), ")");
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
    item.dataset.code = d.code;
    item.dataset.line = String(d.line);
    item.dataset.column = String(d.column);
    const detail = [];
    if (d.found != null) detail.push(`found ${d.found}`);
    if (d.expected != null) detail.push(`expected ${d.expected}`);
    // A hint that names a command-line option (--encoding, --tiebreaks)
    // gives way to the code's fix in the page's words (GET /api/meta's fix):
    // the page offers those choices otherwise.
    const pageFix = state.meta && state.meta.fix[d.code];
    const hint = d.hint && /(^|\s)--[a-z]/.test(d.hint) && pageFix ? pageFix : d.hint;
    if (hint) detail.push(`fix: ${hint}`);
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
    return rerunOn(form, e, tab);
  }

  // Options a document's tab has above it, by the parameters its endpoint
  // takes: each a function (endpoint, tab) -> elements (none: []).
  const TAB_OPTIONS = [standingsOptions, pairingsOptions];

  // A tab is one declaration of the server's (GET /api/meta: an endpoint's
  // tabs, each {name, query, label, file}); every tab gets the same panel:
  // its options, Print and Save HTML, why it was not made, and its frame.
  function documentTab(e, t) {
    const name = t.name;
    const tab = el("button", {
      type: "button", role: "tab", id: `tab-${name}`, "aria-controls": `panel-${name}`,
      "aria-selected": "false", tabindex: "-1", text: t.label,
    });
    tab.dataset.path = e.path;
    tab.dataset.name = name;
    tab.dataset.query = t.query;
    const frame = el("iframe", { name: `frame-${name}`, class: "document", title: t.label });
    const note = el("p", { id: `note-${name}`, class: "failed", role: "alert", hidden: "" });
    frame.addEventListener("load", () => documentShown(tab, frame));
    const print = el("button", { type: "button", id: `print-${name}`, class: "print", text: "Print" });
    print.addEventListener("click", () => printDocument(tab));
    const save = el("button", { type: "button", id: `save-${name}`, class: "secondary", text: "Save HTML" });
    const query = [t.query, "format=html"].filter(Boolean).join("&");
    save.addEventListener("click", () => download(e.path, { query, file: t.file, label: `${t.label} HTML` }));
    const bar = el("div", { class: "doc-bar" }, el("h2", { text: t.label }), print, save);
    const extra = TAB_OPTIONS.flatMap((make) => make(e, tab));
    const panel = el("section", { id: `panel-${name}`, role: "tabpanel", "aria-labelledby": `tab-${name}`, hidden: "" },
      bar, ...extra, note, frame);
    return [tab, panel];
  }

  // Print: the document's printable page in a window of its own, and the
  // browser's print dialog on it. The window is opened in the click (a
  // window opened later is a pop-up the browser blocks), then sent to the
  // document the server keeps for it (/api/view/...).
  async function printDocument(tab) {
    const w = window.open("", "_blank");
    if (!w) {
      status(`The browser blocked the window to print ${tab.textContent} in: allow this page's ` +
        "pop-ups, or Save HTML and print the saved page.", true);
      return;
    }
    w.document.title = `${tab.textContent}: printing…`;
    w.document.body.textContent = `Making ${tab.textContent} to print…`;
    const extra = new URLSearchParams(tab.dataset.query || "");
    extra.set("format", "html");
    extra.set("view", "true");
    let answer, reason;
    try {
      const response = await post(tab.dataset.path, extra.toString());
      if (response.ok) answer = await response.json();
      else reason = await refusal(response);
    } catch (e) {
      reason = "the server did not answer: is trfkit serve still running?";
    }
    if (!answer || !answer.view) {
      w.document.body.textContent = `${tab.textContent} not made: ${reason || "the server's answer could not be read"}`;
      return;
    }
    w.location.replace(answer.view);
    const started = Date.now();
    const timer = setInterval(() => {
      let ready = false;
      try {
        ready = w.location.pathname.startsWith("/api/view/") && w.document.readyState === "complete";
      } catch (e) {
        ready = false;
      }
      if (w.closed || Date.now() - started > 30000) clearInterval(timer);
      else if (ready) {
        clearInterval(timer);
        w.focus();
        w.print();
      }
    }, 100);
  }

  // A tab's options ask its document again: on submit and on a change of
  // its list, the tab's cached page is dropped and the tab shown afresh.
  function rerunOn(form, e, tab) {
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
    return rerunOn(form, e, tab);
  }

  function buildTabs(endpoints) {
    const bar = $("tabs");
    let last = $("panel-check");
    for (const e of endpoints) for (const t of e.tabs) {
      const [tab, panel] = documentTab(e, t);
      bar.append(tab);
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

  // Downloads by purpose: for FIDE, the file as checked and converted to
  // TRF-2026; for software, the documents' JSON, CSV and SARIF, folded
  // away. A form's printable HTML is in its tab (Print, Save HTML).
  function buildDownloads(endpoints) {
    const fide = $("for-fide");
    const asChecked = el("button", { type: "button", id: "download-checked", text: "The file as checked" });
    asChecked.addEventListener("click", saveAsChecked);
    fide.append(el("li", {}, asChecked, el("span", { class: "muted", text: " the bytes checked, as they are" })));
    for (const e of endpoints) {
      for (const d of e.downloads) {
        if (d.purpose === "print") continue;
        const button = el("button", { type: "button", text: d.label });
        button.addEventListener("click", () => download(e.path, d));
        if (d.purpose === "fide") {
          fide.append(el("li", {}, button, el("span", { class: "muted", text: " converted, and what the conversion changed said below" })));
        } else {
          $("downloads").append(el("li", {}, button));
        }
      }
    }
  }

  // The bytes checked, saved under the file's name: what the verdict is of
  // (repaired as UTF-8, if the arbiter chose that).
  function saveAsChecked() {
    if (!state.data) return;
    const blob = new Blob([state.repaired || state.data], { type: "text/plain" });
    const url = URL.createObjectURL(blob);
    const link = el("a", { href: url, download: state.name });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
    status(`Saved ${state.name}, as checked.`);
  }

  // What a rewritten file does not hold as the file had it (fmt's P009),
  // and the other findings of the rewrite, beside the download.
  function showDownloadNotes(label, diagnostics) {
    const box = $("download-notes");
    box.replaceChildren();
    // What the conversion changed or guessed is said whatever its
    // severity: the arbiter sends the converted file.
    const worth = diagnostics;
    if (!worth.length) {
      box.replaceChildren(el("p", { text: `${label}: the rewrite holds the file as it was; nothing to note.` }));
      box.hidden = false;
      return;
    }
    box.append(el("p", { text: `${label}: what the rewrite changed or could not hold (${plural(worth.length, "finding")}):` }));
    const items = el("ul");
    for (const d of worth) {
      const where = d.line >= 1 ? `line ${d.line}` : "the file";
      items.append(el("li", { class: `sev-${d.severity}`, text: `${named(d.code)} ${where}: ${d.message}` }));
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
    const notes = wrapper && (wrapper.diagnostics || []).length ? " What the rewrite changed is said below." : "";
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

    const form = $("input");
    const drop = $("drop");
    $("file").addEventListener("change", async () => {
      const file = $("file").files[0];
      if (file) await takeFile(file);
    });
    // Where the browser has it (Chromium), the file chooser gives a handle
    // that Re-check reads afresh, however the file changed since.
    if (window.showOpenFilePicker) {
      $("file").addEventListener("click", async (event) => {
        event.preventDefault();
        let handles;
        try {
          handles = await window.showOpenFilePicker({
            types: [{ description: "Tournament report files", accept: { "text/plain": [".trf", ".trfx", ".tab", ".txt", ".input"] } }],
          });
        } catch (e) {
          return; // chooser closed without a file
        }
        await takeFile(await handles[0].getFile(), "", handles[0]);
      });
    }
    // A drop anywhere on the file's form: the drop zone, or its one line.
    form.addEventListener("dragover", (event) => { event.preventDefault(); drop.classList.add("over"); });
    form.addEventListener("dragleave", () => drop.classList.remove("over"));
    form.addEventListener("drop", async (event) => {
      event.preventDefault();
      drop.classList.remove("over");
      const files = event.dataTransfer.files;
      if (!files.length) return;
      // The handle must be asked for during the drop event itself.
      const item = event.dataTransfer.items && event.dataTransfer.items[0];
      const asked = item && item.getAsFileSystemHandle ? item.getAsFileSystemHandle().catch(() => null) : null;
      // One file at a time: say so, rather than pass over the others.
      const others = [...files].slice(1).map((f) => f.name);
      const note = others.length
        ? ` Only this one of the ${files.length} files dropped is checked; drop the others one at a time (${others.join(", ")}).`
        : "";
      const handle = asked ? await asked : null;
      await takeFile(files[0], note, handle && handle.kind === "file" ? handle : null);
    });
    $("use-paste").addEventListener("click", async () => {
      const text = $("paste").value;
      state.file = state.handle = null;
      if (text.trim()) await take(new TextEncoder().encode(text).buffer, "pasted.trf", "", true);
    });
    $("change").addEventListener("click", uncompact);
    // Re-check, or Enter in an option: the file read again, then checked.
    form.addEventListener("submit", (event) => { event.preventDefault(); recheck(); });
    for (const id of ["rules", "type"]) $(id).addEventListener("change", () => check());
    $("encoding").addEventListener("change", () => { state.repaired = null; check(); });
    status("Choose, drop or paste a TRF file.");
  }

  document.addEventListener("DOMContentLoaded", start);
})();
