// Draws a seat's view of each of the five games as HTML: cards with their
// suit and number, dice with their pips, the score track, whose turn it is.
// Everything drawn comes from the seat's own view (the generated types).
import { fickleCardName, fickleFamilies, type AnyView, type fairy, type fayre, type fickle, type prank, type season, type Seat } from "fairy-ring-wasm";

/** Text made safe for HTML (item names are a config's own words). */
export function esc(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function words(tag: string): string {
  return tag.replace(/_/g, " ");
}

/** The one key of an externally tagged value, or the string itself. */
function tagOf(value: string | object): string {
  return typeof value === "string" ? value : Object.keys(value)[0];
}

function seatName(player: number, seat: Seat): string {
  return seat !== "spectator" && seat.player === player ? `You (P${player + 1})` : `P${player + 1}`;
}

function card(label: string, cls: string, title = label): string {
  return `<span class="card ${cls}" title="${esc(title)}">${label}</span>`;
}

function back(): string {
  return `<span class="card back" title="face down">?</span>`;
}

function scores(values: number[], seat: Seat, turn: number[] = []): string {
  const best = Math.max(...values);
  const cells = values
    .map(
      (score, player) =>
        `<li class="${turn.includes(player) ? "turn" : ""} ${score === best ? "lead" : ""}">` +
        `<b>${esc(seatName(player, seat))}</b><span class="score">${score}</span></li>`,
    )
    .join("");
  return `<ol class="track">${cells}</ol>`;
}

function section(title: string, body: string): string {
  return `<section><h3>${esc(title)}</h3>${body}</section>`;
}

// ---- Fairy -------------------------------------------------------------

function drawFairy(view: fairy.View): string {
  const top = card(
    `${view.top_card.number}${view.top_fairy ? "✦" : ""}`,
    `suit-${view.top_suit % 3} big`,
    `charm card ${view.top_card.number}, suit ${view.top_suit + 1}${view.top_fairy ? ", a Fairy" : ""}`,
  );
  const stage = tagOf(view.stage);
  return (
    section(
      "Charm pile",
      `<div class="row">${top}<div class="facts">` +
        `<p>Suit <b>${view.top_suit + 1}</b>${view.top_fairy ? " · <b>Fairy</b>" : ""}</p>` +
        `<p>${view.cards_left} cards left · Fairies seen ${view.fairies_seen}/${view.fairies_total}</p>` +
        `<p>Your guess: <b>${view.own_guess ? esc(words(view.own_guess)) : "none yet"}</b></p>` +
        `<p>Stage: ${esc(words(stage))}</p></div></div>`,
    ) +
    section(
      "Scores",
      scores(view.scores, view.seat) +
        `<p class="muted">Guessed this turn: ${view.guessed.map((p) => `P${p + 1}`).join(", ") || "nobody"}</p>`,
    )
  );
}

// ---- Fairy Prank -------------------------------------------------------

function drawPrank(view: prank.View): string {
  const items = view.treasures
    .map((name, item) => {
      const marks: string[] = [];
      if (view.in_box?.includes(item)) marks.push("in box");
      if (view.removed?.includes(item)) marks.push("removed");
      if (view.guessed_right.includes(item)) marks.push("guessed right");
      if (view.guessed_wrong.includes(item)) marks.push("guessed wrong");
      const cls = marks.length ? marks[0].replace(/ /g, "-") : "unknown";
      return `<li class="item ${cls}"><span class="item-no">${item + 1}</span> ${esc(name)}` +
        `<small>${esc(marks.join(", ") || "?")}</small></li>`;
    })
    .join("");
  const phase = tagOf(view.phase);
  const fairy =
    typeof view.phase === "object" && "hiding" in view.phase
      ? view.phase.hiding.fairy
      : typeof view.phase === "object" && "guessing" in view.phase
        ? view.phase.guessing.fairy
        : null;
  return (
    section(
      `Round ${view.round} · ${words(phase)}`,
      `<p>${fairy !== null ? `The Fairy is <b>${esc(seatName(fairy, view.seat))}</b>. ` : ""}` +
        `Items in the box: <b>${view.box_count ?? "?"}</b>` +
        `${view.to_act !== null ? ` · to act: <b>${esc(seatName(view.to_act, view.seat))}</b>` : ""}</p>` +
        `<ul class="items">${items}</ul>`,
    ) + section("Tokens", scores(view.tokens, view.seat, view.to_act === null ? [] : [view.to_act]))
  );
}

// ---- Fairy Season ------------------------------------------------------

function seasonCard(c: season.Card): string {
  if ("season" in c) return card(`${c.number}`, `season-${c.season}`, `${c.season} ${c.number}`);
  if ("royal" in c) return card("♛", "royal", c.royal);
  if ("goblin" in c) return card("G", "goblin", `${c.goblin} goblin`);
  return card("⚠", "trap", "trap");
}

function drawSeason(view: season.View): string {
  const phase = tagOf(view.phase);
  const body = Object.values(view.phase as object)[0] as { player?: number } | undefined;
  const turn = typeof body === "object" && body && "player" in body && body.player !== undefined ? [body.player] : [];
  const stashes = view.stashes
    .map(
      (stash, player) =>
        `<li><b>${esc(seatName(player, view.seat))}</b> hand ${view.hand_sizes[player]} · stash ` +
        `${stash.map(seasonCard).join("") || "<i>empty</i>"}</li>`,
    )
    .join("");
  return (
    section(
      `Swarm · ${words(phase)}`,
      `<div class="row cards">${view.swarm.map(seasonCard).join("") || "<i>empty</i>"}</div>` +
        `<p class="muted">Deck ${view.deck_size} cards</p>`,
    ) +
    section("Your hand", `<div class="row cards">${view.hand.map(seasonCard).join("") || "<i>no cards</i>"}</div>`) +
    section("Players", `<ul class="players">${stashes}</ul>`) +
    section("Scores", scores(view.scores, view.seat, turn))
  );
}

// ---- Fickle ------------------------------------------------------------

/** Each Family's row in a Favor table, from the package (never a list kept here). */
let favorRows: Map<fickle.Family, number> | null = null;

/** A Fickle card's Favor in this game (its row of the view's Favor table). */
export function fickleFavor(c: fickle.CardFields, favor: fickle.FavorTable): number {
  favorRows ??= new Map(fickleFamilies().map((family, row) => [family, row]));
  return favor.values[favorRows.get(c.family) ?? -1]?.[c.copy] ?? 0;
}

/** A Fickle card: its Family and its Favor in this game, with the prime of
 * the crate's name ("Noble 2'") when the name's number is that Favor. */
function fickleCard(c: fickle.CardFields | null, favor: fickle.FavorTable): string {
  if (c === null) return back();
  const name = fickleCardName(c);
  const value = fickleFavor(c, favor);
  const named = name.slice(name.lastIndexOf(" ") + 1);
  const face = Number(named.replace("'", "")) === value ? named.replace("'", "′") : String(value);
  return card(
    `<span>${esc(c.family.slice(0, 3))}</span><span>${esc(face)}</span>`,
    `family fam-${c.family.length % 6}`,
    `${name}, Favor ${value}`,
  );
}

function drawFickle(view: fickle.View): string {
  const phase = tagOf(view.phase);
  const rows = view.players
    .map((p, player) => {
      const chosen =
        typeof p.chosen === "string" ? (p.chosen === "empty" ? "" : back()) : fickleCard(p.chosen.known, view.favor);
      return (
        `<li class="${view.to_act.includes(player) ? "turn" : ""}"><b>${esc(seatName(player, view.seat))}</b>` +
        `<span>alliance ${p.alliance.map((a) => fickleCard(a.card, view.favor)).join("") || "–"}</span>` +
        `<span>hand ${p.hand.map((c) => fickleCard(c, view.favor)).join("") || "–"}</span>` +
        `<span>lineup ${p.lineup.map((c) => fickleCard(c, view.favor)).join("") || "–"}</span>` +
        `<span>chosen ${chosen || "–"}</span></li>`
      );
    })
    .join("");
  return (
    section(
      `Round ${view.round} · ${words(phase)}`,
      `<p>Families: ${view.families.map((f) => `<b>${esc(f)}</b>`).join(", ")} · deck ${view.deck} · dismissed ${view.dismiss}` +
        ` · Court Crier ${esc(seatName(view.court_crier, view.seat))}</p>`,
    ) + section("Players", `<ul class="players fickle">${rows}</ul>`)
  );
}

// ---- A Midsummer Night's Fayre ----------------------------------------

const PIPS = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

function die(face: number, owner: number | null): string {
  const cls = owner === null ? "die fairy-die" : `die owner-${owner % 6}`;
  return `<span class="${cls}" title="${owner === null ? "fairy die" : `P${owner + 1}`} ${face}">${PIPS[face] ?? face}</span>`;
}

function drawFayre(view: fayre.View): string {
  const booths = view.booths
    .map((booth, i) => {
      if (!booth) return `<div class="booth empty">Booth ${i + 1}: empty</div>`;
      const spaces = booth.spaces.map((s) => (s ? die(s.face, s.owner) : `<span class="die space">·</span>`)).join("");
      return (
        `<div class="booth"><h4>${esc(words(booth.game))}</h4>` +
        `<div>Fairy: ${booth.fairy.map((f) => die(f, null)).join("") || "–"}</div>` +
        `<div>Spaces: ${spaces}</div></div>`
      );
    })
    .join("");
  const pools = view.pools
    .map(
      (pool, player) =>
        `<li class="${view.current === player ? "turn" : ""}"><b>${esc(seatName(player, view.seat))}</b> ` +
        `${pool.map((f) => die(f, player)).join("") || "–"} · mischief ${view.hand_sizes[player]}</li>`,
    )
    .join("");
  const hand = view.own_hand
    ? Object.entries(view.own_hand)
        .filter(([, n]) => n > 0)
        .map(([kind, n]) => card(`${n}×`, "mischief", words(kind)) + esc(words(kind)))
        .join(" ")
    : "";
  return (
    section(`Mini Games · ${words(tagOf(view.phase))}`, `<div class="booths">${booths}</div>` +
      `<p class="muted">Fairy pool ${view.fairy_pool.map((f) => die(f, null)).join("") || "–"} · ` +
      `${view.mini_games_left} Mini Games left</p>`) +
    section("Dice pools", `<ul class="players">${pools}</ul>`) +
    (hand ? section("Your Mischief cards", `<p>${hand}</p>`) : "") +
    section("Scores", scores(view.scores, view.seat, [view.current]))
  );
}

/** The HTML of a seat's view of any of the five games. */
export function drawView(view: AnyView): string {
  if ("fairy" in view) return drawFairy(view.fairy);
  if ("prank" in view) return drawPrank(view.prank);
  if ("season" in view) return drawSeason(view.season);
  if ("fickle" in view) return drawFickle(view.fickle);
  return drawFayre(view.fayre);
}
