/**
 * The rules of each game for players, in pt-BR and English, written for this
 * project from RULES.md. `rulesHtml(preset, lang)` gives one page as HTML.
 */

const PRESETS = ["classic", "draw", "block", "fives", "caribbean", "batida"];

const PT = {
  common: `
<h3>O jogo</h3>
<p>São 28 pedras, do 0-0 ao 6-6: cada par de números aparece uma vez, e cada número
aparece em 7 pedras. O valor de uma pedra é a soma das bolinhas dos dois lados (6-4 vale 10 pontos).
As pedras com os dois lados iguais são as buchas (ou carroças).</p>
<p>Jogam 2, 3 ou 4 pessoas, e a vez passa para a direita. Com 4 em duplas, o parceiro
senta na sua frente.</p>
<h3>Quem começa</h3>
<p>Na primeira rodada abre quem tiver a bucha mais alta (com 4 jogadores e todas as
pedras distribuídas, é sempre o 6-6), jogando essa bucha. Se ninguém tiver bucha,
abre a pedra mais pesada; entre pedras de mesmo valor, a do número maior (6-3 antes de 5-4).</p>
<h3>A vez</h3>
<p>Jogue uma pedra que tenha o número de uma das pontas; o outro número
dela vira a nova ponta. Se a pedra servir em duas pontas, você escolhe onde.
Buchas ficam atravessadas.</p>
<p>Nunca se pode passar ou comprar tendo uma pedra que sirva.</p>
<h3>Fim da rodada</h3>
<p><strong>Bater</strong>: quem joga a última pedra da mão encerra a rodada.
<strong>Trancar</strong>: quando ninguém mais consegue jogar, a rodada também acaba, e
vence quem tiver menos pontos na mão. No fim de cada rodada todas as mãos
ficam à mostra.</p>
<h3>A partida</h3>
<p>Os pontos das rodadas se somam; ganha quem (ou a dupla que) chegar primeiro à meta.</p>`,
  site: `
<h3>Na mesa deste site</h3>
<p>Desistir faz você (e sua dupla) perder. Todos os humanos podem concordar em anular
a partida. No jogo por correspondência, quem some por mais de 2 dias na própria vez
pode perder por ausência.</p>`,
  classic: `
<h3>Clássico</h3>
<ul>
<li>7 pedras para cada um; a 4 jogadores é sempre em duplas.</li>
<li>Com 2 ou 3 jogadores sobra monte: quem não tem pedra que sirva compra até achar uma (o
servidor compra e passa por você quando não há escolha).</li>
<li>Se alguém receber 4 buchas ou mais, as pedras são embaralhadas de novo.</li>
<li>Nas rodadas seguintes, quem abre é o jogador seguinte ao que abriu a anterior, com a pedra que quiser.</li>
<li>Quem bate leva a soma das pedras dos adversários (a do parceiro não conta).</li>
<li>Trancou: vence a menor mão e leva a soma dos adversários. Em duplas, empate não
vale nada; sem duplas, desempata quem tem a menor pedra, depois a seguinte.</li>
<li>Meta de 50 ou 100 pontos.</li>
</ul>`,
  draw: `
<h3>Comprando</h3>
<ul>
<li>7 pedras cada com 2 jogadores, 5 com 3 ou 4. O resto é o monte.</li>
<li>Quem não tem pedra que sirva compra do monte, uma de cada vez, até achar uma, e
joga na mesma vez. Monte vazio: passa. O servidor faz isso por você.</li>
<li>Duplas a 4 são opcionais.</li>
<li>Quem bate leva a soma das pedras de todos os outros (em duplas, só as da dupla adversária).</li>
<li>Trancou: vence a menor mão (em duplas, a dupla com menos pontos somados) e leva a soma dos
adversários menos a própria. Empate: ninguém marca.</li>
<li>A próxima rodada é aberta, com qualquer pedra, por quem ganhou a anterior; depois de um
empate, pelo jogador seguinte ao que abriu. Meta de 50 a 300.</li>
</ul>`,
  block: `
<h3>Fechado</h3>
<ul>
<li>7 pedras para cada um, sem monte: as que sobram ficam "dormindo", viradas, até o fim da rodada.</li>
<li>Sem pedra que sirva, você passa.</li>
<li>Duplas a 4 são opcionais.</li>
<li>Quem bate leva a soma das pedras de todos os outros (em duplas, só as da dupla adversária).</li>
<li>Trancou: vence a menor mão (em duplas, a dupla com menos pontos somados) e leva a soma dos
adversários menos a própria. Empate: ninguém marca.</li>
<li>A próxima rodada é aberta, com qualquer pedra, por quem ganhou a anterior; depois de um
empate, pelo jogador seguinte ao que abriu. Meta de 50 a 300.</li>
</ul>`,
  fives: `
<h3>Soma 5</h3>
<ul>
<li>7 pedras cada com 2 jogadores, 5 com 3 ou 4; quem não tem pedra que sirva compra do monte.
Duplas a 4 são opcionais.</li>
<li>A primeira bucha da rodada vira o <strong>pião</strong> (marcado em amarelo). Dá para jogar
nos dois lados compridos dele; quando os dois estiverem ocupados, abrem-se também
as pontas de cima e de baixo: até 4 pontas.</li>
<li>Depois de cada jogada, somam-se as pontas abertas (uma bucha atravessada na ponta
conta os dois lados; o pião conta inteiro enquanto um lado comprido estiver livre).
Se a soma for múltiplo de 5, quem jogou marca esses pontos na hora. Na mesa, cada
lugar possível mostra quantos pontos a jogada vale.</li>
<li>Quem bate leva a soma das pedras dos outros (em duplas, só as da dupla adversária); trancou,
a menor mão (ou dupla) leva a soma dos adversários menos a própria. Esses prêmios são arredondados
para o múltiplo de 5 mais próximo; os pontos marcados durante a rodada ficam.</li>
<li>A partida acaba no instante em que alguém chega à meta, mesmo no meio da rodada.</li>
<li>A próxima rodada é aberta, com qualquer pedra, por quem ganhou a anterior; depois de um
empate, pelo jogador seguinte ao que abriu. Meta de 50 a 300.</li>
</ul>`,
  caribbean: `
<h3>Caribenho</h3>
<ul>
<li>7 pedras para cada um; a 4, em duplas (pode desligar).</li>
<li>Com 2 ou 3 jogadores há monte. Sem pedra que sirva, a compra é com você: cada toque
ou clique no monte (ou em Comprar) tira uma pedra, até aparecer uma que sirva. Já o passe não pede nada:
sem pedra que sirva e sem nada para comprar, a vez passa sozinha.</li>
<li>A mesa tranca no momento em que nenhuma pedra pode mais servir, sem esperar que todos passem.</li>
<li>Quem bate leva a soma de todas as mãos; em duplas, conta até a do parceiro.</li>
<li>Trancou: vence a menor mão (em duplas, a dupla com menos pontos somados). Sem duplas, o vencedor leva
a soma das outras mãos; em duplas, a das quatro mãos, a própria e a do parceiro também. Em duplas,
empate favorece o lado de quem abriu a rodada; sem duplas, o primeiro na ordem a partir de quem abriu.</li>
<li>A abertura gira: cada rodada começa com o jogador seguinte. Meta de 50 a 300.</li>
</ul>`,
  batida: `
<h3>Batida (boteco)</h3>
<p>O dominó de mesa de bar: não se contam as pedras que sobram, vale o jeito de bater.</p>
<ul>
<li>A 4, em duplas (pode desligar), com 6 pedras cada; as 4 que sobram dormem, ninguém
compra. Com 2 ou 3 jogadores, 7 pedras cada, e o resto também dorme.</li>
<li>Quem recebe 5 carroças ou mais: embaralha e dá de novo.</li>
<li><strong>Batida simples</strong>, com uma pedra comum que só serve numa ponta: 1 ponto.</li>
<li><strong>Batida de carroça</strong>, com uma carroça que só serve numa ponta: 2 pontos.</li>
<li><strong>Lá-e-lô</strong>, com uma pedra comum que serve nas duas pontas (pontas 3 e 5 e a
última pedra 3-5, ou pontas 4 e 4 e a última 4-1): 3 pontos.</li>
<li><strong>Cruzada</strong>, com uma carroça que serve nas duas pontas (as duas mostram o
número dela): 4 pontos.</li>
<li>Trancou: ganha 1 ponto quem tiver menos pontos na mão (em duplas, soma-se a dupla).
Empate: ninguém marca.</li>
<li>Quem ganhou a rodada abre a próxima, com a pedra que quiser (em duplas, quem bateu; se
trancou, quem da dupla vencedora tem menos pontos na mão). Depois de um empate, abre o jogador
seguinte ao que abriu. A partida vai a 6 pontos (a mesa pode escolher de 3 a 12).</li>
</ul>`,
};

const EN = {
  common: `
<h3>The game</h3>
<p>There are 28 tiles, from 0-0 to 6-6: every pair of numbers once, so each number is
on 7 tiles. A tile is worth its pips (6-4 is worth 10). Tiles with both halves alike
are doubles.</p>
<p>2, 3 or 4 people play and the turn moves to the right. With 4 in teams, your partner
sits across from you.</p>
<h3>Who opens</h3>
<p>In the first round the player holding the highest double opens with it (with 4
players and every tile dealt, that is always 6-6). If nobody has a double, the
heaviest tile opens; between tiles of equal value, the one with the higher number (6-3
before 5-4).</p>
<h3>Your turn</h3>
<p>Lay a tile carrying the number of an open end; its other number becomes the new end.
If it fits two ends you choose. Doubles lie crosswise.</p>
<p>You may never pass or draw while holding a tile that fits.</p>
<h3>End of a round</h3>
<p><strong>Domino</strong>: playing your last tile ends the round at once.
<strong>Blocked</strong>: when nobody can play, the round ends too and the lightest hand wins.
At the end of every round all hands are shown.</p>
<h3>The match</h3>
<p>Round points add up; the first player (or team) to reach the goal wins.</p>`,
  site: `
<h3>At this site's tables</h3>
<p>Resigning loses the match for you (and your partner). All human players together may
annul a match. In correspondence games, a player away for more than 2 days on their
own turn may lose for absence.</p>`,
  classic: `
<h3>Classic</h3>
<ul>
<li>7 tiles each; with 4 players always in teams.</li>
<li>With 2 or 3 players there is a boneyard: with nothing to play you draw until a tile fits
(the server draws and passes for you when there is no choice).</li>
<li>A hand dealt 4 doubles or more means a fresh shuffle.</li>
<li>Later rounds are opened by the next player after the previous opener, with any tile.</li>
<li>Going out takes the pips in the opponents' hands (never the partner's).</li>
<li>Blocked: the lightest hand wins the opponents' pips. A team tie scores nothing; without
teams the tied player whose lowest tile is lightest wins, then the next tile.</li>
<li>Goal: 50 or 100 points.</li>
</ul>`,
  draw: `
<h3>Draw</h3>
<ul>
<li>7 tiles each with 2 players, 5 with 3 or 4. The rest is the boneyard.</li>
<li>With nothing to play, draw one tile at a time until one fits and play it in the same turn.
Boneyard empty: pass. The server does this for you.</li>
<li>Teams at 4 are optional.</li>
<li>Going out takes the pips of every other hand (with teams, only the other team's).</li>
<li>Blocked: the lightest hand (with teams, the team with fewer pips together) wins the
opponents' pips minus its own. A tie scores nothing.</li>
<li>The winner of a round opens the next, with any tile; after a tie, the player after the
previous opener. Goal from 50 to 300.</li>
</ul>`,
  block: `
<h3>Block</h3>
<ul>
<li>7 tiles each and no boneyard: the leftover tiles "sleep" face down until the round ends.</li>
<li>With nothing to play, you pass.</li>
<li>Teams at 4 are optional.</li>
<li>Going out takes the pips of every other hand (with teams, only the other team's).</li>
<li>Blocked: the lightest hand (with teams, the team with fewer pips together) wins the
opponents' pips minus its own. A tie scores nothing.</li>
<li>The winner of a round opens the next, with any tile; after a tie, the player after the
previous opener. Goal from 50 to 300.</li>
</ul>`,
  fives: `
<h3>All fives</h3>
<ul>
<li>7 tiles each with 2 players, 5 with 3 or 4; with nothing to play you draw. Teams at 4
are optional.</li>
<li>The first double of the round becomes the <strong>spinner</strong> (marked yellow). Tiles go on
both its long sides; once both are taken, its two short sides open too: up to 4 ends.</li>
<li>After every play the open ends are added up (a crosswise double at an end counts both halves;
the spinner counts whole while one long side is free). A multiple of 5 scores at once for the
player who just played. On the table each place a tile could go shows what it would score.</li>
<li>Going out takes the other hands' pips (with teams, only the other team's); blocked, the
lightest hand (or team) takes the opponents' pips minus its own. These awards are rounded to the
nearest multiple of 5; the points scored during the round stay.</li>
<li>The match ends the moment a side reaches the goal, even mid-round.</li>
<li>The winner of a round opens the next, with any tile; after a tie, the player after the
previous opener. Goal from 50 to 300.</li>
</ul>`,
  caribbean: `
<h3>Caribbean</h3>
<ul>
<li>7 tiles each; with 4, in teams (you may switch that off).</li>
<li>With 2 or 3 players there is a boneyard. With nothing to play, drawing is up to you: each
tap or click on the boneyard (or on Draw) draws one tile, until one fits. Passing takes nothing: with
nothing to play and nothing left to draw, your turn passes by itself.</li>
<li>The game is blocked the moment no tile can fit any more, without waiting for everyone to pass.</li>
<li>Going out takes the pips of all hands; with teams, the partner's too.</li>
<li>Blocked: the lightest hand wins (with teams, the team whose two hands hold fewer pips). Without
teams the winner takes the other hands' pips; with teams, the pips of all four hands, its own and
its partner's included. A team tie goes to the side that opened the round; without teams, to the
first tied player in turn order from the opener.</li>
<li>The opening rotates: each round starts with the next player. Goal from 50 to 300.</li>
</ul>`,
  batida: `
<h3>Batida (the bar game)</h3>
<p>Dominó as it is played at a Brazilian bar table: the tiles left over are not counted;
what scores is how the winner goes out.</p>
<ul>
<li>With 4, in teams (can be turned off), 6 tiles each; the 4 left over sleep and nobody
draws. With 2 or 3 players, 7 tiles each, and the rest sleep too.</li>
<li>A hand dealt 5 doubles or more: shuffle and deal again.</li>
<li><strong>Plain batida</strong> (simples), out with a tile that is not a double and fits one end
only: 1 point.</li>
<li><strong>Batida on a double</strong> (de carroça), a double that fits one end only: 2 points.</li>
<li><strong>Lá-e-lô</strong>, a tile that is not a double and could go on either end (ends 3 and 5
and the last tile 3-5, or ends 4 and 4 and the last tile 4-1): 3 points.</li>
<li><strong>Cruzada</strong>, a double that could go on either end (both show its number): 4 points.</li>
<li>Blocked: the lightest hand (with teams, the team's two hands together) wins 1 point.
A tie scores nothing.</li>
<li>The winner of a round opens the next one with any tile (with teams, whoever went out;
after a block, the winning team's player with the lighter hand). After a tie, the player
after the previous opener. The match goes to 6 points (a table may pick 3 to 12).</li>
</ul>`,
};

const TEXT = { "pt-BR": PT, en: EN };

/** The rules page of `preset` in `lang` (pt-BR when unknown), as HTML. */
export function rulesHtml(preset, lang) {
  const text = TEXT[lang] || PT;
  const name = PRESETS.includes(preset) ? preset : "classic";
  // the basics (tiles, who opens, a turn, how a round ends), what this game changes, then
  // what this site adds (resigning, annulling, absence)
  return `<section class="rules" lang="${TEXT[lang] ? lang : "pt-BR"}">${text.common}${text[name]}${text.site}</section>`;
}

export { PRESETS };
