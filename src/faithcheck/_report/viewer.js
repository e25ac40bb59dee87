"use strict";
// The faithcheck report viewer. Every text of the data is inserted with textContent (el() below),
// never as markup; no element gets a src or an inline handler, and the one href is the blob: URL of
// the labels download.
(function () {
  const D = JSON.parse(document.getElementById("faithcheck-data").textContent);
  const ROWS = D.rows;
  const PAGE = 50;
  const LABELS = ["supported", "unsupported", "contradicted", "wrong_entity", "overclaim", "irrelevant"];
  const byRow = new Map(ROWS.map((r, i) => [r.row, i]));
  const state = {
    tab: "rows", q: "", status: "", passed: "", label: "", min: "", max: "", gold: "", warn: "",
    sortKey: "row", sortDir: 1, page: 0, sel: null, claim: null, view: [],
  };
  const gold = new Map(); // row index -> true (faithful) / false (not faithful)
  let haystack = null;

  function el(tag, props, kids) {
    const node = document.createElement(tag);
    if (props) {
      for (const [k, v] of Object.entries(props)) {
        if (v === null || v === undefined || v === false) continue;
        if (k === "text") node.textContent = String(v);
        else if (k === "cls") node.className = v;
        else node.setAttribute(k, String(v));
      }
    }
    for (const kid of kids || []) if (kid !== null && kid !== undefined) node.append(kid);
    return node;
  }
  const svgEl = (tag, attrs) => {
    const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    return node;
  };
  const fmt = (v, d) => (v === null || v === undefined ? "-" : Number(v).toFixed(d === undefined ? 3 : d));
  const pct = (v) => (v === null || v === undefined ? "-" : (100 * v).toFixed(1) + "%");
  const labelOf = (c) => (c.label ? c.label : "no verdict");
  const cls = (c) => (c.label ? "v-" + c.label : "v-none");
  const chip = (text, klass) => el("span", { cls: "chip " + (klass || ""), text });
  const warningsOf = (r) => r.w || [];
  // a row scored "ok" whose score is suspect (e.g. read in another language): marked in the grid
  const warnChip = (r) => {
    const w = warningsOf(r);
    if (!w.length) return null;
    return el("span", { cls: "chip warn", title: w.join("\n"), text: "\u26a0 " + (w.length > 1 ? w.length + " warnings" : "warning") });
  };

  // -- summary ------------------------------------------------------------------------------
  function counts(obj) {
    const entries = Object.entries(obj || {});
    if (!entries.length) return el("div", { cls: "muted", text: "none" });
    return el("ul", null, entries.map(([k, v]) => el("li", { text: k + ": " + v })));
  }
  function histogramSvg(bins) {
    const w = 260, h = 90, pad = 14, max = Math.max(1, ...bins), bw = (w - 2) / bins.length;
    const svg = svgEl("svg", { width: w, height: h + pad, role: "img", "aria-label": "score histogram" });
    bins.forEach((n, i) => {
      const bh = (h * n) / max;
      const rect = svgEl("rect", { class: "bar", x: 1 + i * bw, y: h - bh, width: Math.max(1, bw - 1), height: bh });
      const t = svgEl("title");
      t.textContent = (i / bins.length).toFixed(2) + "-" + ((i + 1) / bins.length).toFixed(2) + ": " + n + " rows";
      rect.append(t);
      svg.append(rect);
    });
    [["0", 0, "start"], ["0.5", w / 2, "middle"], ["1", w, "end"]].forEach(([s, x, a]) => {
      const t = svgEl("text", { x, y: h + 11, "text-anchor": a });
      t.textContent = s;
      svg.append(t);
    });
    return svg;
  }
  function reliabilitySvg(rel) {
    const size = 220, pad = 28, inner = size - 2 * pad;
    const xy = (p, q) => [pad + p * inner, size - pad - q * inner];
    const svg = svgEl("svg", { width: size, height: size, role: "img", "aria-label": "reliability diagram", id: "reliability" });
    svg.append(svgEl("rect", { x: pad, y: pad, width: inner, height: inner, fill: "none", stroke: "#999" }));
    svg.append(svgEl("line", { x1: pad, y1: size - pad, x2: size - pad, y2: pad, stroke: "#bbb", "stroke-dasharray": "4 3" }));
    const series = [["score", "#e07000", "row score"], ["calibrated", "#2f5bd3", "calibrated (cross-validated)"]];
    const most = Math.max(1, ...series.flatMap(([k]) => (rel[k] || []).map((b) => b.rows)));
    series.forEach(([key, colour, name], n) => {
      for (const b of rel[key] || []) {
        const [x, y] = xy(b.predicted, b.faithful);
        const dot = svgEl("circle", { cx: x, cy: y, r: 2.5 + 4 * Math.sqrt(b.rows / most), fill: colour, "fill-opacity": 0.6 });
        const t = svgEl("title");
        t.textContent = name + ": " + b.rows + " rows, predicted " + fmt(b.predicted, 2) + ", faithful " + fmt(b.faithful, 2);
        dot.append(t);
        svg.append(dot);
      }
      const label = svgEl("text", { x: pad + 14, y: pad + 14 + 13 * n, fill: colour });
      label.textContent = name;
      svg.append(label);
    });
    [["predicted P(faithful)", size / 2, size - 6, "middle"], ["0", pad, size - pad + 12, "middle"], ["1", size - pad, size - pad + 12, "middle"]]
      .forEach(([text, x, y, anchor]) => { const t = svgEl("text", { x, y, "text-anchor": anchor }); t.textContent = text; svg.append(t); });
    return svg;
  }
  function calibrationCard(c) {
    const row = (name, key) => el("tr", null, [el("td", { text: name }),
      el("td", { text: c.before && c.before[key] ? fmt(c.before[key].value) : "-" }),
      el("td", { text: c.after && c.after[key] ? fmt(c.after[key].value) : "-" })]);
    const fitted = c.fitted_on || {};
    return el("div", { cls: "card hist", id: "calibration" }, [
      el("div", { cls: "muted wrap", text: "calibration: " + c.file }),
      el("div", { cls: "muted", text: "fitted on " + fitted.rows + " labelled rows; threshold on P(faithful) " + fmt(c.threshold) }),
      el("table", null, [el("thead", null, [el("tr", null, ["", "before", "after (CV)"].map((t) => el("th", { text: t })))]),
        el("tbody", null, [row("balanced accuracy", "balanced_accuracy"), row("ROC AUC", "roc_auc"), row("ECE", "ece")])]),
      reliabilitySvg(c.reliability || {}),
    ]);
  }
  function summaryWarnings(s) { // what the rows' records warn about, as score prints it
    const lines = [...(s.language_warnings || []), ...(s.warnings || [])];
    if (!lines.length) return null;
    return el("div", { cls: "warning", id: "summary-warnings" }, lines.map((w) => el("div", { text: "\u26a0 " + w })));
  }
  function summary() {
    const s = D.summary || {};
    const ci = s.ci95 ? " (95% CI " + fmt(s.ci95[0]) + " to " + fmt(s.ci95[1]) + ")" : "";
    const errors = (s.statuses || {}).error || 0;
    return el("section", { id: "summary" }, [
      el("div", { cls: "cards" }, [
        el("div", { cls: "card" }, [el("div", { cls: "muted", text: "rows" }), el("div", { cls: "big", text: s.rows }),
          el("div", { cls: "muted", text: s.scored + " scored, " + errors + " errors" })]),
        el("div", { cls: "card", id: "mean" }, [el("div", { cls: "muted", text: "mean score" }),
          el("div", { cls: "big", text: fmt(s.mean) }), el("div", { cls: "muted", text: ci || "no interval" })]),
        el("div", { cls: "card", id: "passrate" }, [el("div", { cls: "muted", text: "pass rate" }),
          el("div", { cls: "big", text: pct(s.pass_rate) }),
          el("div", { cls: "muted", text: s.passed + "/" + s.scored + " passed, threshold " + fmt(s.threshold, 2) })]),
        el("div", { cls: "card" }, [el("div", { cls: "muted", text: "statuses" }), counts(s.statuses)]),
        el("div", { cls: "card" }, [el("div", { cls: "muted", text: "claim verdicts" }), counts(s.labels)]),
        el("div", { cls: "card hist" }, [el("div", { cls: "muted", text: "score histogram (scored rows)" }),
          histogramSvg(D.histogram || [])]),
        D.calibration ? calibrationCard(D.calibration) : null,
        ...Object.entries(s.metrics || {}).map(([name, m]) => el("div", { cls: "card metric", "data-metric": name }, [
          el("div", { cls: "muted", text: "mean " + name }), el("div", { cls: "big", text: fmt(m.mean) }),
          el("div", { cls: "muted", text: pct(m.pass_rate) + " passed, threshold " + fmt(m.threshold, 2) })])),
      ]),
      (D.notes || []).length ? el("div", null, D.notes.map((n) => el("div", { cls: "note", text: n }))) : null,
      summaryWarnings(s),
      el("details", null, [el("summary", { text: "configuration" }),
        el("pre", { text: Object.keys(D.config || {}).length ? JSON.stringify(D.config, null, 2) : "not recorded" })]),
      el("details", null, [el("summary", { text: "versions" }),
        el("pre", { text: Object.keys(D.versions || {}).length ? JSON.stringify(D.versions, null, 2) : "not recorded" })]),
    ]);
  }

  // -- filtering and sorting ----------------------------------------------------------------
  function hay(i) {
    if (!haystack) {
      haystack = ROWS.map((r) => [r.id, r.q, r.a, r.reason, r.message, ...warningsOf(r)].map((x) => (x || "")).join("\u0000").toLowerCase());
    }
    return haystack[i];
  }
  function sortValue(r, i, key) {
    switch (key) {
      case "id": return r.id;
      case "value": return r.value;
      case "passed": return r.status === "error" ? null : r.passed ? 1 : 0;
      case "status": return r.status;
      case "claims": return r.c.filter((c) => c.label && c.label !== "supported" && c.label !== "irrelevant").length;
      case "gold": return gold.has(i) ? (gold.get(i) ? 1 : 0) : null;
      default: return r.row;
    }
  }
  function applyView() {
    const q = state.q.trim().toLowerCase();
    const min = state.min === "" ? null : Number(state.min);
    const max = state.max === "" ? null : Number(state.max);
    const out = [];
    for (let i = 0; i < ROWS.length; i++) {
      const r = ROWS[i];
      if (state.status && r.status !== state.status) continue;
      if (state.passed === "passed" && !(r.passed && r.status !== "error")) continue;
      if (state.passed === "failed" && (r.passed || r.status === "error")) continue;
      if (state.label && !r.c.some((c) => labelOf(c) === state.label)) continue;
      if (min !== null && !(r.value !== null && r.value >= min)) continue;
      if (max !== null && !(r.value !== null && r.value <= max)) continue;
      if (state.gold === "labelled" && !gold.has(i)) continue;
      if (state.gold === "unlabelled" && gold.has(i)) continue;
      if (state.warn === "with a warning" && !warningsOf(r).length) continue;
      if (state.warn === "without" && warningsOf(r).length) continue;
      if (q && !hay(i).includes(q)) continue;
      out.push(i);
    }
    const key = state.sortKey, dir = state.sortDir;
    out.sort((a, b) => {
      const va = sortValue(ROWS[a], a, key), vb = sortValue(ROWS[b], b, key);
      if (va === vb) return ROWS[a].row - ROWS[b].row;
      if (va === null || va === undefined) return 1;
      if (vb === null || vb === undefined) return -1;
      return (va < vb ? -1 : 1) * dir;
    });
    state.view = out;
    const pages = Math.max(1, Math.ceil(out.length / PAGE));
    if (state.page >= pages) state.page = pages - 1;
  }

  // -- the rows tab -------------------------------------------------------------------------
  const statuses = [...new Set(ROWS.map((r) => r.status))].sort();
  const labelsSeen = [...new Set(ROWS.flatMap((r) => r.c.map(labelOf)))];
  labelsSeen.sort((a, b) => (LABELS.indexOf(a) + 99 * (LABELS.indexOf(a) < 0)) - (LABELS.indexOf(b) + 99 * (LABELS.indexOf(b) < 0)));
  const select = (id, name, options) =>
    el("label", null, [name, el("select", { id }, [el("option", { value: "", text: "any" }),
      ...options.map((o) => el("option", { value: o, text: o }))])]);

  const tableBody = el("tbody", { id: "rows-body" });
  const pagerInfo = el("span", { id: "pager-info" });
  const labelCount = el("span", { id: "label-count" });
  const detail = el("div", { cls: "detail", id: "detail" }, [el("div", { cls: "muted", text: "Select a row to see its claims and evidence." })]);
  const columns = [["row", "row", "c-row"], ["id", "input_id", "c-id"], ["value", "score", "c-score"], ["passed", "passed", "c-pass"],
    ["status", "status", "c-status"], ["claims", "verdicts", "c-claims"], ["gold", "your label", "c-gold"]];
  const headRow = el("tr", null, columns.map(([key, name]) =>
    el("th", { cls: "sortable", "data-key": key, tabindex: 0, scope: "col", text: name })));

  function rowsTab() {
    const filters = el("div", { cls: "filters" }, [
      el("label", null, ["search", el("input", { type: "search", id: "f-q", placeholder: "id, question, answer, reason" })]),
      select("f-status", "status", statuses),
      select("f-passed", "passed", ["passed", "failed"]),
      select("f-label", "has a claim", labelsSeen),
      el("label", null, ["score from", el("input", { type: "number", id: "f-min", min: 0, max: 1, step: 0.05 })]),
      el("label", null, ["to", el("input", { type: "number", id: "f-max", min: 0, max: 1, step: 0.05 })]),
      select("f-gold", "your label", ["labelled", "unlabelled"]),
      ROWS.some((r) => warningsOf(r).length) ? select("f-warn", "warnings", ["with a warning", "without"]) : null,
      el("span", null, [labelCount, " ", el("button", { cls: "act", id: "download-labels", type: "button", text: "Download labels (JSON lines)" })]),
    ]);
    const table = el("div", { cls: "table-box" }, [
      el("table", { id: "rows-table" }, [
        el("colgroup", null, columns.map(([, , c]) => el("col", { cls: c }))),
        el("thead", null, [headRow]), tableBody]),
      el("div", { cls: "pager" }, [el("button", { cls: "act", id: "prev", type: "button", text: "previous" }), pagerInfo,
        el("button", { cls: "act", id: "next", type: "button", text: "next" })]),
    ]);
    return el("section", { id: "tab-rows" }, [filters, el("div", { cls: "layout" }, [table, detail])]);
  }

  function verdictChips(r) {
    const n = new Map();
    r.c.forEach((c) => n.set(labelOf(c), (n.get(labelOf(c)) || 0) + 1));
    return [...n].map(([k, v]) => chip(k + (v > 1 ? " \u00d7" + v : ""), k === "no verdict" ? "v-none" : "v-" + k));
  }
  function goldCell(i) {
    if (!gold.has(i)) return el("td", { cls: "muted", text: "-" });
    return el("td", { cls: gold.get(i) ? "gold-t" : "gold-f", text: gold.get(i) ? "faithful" : "not faithful" });
  }
  function renderTable() {
    const start = state.page * PAGE;
    const slice = state.view.slice(start, start + PAGE);
    tableBody.replaceChildren(...slice.map((i) => {
      const r = ROWS[i];
      return el("tr", { "data-i": i, cls: i === state.sel ? "selected" : null }, [
        el("td", { text: r.row }), el("td", { cls: "clip", title: r.id || "", text: r.id || "-" }),
        el("td", { text: fmt(r.value) }), el("td", { text: r.status === "error" ? "-" : r.passed ? "yes" : "no" }),
        el("td", null, [r.status, " ", warnChip(r)]), el("td", null, verdictChips(r)), goldCell(i)]);
    }));
    const n = state.view.length;
    pagerInfo.textContent = n ? (start + 1) + "\u2013" + Math.min(n, start + PAGE) + " of " + n + " rows" : "no rows match";
    labelCount.textContent = gold.size + " labelled";
    headRow.querySelectorAll("th").forEach((th) => {
      th.setAttribute("aria-sort", th.dataset.key === state.sortKey ? (state.sortDir > 0 ? "ascending" : "descending") : "none");
    });
  }

  // -- one row's detail ---------------------------------------------------------------------
  function validSpan(c, text) {
    return Number.isInteger(c.s) && Number.isInteger(c.e) && c.s >= 0 && c.s < c.e && c.e <= text.length;
  }
  function answerNode(r, unplaced) {
    const box = el("div", { cls: "text answer", id: "answer" });
    const order = r.c.map((c, k) => k).filter((k) => validSpan(r.c[k], r.a)).sort((a, b) => r.c[a].s - r.c[b].s);
    let at = 0;
    for (const k of order) {
      const c = r.c[k];
      if (c.s < at) { unplaced.push(k); continue; } // overlaps the claim before it
      if (c.s > at) box.append(r.a.slice(at, c.s));
      box.append(el("mark", { cls: "claim " + cls(c) + (state.claim === k ? " sel" : ""), "data-ci": k, tabindex: 0,
        role: "button", title: labelOf(c), text: r.a.slice(c.s, c.e) }));
      at = c.e;
    }
    if (at < r.a.length) box.append(r.a.slice(at));
    r.c.forEach((c, k) => { if (!validSpan(c, r.a) && !unplaced.includes(k)) unplaced.push(k); });
    return box;
  }
  function evidenceRange(passage, ev) {
    if (Number.isInteger(ev.s) && Number.isInteger(ev.e) && passage.slice(ev.s, ev.e) === ev.q) return [ev.s, ev.e];
    const at = ev.q ? passage.indexOf(ev.q) : -1;
    return at >= 0 ? [at, at + ev.q.length] : null;
  }
  function passagesNode(r) { // every sentence the selected claim's verdict rests on, marked in its passage
    const c = state.claim === null ? null : r.c[state.claim];
    const evs = c ? c.ev : [];
    const kids = r.p.map((text, p) => {
      const box = el("div", { cls: "passage", "data-p": p }, [el("span", { cls: "pidx", text: "passage " + p })]);
      const here = evs.filter((ev) => ev.p === p);
      const ranges = here.map((ev) => evidenceRange(text, ev)).filter((x) => x).sort((a, b) => a[0] - b[0]);
      let at = 0;
      for (const [s, e] of ranges) {
        if (s < at) continue; // overlaps the mark before it
        box.append(text.slice(at, s), el("mark", { cls: "evidence", text: text.slice(s, e) }));
        at = e;
      }
      box.append(text.slice(at));
      if (ranges.length < here.length) box.append(el("div", { cls: "note", text: "the evidence quote is not in this passage as recorded" }));
      return box;
    });
    const outside = [...new Set(evs.filter((ev) => !(ev.p >= 0 && ev.p < r.p.length)).map((ev) => ev.p))];
    if (outside.length && r.p.length) {
      kids.unshift(el("div", { cls: "note", text: "the evidence points to passage " + outside.join(", ") + ", which the dataset row does not have" }));
    }
    return el("div", { id: "passages" }, kids);
  }
  function evidenceText(evs) { // "evidence (passage 1): ..." or "evidence (2 sentences, passages 0, 3): ..."
    const ps = [...new Set(evs.map((ev) => ev.p))];
    const where = (ps.length > 1 ? "passages " : "passage ") + ps.join(", ");
    if (evs.length === 1) return "evidence (" + where + "): " + evs[0].q;
    return "evidence (" + evs.length + " sentences, " + where + "): " + evs.map((ev) => "\u201c" + ev.q + "\u201d").join(" \u2026 ");
  }
  function claimBox(r) {
    if (state.claim === null) return el("div", { cls: "muted", id: "claim-box", text: "Click a claim to see its verdict and evidence." });
    const c = r.c[state.claim];
    return el("div", { cls: "claim-box", id: "claim-box" }, [
      el("div", null, [chip(labelOf(c), cls(c)), " ",
        c.uncertain ? el("span", { cls: "chip uncertain", id: "claim-uncertain",
          title: "a number or name of the claim could not be aligned with the evidence; a cascade asks the LLM",
          text: "uncertain" }) : null,
        el("span", { cls: "muted", text: "score " + fmt(c.score) })]),
      el("div", { cls: "wrap", text: "claim: " + c.text }),
      c.reason ? el("div", { cls: "wrap", id: "claim-reason", text: "reason: " + c.reason }) : null,
      c.error ? el("div", { cls: "error", text: "error: " + c.error }) : null,
      c.ev.length ? el("div", { cls: "wrap", id: "claim-evidence", text: evidenceText(c.ev) })
        : el("div", { cls: "muted", text: "no evidence quoted" }),
    ]);
  }
  function otherMetric(m) { // another metric of a multi-metric run: its score, reason and statements
    return el("div", { cls: "other-metric", "data-metric": m.name }, [
      el("h3", { text: m.name }),
      el("div", null, [chip("score " + fmt(m.value)), chip(m.status), m.status === "error" ? null : chip(m.passed ? "passed" : "failed")]),
      m.message ? el("div", { cls: "error", text: m.message }) : null,
      m.reason ? el("div", { cls: "muted wrap", text: m.reason }) : null,
      el("ul", null, m.c.map((c) => el("li", { cls: "wrap" }, [chip(labelOf(c), c.label === "relevant" ? "v-supported" : cls(c)), " ", c.text]))),
    ]);
  }
  function renderDetail() {
    if (state.sel === null) return;
    const i = state.sel, r = ROWS[i];
    const unplaced = [];
    const kids = [
      el("h2", { cls: "wrap", text: "row " + r.row + (r.id ? " \u00b7 " + r.id : "") }),
      el("div", null, [chip("score " + fmt(r.value)), chip(r.status), r.status === "error" ? null : chip(r.passed ? "passed" : "failed")]),
      el("div", { cls: "labelbar" }, [el("span", { cls: "muted", text: "your label:" }),
        el("button", { cls: "act" + (gold.get(i) === true ? " on" : ""), type: "button", "data-gold": "1", text: "faithful (f)" }),
        el("button", { cls: "act" + (gold.get(i) === false ? " on" : ""), type: "button", "data-gold": "0", text: "not faithful (n)" }),
        el("button", { cls: "act", type: "button", "data-gold": "", text: "clear (u)" })]),
      warningsOf(r).length ? el("div", { cls: "warning", id: "row-warnings" }, warningsOf(r).map((w) => el("div", { text: "\u26a0 " + w }))) : null,
      r.message ? el("div", { cls: "error", id: "row-error", text: r.message }) : null,
      r.text_note ? el("div", { cls: "note", text: r.text_note }) : null,
      r.reason ? el("div", { cls: "muted wrap", text: r.reason }) : null,
    ];
    const others = (r.m || []).map(otherMetric); // after this metric's question, answer, claims and passages
    if (r.text_note && !r.a && !r.q) { // no dataset text: the verdicts alone
      kids.push(el("h3", { text: "claims" }), el("div", { cls: "text answer", id: "claims-only" },
        r.c.map((c, k) => el("div", null, [el("mark", { cls: "claim " + cls(c), "data-ci": k, tabindex: 0, role: "button", title: labelOf(c), text: c.text })]))));
      if (!r.c.length) kids.push(el("div", { cls: "muted", text: "no claims" }));
      kids.push(claimBox(r), ...others);
      detail.replaceChildren(...kids.filter((k) => k !== null));
      return;
    }
    if (r.h) kids.push(el("h3", { text: "conversation" }), el("div", { cls: "text", text: r.h }));
    kids.push(el("h3", { text: "question" }), el("div", { cls: "text", id: "question", text: r.q || "-" }));
    kids.push(el("h3", { text: "answer" }), el("div", { cls: "legend" }, LABELS.map((l) => chip(l, "v-" + l))), answerNode(r, unplaced));
    if (unplaced.length) {
      kids.push(el("div", { cls: "note" }, ["claims without a place in the answer: ",
        ...unplaced.map((k) => el("mark", { cls: "claim " + cls(r.c[k]), "data-ci": k, tabindex: 0, role: "button", text: r.c[k].text }))]));
    }
    if (!r.c.length && r.status !== "error") kids.push(el("div", { cls: "muted", text: "no claims" }));
    kids.push(claimBox(r), el("h3", { text: "passages" }), passagesNode(r), ...others);
    detail.replaceChildren(...kids.filter((k) => k !== null));
    const mark = detail.querySelector("mark.evidence");
    if (mark) mark.scrollIntoView({ block: "nearest" });
  }
  function selectRow(i) {
    state.sel = i; state.claim = null;
    renderTable(); renderDetail();
  }
  function setGold(value) {
    if (state.sel === null) return;
    if (value === "") gold.delete(state.sel); else gold.set(state.sel, value === "1");
    renderTable(); renderDetail();
  }
  function downloadLabels() {
    const lines = [...gold].sort((a, b) => ROWS[a[0]].row - ROWS[b[0]].row).map(([i, g]) =>
      JSON.stringify({ input_id: ROWS[i].id, row: ROWS[i].row, gold: g, label: g ? "faithful" : "not faithful", run_id: D.run_id }));
    const blob = new Blob([lines.join("\n") + (lines.length ? "\n" : "")], { type: "application/x-ndjson" });
    const a = el("a", { download: "faithcheck-labels.jsonl" });
    a.href = URL.createObjectURL(blob);
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  // -- the diff tab -------------------------------------------------------------------------
  function diffTab() {
    if (!D.diff) return null;
    const labels = (list) => list === null ? el("td", { cls: "muted", text: "not in this run" })
      : el("td", null, list.length ? list.map((l) => chip(l, l === "no verdict" ? "v-none" : "v-" + l)) : [el("span", { cls: "muted", text: "no claims" })]);
    const delta = (d) => d === null ? el("td", { text: "-" }) : el("td", { cls: d < 0 ? "delta-neg" : "delta-pos", text: (d > 0 ? "+" : "") + fmt(d) });
    const body = el("tbody", { id: "diff-body" }, D.diff.map((d) =>
      el("tr", { "data-row": d.row_b === null ? "" : d.row_b }, [el("td", { text: d.kind }), el("td", { cls: "clip", title: d.id, text: d.id }),
        el("td", { text: fmt(d.value_a) + " \u2192 " + fmt(d.value_b) }), delta(d.delta),
        el("td", { text: (d.status_a || "-") + " \u2192 " + (d.status_b || "-") }), labels(d.labels_a), labels(d.labels_b)])));
    const n = {};
    D.diff.forEach((d) => { n[d.kind] = (n[d.kind] || 0) + 1; });
    return el("section", { id: "tab-diff", cls: "hidden" }, [
      D.diff_note ? el("div", { cls: "warning", id: "diff-dataset", text: "\u26a0 " + D.diff_note }) : null,
      el("p", { cls: "wrap", text: "Rows that differ from run " + D.diff_against + " (A) in this run (B), regressions first: " +
        (Object.entries(n).map(([k, v]) => v + " " + k).join(", ") || "none") + ". Click a row to open it." }),
      el("div", { cls: "table-box" }, [el("table", { id: "diff-table" }, [
        el("thead", null, [el("tr", null, ["kind", "input_id", "score A \u2192 B", "delta", "status", "verdicts in A", "verdicts in B"].map((t) => el("th", { text: t })))]),
        body])]),
    ]);
  }

  // -- wiring -------------------------------------------------------------------------------
  const app = document.getElementById("app");
  const tabs = el("div", { cls: "tabs", role: "tablist" }, [
    el("button", { type: "button", role: "tab", "data-tab": "rows", "aria-selected": "true", text: "rows" }),
    D.diff ? el("button", { type: "button", role: "tab", "data-tab": "diff", "aria-selected": "false", text: "diff (" + D.diff.length + ")" }) : null,
  ]);
  const rowsSection = rowsTab();
  const diffSection = diffTab();
  app.append(
    el("header", null, [el("h1", { cls: "wrap", text: D.title }), el("div", { cls: "muted wrap", text: D.source })]),
    el("main", null, [summary(), tabs, rowsSection, diffSection]),
  );
  function showTab(name) {
    state.tab = name;
    tabs.querySelectorAll("button").forEach((b) => b.setAttribute("aria-selected", String(b.dataset.tab === name)));
    rowsSection.classList.toggle("hidden", name !== "rows");
    if (diffSection) diffSection.classList.toggle("hidden", name !== "diff");
  }
  tabs.addEventListener("click", (e) => { const b = e.target.closest("button[data-tab]"); if (b) showTab(b.dataset.tab); });
  if (diffSection) {
    diffSection.addEventListener("click", (e) => {
      const tr = e.target.closest("tr[data-row]");
      if (tr && tr.dataset.row !== "" && byRow.has(Number(tr.dataset.row))) { showTab("rows"); selectRow(byRow.get(Number(tr.dataset.row))); }
    });
  }
  let timer = null;
  const refilter = () => { state.page = 0; applyView(); renderTable(); };
  const bind = (id, key, delay) => {
    const input = document.getElementById(id);
    input.addEventListener("input", () => {
      state[key] = input.value;
      clearTimeout(timer);
      timer = setTimeout(refilter, delay);
    });
  };
  bind("f-q", "q", 150); bind("f-min", "min", 150); bind("f-max", "max", 150);
  bind("f-status", "status", 0); bind("f-passed", "passed", 0); bind("f-label", "label", 0); bind("f-gold", "gold", 0);
  if (document.getElementById("f-warn")) bind("f-warn", "warn", 0);
  headRow.addEventListener("click", (e) => {
    const th = e.target.closest("th[data-key]");
    if (!th) return;
    if (state.sortKey === th.dataset.key) state.sortDir = -state.sortDir; else { state.sortKey = th.dataset.key; state.sortDir = 1; }
    applyView(); renderTable();
  });
  headRow.addEventListener("keydown", (e) => { if (e.key === "Enter") e.target.click(); });
  tableBody.addEventListener("click", (e) => { const tr = e.target.closest("tr[data-i]"); if (tr) selectRow(Number(tr.dataset.i)); });
  document.getElementById("prev").addEventListener("click", () => { if (state.page > 0) { state.page--; renderTable(); } });
  document.getElementById("next").addEventListener("click", () => {
    if ((state.page + 1) * PAGE < state.view.length) { state.page++; renderTable(); }
  });
  document.getElementById("download-labels").addEventListener("click", downloadLabels);
  detail.addEventListener("click", (e) => {
    const mark = e.target.closest("[data-ci]");
    if (mark) { state.claim = Number(mark.dataset.ci); renderDetail(); return; }
    const b = e.target.closest("button[data-gold]");
    if (b) setGold(b.dataset.gold);
  });
  detail.addEventListener("keydown", (e) => { if ((e.key === "Enter" || e.key === " ") && e.target.matches("[data-ci]")) { e.preventDefault(); e.target.click(); } });
  document.addEventListener("keydown", (e) => {
    if (e.target.matches("input, select, textarea") || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "f") setGold("1"); else if (e.key === "n") setGold("0"); else if (e.key === "u") setGold("");
    else if (e.key === "j" || e.key === "k") {
      const at = state.view.indexOf(state.sel);
      const next = state.view[Math.min(state.view.length - 1, Math.max(0, at + (e.key === "j" ? 1 : -1)))];
      if (next !== undefined) {
        state.page = Math.floor(state.view.indexOf(next) / PAGE);
        selectRow(next);
      }
    }
  });
  window.addEventListener("beforeunload", (e) => { if (gold.size) { e.preventDefault(); e.returnValue = ""; } });
  applyView();
  renderTable();
  if (ROWS.length) selectRow(state.view[0]);
  document.body.setAttribute("data-ready", "true");
  document.body.setAttribute("data-render-ms", String(Math.round(performance.now())));
})();
