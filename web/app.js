// The web page: plays a 9x9 puzzle in the browser and asks the server's
// JSON API for puzzles, hints, checks and PDFs. No framework: the page
// is one board and a few buttons.
"use strict";

const N = 9;
const state = {
  puzzle: null,     // the givens, one line
  record: null,     // the generate record (rating, level, seed)
  board: [],        // digits, 0 for empty
  marks: [],        // per cell, a Set of pencil-mark digits
  history: [],      // snapshots for undo
  selected: 0,
  pencil: false,
  highlight: new Set(),
  wrong: new Set(),
};

const $ = (id) => document.getElementById(id);
const boardEl = $("board");
const cells = [];

function cellName(i) {
  return `r${Math.floor(i / N) + 1}c${(i % N) + 1}`;
}

function indexOf(name) {
  const m = /^r(\d+)c(\d+)$/.exec(name);
  return m ? (Number(m[1]) - 1) * N + Number(m[2]) - 1 : -1;
}

function build() {
  for (let r = 0; r < N; r++) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    row.style.display = "contents";
    for (let c = 0; c < N; c++) {
      const i = r * N + c;
      const el = document.createElement("div");
      el.className = `cell row-${r} col-${c}`;
      el.id = `cell-${i}`;
      el.dataset.cell = cellName(i);
      el.setAttribute("role", "gridcell");
      el.tabIndex = i === 0 ? 0 : -1;
      el.addEventListener("click", () => select(i));
      row.appendChild(el);
      cells.push(el);
    }
    boardEl.appendChild(row);
  }
  const pad = $("pad");
  for (let d = 1; d <= N; d++) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = String(d);
    b.setAttribute("aria-label", `Enter ${d}`);
    b.addEventListener("click", () => { enter(d); cells[state.selected].focus(); });
    pad.appendChild(b);
  }
}

function given(i) {
  return state.puzzle && state.puzzle[i] !== ".";
}

function render() {
  const sel = state.selected;
  const selDigit = state.board[sel];
  cells.forEach((el, i) => {
    const d = state.board[i] || 0;
    const peer = Math.floor(i / N) === Math.floor(sel / N) || i % N === sel % N ||
      (Math.floor(i / 27) === Math.floor(sel / 27) && Math.floor((i % N) / 3) === Math.floor((sel % N) / 3));
    el.classList.toggle("given", given(i));
    el.classList.toggle("selected", i === sel);
    el.classList.toggle("peer", peer && i !== sel);
    el.classList.toggle("same", d !== 0 && d === selDigit && i !== sel);
    el.classList.toggle("hl", state.highlight.has(i));
    el.classList.toggle("wrong", state.wrong.has(i));
    el.tabIndex = i === sel ? 0 : -1;
    el.replaceChildren();
    let label = cellName(i);
    if (d) {
      el.textContent = String(d);
      label += given(i) ? `, given ${d}` : `, entered ${d}`;
    } else if (state.marks[i] && state.marks[i].size) {
      const m = document.createElement("div");
      m.className = "marks";
      for (let k = 1; k <= N; k++) {
        const s = document.createElement("span");
        s.textContent = state.marks[i].has(k) ? String(k) : "";
        m.appendChild(s);
      }
      el.appendChild(m);
      label += `, empty, pencil marks ${[...state.marks[i]].sort().join(" ")}`;
    } else {
      label += ", empty";
    }
    if (state.wrong.has(i)) label += ", flagged as a mistake";
    if (state.highlight.has(i)) label += ", highlighted by the hint";
    el.setAttribute("aria-label", label);
    el.setAttribute("aria-selected", String(i === sel));
  });
  $("pencil").setAttribute("aria-pressed", String(state.pencil));
}

function say(text, bad = false) {
  const m = $("message");
  m.textContent = text;
  m.classList.toggle("bad", bad);
}

function snapshot() {
  state.history.push({ board: state.board.slice(), marks: state.marks.map((s) => new Set(s)) });
  if (state.history.length > 500) state.history.shift();
}

function clearFlags() {
  state.highlight.clear();
  state.wrong.clear();
}

function select(i) {
  state.selected = i;
  render();
  cells[i].focus();
}

function enter(d) {
  const i = state.selected;
  if (!state.puzzle || given(i)) return;
  snapshot();
  clearFlags();
  if (state.pencil) {
    const m = state.marks[i];
    if (m.has(d)) m.delete(d); else m.add(d);
  } else {
    state.board[i] = state.board[i] === d ? 0 : d;
  }
  render();
  if (!state.pencil && state.board.every((x) => x)) check(true);
}

function erase() {
  const i = state.selected;
  if (!state.puzzle || given(i)) return;
  snapshot();
  clearFlags();
  state.board[i] = 0;
  state.marks[i].clear();
  render();
}

function undo() {
  const last = state.history.pop();
  if (!last) { say("Nothing to undo."); return; }
  state.board = last.board;
  state.marks = last.marks;
  clearFlags();
  render();
  say("Undone.");
}

function boardLine() {
  return state.board.map((d) => (d ? String(d) : ".")).join("");
}

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  if (!response.ok) {
    let error = `${response.status}`;
    try { const j = await response.json(); error = j.error + (j.where ? ` (${j.where})` : ""); } catch (_) { /* not JSON */ }
    throw new Error(error);
  }
  return response;
}

async function busy(button, work) {
  button.disabled = true;
  try { await work(); } catch (e) { say(`Sorry: ${e.message}`, true); } finally { button.disabled = false; }
}

function start(record, what) {
  state.record = record;
  state.puzzle = record.puzzle;
  state.board = [...record.puzzle].map((ch) => (ch === "." ? 0 : Number(ch)));
  state.marks = state.board.map(() => new Set());
  state.history = [];
  clearFlags();
  state.selected = state.board.findIndex((d) => d === 0);
  render();
  cells[state.selected].focus();
  const level = record.level ? `, ${record.level}, rating ${Number(record.rating).toFixed(1)}` : "";
  // Seeds past 2^53 do not survive JSON numbers in JavaScript: only
  // smaller ones (the page's own and the server's) are shown.
  const seed = record.seed < 2 ** 53 && what !== "Daily puzzle" ? `, seed ${record.seed}` : "";
  $("info").textContent = `${what}: ${record.clues} clues${level}${seed}.`;
  say("Your move. Arrow keys move, digits fill, P switches to pencil marks, H asks for a hint.");
}

// A rating band replaces the level, and so does a technique for the
// hardest step: its rating fixes the level.
function levelOptions() {
  const rating = $("rating").value.trim();
  const hardest = $("technique").value;
  const band = rating ? { rating } : hardest ? {} : { difficulty: $("level").value };
  return hardest ? { ...band, hardest } : band;
}

async function generate() {
  await busy($("generate"), async () => {
    say("Making a puzzle…");
    // No seed: the server may answer from its stock of prepared puzzles,
    // and the record carries the seed that makes the puzzle again.
    const j = await (await api("/api/generate", levelOptions())).json();
    start(j.puzzles[0], "New puzzle");
  });
}

async function daily() {
  await busy($("daily"), async () => {
    say("Fetching the daily puzzle…");
    const j = await (await api(`/api/daily?difficulty=${$("level").value}`)).json();
    start(j, "Daily puzzle");
  });
}

function pencilmarks() {
  if (!state.marks.some((m) => m.size)) return undefined;
  return state.marks.map((m, i) => (state.board[i] ? [] : [...m].sort()));
}

async function hint() {
  if (!state.puzzle) return;
  await busy($("hint"), async () => {
    const j = await (await api("/api/hint", { puzzle: state.puzzle, board: boardLine(), pencilmarks: pencilmarks() })).json();
    clearFlags();
    if (j.kind === "mistakes") {
      j.mistakes.forEach((m) => state.wrong.add(indexOf(m.cell)));
      say(`Fix this first: ${j.mistakes.map((m) => m.text).join("; ")}.`, true);
    } else if (j.kind === "step") {
      j.cells.forEach((c) => state.highlight.add(indexOf(c)));
      say(`${j.text} (difficulty ${j.step.difficulty}).`);
    } else if (j.kind === "solved") {
      say("Solved. Well done!");
    } else {
      say("No technique the grader knows applies from here.");
    }
    render();
  });
}

async function check(quiet) {
  if (!state.puzzle) return;
  await busy($("check"), async () => {
    const j = await (await api("/api/check", { puzzle: state.puzzle, board: boardLine(), mode: "solution" })).json();
    clearFlags();
    j.mistakes.forEach((m) => state.wrong.add(indexOf(m.cell)));
    render();
    if (j.mistakes.length) say(`${j.mistakes.length} mistake${j.mistakes.length > 1 ? "s" : ""}: ${j.mistakes.map((m) => m.text).join("; ")}.`, true);
    else if (state.board.every((d) => d)) say("Solved. Well done!");
    else if (quiet !== true) say("No mistakes so far.");
  });
}

async function download(records, button, name) {
  const response = await api("/api/print", { puzzles: records, format: "pdf", title: "sudoku-dlx" });
  const blob = await response.blob();
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  say(`Downloaded ${name}.`);
}

async function printPuzzle() {
  if (!state.puzzle) { say("Make a puzzle first."); return; }
  await busy($("print"), () => download(JSON.stringify(state.record), $("print"), "sudoku.pdf"));
}

async function printBook() {
  await busy($("book"), async () => {
    const count = Math.max(1, Math.min(24, Number($("book-count").value) || 8));
    say(`Making ${count} puzzles…`);
    const seed = Math.floor(Math.random() * 2 ** 48);
    const j = await (await api("/api/generate", { seed, count, ...levelOptions() })).json();
    await download(j.puzzles.map((p) => JSON.stringify(p)).join("\n"), $("book"), "sudoku-book.pdf");
  });
}

function onKey(e) {
  if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
  const i = state.selected;
  const moves = { ArrowUp: -N, ArrowDown: N, ArrowLeft: -1, ArrowRight: 1 };
  if (e.key in moves && boardEl.contains(document.activeElement)) {
    e.preventDefault();
    const r = Math.floor(i / N), c = i % N;
    const next = e.key === "ArrowUp" ? ((r + N - 1) % N) * N + c
      : e.key === "ArrowDown" ? ((r + 1) % N) * N + c
      : e.key === "ArrowLeft" ? r * N + (c + N - 1) % N
      : r * N + (c + 1) % N;
    select(next);
    return;
  }
  if (!boardEl.contains(document.activeElement)) return;
  if (/^[1-9]$/.test(e.key)) { e.preventDefault(); enter(Number(e.key)); }
  else if (e.key === "Backspace" || e.key === "Delete" || e.key === "0") { e.preventDefault(); erase(); }
  else if (e.key === "p" || e.key === "P") { state.pencil = !state.pencil; render(); say(state.pencil ? "Pencil marks on." : "Pencil marks off."); }
  else if ((e.key === "z" && (e.ctrlKey || e.metaKey)) || e.key === "u") { e.preventDefault(); undo(); }
  else if (e.key === "h" || e.key === "H") { hint(); }
  else if (e.key === "c" || e.key === "C") { check(); }
}

build();
state.board = Array(N * N).fill(0);
state.marks = state.board.map(() => new Set());
render();
$("generate").addEventListener("click", generate);
$("daily").addEventListener("click", daily);
$("hint").addEventListener("click", hint);
$("check").addEventListener("click", () => check());
$("undo").addEventListener("click", undo);
$("erase").addEventListener("click", () => { erase(); cells[state.selected].focus(); });
$("pencil").addEventListener("click", () => { state.pencil = !state.pencil; render(); });
$("print").addEventListener("click", printPuzzle);
$("book").addEventListener("click", printBook);
document.addEventListener("keydown", onKey);
