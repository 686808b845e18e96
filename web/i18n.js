/**
 * Player-facing text in Brazilian Portuguese (default) and English.
 * `t(key, params)` fills `{name}` placeholders; a missing key falls back to
 * pt-BR, then to the key itself (so a gap shows up instead of breaking).
 */

import { HOME_TEXTS } from "./i18n-home.js";
import { FAIR_TEXTS } from "./i18n-fair.js";
import { ROUND_TEXTS } from "./i18n-round.js";
import { TABLE_TEXTS } from "./i18n-table.js";

export const LANGS = ["pt-BR", "en"];

const PT = {
  "table.invite": "Convide pelo link",
  "table.copy": "Copiar link",
  "table.copied": "Link copiado!",
  "table.share": "Compartilhar…",
  "history.open": "Jogadas desta rodada",
  "history.title": "Rodada {n}: as jogadas, da última à primeira",
  "history.empty": "Ninguém jogou ainda nesta rodada.",
  "reaction.group": "Reações",
  "reaction.nice": "Boa!",
  "reaction.good_game": "Bom jogo!",
  "reaction.oops": "Ops!",
  "reaction.thinking": "Deixa eu pensar…",
  "reaction.thanks": "Valeu!",
  "reaction.wow": "Uau!",
  "table.whatsapp": "Enviar pelo WhatsApp",
  "table.inviteText": "Vem jogar dominó comigo! Abre o link pra sentar à mesa:",
  "table.round": "Rodada {n}",
  "table.goal": "Meta {n}",
  "table.boneyard": "Monte: {n}",
  "table.sleeping": "Dormindo: {n}",
  "table.count": "Soma das pontas: {n}",
  "table.yourTurn": "Sua vez",
  "table.turnOf": "Vez de {name}",
  "table.waitingStart": "Esperando o início da partida",
  "table.timer": "Tempo: {t}",
  "table.nextRoundIn": "Próxima rodada em {t}",
  "table.tiles": "{n} pedras",
  "table.tiles.one": "{n} pedra",
  "table.score": "{n} pts",
  "table.score.one": "{n} pt",
  "table.team": "Dupla {n}",
  "table.teamUs": "Nós",
  "table.teamThem": "Eles",
  "table.teamUsSubject": "Sua dupla",
  "table.teamThemSubject": "A dupla adversária",
  "table.connected": "conectado",
  "table.disconnected": "desconectado",
  "table.you": "você",
  "table.free": "cadeira livre",
  "table.hand": "Sua mão",
  "table.board": "Mesa",
  "table.boardEmpty": "Mesa vazia: ninguém jogou ainda.",
  "table.boardLabel": "Linha de jogo com {n} pedras. Pontas: {ends}.",
  "table.boardLabel.one": "Linha de jogo com {n} pedra. Pontas: {ends}.",
  "table.end.L": "ponta esquerda",
  "table.end.R": "ponta direita",
  "table.end.U": "ponta de cima",
  "table.end.D": "ponta de baixo",
  "table.end.first": "abrir o jogo",
  "table.targetLabel": "Jogar {tile} na {end}{pips}{points}",
  "table.targetPoints": ", vale {n} pontos",
  "table.targetNoPoints": ", não marca pontos",
  "table.pickEnd": "Onde jogar {tile}? Escolha uma ponta na mesa; para desistir, escolha a pedra de novo (ou Esc).",
  "table.tilePlayable": "{tile}, pode jogar",
  "table.tileBlocked": "{tile}, não serve agora",
  "table.spectator": "Você está assistindo.",

  "action.start": "Começar agora (robôs nas cadeiras livres)",
  "action.startFull": "Começar a partida",
  "action.draw": "Comprar",
  "action.pass": "Passar",
  "action.nextRound": "Próxima rodada",
  "action.play": "Sua vez: escolha uma pedra",
  "action.wait": "Aguarde: vez de {name}",
  "action.elsewhere": "Você está jogando em outra aba ou aparelho",
  "action.waitStart": "Aguardando o criador começar",
  "action.menu": "Mais opções",
  "action.resign": "Desistir",
  "action.resignConfirm": "Desistir da partida? Você perde a partida.",
  "action.resignConfirm.teams": "Desistir da partida? Você e sua dupla perdem a partida.",
  "action.annul": "Propor anular a partida",
  "action.annulConfirm": "Propor a todos que a partida seja anulada?",
  "action.annulProposed": "{name} propôs anular a partida.",
  "action.agree": "Concordo em anular",
  "action.disagree": "Não concordo",
  "action.claim": "Encerrar a partida por ausência",
  "action.claimConfirm": "Encerrar a partida: o jogador ausente perde?",
  "absence.until": "{name} tem até {when} para jogar.",
  "absence.late": "{name} passou do prazo para jogar: você pode encerrar a partida, e {name} perde por ausência.",
  "action.yes": "Sim",
  "action.no": "Não",
  "action.cancel": "Cancelar",
  "action.close": "Fechar",

  "aid.count": "Número {n}: {table} na mesa, {hand} na sua mão, {unseen} fora de vista.",

  "rules.title": "Regras: {preset}",
  "rules.page": "Abrir estas regras numa página própria",
};

const EN = {
  "table.invite": "Invite by link",
  "table.copy": "Copy link",
  "table.copied": "Link copied!",
  "table.share": "Share…",
  "history.open": "This round's moves",
  "history.title": "Round {n}: the moves, last first",
  "history.empty": "Nobody has played yet this round.",
  "reaction.group": "Reactions",
  "reaction.nice": "Nice!",
  "reaction.good_game": "Good game!",
  "reaction.oops": "Oops!",
  "reaction.thinking": "Let me think…",
  "reaction.thanks": "Thanks!",
  "reaction.wow": "Wow!",
  "table.whatsapp": "Send on WhatsApp",
  "table.inviteText": "Come play dominoes with me! Open the link to take a seat:",
  "table.round": "Round {n}",
  "table.goal": "Goal {n}",
  "table.boneyard": "Boneyard: {n}",
  "table.sleeping": "Sleeping tiles: {n}",
  "table.count": "Ends add up to {n}",
  "table.yourTurn": "Your turn",
  "table.turnOf": "{name}'s turn",
  "table.waitingStart": "Waiting for the match to start",
  "table.timer": "Time: {t}",
  "table.nextRoundIn": "Next round in {t}",
  "table.tiles": "{n} tiles",
  "table.tiles.one": "{n} tile",
  "table.score": "{n} pts",
  "table.score.one": "{n} pt",
  "table.team": "Team {n}",
  "table.teamUs": "Us",
  "table.teamThem": "Them",
  "table.teamUsSubject": "Your team",
  "table.teamThemSubject": "The other team",
  "table.connected": "connected",
  "table.disconnected": "disconnected",
  "table.you": "you",
  "table.free": "free seat",
  "table.hand": "Your hand",
  "table.board": "Table",
  "table.boardEmpty": "Empty table: nobody has played yet.",
  "table.boardLabel": "Line of play with {n} tiles. Open ends: {ends}.",
  "table.boardLabel.one": "Line of play with {n} tile. Open ends: {ends}.",
  "table.end.L": "left end",
  "table.end.R": "right end",
  "table.end.U": "top end",
  "table.end.D": "bottom end",
  "table.end.first": "open the game",
  "table.targetLabel": "Play {tile} on the {end}{pips}{points}",
  "table.targetPoints": ", scores {n} points",
  "table.targetNoPoints": ", scores nothing",
  "table.pickEnd": "Where should {tile} go? Pick an end on the table; to cancel, pick the tile again (or press Esc).",
  "table.tilePlayable": "{tile}, playable",
  "table.tileBlocked": "{tile}, does not fit now",
  "table.spectator": "You are watching.",

  "action.start": "Start now (bots take free seats)",
  "action.startFull": "Start the match",
  "action.draw": "Draw",
  "action.pass": "Pass",
  "action.nextRound": "Next round",
  "action.play": "Your turn: pick a tile",
  "action.wait": "Waiting: {name}'s turn",
  "action.elsewhere": "You are playing in another tab or device",
  "action.waitStart": "Waiting for the host to start",
  "action.menu": "More options",
  "action.resign": "Resign",
  "action.resignConfirm": "Resign the match? You lose it.",
  "action.resignConfirm.teams": "Resign the match? You and your partner lose it.",
  "action.annul": "Propose to annul the match",
  "action.annulConfirm": "Propose to everyone that this match be annulled?",
  "action.annulProposed": "{name} proposes to annul the match.",
  "action.agree": "Agree to annul",
  "action.disagree": "Disagree",
  "action.claim": "End the match for absence",
  "action.claimConfirm": "End the match: the absent player loses?",
  "absence.until": "{name} has until {when} to play.",
  "absence.late": "{name} is past the time to play: you may end the match, and {name} loses for absence.",
  "action.yes": "Yes",
  "action.no": "No",
  "action.cancel": "Cancel",
  "action.close": "Close",

  "aid.count": "Number {n}: {table} on the table, {hand} in your hand, {unseen} out of sight.",

  "rules.title": "Rules: {preset}",
  "rules.page": "Open these rules as a page of their own",
};

for (const texts of [HOME_TEXTS, ROUND_TEXTS, FAIR_TEXTS, TABLE_TEXTS]) {
  Object.assign(PT, texts["pt-BR"]);
  Object.assign(EN, texts.en);
}

export const MESSAGES = { "pt-BR": PT, en: EN };

let current = "pt-BR";

/** Set the language used by `t` (unknown → pt-BR); returns the language set. */
export function setLang(lang) {
  current = LANGS.includes(lang) ? lang : "pt-BR";
  return current;
}

/** The language `t` speaks now. */
export function getLang() {
  return current;
}

/** Translate `key`, replacing `{name}` with params.name. */
export function t(key, params = {}) {
  // "{n} pedras" / "{n} pedra": a key's ".one" form, where it has one, when n is 1
  const one = params.n === 1 && `${key}.one` in PT ? `${key}.one` : key;
  const text = MESSAGES[current][one] ?? PT[one] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? isolate(String(params[k])) : m));
}

const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;
const FSI = "\u2068";
const PDI = "\u2069";

/**
 * A player's name (or any text) set apart from the sentence around it, as `<bdi>` sets it
 * apart in markup: wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE when it holds
 * right-to-left letters, so "علي 5" in "Vez de علي" keeps the sentence's punctuation and
 * numbers where they belong. Text without such letters is returned as it is.
 */
export function isolate(text) {
  const s = String(text);
  return RIGHT_TO_LEFT.test(s) && !s.startsWith(FSI) ? FSI + s + PDI : s;
}

/** Fill every element with data-i18n (text) / data-i18n-label (aria-label) under root. */
export function applyI18n(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  }
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    el.setAttribute("placeholder", t(el.dataset.i18nPlaceholder));
  }
}
