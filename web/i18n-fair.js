/**
 * The texts of the fair shuffle (RECORD.md §Fair deals): the seed a player may add, the
 * commitment shown before each deal, and a record's check in the browser, in pt-BR and
 * English; i18n.js merges them into its messages.
 */

export const FAIR_TEXTS = {
  "pt-BR": {
    "fair.verify": "Conferir o embaralhamento",
    "fair.checking": "Conferindo…",
    "fair.ok": "Embaralhamento conferido: as {n} rodadas foram dadas como prometido.",
    "fair.ok.one": "Embaralhamento conferido: a rodada foi dada como prometido.",
    "fair.explain": "Antes de cada rodada o servidor publicou a impressão digital (SHA-256) de um número secreto, e cada jogador pôde juntar um número seu. No fim, o servidor mostrou o segredo: o seu navegador conferiu a impressão digital e embaralhou de novo as 28 pedras com esses números. Se alguém mudasse uma mão depois, a conta não fecharia.",
    "fair.failedRound": "A rodada {round} NÃO confere!",
    "fair.failed": "Este registro não pode ser conferido.",
    "fair.bad.commitment": "O segredo revelado não é o que foi prometido antes da rodada.",
    "fair.bad.hand": "A mão do jogador {seat} não é a que os números dão.",
    "fair.bad.boneyard": "O monte não é o que os números dão.",
    "fair.bad.redeals": "O número de vezes que as pedras foram dadas de novo não confere.",
    "fair.bad.client_seed": "Os números dos jogadores estão errados.",
    "fair.bad.not_revealed": "O segredo do servidor ainda não foi revelado.",
    "fair.bad.no_proof": "Esta rodada não tem prova de embaralhamento.",
    "fair.bad.algorithm": "O embaralhamento usa um método que este navegador não conhece.",
    "fair.bad.bad_proof": "A prova da rodada está malformada.",
    "fair.bad.format": "O arquivo não é um registro com provas de embaralhamento.",
    "fair.bad.fetch": "Não foi possível baixar o registro da partida.",
    "fair.ownSeed": "Seu número para o embaralhamento (opcional)",
    "fair.ownSeedHint": "Vale para a próxima rodada. Vazio: o navegador sorteia um.",
    "fair.committed": "Rodada {round}: embaralhamento prometido ({short}…)",
  },
  en: {
    "fair.verify": "Check the shuffle",
    "fair.checking": "Checking…",
    "fair.ok": "Shuffle checked: all {n} rounds were dealt as promised.",
    "fair.ok.one": "Shuffle checked: the round was dealt as promised.",
    "fair.explain": "Before each round the server published the fingerprint (SHA-256) of a secret number, and every player could add a number of their own. At the end the server showed the secret: your browser checked the fingerprint and shuffled the 28 tiles again from those numbers. Had anyone changed a hand afterwards, the sums would not add up.",
    "fair.failedRound": "Round {round} does NOT check out!",
    "fair.failed": "This record cannot be checked.",
    "fair.bad.commitment": "The secret shown is not the one promised before the round.",
    "fair.bad.hand": "Player {seat}'s hand is not the one the numbers deal.",
    "fair.bad.boneyard": "The boneyard is not the one the numbers deal.",
    "fair.bad.redeals": "How many times the tiles were dealt again does not match.",
    "fair.bad.client_seed": "The players' numbers are wrong.",
    "fair.bad.not_revealed": "The server's secret has not been shown yet.",
    "fair.bad.no_proof": "This round has no shuffle proof.",
    "fair.bad.algorithm": "The shuffle uses a method this browser does not know.",
    "fair.bad.bad_proof": "The round's proof is malformed.",
    "fair.bad.format": "The file is not a record with shuffle proofs.",
    "fair.bad.fetch": "The match record could not be downloaded.",
    "fair.ownSeed": "Your number for the shuffle (optional)",
    "fair.ownSeedHint": "Used for the next round. Empty: your browser picks one.",
    "fair.committed": "Round {round}: shuffle promised ({short}…)",
  },
};
