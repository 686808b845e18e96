/** Short synthesized sounds (Web Audio), silent when switched off or unavailable. */

let ctx = null;

function beep(freq, ms, volume = 0.06) {
  try {
    ctx = ctx || new (globalThis.AudioContext || globalThis.webkitAudioContext)();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = freq;
    osc.type = "triangle";
    gain.gain.value = volume;
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + ms / 1000);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + ms / 1000);
  } catch {
    // no audio here
  }
}

/** Play the sound named `kind` ("tile", "turn", "round", "error") when `on`. */
export function play(kind, on) {
  if (!on) return;
  if (kind === "tile") beep(220, 90, 0.08);
  else if (kind === "turn") beep(660, 120);
  else if (kind === "round") beep(440, 250);
  else if (kind === "error") beep(150, 200);
}
