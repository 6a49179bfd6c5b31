// The web page in a real browser: starts `sudoku-dlx serve` on a free
// port of 127.0.0.1, drives the system's headless Chromium with
// puppeteer-core, and checks what a player sees against the JSON API.
//
// Environment: SUDOKU_DLX_BIN (the binary, default target/release),
// CHROMIUM (default /usr/bin/chromium), SHOTS (where screenshots and
// the downloaded PDF go, default a new temporary directory).

import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, existsSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = process.env.SUDOKU_DLX_BIN || path.join(here, "../../target/release/sudoku-dlx");
const chromium = process.env.CHROMIUM || "/usr/bin/chromium";
const shots = process.env.SHOTS || mkdtempSync(path.join(tmpdir(), "sudoku-dlx-web-"));
mkdirSync(shots, { recursive: true });

function check(ok, what) {
  if (!ok) throw new Error(`FAILED: ${what}`);
  console.log(`ok - ${what}`);
}

/** Starts the server on a free port; resolves with its base URL. */
function startServer() {
  return new Promise((resolve, reject) => {
    const server = spawn(bin, ["serve", "--bind", "127.0.0.1:0"], { stdio: ["ignore", "ignore", "pipe"] });
    let seen = "";
    server.stderr.on("data", (chunk) => {
      seen += chunk;
      const m = /listening on (http:\/\/[^\s/]+)\//.exec(seen);
      if (m) resolve({ server, url: m[1] });
    });
    server.on("exit", (code) => reject(new Error(`the server exited (${code}): ${seen}`)));
    setTimeout(() => reject(new Error(`the server did not start: ${seen}`)), 15000);
  });
}

async function post(url, body) {
  const r = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return r.json();
}

const { server, url } = await startServer();
const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
let failed = false;
try {
  const page = await browser.newPage();
  page.setDefaultTimeout(20000);
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(`${url}/`, { waitUntil: "networkidle0" });
  check((await page.$$(".cell")).length === 81, "the page shows 81 cells");
  check((await page.$eval("#board", (e) => e.getAttribute("role"))) === "grid", "the board is an ARIA grid");

  // Generate an easy puzzle.
  await page.select("#level", "easy");
  await page.click("#generate");
  await page.waitForFunction(() => document.querySelector("#info").textContent.startsWith("New puzzle"));
  const puzzle = await page.$$eval(".cell", (cs) => cs.map((c) => (c.classList.contains("given") ? c.textContent : ".")).join(""));
  check(/^[1-9.]{81}$/.test(puzzle) && puzzle.includes("."), `a puzzle is on the board: ${puzzle}`);
  const label = await page.$eval(".cell.given", (c) => c.getAttribute("aria-label"));
  check(/^r\dc\d, given \d$/.test(label), `cells carry ARIA labels ("${label}")`);

  // A hint: the page's highlighted cells and sentence are the API's.
  const board = () => page.$$eval(".cell", (cs) => cs.map((c) => (c.querySelector(".marks") || !c.textContent ? "." : c.textContent)).join(""));
  await page.click("#hint");
  await page.waitForSelector(".cell.hl");
  const shown = await page.$$eval(".cell.hl", (cs) => cs.map((c) => c.dataset.cell).sort());
  const message = await page.$eval("#message", (m) => m.textContent);
  const expected = await post(`${url}/api/hint`, { puzzle, board: await board() });
  check(expected.kind === "step", `the API gives a step: ${expected.text}`);
  check(JSON.stringify(shown) === JSON.stringify([...expected.cells].sort()), `highlighted cells ${shown} are the API's`);
  check(message.includes(expected.text), `the sentence is the API's: ${message}`);
  await page.screenshot({ path: path.join(shots, "desktop-hint.png") });

  // Enter the hinted digit with the keyboard only: arrow keys from the
  // selected cell, then the digit.
  const placement = expected.step.placements[0];
  const target = placement ? placement.cell : null;
  if (target) {
    const [tr, tc] = target.slice(1).split("c").map(Number);
    await page.focus(".cell.selected");
    const selected = await page.$eval(".cell.selected", (c) => c.dataset.cell);
    const [sr, sc] = selected.slice(1).split("c").map(Number);
    for (let i = 0; i < (tr - sr + 9) % 9; i++) await page.keyboard.press("ArrowDown");
    for (let i = 0; i < (tc - sc + 9) % 9; i++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press(String(placement.digit));
    const text = await page.$eval(`[data-cell="${target}"]`, (c) => c.textContent);
    check(text === String(placement.digit), `typed ${placement.digit} into ${target}`);
  }

  // A mistake: a digit that a given in the same row already holds.
  // The first empty cell (not the one typed into) whose row holds a given:
  // a puzzle's first row may hold none.
  const rowOf = (i) => puzzle.slice(Math.floor(i / 9) * 9, Math.floor(i / 9) * 9 + 9);
  const empty = [...puzzle].findIndex(
    (ch, i) => ch === "." && (!target || i !== (Number(target[1]) - 1) * 9 + Number(target[3]) - 1) && /[1-9]/.test(rowOf(i)),
  );
  const row = rowOf(empty);
  const wrongDigit = [...row].find((ch) => ch !== ".");
  const wrongCell = `r${Math.floor(empty / 9) + 1}c${(empty % 9) + 1}`;
  await page.click(`[data-cell="${wrongCell}"]`);
  await page.keyboard.press(wrongDigit);
  await page.click("#check");
  await page.waitForSelector(".cell.wrong");
  const flagged = await page.$$eval(".cell.wrong", (cs) => cs.map((c) => c.dataset.cell));
  check(flagged.includes(wrongCell), `the mistake in ${wrongCell} is flagged (${flagged})`);
  check(await page.$eval("#message", (m) => m.classList.contains("bad")), "the message says there is a mistake");
  await page.click("#hint");
  await page.waitForFunction(() => document.querySelector("#message").textContent.startsWith("Fix this first"));
  check(true, "a hint on a board with a mistake names the mistake");
  await page.screenshot({ path: path.join(shots, "desktop-mistake.png") });

  // Undo removes the wrong digit; pencil marks show in the cell.
  await page.focus(`[data-cell="${wrongCell}"]`);
  await page.keyboard.press("u");
  check((await page.$eval(`[data-cell="${wrongCell}"]`, (c) => c.textContent)) === "", "undo clears the wrong digit");
  await page.keyboard.press("p");
  await page.keyboard.press("1");
  await page.keyboard.press("2");
  const marks = await page.$eval(`[data-cell="${wrongCell}"] .marks`, (m) => m.textContent);
  check(marks === "12", `pencil marks show (${marks})`);
  await page.keyboard.press("p");

  // Print: the PDF downloads.
  const downloads = path.join(shots, "downloads");
  mkdirSync(downloads, { recursive: true });
  const cdp = await page.createCDPSession();
  await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloads });
  await page.click("#print");
  const pdf = path.join(downloads, "sudoku.pdf");
  for (let i = 0; i < 100 && !existsSync(pdf); i++) await new Promise((r) => setTimeout(r, 100));
  check(existsSync(pdf) && readFileSync(pdf).subarray(0, 5).toString() === "%PDF-", `the puzzle downloads as a PDF (${readdirSync(downloads)})`);

  // A puzzle whose hardest step is an X-Wing, rated so by the API.
  await page.select("#technique", "X-Wing");
  await page.click("#generate");
  await page.waitForFunction((before) => {
    const now = [...document.querySelectorAll(".cell")].map((c) => (c.classList.contains("given") ? c.textContent : ".")).join("");
    return document.querySelector("#info").textContent.startsWith("New puzzle") && now !== before;
  }, {}, puzzle);
  const xWing = await page.$$eval(".cell", (cs) => cs.map((c) => (c.classList.contains("given") ? c.textContent : ".")).join(""));
  const rated = await post(`${url}/api/rate`, { puzzle: xWing });
  check(rated.hardest === "X-Wing", `the technique's puzzle has an X-Wing as its hardest step: ${rated.hardest}`);
  await page.select("#technique", "");
  await page.select("#level", "easy");
  await page.click("#generate");
  await page.waitForFunction((before) => {
    const now = [...document.querySelectorAll(".cell")].map((c) => (c.classList.contains("given") ? c.textContent : ".")).join("");
    return now !== before;
  }, {}, xWing);
  const easy = await page.$$eval(".cell", (cs) => cs.map((c) => (c.classList.contains("given") ? c.textContent : ".")).join(""));
  check((await post(`${url}/api/rate`, { puzzle: easy })).level === "easy", "back to an easy puzzle once the technique is Any");

  // The phone-sized page (changing to a mobile viewport reloads it),
  // then the daily puzzle and a hint there.
  await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await page.waitForSelector(".cell");
  await page.click("#daily");
  await page.waitForFunction(() => document.querySelector("#info").textContent.startsWith("Daily puzzle"));
  check(true, "the daily puzzle loads");
  await page.click("#hint");
  await page.waitForSelector(".cell.hl");
  const fits = await page.$eval("#board", (b) => b.getBoundingClientRect().right <= window.innerWidth);
  check(fits, "the board fits a phone-sized screen");
  await page.screenshot({ path: path.join(shots, "phone.png"), fullPage: true });
  console.log(`screenshots and downloads in ${shots}`);
} catch (e) {
  failed = true;
  console.error(e);
} finally {
  await browser.close();
  server.kill("SIGTERM");
}
process.exit(failed ? 1 : 0);
